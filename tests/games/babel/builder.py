"""Positions for Babel tests, built from the state model (RULES.md §9).

`make_state` takes only what a test cares about and completes the rest so that card counts
balance (§13): people cards nobody placed go to the draw pile (or, when the draw pile is
given, under the discard pile, or into the hand of `spare_hand`); temple cards nobody placed go to the supply (or, when the
supply is given, under a spare yard). Every built state is checked against
schemas/games/babel/state.json and `check_state`.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.games.babel.invariants import shape_errors

RULES = rules_for("babel")
CFG = RULES.cfg
PEOPLES = CFG.peoples
M, S, H, P, A = PEOPLES  # medes, sumerians, hittites, persians, assyrians

State = dict[str, Any]


def rng(n: int = 2, seed: bytes = b"babel-tests") -> Rng:
    """A deterministic Rng for event n (tests that care about draws fix seed and n)."""
    return Rng(seed, n)


def player(hand: dict[str, int] | None = None, start_card: bool = False, pawn: str | None = None,
           columns: dict[str, list[str]] | None = None, sites: dict[str, list[int]] | None = None) -> dict:
    """A player; unnamed peoples/locations are empty. Start card is built unless asked."""
    return {
        "hand": {p: (hand or {}).get(p, 0) for p in PEOPLES},
        "start_card": start_card,
        "pawn": pawn,
        "columns": {loc: list((columns or {}).get(loc, [])) for loc in PEOPLES},
        "sites": {loc: list((sites or {}).get(loc, [])) for loc in PEOPLES},
    }


def make_state(p0: dict | None = None, p1: dict | None = None, *, active: int = 0, turn: int = 1,
               phase: str = "actions", pending: dict | None = None, migrated: bool = False,
               mode: str = "normal", draw: list[str] | None = None, discard: list[str] | None = None,
               supply: list[int] | None = None, known: int = 0, yards: list[list[int]] | None = None,
               spare_yard: int = 1, spare_hand: int | None = None, result: dict | None = None,
               check: bool = True) -> State:
    """A sound position; see the module docstring for how the remainder is completed."""
    players = [p0 or player(), p1 or player()]
    yards = [list(y) for y in (yards or [[], []])]
    used_people: Counter[str] = Counter(discard or []) + Counter(draw or [])
    used_temple: Counter[int] = Counter(supply or [])
    for p in players:
        used_people.update(p["hand"])
        for column in p["columns"].values():
            used_people.update(column)
        for site in p["sites"].values():
            used_temple.update(site)
        used_temple[CFG.start_level] += p["start_card"]
    for y in yards:
        used_temple.update(y)
    spare_people = [p for p in PEOPLES for _ in range(CFG.people_counts[p] - used_people[p])]
    spare_temple = [lv for lv in sorted(CFG.temple_counts) for _ in range(CFG.temple_counts[lv] - used_temple[lv])]
    if spare_hand is not None:
        for card in spare_people:
            players[spare_hand]["hand"][card] += 1
    elif draw is None:
        draw = spare_people
    else:
        discard = spare_people + list(discard or [])
    if supply is None:
        supply = spare_temple
    else:
        yards[spare_yard] = spare_temple + yards[spare_yard]
    state = {
        "start_seat": (active - (turn - 1)) % 2,
        "turn": turn,
        "active": active,
        "phase": phase,
        "pending": pending,
        "migrated_this_turn": migrated,
        "mode": mode,
        "people_draw": list(draw),
        "people_discard": list(discard or []),
        "temple_supply": list(supply),
        "temple_supply_known": known,
        "yards": yards,
        "players": players,
        "result": result,
    }
    if check:
        assert shape_errors(state) == [], shape_errors(state)
        assert RULES.check_state(state) == [], RULES.check_state(state)
    return state


def play(state: State, seat: int, move: dict, n: int = 2, seed: bytes = b"babel-tests") -> tuple[State, list[dict]]:
    """Apply a move; return the new state (checked) and the chance records of the event."""
    r = rng(n, seed)
    before = copy.deepcopy(state)
    new = RULES.apply(state, seat, move, r)
    assert state == before, "apply mutated its input"
    assert shape_errors(new) == [], shape_errors(new)
    assert RULES.check_state(new) == [], RULES.check_state(new)
    return new, r.records


def after(state: State, seat: int, *moves: dict) -> State:
    """The state after several moves by one seat."""
    for move in moves:
        state, _ = play(state, seat, move)
    return state


def illegal(state: State, seat: int, move: Any, rule: str) -> IllegalMove:
    """Assert the move is refused citing `rule` and that the input is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        RULES.apply(state, seat, move, rng())
    assert info.value.rule == rule, (info.value.rule, info.value.message)
    assert state == before
    return info.value


def choices(state: State) -> list[dict]:
    (prompt,) = RULES.prompts(state)
    return prompt.choices


def labels(records: list[dict]) -> list[str]:
    return [r["label"] for r in records]
