"""State snapshots: a cache that bounds replay cost. Deleting them changes nothing but speed."""

from __future__ import annotations

import json
from referee.store.connection import Connection
from typing import Any

# A snapshot every this many events keeps replay after a cold start to at most this many moves.
SNAPSHOT_EVERY = 25


def save(conn: Connection, game_id: str, seq: int, state: dict[str, Any], meta: dict[str, Any]) -> None:
    """`meta` holds what else is folded from events (status, the seats' clocks)."""
    conn.execute("INSERT INTO snapshots (game_id, seq, state, clocks) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state, clocks = excluded.clocks",
                 (game_id, seq, json.dumps(state, separators=(",", ":")), json.dumps(meta, separators=(",", ":"))))


def latest(conn: Connection, game_id: str, upto: int) -> tuple[int, dict[str, Any], dict | None] | None:
    row = conn.execute("SELECT seq, state, clocks FROM snapshots WHERE game_id = ? AND seq <= ? "
                       "ORDER BY seq DESC LIMIT 1", (game_id, upto)).fetchone()
    return (row[0], json.loads(row[1]), json.loads(row[2]) if row[2] else None) if row else None


def delete(conn: Connection, game_id: str | None = None) -> int:
    if game_id is None:
        return conn.execute("DELETE FROM snapshots").rowcount
    return conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,)).rowcount
