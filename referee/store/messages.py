"""Table talk: each game's messages in a hash chain of their own, seats' mutes, and the last
message each seat's mails showed.

A message is appended like an event: under the game's writer lock (SQLite's write lock,
PostgreSQL's advisory lock), after the chain's head, with `hash = sha256(prev_hash + digest)`.
The game's events are never touched, so a game's replay never depends on its talk.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from referee.engine.hashing import GENESIS, chain
from referee.engine.talk import digest_of
from referee.store import tenures as tenures_store
from referee.store.connection import Connection

_COLUMNS = "game_id, seq, sender, recipients, note, text, created_at, at, salt, digest, prev_hash, hash, tenures"


def _to_json(row: tuple) -> dict[str, Any]:
    """A stored message in its served form (the fields the digest covers plus the chain)."""
    return {"kind": "message", "seq": row[1], "from": row[2], "to": json.loads(row[3]), "note": bool(row[4]),
            "text": row[5], "created_at": row[6], "salt": row[8], "digest": row[9], "prev_hash": row[10],
            "hash": row[11], "tenures": json.loads(row[12]) if row[12] else {}}


def head(conn: Connection, game_id: str) -> tuple[int, str]:
    """(last seq, last hash) of a game's messages; (0, GENESIS) before the first."""
    row = conn.execute("SELECT seq, hash FROM messages WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                       (game_id,)).fetchone()
    return (row[0], row[1]) if row else (0, GENESIS)


def append(conn: Connection, game_id: str, sender: int, to: str | list[int], note: bool, text: str,
           created_at: str, at: float) -> dict[str, Any]:
    """Append one message after the chain's head; inside a write transaction. It records the
    tenures of its sender and recipients of the moment (read here, under the game's lock), so a
    note or a private message is read by those holders only (engine.talk.visible_to)."""
    conn.lock_game(game_id)
    last, prev = head(conn, game_id)
    held = tenures_store.holder_tenures(conn, game_id)
    m = {"kind": "message", "seq": last + 1, "from": sender, "to": to, "note": note, "text": text,
         "created_at": created_at, "salt": secrets.token_hex(16),
         "tenures": {str(s): held.get(s, 0) for s in [sender, *(to if isinstance(to, list) else [])]}}
    m["digest"] = digest_of(m)
    m["prev_hash"], m["hash"] = prev, chain(prev, m["digest"])
    conn.execute(f"INSERT INTO messages ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                 (game_id, m["seq"], sender, json.dumps(to), int(note), text, created_at, at, m["salt"],
                  m["digest"], prev, m["hash"], json.dumps(m["tenures"], sort_keys=True)))
    return m


def read(conn: Connection, game_id: str, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    """Messages after `after` in order (at most `limit`: the first ones after `after`)."""
    sql = f"SELECT {_COLUMNS} FROM messages WHERE game_id = ? AND seq > ? ORDER BY seq"
    args: tuple = (game_id, after)
    if limit is not None:
        sql += " LIMIT ?"
        args += (limit,)
    return [_to_json(r) for r in conn.execute(sql, args).fetchall()]


# Narrowing a read in SQL (a superset of what a reader may see; engine.talk.visible_to still decides):
PUBLIC_ONLY = "public"   # messages to all
NOT_NOTES = "not_notes"  # no notes
NOT_OTHERS_NOTES = "not_others_notes"  # no notes but the reader's own (then `seat` is given)
_NARROW = {None: ("", ()), PUBLIC_ONLY: (" AND recipients = ?", ('"all"',)), NOT_NOTES: (" AND note = 0", ())}


def last(conn: Connection, game_id: str, limit: int, before: int | None = None, narrow: str | None = None,
         seat: int | None = None) -> list[dict[str, Any]]:
    """The game's last `limit` messages (before seq `before`, narrowed by `narrow`), in order: an
    index range, as fast at 10k messages as at 100."""
    where, args = (" AND (note = 0 OR sender = ?)", (seat,)) if narrow == NOT_OTHERS_NOTES else _NARROW[narrow]
    rows = conn.execute(f"SELECT {_COLUMNS} FROM messages WHERE game_id = ? AND seq < ?{where} ORDER BY seq DESC LIMIT ?",
                        (game_id, 2**53 if before is None else before, *args, limit)).fetchall()
    return [_to_json(r) for r in reversed(rows)]


def sent_since(conn: Connection, game_id: str, sender: int, since: float) -> tuple[int, float | None]:
    """How many messages (notes too) the seat wrote since `since`, and when the oldest of them was."""
    row = conn.execute("SELECT COUNT(*), MIN(at) FROM messages WHERE game_id = ? AND sender = ? AND at > ?",
                       (game_id, sender, since)).fetchone()
    return row[0], row[1]


def count(conn: Connection) -> int:
    return conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0]


# -- mutes: a seat's own, read by nobody else ---------------------------------------------------

def muted_by(conn: Connection, game_id: str, seat: int) -> set[int]:
    return {m for (m,) in conn.execute("SELECT muted FROM message_mutes WHERE game_id = ? AND seat = ?",
                                       (game_id, seat)).fetchall()}


def mute(conn: Connection, game_id: str, seat: int, muted: int) -> None:
    conn.execute("DELETE FROM message_mutes WHERE game_id = ? AND seat = ? AND muted = ?", (game_id, seat, muted))
    conn.execute("INSERT INTO message_mutes (game_id, seat, muted) VALUES (?,?,?)", (game_id, seat, muted))


def unmute(conn: Connection, game_id: str, seat: int, muted: int) -> None:
    conn.execute("DELETE FROM message_mutes WHERE game_id = ? AND seat = ? AND muted = ?", (game_id, seat, muted))


# -- what a seat's mails have shown ------------------------------------------------------------

def mailed(conn: Connection, game_id: str, seat: int) -> int:
    row = conn.execute("SELECT seq FROM message_mailed WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
    return row[0] if row else 0


def set_mailed(conn: Connection, game_id: str, seat: int, seq: int) -> None:
    conn.execute("DELETE FROM message_mailed WHERE game_id = ? AND seat = ?", (game_id, seat))
    conn.execute("INSERT INTO message_mailed (game_id, seat, seq) VALUES (?,?,?)", (game_id, seat, seq))


# -- copying a game to another store (`referee migrate-store`) ----------------------------------

def all_rows(conn: Connection, game_id: str) -> dict[str, list[tuple]]:
    return {t: [tuple(r) for r in conn.execute(f"SELECT * FROM {t} WHERE game_id = ? ORDER BY 2, 3",
                                               (game_id,)).fetchall()]
            for t in ("messages", "message_mutes", "message_mailed")}


def copy_rows(conn: Connection, rows: dict[str, list[tuple]]) -> None:
    """Rows from `all_rows` as they are (same seqs, salts and hashes: the copy verifies alike)."""
    for table, found in rows.items():
        if found:
            marks = ",".join("?" * len(found[0]))
            conn.executemany(f"INSERT INTO {table} VALUES ({marks})", found)
