"""The outbox: notifications queued in the same transaction as the events that cause them.

Delivery claims a row with a short lease before sending, so two schedulers never send the
same row at once; a row is marked sent only after the mail server or webhook accepted it.
`dedupe_key` is unique, so queuing the same notification twice (a reminder found again after
a restart) adds nothing.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

LEASE_SECONDS = 120


@dataclass
class Message:
    id: int
    game_id: str
    seat: int | None
    channel: str       # "email" | "webhook"
    recipient: str
    kind: str
    subject: str
    body: str
    dedupe_key: str
    created_at: float
    attempts: int


_COLUMNS = "id, game_id, seat, channel, recipient, kind, subject, body, dedupe_key, created_at, attempts"


def enqueue(conn: sqlite3.Connection, game_id: str, seat: int | None, channel: str, recipient: str, kind: str,
            subject: str, body: str, dedupe_key: str, now: float) -> bool:
    """Queue one message; False when an identical one (same dedupe key) was queued before."""
    cur = conn.execute(
        "INSERT OR IGNORE INTO outbox (game_id, seat, channel, recipient, kind, subject, body, dedupe_key, "
        "created_at, next_attempt_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (game_id, seat, channel, recipient, kind, subject, body, dedupe_key, now, now))
    return cur.rowcount == 1


def claim(conn: sqlite3.Connection, now: float, channels: tuple[str, ...], limit: int = 50) -> list[Message]:
    """Take up to `limit` due messages of those channels under a lease (in a write transaction)."""
    marks = ",".join("?" * len(channels))
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM outbox WHERE sent_at IS NULL AND failed = 0 AND next_attempt_at <= ? "
        f"AND (claimed_until IS NULL OR claimed_until < ?) AND channel IN ({marks}) ORDER BY id LIMIT ?",
        (now, now, *channels, limit)).fetchall()
    conn.executemany("UPDATE outbox SET claimed_until = ? WHERE id = ?", [(now + LEASE_SECONDS, r[0]) for r in rows])
    return [Message(*r) for r in rows]


def mark_sent(conn: sqlite3.Connection, message_id: int, now: float) -> None:
    conn.execute("UPDATE outbox SET sent_at = ?, attempts = attempts + 1, claimed_until = NULL, last_error = NULL "
                 "WHERE id = ?", (now, message_id))


def mark_failed(conn: sqlite3.Connection, message_id: int, error: str, next_attempt_at: float | None) -> None:
    """Record a failed attempt; next_attempt_at None gives up for good."""
    conn.execute("UPDATE outbox SET attempts = attempts + 1, claimed_until = NULL, last_error = ?, "
                 "next_attempt_at = COALESCE(?, next_attempt_at), failed = ? WHERE id = ?",
                 (error[:500], next_attempt_at, 1 if next_attempt_at is None else 0, message_id))


def messages(conn: sqlite3.Connection, game_id: str | None = None) -> list[dict]:
    sql = "SELECT id, game_id, seat, channel, recipient, kind, subject, body, attempts, sent_at, failed, last_error FROM outbox"
    args: tuple = ()
    if game_id is not None:
        sql += " WHERE game_id = ?"
        args = (game_id,)
    cols = ["id", "game_id", "seat", "channel", "recipient", "kind", "subject", "body", "attempts", "sent_at",
            "failed", "last_error"]
    return [dict(zip(cols, r)) for r in conn.execute(sql + " ORDER BY id", args)]
