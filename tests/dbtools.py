"""Reading a test's database directly, whichever database it is (SQLite path or PostgreSQL URL),
through the store's own connections."""

from __future__ import annotations

from typing import Any

from referee.store.db import open_with_migrations

TABLES = ("events", "components", "game_keys", "seats", "games", "game_players", "snapshots", "idempotency",
          "deadlines", "outbox", "instance", "seat_settings")


def rows(database: str, sql: str, params: tuple = ()) -> list[tuple]:
    """The rows of one query (`?` placeholders on both databases)."""
    db, _ = open_with_migrations(database, migrate=False)
    try:
        return [tuple(r) for r in db.conn.execute(sql, params).fetchall()]
    finally:
        db.conn.close()


def dump(database: str) -> str:
    """Every row of every table as text: what an attacker with a copy of the database sees."""
    db, _ = open_with_migrations(database, migrate=False)
    try:
        out: list[str] = []
        for table in TABLES:
            out += [f"{table}: {r!r}" for r in db.conn.execute(f"SELECT * FROM {table}").fetchall()]
        return "\n".join(out)
    finally:
        db.conn.close()


def scalar(database: str, sql: str, params: tuple = ()) -> Any:
    return rows(database, sql, params)[0][0]
