"""Read models derived from events: the games list and who must move."""

from __future__ import annotations

import json
from referee.store.connection import Connection
from typing import Any


def upsert_game(conn: Connection, game_id: str, game: str, status: str, seq: int,
                to_move: list[int], result: dict | None, created_at: str, updated_at: str,
                resume_at: float | None = None) -> None:
    conn.execute(
        "INSERT INTO games (id, game, status, seq, to_move, result, created_at, updated_at, resume_at) "
        "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET status=excluded.status, "
        "seq=excluded.seq, to_move=excluded.to_move, result=excluded.result, updated_at=excluded.updated_at, "
        "resume_at=excluded.resume_at",
        (game_id, game, status, seq, json.dumps(to_move), json.dumps(result) if result is not None else None,
         created_at, updated_at, resume_at))


def due_resumes(conn: Connection, now: float) -> list[str]:
    """Paused games whose vacation allowance has run out."""
    return [g for (g,) in conn.execute("SELECT id FROM games WHERE status = 'paused' AND resume_at <= ?", (now,))]


def set_players(conn: Connection, game_id: str, names: list[str]) -> None:
    conn.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
    conn.executemany("INSERT INTO game_players (game_id, seat, name) VALUES (?,?,?)",
                     [(game_id, i, n) for i, n in enumerate(names)])


def _row(row: tuple) -> dict[str, Any]:
    gid, game, status, seq, to_move, result, created, updated = row
    return {"id": gid, "game": game, "status": status, "seq": seq, "to_move": json.loads(to_move),
            "result": json.loads(result) if result else None, "created_at": created, "updated_at": updated}


_SELECT = "SELECT g.id, g.game, g.status, g.seq, g.to_move, g.result, g.created_at, g.updated_at FROM games g"


def get_game(conn: Connection, game_id: str) -> dict[str, Any] | None:
    row = conn.execute(_SELECT + " WHERE g.id = ?", (game_id,)).fetchone()
    return _row(row) if row else None


def list_games(conn: Connection, status: str | None = None, game: str | None = None,
               player: str | None = None, limit: int = 100, offset: int = 0,
               cursor: str | None = None) -> list[dict[str, Any]]:
    """Games newest first (updated_at DESC, id). Page with `cursor` (the `next_cursor` of the
    previous page: a range scan on an index, as fast on page 1000 as on page 1) or `offset`
    (kept for old clients; costs the rows it skips). Players come in one query per page."""
    where, args = [], []
    if status:
        where.append("g.status = ?"); args.append(status)
    if game:
        where.append("g.game = ?"); args.append(game)
    if player:
        where.append("g.id IN (SELECT game_id FROM game_players WHERE name = ?)"); args.append(player)
    if cursor is not None:
        updated, gid = parse_cursor(cursor)
        where.append("g.updated_at <= ? AND (g.updated_at < ? OR g.id > ?)"); args += [updated, updated, gid]
    sql = _SELECT + (" WHERE " + " AND ".join(where) if where else "") + \
        " ORDER BY g.updated_at DESC, g.id LIMIT ? OFFSET ?"
    games = [_row(r) for r in conn.execute(sql, (*args, limit, offset))]
    players = _players_of(conn, [g["id"] for g in games])
    for g in games:
        g["players"] = players.get(g["id"], [])
    return games


def next_cursor(games: list[dict[str, Any]], limit: int) -> str | None:
    """The cursor of the page after `games` (None when this page is the last)."""
    if len(games) < limit or not games:
        return None
    return f"{games[-1]['updated_at']}~{games[-1]['id']}"


def parse_cursor(cursor: str) -> tuple[str, str]:
    """ValueError for a cursor this code did not make."""
    updated, sep, gid = cursor.partition("~")
    if not sep or not updated or not gid:
        raise ValueError("not a cursor from a previous page's next_cursor")
    return updated, gid


def _players_of(conn: Connection, ids: list[str]) -> dict[str, list[str]]:
    if not ids:
        return {}
    out: dict[str, list[str]] = {gid: [] for gid in ids}
    marks = ",".join("?" * len(ids))
    for gid, name in conn.execute(f"SELECT game_id, name FROM game_players WHERE game_id IN ({marks}) "
                                  "ORDER BY game_id, seat", ids):
        out[gid].append(name)
    return out


def clear(conn: Connection) -> None:
    conn.execute("DELETE FROM games")
    conn.execute("DELETE FROM game_players")
    conn.execute("DELETE FROM deadlines")
    conn.execute("DELETE FROM bot_seats")
