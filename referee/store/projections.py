"""Read models derived from events: the games list and who must move."""

from __future__ import annotations

import json
import sqlite3
from typing import Any


def upsert_game(conn: sqlite3.Connection, game_id: str, game: str, status: str, seq: int,
                to_move: list[int], result: dict | None, created_at: str, updated_at: str,
                resume_at: float | None = None) -> None:
    conn.execute(
        "INSERT INTO games (id, game, status, seq, to_move, result, created_at, updated_at, resume_at) "
        "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET status=excluded.status, "
        "seq=excluded.seq, to_move=excluded.to_move, result=excluded.result, updated_at=excluded.updated_at, "
        "resume_at=excluded.resume_at",
        (game_id, game, status, seq, json.dumps(to_move), json.dumps(result) if result is not None else None,
         created_at, updated_at, resume_at))


def due_resumes(conn: sqlite3.Connection, now: float) -> list[str]:
    """Paused games whose vacation allowance has run out."""
    return [g for (g,) in conn.execute("SELECT id FROM games WHERE status = 'paused' AND resume_at <= ?", (now,))]


def set_players(conn: sqlite3.Connection, game_id: str, names: list[str]) -> None:
    conn.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
    conn.executemany("INSERT INTO game_players (game_id, seat, name) VALUES (?,?,?)",
                     [(game_id, i, n) for i, n in enumerate(names)])


def _row(row: sqlite3.Row | tuple) -> dict[str, Any]:
    gid, game, status, seq, to_move, result, created, updated = row
    return {"id": gid, "game": game, "status": status, "seq": seq, "to_move": json.loads(to_move),
            "result": json.loads(result) if result else None, "created_at": created, "updated_at": updated}


_SELECT = "SELECT g.id, g.game, g.status, g.seq, g.to_move, g.result, g.created_at, g.updated_at FROM games g"


def get_game(conn: sqlite3.Connection, game_id: str) -> dict[str, Any] | None:
    row = conn.execute(_SELECT + " WHERE g.id = ?", (game_id,)).fetchone()
    return _row(row) if row else None


def list_games(conn: sqlite3.Connection, status: str | None = None, game: str | None = None,
               player: str | None = None, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    where, args = [], []
    if status:
        where.append("g.status = ?"); args.append(status)
    if game:
        where.append("g.game = ?"); args.append(game)
    if player:
        where.append("g.id IN (SELECT game_id FROM game_players WHERE name = ?)"); args.append(player)
    sql = _SELECT + (" WHERE " + " AND ".join(where) if where else "") + \
        " ORDER BY g.updated_at DESC, g.id LIMIT ? OFFSET ?"
    games = [_row(r) for r in conn.execute(sql, (*args, limit, offset))]
    for g in games:
        g["players"] = [n for (n,) in conn.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", (g["id"],))]
    return games


def clear(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM games")
    conn.execute("DELETE FROM game_players")
    conn.execute("DELETE FROM deadlines")
