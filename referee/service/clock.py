"""Deadline arithmetic for a game's ``clock`` policy: pure functions, no I/O, no wall clock.

Conventions, chosen so that values go into SQLite as plain numbers:

* points in time are epoch seconds (``float``, UTC), always passed in by the caller;
* durations and Fischer banks are whole seconds (``int``).

A game without a ``clock`` has no deadlines: :func:`policy_from_clock` returns ``None``.
The dict given to :func:`policy_from_clock` should first be validated against
``schemas/api/clock.json``; the constructor still re-checks what a JSON Schema cannot
express (e.g. ``max >= initial``) and raises ``ValueError``.

Pauses (vacation) stop every clock: :func:`shift_for_pause` moves a pending deadline or
reminder by the paused duration, and a Fischer bank is derived from the shifted deadline, so
time spent paused is never charged to a seat.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping

from referee.plumbing.i18n import EN, N_, Translator

UNITS: dict[str, int] = {"s": 1, "m": 60, "h": 3600, "d": 86400}

# Same language as the "duration" pattern in schemas/api/clock.json: no sign, no leading
# zeros (one spelling per value), at most six digits, one unit.
_DURATION = re.compile(r"(0|[1-9][0-9]{0,5})([smhd])", re.ASCII)

DEFAULT_ABSENT_AFTER = 3
DEFAULT_VACATION_DAYS = 14
DEFAULT_ABANDON_AFTER = 14 * 86400  # a game whose every seat is absent this long ends as abandoned
MAX_VACATION_DAYS = 180  # well under a year, so a vacation always ends (see vacation_ends_at)
DAY = UNITS["d"]


def parse_duration(text: str) -> int:
    """``"72h"`` -> 259200 seconds; ``ValueError`` naming the text for anything else."""
    match = _DURATION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"bad duration {text!r}: expected a whole number and a unit s, m, h or d, like '72h'")
    return int(match.group(1)) * UNITS[match.group(2)]


def format_duration(seconds: int) -> str:
    """The canonical spelling, the inverse of :func:`parse_duration`: 5400 -> ``"90m"``."""
    if seconds < 0 or seconds != int(seconds):
        raise ValueError(f"cannot format {seconds!r} as a duration")
    seconds = int(seconds)
    for unit in ("d", "h", "m"):
        if seconds and seconds % UNITS[unit] == 0:
            return f"{seconds // UNITS[unit]}{unit}"
    return f"{seconds}s"


# Each unit of time left as a reader's language writes it ("2d 3h", "2 Tg. 3 Std.").
LEFT_UNITS = {"d": N_("%(n)sd"), "h": N_("%(n)sh"), "m": N_("%(n)sm"), "s": N_("%(n)ss")}


def format_remaining(seconds: float, tr: Translator = EN) -> str:
    """Time left for people (mail, pages): the two largest units, rounded down: ``"2d 3h"``,
    in the reader's language."""
    left = max(0, int(seconds))
    parts = []
    for unit in ("d", "h", "m", "s"):
        count, left = divmod(left, UNITS[unit])
        if count or (unit == "s" and not parts):
            parts.append(tr.gettext(LEFT_UNITS[unit], n=count))
    return " ".join(parts[:2])


@dataclass(frozen=True)
class ClockPolicy:
    """What every policy shares: reminders, absence after timeouts, vacation allowance.

    ``reminders`` are offsets in seconds before a deadline, largest first.
    """

    reminders: tuple[int, ...] = ()
    absent_after: int = DEFAULT_ABSENT_AFTER
    vacation_days: int = DEFAULT_VACATION_DAYS
    abandon_after: int = DEFAULT_ABANDON_AFTER  # seconds every seat must have been absent

    def initial_bank(self) -> int | None:
        """The bank a seat starts with; ``None`` where the policy has no banks."""
        return None

    def deadline(self, opened_at: float, bank: int | None = None) -> float:
        """When a prompt opened at ``opened_at`` for a seat (with that seat's ``bank``) times out."""
        raise NotImplementedError

    def bank_after_move(self, bank: int | None, deadline: float, moved_at: float) -> int | None:
        """The seat's bank once it answered the prompt due at ``deadline`` at ``moved_at``."""
        return bank

    def bank_after_timeout(self, bank: int | None) -> int | None:
        """The seat's bank once its prompt timed out (the time left was all spent)."""
        return bank

    def reminder_times(self, opened_at: float, deadline: float) -> list[float]:
        """When to remind: ``deadline - offset`` for each offset, ascending, keeping only
        those strictly after the opening (a reminder due before the prompt opened is useless)."""
        return sorted({deadline - offset for offset in self.reminders if deadline - offset > opened_at})

    def marks_absent(self, consecutive_timeouts: int) -> bool:
        """Whether a seat with that many timeouts in a row is now to be marked absent."""
        return consecutive_timeouts >= self.absent_after

    @property
    def vacation_allowance(self) -> int:
        """Seconds of vacation each seat may spend per calendar year (UTC)."""
        return self.vacation_days * DAY


@dataclass(frozen=True)
class FixedPolicy(ClockPolicy):
    """Each decision gets the same time, ``per_decision`` seconds, from the moment it opens."""

    per_decision: int = DAY

    def __post_init__(self) -> None:
        _check_common(self)
        if self.per_decision <= 0:
            raise ValueError("per_decision must be positive")

    def deadline(self, opened_at: float, bank: int | None = None) -> float:
        return opened_at + self.per_decision


@dataclass(frozen=True)
class FischerPolicy(ClockPolicy):
    """A time bank per seat, as on correspondence chess and Go servers.

    A seat starts with ``initial``; a prompt's deadline is its opening plus the bank; after a
    move the unspent time stays in the bank, ``increment`` is added and the total capped at
    ``max``. A timeout empties the bank, then the increment is credited as for a move, so the
    seat's next prompt is not due at once (the schema requires a positive increment for this).
    """

    initial: int = 7 * DAY
    increment: int = DAY
    max: int = 14 * DAY

    def __post_init__(self) -> None:
        _check_common(self)
        if self.initial <= 0 or self.increment <= 0:
            raise ValueError("initial and increment must be positive")
        if self.max < self.initial:
            raise ValueError("max must be at least initial")

    def initial_bank(self) -> int:
        return self.initial

    def deadline(self, opened_at: float, bank: int | None = None) -> float:
        if bank is None:
            raise ValueError("a Fischer deadline needs the seat's bank")
        return opened_at + bank

    def bank_after_move(self, bank: int | None, deadline: float, moved_at: float) -> int:
        # The unspent time is read off the (pause-shifted) deadline, so paused time is free;
        # rounding down means a seat never gains a fraction of a second.
        left = max(0, math.floor(deadline - moved_at))
        return min(self.max, left + self.increment)

    def bank_after_timeout(self, bank: int | None) -> int:
        return min(self.max, self.increment)


def _check_common(policy: ClockPolicy) -> None:
    if any(offset <= 0 for offset in policy.reminders):
        raise ValueError("reminder offsets must be positive")
    if policy.absent_after < 1:
        raise ValueError("absent_after must be at least 1")
    if not 0 <= policy.vacation_days <= MAX_VACATION_DAYS:
        raise ValueError(f"vacation_days must be between 0 and {MAX_VACATION_DAYS}")


def policy_from_clock(clock: Mapping[str, Any] | None) -> ClockPolicy | None:
    """The policy for a game's validated ``clock`` object; ``None`` (no deadlines) for no clock."""
    if clock is None:
        return None
    common = {
        "reminders": tuple(sorted({parse_duration(r) for r in clock.get("reminders", [])}, reverse=True)),
        "absent_after": int(clock.get("absent_after", DEFAULT_ABSENT_AFTER)),
        "vacation_days": int(clock.get("vacation_days", DEFAULT_VACATION_DAYS)),
        "abandon_after": parse_duration(clock["abandon_after"]) if "abandon_after" in clock else DEFAULT_ABANDON_AFTER,
    }
    kind = clock.get("policy")
    try:
        if kind == "fixed":
            return FixedPolicy(per_decision=parse_duration(clock["per_decision"]), **common)
        if kind == "fischer":
            return FischerPolicy(initial=parse_duration(clock["initial"]),
                                 increment=parse_duration(clock["increment"]), max=parse_duration(clock["max"]),
                                 **common)
    except KeyError as missing:
        raise ValueError(f"a {kind} clock needs {missing}") from None
    raise ValueError(f"unknown clock policy {kind!r}")


def shift_for_pause(due: float, paused_at: float, resumed_at: float) -> float:
    """A deadline or reminder time after a pause from ``paused_at`` to ``resumed_at``.

    A time still ahead when the game was paused moves later by the paused duration (the seat
    keeps exactly the time it had left). A time already due at the pause stays as it is: the
    pause does not rescue a deadline that had passed before the scheduler got to it.
    """
    if resumed_at < paused_at:
        raise ValueError("a pause cannot end before it starts")
    return due if due <= paused_at else due + (resumed_at - paused_at)


# --- vacation: each seat may pause the game for a number of days per calendar year (UTC) ---

Pause = tuple[float, float | None]
"""One vacation of a seat: (start, end), epoch seconds; end ``None`` while it is still running."""


def _year_bounds(year: int) -> tuple[float, float]:
    start = datetime(year, 1, 1, tzinfo=timezone.utc).timestamp()
    return start, datetime(year + 1, 1, 1, tzinfo=timezone.utc).timestamp()


def _year_of(t: float) -> int:
    return datetime.fromtimestamp(t, timezone.utc).year


def vacation_used(pauses: Iterable[Pause], year: int, now: float) -> float:
    """Seconds of vacation spent within calendar ``year``; a running pause counts up to ``now``.

    A pause across New Year is charged to each year for its own part.
    """
    lo, hi = _year_bounds(year)
    used = 0.0
    for start, end in pauses:
        stop = now if end is None else end
        used += max(0.0, min(stop, hi) - max(start, lo))
    return used


def vacation_left(days_per_year: int, pauses: Iterable[Pause], now: float) -> float:
    """Seconds of vacation a seat still has in the calendar year of ``now``."""
    return max(0.0, days_per_year * DAY - vacation_used(pauses, _year_of(now), now))


def vacation_ends_at(days_per_year: int, earlier: Iterable[Pause], paused_at: float) -> float:
    """When a vacation starting at ``paused_at`` runs out of allowance, so the scheduler can
    resume the game then. ``earlier`` are the seat's finished vacations. Crossing into a new
    year grants that year's allowance, so a long pause may run on past New Year."""
    if not 0 <= days_per_year <= MAX_VACATION_DAYS:
        raise ValueError(f"days_per_year must be between 0 and {MAX_VACATION_DAYS}")
    earlier = list(earlier)
    allowance = days_per_year * DAY
    t = paused_at
    while True:
        year = _year_of(t)
        _, year_end = _year_bounds(year)
        left = allowance - vacation_used(earlier, year, t) - vacation_used([(paused_at, None)], year, t)
        if t + left < year_end:
            return t + max(0.0, left)
        t = year_end
