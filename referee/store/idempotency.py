"""Idempotency keys: the first answer to a keyed request, replayed for retries.

A key belongs to one request: its body's hash is stored with the answer, and the same key sent
with a different body is refused (`KeyReused`) rather than answered with another request's
answer. Rows written before the hash was kept (request_hash NULL) match any body.
"""

from __future__ import annotations

import hashlib
import json
from referee.store.connection import Connection
from typing import Any

from referee.engine.hashing import canonical


class KeyReused(Exception):
    """The key was first used with a different request."""


def fingerprint(body: dict[str, Any]) -> str:
    """The request a key stands for: its body without the key itself."""
    return hashlib.sha256(canonical({k: v for k, v in body.items() if k != "idempotency_key"})).hexdigest()


def recall(conn: Connection, game_id: str, seat: int, key: str,
           request_hash: str | None = None) -> tuple[int, Any] | None:
    row = conn.execute("SELECT status, response, request_hash FROM idempotency WHERE game_id = ? AND seat = ? AND key = ?",
                       (game_id, seat, key)).fetchone()
    if row is None:
        return None
    if request_hash is not None and row[2] is not None and row[2] != request_hash:
        raise KeyReused(key)
    return row[0], json.loads(row[1])


def remember(conn: Connection, game_id: str, seat: int, key: str, status: int, response: Any,
             request_hash: str | None = None) -> None:
    """Inside the transaction of the events it answers; a second row for the key fails the whole
    transaction (primary key), so a racing copy of the request can never land twice."""
    conn.execute("INSERT INTO idempotency (game_id, seat, key, status, response, request_hash) VALUES (?,?,?,?,?,?)",
                 (game_id, seat, key, status, json.dumps(response, separators=(",", ":")), request_hash))


_COLUMNS = "game_id, seat, key, status, response, request_hash"


def all_rows(conn: Connection, game_id: str) -> list[tuple]:
    """A game's remembered answers as stored (`referee migrate-store`)."""
    return [tuple(r) for r in conn.execute(f"SELECT {_COLUMNS} FROM idempotency WHERE game_id = ? "
                                           "ORDER BY seat, key", (game_id,)).fetchall()]


def copy_rows(conn: Connection, rows: list[tuple]) -> None:
    """Insert rows from `all_rows` as they are: a retry sent to the new store gets the same answer."""
    conn.executemany(f"INSERT INTO idempotency ({_COLUMNS}) VALUES (?,?,?,?,?,?)", rows)
