"""A game as of one sequence number: what the service judges a move against, and caches.

Kept apart from the service so the things that read a loaded game (notifications, pages, the
move use case) do not need the whole application layer to know its shape.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from typing import Any

from referee.service.clock import ClockPolicy
from referee.service.deadlines import Clocks
from referee.engine.contract import Rules, prompted_seats, seats_of
from referee.service.statecache import deep_size


def iso(ts: float) -> str:
    """2026-01-01T00:00:00.000000Z (isoformat is done in C; strftime is several times slower)."""
    return datetime.fromtimestamp(ts, timezone.utc).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def epoch(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()  # Python 3.11 reads the trailing Z as UTC


@dataclass(frozen=True)
class Loaded:
    """A game as of `seq`: everything needed to judge the next move."""

    game_id: str
    game: str
    rules: Rules
    seed: bytes
    created: dict[str, Any]      # the game_created payload, less what only the log needs (kept())
    created_at: str
    seq: int
    state: dict[str, Any]
    status: str                  # open | active | paused | finished | cancelled
    policy: ClockPolicy | None
    clocks: Clocks
    ended: dict | None = None    # the result recorded by game_ended (an abandoned game's too)

    @cached_property
    def prompts(self) -> tuple:
        """The rules' prompts for `state`, computed when first asked for (a replay computes
        them for the state it arrives at, not for every event on the way)."""
        return tuple(self.rules.prompts(self.state))

    @cached_property
    def prompted(self) -> tuple[int, ...]:
        """The seats the prompts are for, distinct and in order: the prompts' when they were made
        already, else the game's `prompted` hook, which does not make them (engine/contract.py)."""
        if "prompts" in self.__dict__:
            return tuple(seats_of(self.__dict__["prompts"]))
        return tuple(prompted_seats(self.rules, self.state))

    @property
    def finished(self) -> bool:
        return self.status in ("finished", "cancelled")

    @property
    def result(self) -> dict | None:
        """The recorded result once the game ended, else the rules' (None while it runs)."""
        return self.ended if self.ended is not None else self.rules.result(self.state)

    def evolve(self, **changes: Any) -> "Loaded":
        """A copy with some fields changed: dataclasses.replace without its per-call cost
        (this runs for every event of every replay)."""
        new = object.__new__(Loaded)
        new.__dict__.update(self.__dict__)
        if "state" in changes and changes["state"] is not self.state:
            new.__dict__.pop("prompts", None)  # they were the old state's
            new.__dict__.pop("prompted", None)
            new.__dict__.pop("_first_steps", None)  # (service/play/steps.py) as were these
        new.__dict__.update(changes)
        return new

    def seat_count(self) -> int:
        return len(self.created["seats"])


def kept(created: dict[str, Any]) -> dict[str, Any]:
    """The game_created payload a loaded game keeps: not the setup's chance records and start
    position (often most of its size; replay and verify read them from the log)."""
    return {k: v for k, v in created.items() if k not in ("chance", "position")}


def cached_size(loaded: Loaded) -> int:
    """The bytes a cached game holds (its prompts and their seats included, computed now so that
    the entry never grows after it is measured); the rules and component data are shared by all
    games.

    Only what a move changes is walked each time: the parts fixed for the game's life are
    measured once and the clocks once per distinct Clocks object (an unclocked game keeps one),
    both remembered on the entry (evolve copies them along). The sum of the parts is an upper
    bound of the walk of the whole: an object two parts share is counted in each."""
    loaded.prompts
    loaded.prompted  # made from the prompts, kept on the entry as well
    memo = loaded.__dict__
    shared = [loaded.rules, loaded.created.get("components")]
    fixed = memo.get("_fixed_bytes")
    if fixed is None:
        fixed = memo["_fixed_bytes"] = deep_size(
            [loaded.game_id, loaded.game, loaded.seed, loaded.created, loaded.created_at, loaded.policy], shared)
    clocks = memo.get("_clocks_bytes")
    if clocks is None or clocks[0] is not loaded.clocks:
        clocks = memo["_clocks_bytes"] = (loaded.clocks, deep_size([loaded.clocks]))
    changing = deep_size([loaded.state, loaded.prompts, loaded.prompted, loaded.status, loaded.ended], shared)
    return sys.getsizeof(loaded) + sys.getsizeof(memo) + fixed + clocks[1] + changing


def status_after(status: str, etype: str, payload: dict | None = None) -> str:
    """The game's status after an event: a table with seats still to take is `open` until
    `game_started`; a cancelled or expired table is `cancelled`."""
    if etype == "game_created":
        return "open" if payload and payload.get("open_seats") else status
    return {"paused": "paused", "resumed": "active", "game_ended": "finished", "game_started": "active",
            "game_cancelled": "cancelled"}.get(etype, status)
