"""Instance-wide settings kept in the database (so a fresh install needs no configuration)."""

from __future__ import annotations

import secrets
from referee.store.connection import Connection


def secret_key(conn: Connection) -> bytes:
    """The HMAC key for reply addresses and webhook signatures, created on first use."""
    conn.execute("INSERT INTO instance (key, value) VALUES ('secret_key', ?) ON CONFLICT DO NOTHING",
                 (secrets.token_hex(32),))
    return bytes.fromhex(conn.execute("SELECT value FROM instance WHERE key = 'secret_key'").fetchone()[0])
