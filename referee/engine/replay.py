"""Applying logged events to rules: the one place that turns a log into states.

Used live by the service (each new event) and after the fact by replay and verify, so a
replay runs exactly the code that produced the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from referee.engine.contract import Rules, State
from referee.engine.hashing import state_hash
from referee.engine.rng import Rng

# Event types after game_created that change the game state (through the rules).
STATE_EVENTS = ("move", "timeout", "resigned")
# Seat events that may change the state too (not moves of the seat): a newcomer taking a
# replaced holder's seat drops that holder's pending secret choice (rules.vacate), and a table
# started early with fewer seats than it opened with is set up again for the seats taken.
SEAT_EVENTS = ("seat_replaced", "game_started")
# A takeback (issue 27) sets the state back to what it was right after event `to_seq`: replay
# computes it from the log ("the state as of seq N"), so verify covers it like any other event.
TAKEBACK = "takeback"
CHANGING_EVENTS = STATE_EVENTS + SEAT_EVENTS + (TAKEBACK,)
# The state right after an earlier event of the same log, for a takeback.
Earlier = Callable[[int], State]


class NeedsHistory(Exception):
    """A takeback was replayed without a way to find the earlier state it returns to."""


@dataclass
class Step:
    state: State
    chance: list[dict[str, Any]]
    state_hash: str


def initial(rules: Rules, seed: bytes, seats: int, options: dict, position: State | None) -> Step:
    """The state at seq 1 (game_created): the given position, or a fresh setup."""
    rng = Rng(seed, 1)
    state = position if position is not None else rules.setup(seats, options, rng)
    return Step(state, rng.records, state_hash(seed, 1, state))


def advance(rules: Rules, seed: bytes, state: State, seq: int, etype: str, seat: int | None,
            payload: dict[str, Any], earlier: Earlier | None = None) -> Step:
    """The state after event `seq` of type `etype`, with its chance records and state hash
    (what a new event records and what verify checks). Raises IllegalMove for a refused move.
    `earlier(n)` gives the state after event n (needed for a takeback only)."""
    rng = Rng(seed, seq)
    new = _apply(rules, state, etype, seat, payload, rng, earlier)
    return Step(new, rng.records, state_hash(seed, seq, new))


def apply_event(rules: Rules, seed: bytes, state: State, seq: int, etype: str, seat: int | None,
                payload: dict[str, Any], earlier: Earlier | None = None) -> State:
    """The state after a logged event, and nothing else: rebuilding a state from its log
    needs neither the state hash nor the chance records of the events on the way (they were
    checked when recorded; `referee verify` checks them all again)."""
    return _apply(rules, state, etype, seat, payload, Rng(seed, seq), earlier)


def _apply(rules: Rules, state: State, etype: str, seat: int | None, payload: dict[str, Any], rng: Rng,
           earlier: Earlier | None = None) -> State:
    if etype == TAKEBACK:
        if earlier is None:
            raise NeedsHistory("a takeback needs the earlier states of its log")
        return earlier(payload["to_seq"])
    if etype in ("move", "timeout"):
        return rules.apply(state, seat, payload["move"], rng)
    if etype == "resigned":
        return rules.resign(state, seat)
    if etype == "seat_replaced":
        return rules.vacate(state, seat)
    if etype == "game_started" and payload.get("setup"):
        return rules.setup(payload["setup"]["seats"], payload["setup"]["options"], rng)
    return state


def fold(rules: Rules, seed: bytes, state: State, events: Iterable[dict[str, Any]]) -> State:
    """Apply the state-changing events after a known state (seq 1: a takeback may return to any
    earlier state, so each one is kept; states are never mutated, so this costs references)."""
    states: dict[int, State] = {}
    last = 1
    for e in events:
        for n in range(last, e["seq"]):
            states.setdefault(n, state)
        if e["type"] in CHANGING_EVENTS:
            state = apply_event(rules, seed, state, e["seq"], e["type"], e["seat"], e["payload"], states.__getitem__)
        states[e["seq"]] = state
        last = e["seq"] + 1
    return state
