"""Tables: a game's lobby entry (creator, listing, free seats, expiry, replacement rule,
rematch links). A projection of the game's seat events plus the creator's secret (its hash)."""

from __future__ import annotations

from typing import Any

from referee.store.connection import Connection

_COLUMNS = ("game_id, game, creator_hash, creator_player, listed, status, seats, free, replace_after, expires_at, "
            "rematch_of, rematch, created_at")
_NAMES = [c.strip() for c in _COLUMNS.split(",")]


def add(conn: Connection, row: dict[str, Any]) -> None:
    conn.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES ({','.join('?' * len(_NAMES))})",
                 tuple(row.get(n) for n in _NAMES))


def get(conn: Connection, game_id: str) -> dict[str, Any] | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM tables WHERE game_id = ?", (game_id,)).fetchone()
    return dict(zip(_NAMES, row)) if row else None


def set_status(conn: Connection, game_id: str, status: str, free: int | None = None) -> None:
    if free is None:
        conn.execute("UPDATE tables SET status = ? WHERE game_id = ?", (status, game_id))
    else:
        conn.execute("UPDATE tables SET status = ?, free = ? WHERE game_id = ?", (status, free, game_id))


def set_free(conn: Connection, game_id: str, free: int) -> None:
    conn.execute("UPDATE tables SET free = ? WHERE game_id = ?", (free, game_id))


def set_rematch(conn: Connection, game_id: str, rematch: str) -> bool:
    """Links the finished game to its rematch once: False when another rematch won the race."""
    return conn.execute("UPDATE tables SET rematch = ? WHERE game_id = ? AND rematch IS NULL",
                        (rematch, game_id)).rowcount == 1


def lobby(conn: Connection, game: str | None, seats: int | None, limit: int,
          before: tuple[str, str] | None = None) -> list[dict[str, Any]]:
    """Listed open tables, newest first, by keyset (`before` = the last row's (created_at, id))."""
    where, args = ["status = 'open'", "listed = 1"], []
    if game:
        where.append("game = ?"); args.append(game)
    if seats:
        where.append("seats = ?"); args.append(seats)
    if before is not None:
        where.append("(created_at < ? OR (created_at = ? AND game_id > ?))"); args += [before[0], before[0], before[1]]
    rows = conn.execute(f"SELECT {_COLUMNS} FROM tables WHERE {' AND '.join(where)} "
                        "ORDER BY created_at DESC, game_id LIMIT ?", (*args, limit)).fetchall()
    return [dict(zip(_NAMES, r)) for r in rows]


def expired(conn: Connection, now: float, limit: int = 100) -> list[str]:
    return [g for (g,) in conn.execute("SELECT game_id FROM tables WHERE status = 'open' AND expires_at <= ? "
                                       "ORDER BY expires_at LIMIT ?", (now, limit)).fetchall()]
