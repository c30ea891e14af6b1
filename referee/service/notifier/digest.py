"""The digest mail: a player's games awaiting them and what happened since the last one, daily
or weekly (Mondays), at an hour of the player's own time zone; with or without the single mails
(`digest_only`: the seats they hold then get no single notification mails, answers to their own
mails still come).

The next send time is stored (`digest_next_at`, UTC seconds), so the scheduler's pass is one
indexed query however many players there are, and the outbox's dedupe key (player and slot) makes
a second scheduler's copy a no-op.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from referee.plumbing.i18n import translator
from referee.plumbing.errors import ServiceError
from referee.service.play import read
from referee.service.loaded import iso
from referee.service.narration_texts import texts
from referee.service.notices import player_mail
from referee.store import events, players
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

NEWS_PER_GAME = 5    # events told per game ("and N more" beyond)
LOOK_BACK = 200      # events read per game at most


def _zone(tz: str | None) -> Any:
    try:
        return ZoneInfo(tz) if tz else timezone.utc
    except (ZoneInfoNotFoundError, ValueError):
        return timezone.utc


def next_slot(now: float, every: str, hour: int, tz: str | None) -> float:
    """The first send time after `now`: the next `hour`:00 of the player's zone (weekly: on a
    Monday). Wall-clock arithmetic in the zone, so a change to or from summer time keeps the hour."""
    zone = _zone(tz)
    local = datetime.fromtimestamp(now, zone)
    slot = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if every == "week":
        slot -= timedelta(days=slot.weekday())
    step = timedelta(days=7 if every == "week" else 1)
    while slot.timestamp() <= now:
        slot = (slot.replace(tzinfo=None) + step).replace(tzinfo=zone)
    return slot.timestamp()


def schedule(core: "Core", conn: Any, player_id: str) -> None:
    """Set the next send time after a change of the digest's settings or time zone."""
    p = players.by_id(conn, player_id)
    at = next_slot(core.clock(), p["digest_every"], p["digest_hour"], p["tz"]) if p and p["digest"] else None
    players.set_digest_next(conn, player_id, at)


def news(core: "Core", game_id: str, seat: int, since: float | None, lang: str | None = None) -> list[str]:
    """What happened in a game since `since`, told as the seat may see it (the newest last), in
    the player's language."""
    try:
        loaded = core.load(game_id)
    except ServiceError:
        return []
    conn = core.db.conn
    stamp = iso(since) if since else ""
    found = [e for e in events.read(conn, game_id, max(0, loaded.seq - LOOK_BACK))
             if e.created_at > stamp and e.seq <= loaded.seq]
    shown = [read.redact_event(core, loaded, e, seat) for e in found]
    told = texts(core, loaded, shown, seat, lang)
    if len(told) > NEWS_PER_GAME:
        earlier = translator(lang).ngettext("(%(n)d earlier event)", "(%(n)d earlier events)", len(told) - NEWS_PER_GAME)
        return [earlier, *told[-NEWS_PER_GAME:]]
    return told


def send_digests(core: "Core", limit: int = 100) -> int:
    """Queue the digests that are due (the scheduler's job)."""
    now = core.clock()
    sent = 0
    with write_transaction(core.db) as conn:
        for p in players.digest_unscheduled(conn, limit):
            schedule(core, conn, p["id"])
        due = players.digest_due(conn, now, limit)
    for player in due:
        games = core.my_games(player["id"])  # type: ignore[attr-defined]  # Referee's, as "my games" shows
        told = {g["id"]: news(core, g["id"], g["seat"], player["digest_last_at"], player.get("lang"))
                for g in games if g["status"] in ("active", "paused", "open", "finished")}
        slot = player["digest_next_at"]
        day = datetime.fromtimestamp(slot, _zone(player["tz"])).date().isoformat()
        with write_transaction(core.db) as conn:
            sent += player_mail.digest(conn, core.config.base_url, player, games, day, now, told,
                                       key=f"digest:{player['id']}:{int(slot)}")
            players.digest_sent(conn, player["id"], now,
                                next_slot(now, player["digest_every"], player["digest_hour"], player["tz"]))
    return sent
