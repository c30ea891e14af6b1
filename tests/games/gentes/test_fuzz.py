"""Hostile but schema-valid moves never crash the engine: every refusal is an IllegalMove
naming a rule, and the state given to `apply` is never changed."""

from __future__ import annotations

import copy
import random

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.schemas import validator_for
from tests.games.gentes.sample import RULES, sample_game

VALUES = [None, 0, 1, 2, -1, 7, 99, "", "priest", "noble", "PH1", "LD", "CH4", "Y1", "H1g", "H3g", "red", "D4", "a", "b",
          "I-01", "II-05", "scroll", [], [1], [1, 2, 3], ["priest"], ["priest", "priest", "scholar"], {}, {"priest": 1},
          {"priest": -1}, [{"train": ["priest"]}], [{}], [{"slots": [9]}], [{"cells": [0, 0, 0]}], True]


def mutate(move, rnd: random.Random, depth: int = 0):
    if isinstance(move, dict):
        out = dict(move)
        for k in list(out):
            if k != "type" and rnd.random() < 0.3:
                out[k] = rnd.choice(VALUES) if rnd.random() < 0.6 or depth > 2 else mutate(out[k], rnd, depth + 1)
        if rnd.random() < 0.2:
            out[rnd.choice(["params", "choices", "temple", "synergy", "space", "from", "region", "slots", "cards",
                            "moon", "activate", "claims", "free_ops", "doubles"])] = rnd.choice(VALUES)
        return out
    if isinstance(move, list):
        return [mutate(x, rnd, depth + 1) for x in move] + ([rnd.choice(VALUES)] if rnd.random() < 0.2 else [])
    return rnd.choice(VALUES) if rnd.random() < 0.5 else move


def test_schema_valid_hostile_moves_are_refused_cleanly():
    schema = validator_for(RULES.move_schema)
    rnd = random.Random(11)
    tried = 0
    for seats in (2, 3, 4):
        states, moves = sample_game(seats)
        for st, (seat, move) in list(zip(states, moves))[::3]:
            before = copy.deepcopy(st)
            for _ in range(12):
                bad = mutate(move, rnd)
                if not schema.is_valid(bad):
                    continue
                tried += 1
                try:
                    RULES.apply(st, seat, bad, Rng(b"fuzz", 2))
                except IllegalMove as e:
                    assert e.rule.startswith("G-"), e.rule
            assert st == before
    print(f"\n{tried} hostile moves")
    assert tried > 300


def test_count_of_hostile_moves_tried_by_kind():
    """The mutations reach every move type (otherwise the test above proves little)."""
    schema = validator_for(RULES.move_schema)
    rnd = random.Random(12)
    kinds = set()
    for seats in (2, 3, 4):
        states, moves = sample_game(seats)
        for st, (seat, move) in zip(states, moves):
            bad = mutate(move, rnd)
            if schema.is_valid(bad):
                kinds.add(bad["type"])
    assert {"draft_pick", "take_tile", "tax_collector", "pass", "decline_choices", "final_fulfil"} <= kinds
