"""Alert channels (table `alert_channels`): an apprise URL or a Web Push subscription that a seat,
a game or a player registered. Settings and credentials (a URL may carry a service's token):
not derivable from any log, listed only to their owner."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection

_COLUMNS = ("id, owner, game_id, seat, tenure, player_id, kind, url, subscription, events, created_at, failures, "
            "failing_since, disabled_at, disabled_reason")
_NAMES = [c.strip() for c in _COLUMNS.split(",")]


def _row(r: tuple) -> dict[str, Any]:
    d = dict(zip(_NAMES, r))
    d["events"] = [e for e in d["events"].split(",") if e]
    d["subscription"] = json.loads(d["subscription"]) if d["subscription"] else None
    return d


def add(conn: Connection, row: dict[str, Any]) -> None:
    values = {**row, "events": ",".join(row["events"]),
              "subscription": json.dumps(row["subscription"]) if row.get("subscription") else None}
    names = [n for n in _NAMES if n in values]
    conn.execute(f"INSERT INTO alert_channels ({', '.join(names)}) VALUES ({','.join('?' * len(names))})",
                 tuple(values[n] for n in names))


def get(conn: Connection, channel_id: str) -> dict[str, Any] | None:
    r = conn.execute(f"SELECT {_COLUMNS} FROM alert_channels WHERE id = ?", (channel_id,)).fetchone()
    return _row(r) if r else None


def of_game(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """The seat and game channels of a game (every state), oldest first."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM alert_channels WHERE game_id = ? ORDER BY created_at, id",
                        (game_id,)).fetchall()
    return [_row(r) for r in rows]


def any_for_game(conn: Connection, game_id: str) -> bool:
    """Whether any channel may hear of the game: one of its own (the game's or a seat's, in any
    state) or a player-wide one of a player seated in it. One query, asked on every append
    (most games have none, and then nothing more is read)."""
    row = conn.execute("SELECT EXISTS (SELECT 1 FROM alert_channels WHERE game_id = ?) OR EXISTS "
                       "(SELECT 1 FROM seats s JOIN alert_channels c ON c.player_id = s.player_id "
                       "AND c.owner = 'player' WHERE s.game_id = ?)", (game_id, game_id)).fetchone()
    return bool(row[0])


def of_players(conn: Connection, player_ids: list[str]) -> list[dict[str, Any]]:
    """Player-wide channels of these players."""
    if not player_ids:
        return []
    marks = ",".join("?" * len(player_ids))
    rows = conn.execute(f"SELECT {_COLUMNS} FROM alert_channels WHERE owner = 'player' AND player_id IN ({marks}) "
                        "ORDER BY created_at, id", tuple(player_ids)).fetchall()
    return [_row(r) for r in rows]


def by_ids(conn: Connection, ids: list[str]) -> list[dict[str, Any]]:
    if not ids:
        return []
    rows = conn.execute(f"SELECT {_COLUMNS} FROM alert_channels WHERE id IN ({','.join('?' * len(ids))})",
                        tuple(ids)).fetchall()
    return [_row(r) for r in rows]


def delete(conn: Connection, channel_id: str) -> bool:
    return conn.execute("DELETE FROM alert_channels WHERE id = ?", (channel_id,)).rowcount == 1


def failed(conn: Connection, ids: list[str], now: float) -> None:
    """One more failure in a row for each of these channels."""
    for cid in ids:
        conn.execute("UPDATE alert_channels SET failures = failures + 1, failing_since = COALESCE(failing_since, ?) "
                     "WHERE id = ?", (now, cid))


def succeeded(conn: Connection, ids: list[str]) -> None:
    for cid in ids:
        conn.execute("UPDATE alert_channels SET failures = 0, failing_since = NULL WHERE id = ?", (cid,))


def disable(conn: Connection, channel_id: str, now: float, reason: str) -> bool:
    """False when it was disabled already (so its owner is told once)."""
    return conn.execute("UPDATE alert_channels SET disabled_at = ?, disabled_reason = ? WHERE id = ? "
                        "AND disabled_at IS NULL", (now, reason[:300], channel_id)).rowcount == 1


def enable(conn: Connection, channel_id: str) -> None:
    conn.execute("UPDATE alert_channels SET disabled_at = NULL, disabled_reason = NULL, failures = 0, "
                 "failing_since = NULL WHERE id = ?", (channel_id,))


def count_of_owner(conn: Connection, game_id: str | None, seat: int | None, player_id: str | None,
                   tenure: int | None = None) -> int:
    """How many channels an owner has (a seat's: its current holder's, by tenure)."""
    if player_id is not None and game_id is None:
        return conn.execute("SELECT count(*) FROM alert_channels WHERE owner = 'player' AND player_id = ?",
                            (player_id,)).fetchone()[0]
    if seat is None:
        return conn.execute("SELECT count(*) FROM alert_channels WHERE owner = 'game' AND game_id = ?",
                            (game_id,)).fetchone()[0]
    return conn.execute("SELECT count(*) FROM alert_channels WHERE owner = 'seat' AND game_id = ? AND seat = ? "
                        "AND tenure = ?", (game_id, seat, tenure or 0)).fetchone()[0]


def all_rows(conn: Connection, game_id: str | None) -> list[tuple]:
    """A game's seat and game channels (None: the players' own) as stored (`referee migrate-store`)."""
    where, params = ("game_id = ?", (game_id,)) if game_id is not None else ("game_id IS NULL", ())
    return [tuple(r) for r in conn.execute(f"SELECT {_COLUMNS} FROM alert_channels WHERE {where} ORDER BY id",
                                           params).fetchall()]


def copy_rows(conn: Connection, rows: list[tuple]) -> None:
    conn.executemany(f"INSERT INTO alert_channels ({_COLUMNS}) VALUES ({','.join('?' * len(_NAMES))})", rows)
