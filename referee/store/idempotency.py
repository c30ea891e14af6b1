"""Idempotency keys: the first answer to a keyed request, replayed for retries."""

from __future__ import annotations

import json
import sqlite3
from typing import Any


def recall(conn: sqlite3.Connection, game_id: str, seat: int, key: str) -> tuple[int, Any] | None:
    row = conn.execute("SELECT status, response FROM idempotency WHERE game_id = ? AND seat = ? AND key = ?",
                       (game_id, seat, key)).fetchone()
    return (row[0], json.loads(row[1])) if row else None


def remember(conn: sqlite3.Connection, game_id: str, seat: int, key: str, status: int, response: Any) -> None:
    conn.execute("INSERT INTO idempotency (game_id, seat, key, status, response) VALUES (?,?,?,?,?)",
                 (game_id, seat, key, status, json.dumps(response, separators=(",", ":"))))
