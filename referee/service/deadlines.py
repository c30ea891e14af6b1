"""Each seat's clock, derived from the event log like everything else.

A decision opens when a seat becomes prompted, or is prompted again right after its own move
or timeout; it closes when the seat is no longer prompted. Its deadline comes from the game's
clock policy (fixed time per decision, or a Fischer bank). Pauses stop every clock: on resume
each open deadline moves later by the paused time. Because all of this is a fold over events
(with their timestamps), a restarted scheduler or a second one reads exactly the same
deadlines from the database: nothing is remembered only in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from referee.service.clock import ClockPolicy, Pause, shift_for_pause, vacation_ends_at

# An absent seat (too many timeouts in a row) keeps the game moving: its decisions are given
# at most this long, until its player moves again.
ABSENT_GRACE = 3600


@dataclass(frozen=True)
class SeatClock:
    opened_seq: int | None = None   # the event after which the current decision opened
    opened_at: float | None = None
    due_at: float | None = None
    bank: int | None = None         # Fischer bank, seconds
    timeouts: int = 0               # consecutive
    absent: bool = False
    vacations: tuple[Pause, ...] = ()
    absent_since: float | None = None  # when the seat was marked absent (abandonment counts from it)

    def to_json(self) -> dict[str, Any]:
        return {"opened_seq": self.opened_seq, "opened_at": self.opened_at, "due_at": self.due_at,
                "bank": self.bank, "timeouts": self.timeouts, "absent": self.absent,
                "vacations": [list(v) for v in self.vacations], "absent_since": self.absent_since}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "SeatClock":
        return cls(d["opened_seq"], d["opened_at"], d["due_at"], d["bank"], d["timeouts"], d["absent"],
                   tuple((a, b) for a, b in d["vacations"]), d.get("absent_since"))


@dataclass(frozen=True)
class Clocks:
    seats: tuple[SeatClock, ...]
    paused_at: float | None = None
    pause: dict[str, Any] | None = None        # {"kind": "vacation"|"agreed", "seat", "until"}
    pause_votes: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"seats": [s.to_json() for s in self.seats], "paused_at": self.paused_at,
                "pause": self.pause, "pause_votes": list(self.pause_votes)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Clocks":
        return cls(tuple(SeatClock.from_json(s) for s in d["seats"]), d["paused_at"], d["pause"],
                   tuple(d["pause_votes"]))


def start(policy: ClockPolicy | None, seats: int) -> Clocks:
    bank = policy.initial_bank() if policy else None
    return Clocks(tuple(SeatClock(bank=bank) for _ in range(seats)))


def _open(policy: ClockPolicy | None, sc: SeatClock, seq: int, t: float) -> SeatClock:
    due = None
    if policy is not None:
        due = policy.deadline(t, sc.bank)
        if sc.absent:
            due = min(due, t + ABSENT_GRACE)
    return replace(sc, opened_seq=seq, opened_at=t, due_at=due)


def _close(sc: SeatClock) -> SeatClock:
    if sc.opened_seq is None:
        return sc
    return replace(sc, opened_seq=None, opened_at=None, due_at=None)


def after_event(policy: ClockPolicy | None, clocks: Clocks, seq: int, etype: str, seat: int | None,
                t: float, payload: dict[str, Any], prompted: Iterable[int]) -> Clocks:
    """The clocks after event `seq` at time `t`; `prompted` = seats prompted after it."""
    seats = list(clocks.seats)
    if etype == "pause_requested":
        return replace(clocks, pause_votes=tuple(sorted({*clocks.pause_votes, seat})))
    if etype == "paused":
        return replace(clocks, paused_at=t, pause=payload.get("pause"), pause_votes=())
    if etype == "resumed":
        for i, sc in enumerate(seats):
            if sc.due_at is not None and clocks.paused_at is not None:
                sc = replace(sc, due_at=shift_for_pause(sc.due_at, clocks.paused_at, t),
                             opened_at=shift_for_pause(sc.opened_at, clocks.paused_at, t))
            if clocks.pause and clocks.pause.get("kind") == "vacation" and clocks.pause.get("seat") == i:
                sc = replace(sc, vacations=(*sc.vacations, (clocks.paused_at, t)))
            seats[i] = sc
        return Clocks(tuple(seats))
    if etype in ("game_ended", "seed_revealed"):
        return replace(clocks, seats=tuple(_close(sc) for sc in seats))

    if etype == "seat_replaced":
        # The newcomer starts afresh: the old holder's missed deadlines stay with that holder
        # (store/tenures.py), and an open decision gets a new deadline from now.
        seats[payload["seat"]] = replace(seats[payload["seat"]], timeouts=0, absent=False, absent_since=None,
                                         opened_seq=None, opened_at=None, due_at=None)
    if etype in ("move", "timeout") and seat is not None:
        sc = seats[seat]
        if policy is not None and sc.due_at is not None:
            bank = policy.bank_after_move(sc.bank, sc.due_at, t) if etype == "move" else policy.bank_after_timeout(sc.bank)
            sc = replace(sc, bank=bank)
        if etype == "move":
            if sc.timeouts or sc.absent:
                sc = replace(sc, timeouts=0, absent=False, absent_since=None)
        else:
            timeouts = sc.timeouts + 1
            absent = policy is not None and policy.marks_absent(timeouts)
            sc = replace(sc, timeouts=timeouts, absent=absent,
                         absent_since=(sc.absent_since if sc.absent else t) if absent else None)
        seats[seat] = sc
    now_prompted = set(prompted)
    for i, sc in enumerate(seats):
        if i not in now_prompted:
            seats[i] = _close(sc)
        elif sc.opened_seq is None or i == seat:
            seats[i] = _open(policy, sc, seq, t)
    seats_t = tuple(seats)
    return clocks if seats_t == clocks.seats else replace(clocks, seats=seats_t)


def restored(now: Clocks, then: Clocks, then_t: float, t: float, seq: int) -> Clocks:
    """The clocks after a takeback to an event appended at `then_t`: each seat's bank and open
    decision as they were then, the time since not counted (as a pause would not count it), so
    every seat has exactly the time it had at that point. Each open decision is a new one from
    `seq` (a bot's or a timeout's decision key never names an old one). What the takeback does
    not undo stays: consecutive timeouts, absence, vacations, a pause vote."""
    seats, gap = [], t - then_t
    for cur, old in zip(now.seats, then.seats):
        opened = old.opened_seq is not None
        seats.append(replace(cur, bank=old.bank, opened_seq=seq if opened else None,
                             opened_at=old.opened_at + gap if opened and old.opened_at is not None else None,
                             due_at=old.due_at + gap if old.due_at is not None else None))
    return replace(now, seats=tuple(seats))


def abandoned_at(policy: ClockPolicy | None, clocks: Clocks) -> float | None:
    """When the game ends as abandoned: `abandon_after` once the last seat became absent, if
    every seat is absent now; None otherwise (DESIGN.md, "Ending every game")."""
    if policy is None or not clocks.seats or not all(sc.absent for sc in clocks.seats):
        return None
    since = [sc.absent_since for sc in clocks.seats]
    if any(s is None for s in since):
        return None
    return max(since) + policy.abandon_after


def vacation_until(policy: ClockPolicy | None, clocks: Clocks, seat: int, t: float) -> float | None:
    """When a vacation the seat starts now must end; None when the game has no clock."""
    if policy is None:
        return None
    return vacation_ends_at(policy.vacation_days, clocks.seats[seat].vacations, t)
