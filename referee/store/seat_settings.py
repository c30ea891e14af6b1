"""Each seat's mail settings as stored (table `seat_settings`): time zone, notification
level and language (NULL: its player's, else English). Settings, not derivable from events. What the levels mean: notify/preferences.py."""

from __future__ import annotations

from typing import Any

from referee.store.connection import Connection

DEFAULT = {"tz": None, "notify": "all", "lang": None}


def save_new(conn: Connection, game_id: str, seats: list[dict[str, Any]]) -> None:
    conn.executemany("INSERT INTO seat_settings (game_id, seat, tz, notify, lang) VALUES (?,?,?,?,?)",
                     [(game_id, i, s.get("tz"), "all", s.get("lang")) for i, s in enumerate(seats)])


def settings(conn: Connection, game_id: str) -> dict[int, dict[str, Any]]:
    """Seat -> {"tz", "notify", "lang"}; seats of games created before settings existed get defaults.
    `lang` is the seat's own language, else its player's (None: neither is set)."""
    rows = conn.execute("SELECT ss.seat, ss.tz, ss.notify, COALESCE(ss.lang, p.lang) FROM seat_settings ss "
                        "LEFT JOIN seats s ON s.game_id = ss.game_id AND s.seat = ss.seat "
                        "LEFT JOIN players p ON p.id = s.player_id WHERE ss.game_id = ?", (game_id,)).fetchall()
    return {s: {"tz": tz, "notify": n, "lang": lang} for s, tz, n, lang in rows}


def of(conn: Connection, game_id: str, seat: int) -> dict[str, Any]:
    return settings(conn, game_id).get(seat, dict(DEFAULT))


def set_notify(conn: Connection, game_id: str, seat: int, level: str) -> None:
    conn.execute("INSERT INTO seat_settings (game_id, seat, tz, notify) VALUES (?,?,NULL,?) "
                 "ON CONFLICT (game_id, seat) DO UPDATE SET notify = excluded.notify", (game_id, seat, level))


def all_rows(conn: Connection, game_id: str) -> list[tuple]:
    """A game's seat settings as stored (`referee migrate-store`)."""
    return [tuple(r) for r in conn.execute("SELECT game_id, seat, tz, notify, lang FROM seat_settings WHERE game_id = ? "
                                           "ORDER BY seat", (game_id,)).fetchall()]


def copy_rows(conn: Connection, rows: list[tuple]) -> None:
    conn.executemany("INSERT INTO seat_settings (game_id, seat, tz, notify, lang) VALUES (?,?,?,?,?)", rows)


def set_tz(conn: Connection, game_id: str, seat: int, tz: str | None) -> None:
    """A new holder's time zone (the seat's mails show deadlines in it)."""
    conn.execute("INSERT INTO seat_settings (game_id, seat, tz, notify) VALUES (?,?,?,'all') "
                 "ON CONFLICT (game_id, seat) DO UPDATE SET tz = excluded.tz, notify = 'all'", (game_id, seat, tz))


def set_lang(conn: Connection, game_id: str, seat: int, lang: str | None) -> None:
    """The seat's language (`lang de` by mail, the page's language switch)."""
    conn.execute("INSERT INTO seat_settings (game_id, seat, tz, notify, lang) VALUES (?,?,NULL,'all',?) "
                 "ON CONFLICT (game_id, seat) DO UPDATE SET lang = excluded.lang", (game_id, seat, lang))
