"""Tournaments (tables `tournaments`, `tournament_games`): the organiser's settings as given
(JSON), the organiser token's hash, and each round's games with the players in seat order.
Standings are not stored: they are computed from the games' results when read."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection


def add(conn: Connection, tid: str, game: str, fmt: str, spec: dict[str, Any], organiser_hash: str,
        rounds: int, now: float) -> None:
    conn.execute("INSERT INTO tournaments (id, game, format, status, spec, organiser_hash, rounds, created_at) "
                 "VALUES (?,?,?,?,?,?,?,?)", (tid, game, fmt, "running", json.dumps(spec), organiser_hash, rounds, now))


def get(conn: Connection, tid: str) -> dict[str, Any] | None:
    row = conn.execute("SELECT id, game, format, status, spec, organiser_hash, rounds, created_at FROM tournaments "
                       "WHERE id = ?", (tid,)).fetchone()
    if row is None:
        return None
    return {"id": row[0], "game": row[1], "format": row[2], "status": row[3], "spec": json.loads(row[4]),
            "organiser_hash": row[5], "rounds": row[6], "created_at": row[7]}


def confirm(conn: Connection, tid: str, player: int) -> None:
    """A listed player (by their place in the list) confirmed: their games count from now on."""
    conn.lock_game(f"tournament:{tid}")
    row = conn.execute("SELECT spec FROM tournaments WHERE id = ?", (tid,)).fetchone()
    spec = json.loads(row[0])
    spec["confirmed"] = sorted({*spec.get("confirmed", []), player})
    conn.execute("UPDATE tournaments SET spec = ? WHERE id = ?", (json.dumps(spec), tid))


def set_status(conn: Connection, tid: str, status: str) -> None:
    conn.execute("UPDATE tournaments SET status = ? WHERE id = ?", (status, tid))


def running(conn: Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id").fetchall()]


def add_game(conn: Connection, tid: str, rnd: int, board: int, game_id: str | None, players: list[int]) -> bool:
    """A board of a round (game_id None: a bye); False when that board exists already (another
    scheduler created the round first)."""
    if conn.execute("SELECT 1 FROM tournament_games WHERE tournament_id = ? AND round = ? AND board = ?",
                    (tid, rnd, board)).fetchone():
        return False
    conn.execute("INSERT INTO tournament_games (tournament_id, round, board, game_id, players) VALUES (?,?,?,?,?)",
                 (tid, rnd, board, game_id, json.dumps(players)))
    return True


def claim_round(conn: Connection, tid: str, rnd: int) -> bool:
    """Claim the creation of a round (a row of board -1): False, or an IntegrityError from a
    concurrent claim on PostgreSQL, when another scheduler claimed it first."""
    return add_game(conn, tid, rnd, -1, None, [])


def games(conn: Connection, tid: str) -> list[dict[str, Any]]:
    """Every board with its game's status, result and last update (the games list projection)."""
    rows = conn.execute("SELECT t.round, t.board, t.game_id, t.players, g.status, g.result, g.updated_at "
                        "FROM tournament_games t LEFT JOIN games g ON g.id = t.game_id "
                        "WHERE t.tournament_id = ? AND t.board >= 0 ORDER BY t.round, t.board", (tid,)).fetchall()
    return [{"round": r[0], "board": r[1], "game_id": r[2], "players": json.loads(r[3]), "status": r[4],
             "result": json.loads(r[5]) if isinstance(r[5], str) else r[5], "updated_at": r[6]} for r in rows]


def of_game(conn: Connection, game_id: str) -> str | None:
    row = conn.execute("SELECT tournament_id FROM tournament_games WHERE game_id = ?", (game_id,)).fetchone()
    return row[0] if row else None


# -- copying to another store (`referee migrate-store`) ------------------------------------------

COPIED = {"tournaments": "id, game, format, status, spec, organiser_hash, rounds, created_at",
          "tournament_games": "tournament_id, round, board, game_id, players"}
