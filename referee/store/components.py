"""Component data stored once per distinct content, keyed by its SHA-256.

A `game_created` payload names its component data by `components_sha256`. The event's digest
still commits to the full payload (components included), and every reader gets the full
payload back: the store only keeps the component data out of the row, and keeps the rest of
a large row (mostly the setup's chance records) deflated, so that it fits its b-tree page
instead of spilling into an overflow page of its own. So logs, exports and offline
verification are unchanged; rows written before this change (component data inline, JSON
text) are read as they are, and `compact_created_events` rewrites them in the new form.
"""

from __future__ import annotations

import hashlib
import json
from referee.store.connection import Connection
import threading
import zlib
from typing import Any

from referee.engine.hashing import canonical

# Parsed component data by hash, shared by every game that uses it (read-only: the rules
# take their own deep copy). A handful of entries: one per component data file in use.
_parsed: dict[str, dict[str, Any]] = {}
_lock = threading.Lock()


def save(conn: Connection, sha256: str, body: bytes) -> None:
    """Store canonical component data `body` under its hash (once)."""
    conn.execute("INSERT INTO components (sha256, data) VALUES (?, ?) ON CONFLICT DO NOTHING", (sha256, body.decode()))


def load(conn: Connection, sha256: str) -> dict[str, Any]:
    """The component data with this hash, parsed once per process and shared."""
    found = _parsed.get(sha256)
    if found is None:
        row = conn.execute("SELECT data FROM components WHERE sha256 = ?", (sha256,)).fetchone()
        if row is None:
            raise LookupError(f"component data {sha256} is missing from the components table")
        with _lock:
            found = _parsed.setdefault(sha256, json.loads(row[0]))
    return found


def stored_hash(components: Any) -> str | None:
    """The hash this exact component data object was loaded under (`load`), else None: a
    caller keying by content then needs no canonical dump of it (~0.4 ms, a quarter of a young
    game's cold load). Only the object `load` returned counts: an inline copy, or a payload's
    recorded hash beside it, is not taken on trust."""
    for sha, found in list(_parsed.items()):
        if found is components:
            return sha
    return None


def split(payload: dict[str, Any]) -> tuple[dict[str, Any], str, bytes] | None:
    """(payload without component data, its hash, canonical component data) when the payload
    carries component data matching its recorded hash; None to keep the payload whole."""
    components, sha = payload.get("components"), payload.get("components_sha256")
    if components is None or not isinstance(sha, str):
        return None
    body = canonical(components)
    if hashlib.sha256(body).hexdigest() != sha:
        return None
    return {k: v for k, v in payload.items() if k != "components"}, sha, body


# Rows of an events page hold about 1 KB before SQLite moves the rest to an overflow page
# (WITHOUT ROWID b-trees): deflate game_created rows above this size.
DEFLATE_ABOVE = 600


def pack(payload: dict[str, Any], dialect: str = "sqlite") -> str | bytes:
    """The stored form of a game_created row: canonical JSON, deflated when large on SQLite
    (PostgreSQL compresses large values itself, TOAST, and keeps this column text)."""
    text = canonical(payload)
    return zlib.compress(text, 9) if dialect == "sqlite" and len(text) > DEFLATE_ABOVE else text.decode()


def unpack(stored: str | bytes) -> dict[str, Any]:
    return json.loads(zlib.decompress(stored) if isinstance(stored, bytes) else stored)


def join(conn: Connection, payload: dict[str, Any]) -> dict[str, Any]:
    """The full payload of a stored game_created row (unchanged when the data is inline)."""
    if "components" not in payload and "components_sha256" in payload:
        payload["components"] = load(conn, payload["components_sha256"])
    return payload


def compact_created_events(conn: Connection) -> int:
    """Move inline component data of existing game_created rows into the components table
    (the rows' digests are unaffected: they cover the full payload, which reads back the same)."""
    moved, last = 0, ""
    while True:  # in batches, so a large database is never read into memory at once
        rows = conn.execute("SELECT game_id, payload FROM events WHERE seq = 1 AND game_id > ? "
                            "AND type = 'game_created' ORDER BY game_id LIMIT 500", (last,)).fetchall()
        if not rows:
            return moved
        for game_id, stored in rows:
            parts = split(unpack(stored))
            if parts is not None:
                rest, sha, body = parts
                save(conn, sha, body)
                conn.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = 1", (pack(rest), game_id))
                moved += 1
        last = rows[-1][0]
