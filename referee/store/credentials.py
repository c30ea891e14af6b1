"""Seat tokens (stored only as hashes), contact addresses and game seeds.

These are secrets, not projections: they cannot be derived from the log and are never served.
"""

from __future__ import annotations

import hashlib
from referee.store.connection import Connection
from typing import Any


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def add_seat(conn: Connection, game_id: str, seat: int, name: str, email: str | None,
             webhook: str | None, token: str) -> None:
    conn.execute("INSERT INTO seats (game_id, seat, name, email, webhook, token_hash) VALUES (?,?,?,?,?,?)",
                 (game_id, seat, name, email, webhook, token_hash(token)))


def seat_for_hash(conn: Connection, game_id: str, hashed: str) -> int | None:
    """The seat whose token has this token_hash() in the game, if any."""
    row = conn.execute("SELECT seat FROM seats WHERE game_id = ? AND token_hash = ?",
                       (game_id, hashed)).fetchone()
    return row[0] if row else None


def seat_and_head(conn: Connection, game_id: str, hashed: str) -> tuple[int | None, tuple[int, str | None]]:
    """seat_for_hash, and the game's head (last event seq, 0 for none, and its chain hash), in one
    statement: a move reads both before it loads the game and appends after that head, and each
    statement on its path costs a few microseconds."""
    row = conn.execute("SELECT (SELECT seat FROM seats WHERE game_id = ? AND token_hash = ?), "
                       "(SELECT seq FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1), "
                       "(SELECT hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1)",
                       (game_id, hashed, game_id, game_id)).fetchone()
    return row[0], (row[1] or 0, row[2])


def seats(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT seat, name, email, webhook FROM seats WHERE game_id = ? ORDER BY seat",
                        (game_id,)).fetchall()
    return [{"seat": s, "name": n, "email": e, "webhook": w} for s, n, e, w in rows]


def save_seed(conn: Connection, game_id: str, seed: bytes) -> None:
    conn.execute("INSERT INTO game_keys (game_id, seed) VALUES (?, ?)", (game_id, seed.hex()))


def seed_of(conn: Connection, game_id: str) -> bytes | None:
    row = conn.execute("SELECT seed FROM game_keys WHERE game_id = ?", (game_id,)).fetchone()
    return bytes.fromhex(row[0]) if row else None


# -- copying to another store (`referee migrate-store`) ------------------------------------------

_SEAT_COLUMNS = "game_id, seat, name, email, webhook, token_hash, player_id, tenure, holder, invite, missed"
_TABLE_COLUMNS = ("game_id, game, creator_hash, creator_player, listed, status, seats, free, replace_after, expires_at, "
                  "rematch_of, rematch, created_at")


def all_rows(conn: Connection, game_id: str) -> dict[str, list[tuple]]:
    """A game's seed and seats as stored (token hashes, not tokens: they are never known here)."""
    return {"game_keys": [tuple(r) for r in conn.execute("SELECT game_id, seed FROM game_keys WHERE game_id = ?",
                                                         (game_id,)).fetchall()],
            "seats": [tuple(r) for r in conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? "
                                                     "ORDER BY seat", (game_id,)).fetchall()],
            "past_seats": [tuple(r) for r in conn.execute("SELECT game_id, seat, tenure, player_id, name, missed "
                                                          "FROM past_seats WHERE game_id = ?", (game_id,)).fetchall()],
            "tables": [tuple(r) for r in conn.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE game_id = ?",
                                                      (game_id,)).fetchall()]}


def copy_rows(conn: Connection, rows: dict[str, list[tuple]]) -> None:
    """Insert rows from `all_rows` as they are (a seat token from the old store keeps working, and
    so does a seat link of a later tenure). Players themselves are instance-wide: not copied here."""
    conn.executemany("INSERT INTO game_keys (game_id, seed) VALUES (?, ?)", rows["game_keys"])
    conn.executemany(f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows["seats"])
    conn.executemany("INSERT INTO past_seats (game_id, seat, tenure, player_id, name, missed) VALUES (?,?,?,?,?,?)",
                     rows.get("past_seats", []))
    conn.executemany(f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows.get("tables", []))
