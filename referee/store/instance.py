"""Instance-wide settings kept in the database (so a fresh install needs no configuration)."""

from __future__ import annotations

import secrets
from referee.store.connection import Connection


def secret_key(conn: Connection) -> bytes:
    """The HMAC key for reply addresses and webhook signatures, created on first use."""
    conn.execute("INSERT INTO instance (key, value) VALUES ('secret_key', ?) ON CONFLICT DO NOTHING",
                 (secrets.token_hex(32),))
    return bytes.fromhex(conn.execute("SELECT value FROM instance WHERE key = 'secret_key'").fetchone()[0])


def all_rows(conn: Connection) -> list[tuple[str, str]]:
    """Every instance setting (`referee migrate-store`: reply addresses and webhook signatures
    of existing games depend on the secret key)."""
    return [tuple(r) for r in conn.execute("SELECT key, value FROM instance ORDER BY key").fetchall()]


def copy_rows(conn: Connection, rows: list[tuple[str, str]], replace: bool) -> list[str]:
    """Insert the settings; an existing one is overwritten when `replace`, else kept. Returns the
    keys whose value here differs from the one given (and was kept)."""
    kept = []
    for key, value in rows:
        if replace:
            conn.execute("INSERT INTO instance (key, value) VALUES (?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
            continue
        conn.execute("INSERT INTO instance (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING", (key, value))
        if conn.execute("SELECT value FROM instance WHERE key = ?", (key,)).fetchone()[0] != value:
            kept.append(key)
    return kept


def get(conn: Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM instance WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def put(conn: Connection, key: str, value: str) -> None:
    conn.execute("INSERT INTO instance (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                 (key, value))


def drop(conn: Connection, key: str) -> None:
    conn.execute("DELETE FROM instance WHERE key = ?", (key,))
