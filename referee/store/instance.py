"""Instance-wide settings kept in the database (so a fresh install needs no configuration)."""

from __future__ import annotations

import secrets
import sqlite3


def secret_key(conn: sqlite3.Connection) -> bytes:
    """The HMAC key for reply addresses and webhook signatures, created on first use."""
    conn.execute("INSERT OR IGNORE INTO instance (key, value) VALUES ('secret_key', ?)", (secrets.token_hex(32),))
    return bytes.fromhex(conn.execute("SELECT value FROM instance WHERE key = 'secret_key'").fetchone()[0])
