"""What the clock decides (the scheduler's jobs): timeouts with the default move, a game
abandoned by every seat, reminders, and vacations whose allowance ran out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.abandon import abandoned_result
from referee.engine.replay import advance
from referee.plumbing.errors import Conflict, ServiceError
from referee.service import deadlines as clocks_mod
from referee.service.play import pauses
from referee.service.loaded import Loaded, iso
from referee.store import deadlines, projections
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


def play_timeout(core: "Core", game_id: str, seat: int, opened_seq: int) -> bool:
    """Play the default move for a seat whose deadline passed. False when there is
    nothing to do any more (the seat moved, the game paused or ended, another scheduler
    got there first): a timeout and a move can never both land for one decision."""
    loaded = core.load(game_id)
    sc = loaded.clocks.seats[seat]
    if (loaded.status != "active" or sc.opened_seq != opened_seq or sc.due_at is None
            or sc.due_at > core.clock()):
        return False
    gone = clocks_mod.abandoned_at(loaded.policy, loaded.clocks)
    if gone is not None and gone <= core.clock():
        return end_abandoned(core, loaded)
    move = loaded.rules.default_move(loaded.state, seat)
    step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "timeout", seat, {"move": move})
    payload = {"move": move, "chance": step.chance, "state_hash": step.state_hash,
               "deadline": iso(sc.due_at)}
    try:
        core.write(loaded, [("timeout", seat, payload)], step.state)
    except Conflict:
        return False
    return True


def end_abandoned(core: "Core", loaded: Loaded) -> bool:
    """Every seat has been absent for the clock's `abandon_after`: the game ends, scored as
    its rules score it now, instead of timing out (and mailing its seats) forever."""
    ended = [("game_ended", None, {"result": abandoned_result(loaded.rules, loaded.state)}),
             ("seed_revealed", None, {"seed": loaded.seed.hex()})]
    try:
        core.write(loaded, ended, loaded.state)
    except Conflict:
        return False
    return True


def play_due_timeouts(core: "Core") -> int:
    """Every seat whose deadline passed gets its default move (as a timeout event), in
    batches claimed from the deadlines other schedulers are not working on."""
    played = 0
    while True:
        with write_transaction(core.db) as conn:
            claimed = deadlines.claim_due(conn, core.clock())
        if not claimed:
            return played
        for row in claimed:
            played += play_timeout(core, row["game_id"], row["seat"], row["opened_seq"])


def queue_due_reminders(core: "Core") -> int:
    now = core.clock()
    queued = 0
    for row in deadlines.reminders_due(core.db.conn, now):
        loaded = core.load(row["game_id"])
        sc = loaded.clocks.seats[row["seat"]]
        with write_transaction(core.db) as conn:
            if sc.opened_seq == row["opened_seq"] and loaded.status == "active":
                queued += core.notifier.remind(conn, loaded, row["seat"], now)
            deadlines.drop_reminders(conn, row["game_id"], row["seat"], row["opened_seq"], now)
    return queued


def resume_ended_vacations(core: "Core") -> int:
    resumed = 0
    for gid in projections.due_resumes(core.db.conn, core.clock()):
        try:
            pauses.resume(core, gid, None, "vacation allowance used up")
            resumed += 1
        except ServiceError:
            pass  # resumed by its seat meanwhile
    return resumed
