"""A seat's mail settings: its time zone (seat option `tz`, an IANA name, default UTC) and
which notifications it wants (`notify all|turn|none`, changed by mail).

- all:  every notification (your turn, reminders, timeouts, absences, pauses, game over)
- turn: only what needs this seat (your turn, reminders, its own timeouts) and the game's end
- none: nothing unasked; answers to the seat's own mails still come
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from referee.plumbing.errors import InvalidSetup
from referee.store import seat_settings
from referee.store.connection import Connection

LEVELS = ("all", "turn", "none")
TURN_KINDS = frozenset({"your_turn", "reminder", "timeout", "game_over", "asked", "decided", "presets"})
ANSWERS = frozenset({"mail_reply"})  # always sent: the seat asked for them


def zone(name: str | None) -> ZoneInfo | None:
    """The zone for an IANA name; None for no name or an unknown one."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def check_zones(seats: list[dict[str, Any]]) -> None:
    """422 for a seat whose `tz` is not an IANA time zone name."""
    for i, s in enumerate(seats):
        if s.get("tz") and zone(s["tz"]) is None:
            raise InvalidSetup(f"seat {i}: unknown time zone {s['tz']!r}; use an IANA name such as Europe/Berlin",
                               f"/seats/{i}/tz")


def set_notify(conn: Connection, game_id: str, seat: int, level: str) -> None:
    """The `notify` mail command: ValueError for a level that does not exist."""
    if level not in LEVELS:
        raise ValueError(f"notify takes one of {', '.join(LEVELS)}")
    seat_settings.set_notify(conn, game_id, seat, level)


def wants(level: str, kind: str) -> bool:
    """Whether a seat at `level` gets a mail of `kind`."""
    if kind in ANSWERS or level == "all":
        return True
    return level == "turn" and kind in TURN_KINDS

