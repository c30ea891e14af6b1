"""The schemas: component data (shipped and the second deck), moves and states of sample games,
and the fast move validator agreeing with the full schema."""

from __future__ import annotations

import copy
import random

import pytest
from jsonschema import Draft202012Validator

from referee.engine.base import ComponentError
from referee.engine.schemas import check, registry, validator_for
from referee.games.gentes.rules import GameRules
from tests.games.gentes.sample import RULES, sample_game
from tests.games.gentes.second_deck import second_components


def test_shipped_and_second_components_validate_and_a_foreign_op_does_not():
    assert check("games/gentes/components.json", GameRules.bundled_components()) == []
    assert check("games/gentes/components.json", second_components()) == []
    bad = copy.deepcopy(GameRules.bundled_components())
    bad["cards"][0]["rewards"] = [{"op": "teleport", "n": 1}]
    with pytest.raises(ComponentError):
        GameRules(bad)


def test_moves_and_states_of_sample_games_validate():
    for seats in (2, 3, 4):
        states, moves = sample_game(seats)
        for st in states[:: max(1, len(states) // 25)] + [states[-1]]:
            assert check("games/gentes/state.json", st) == []
        for _, move in moves:
            assert check("games/gentes/move.json", move) == [], move


def test_the_fast_move_validator_agrees_with_the_full_schema():
    schema = RULES.move_schema
    fast, full = validator_for(schema), Draft202012Validator(schema, registry=registry())
    types = [b["properties"]["type"]["const"] for b in schema["oneOf"]]
    _, moves = sample_game(3)
    rnd = random.Random(3)
    keys = sorted({k for b in schema["oneOf"] for k in b.get("properties", {})})
    values = [None, 0, 1, -1, "PH1", "priest", [], {}, True, [{"op": "eye_shift", "down": "priest", "up": "noble"}]]
    for move in [m for _, m in moves] + [{"type": rnd.choice([*types, "x"]),
                                           **{k: rnd.choice(values) for k in rnd.sample(keys, 3) if k != "type"}}
                                          for _ in range(300)]:
        assert fast.is_valid(move) == full.is_valid(move), move
