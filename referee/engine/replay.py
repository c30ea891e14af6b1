"""Applying logged events to rules: the one place that turns a log into states.

Used live by the service (each new event) and after the fact by replay and verify, so a
replay runs exactly the code that produced the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from referee.engine.contract import Rules, State
from referee.engine.hashing import state_hash
from referee.engine.rng import Rng

# Event types after game_created that change the game state (through the rules).
STATE_EVENTS = ("move", "timeout", "resigned")


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
            payload: dict[str, Any]) -> Step:
    """The state after event `seq` of type `etype`. Raises IllegalMove for a refused move."""
    rng = Rng(seed, seq)
    if etype in ("move", "timeout"):
        new = rules.apply(state, seat, payload["move"], rng)
    elif etype == "resigned":
        new = rules.resign(state, seat)
    else:
        new = state
    return Step(new, rng.records, state_hash(seed, seq, new))


def fold(rules: Rules, seed: bytes, state: State, events: Iterable[dict[str, Any]]) -> State:
    """Apply the state-changing events after a known state (snapshot or seq 1)."""
    for e in events:
        if e["type"] in STATE_EVENTS:
            state = advance(rules, seed, state, e["seq"], e["type"], e["seat"], e["payload"]).state
    return state
