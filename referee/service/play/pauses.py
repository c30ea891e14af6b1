"""Service actions that are not moves: resigning, pausing (a vacation, or an agreed pause
by vote) and resuming."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.replay import advance
from referee.plumbing.errors import Conflict, Forbidden
from referee.service import deadlines as clocks_mod
from referee.service.play import read
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core


def resign(core: "Core", game_id: str, seat: int) -> dict[str, Any]:
    loaded = core.load(game_id)
    if loaded.finished:
        raise Conflict(Text("the game is over"), current_seq=loaded.seq)
    step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "resigned", seat, {})
    payload = {"reason": "resigned by the player", "state_hash": step.state_hash}
    after, _ = core.write(loaded, [("resigned", seat, payload)], step.state)
    return read.describe(core, after, seat)


def pause(core: "Core", game_id: str, seat: int, kind: str = "vacation", reason: str = "") -> dict[str, Any]:
    """A seat's vacation pauses the game at once (charged to its yearly allowance); an
    agreed pause takes effect when every seat has asked for it (free)."""
    loaded = core.load(game_id)
    if loaded.finished:
        raise Conflict(Text("the game is over"), current_seq=loaded.seq)
    if loaded.status == "paused":
        raise Conflict(Text("the game is already paused"), current_seq=loaded.seq)
    now = core.clock()
    new: list[tuple[str, int | None, dict]]
    if kind == "vacation":
        until = clocks_mod.vacation_until(loaded.policy, loaded.clocks, seat, now)
        if until is not None and until <= now:
            raise Conflict(Text("seat %(seat)s has no vacation days left this year", seat=seat), current_seq=loaded.seq)
        pause = {"kind": "vacation", "seat": seat, "until": until}
        new = [("paused", seat, {"reason": reason, "pause": pause})]
    else:
        if seat in loaded.clocks.pause_votes:
            raise Conflict(Text("this seat already asked for a pause"), current_seq=loaded.seq)
        new = [("pause_requested", seat, {"reason": reason})]
        if set(loaded.clocks.pause_votes) | {seat} == set(range(loaded.seat_count())):
            new.append(("paused", None, {"reason": "all seats agreed", "pause": {"kind": "agreed"}}))
    after, _ = core.write(loaded, new, loaded.state)
    return read.describe(core, after, seat)


def resume(core: "Core", game_id: str, seat: int | None, reason: str = "") -> dict[str, Any]:
    """Resume a pause. A vacation is ended by its own seat (or by the scheduler when the
    allowance runs out, seat None); an agreed pause by any seat."""
    loaded = core.load(game_id)
    if loaded.status != "paused":
        raise Conflict(Text("the game is not paused"), current_seq=loaded.seq)
    pause = loaded.clocks.pause or {}
    if seat is not None and pause.get("kind") == "vacation" and pause.get("seat") != seat:
        raise Forbidden(f"seat {pause.get('seat')} is on vacation; only that seat can end it early")
    after, _ = core.write(loaded, [("resumed", seat, {"reason": reason})], loaded.state)
    return read.describe(core, after, seat)
