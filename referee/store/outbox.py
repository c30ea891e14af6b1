"""The outbox: notifications queued in the same transaction as the events that cause them.

Delivery claims a row with a short lease before sending, so two schedulers never send the
same row at once; a row is marked sent only after the mail server or webhook accepted it.
`dedupe_key` is unique, so queuing the same notification twice (a reminder found again after
a restart) adds nothing.
"""

from __future__ import annotations

from referee.store.connection import Connection
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
    tenure: int | None = None  # the tenure of the seat when queued: its holder then is the reader


_COLUMNS = "id, game_id, seat, channel, recipient, kind, subject, body, dedupe_key, created_at, attempts, tenure"


def enqueue(conn: Connection, game_id: str, seat: int | None, channel: str, recipient: str, kind: str,
            subject: str, body: str, dedupe_key: str, now: float) -> bool:
    """Queue one message; False when an identical one (same dedupe key) was queued before. A
    seat's message records the seat's tenure of the moment, read here in the same transaction,
    so no caller can forget it: the mail page and the Reply-To follow the holder it was for."""
    cur = conn.execute(
        "INSERT INTO outbox (game_id, seat, channel, recipient, kind, subject, body, dedupe_key, "
        "created_at, next_attempt_at, tenure) VALUES (?,?,?,?,?,?,?,?,?,?,"
        "(SELECT tenure FROM seats WHERE game_id = ? AND seat = ?)) ON CONFLICT DO NOTHING",
        (game_id, seat, channel, recipient, kind, subject, body, dedupe_key, now, now, game_id, seat))
    return cur.rowcount == 1


def claim(conn: Connection, now: float, channels: tuple[str, ...], limit: int = 50) -> list[Message]:
    """Take up to `limit` due messages of those channels under a lease (in a write transaction).
    Rows another scheduler is claiming right now are skipped, not waited for (LOCK_ROWS); a
    crashed scheduler's rows come back when their lease runs out."""
    marks = ",".join("?" * len(channels))
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM outbox WHERE sent_at IS NULL AND failed = 0 AND next_attempt_at <= ? "
        f"AND (claimed_until IS NULL OR claimed_until < ?) AND channel IN ({marks}) ORDER BY id LIMIT ?"
        + conn.LOCK_ROWS,
        (now, now, *channels, limit)).fetchall()
    conn.executemany("UPDATE outbox SET claimed_until = ? WHERE id = ?", [(now + LEASE_SECONDS, r[0]) for r in rows])
    return [Message(*r) for r in rows]


def mark_sent(conn: Connection, message_id: int, now: float) -> None:
    conn.execute("UPDATE outbox SET sent_at = ?, attempts = attempts + 1, claimed_until = NULL, last_error = NULL "
                 "WHERE id = ?", (now, message_id))


def mark_failed(conn: Connection, message_id: int, error: str, next_attempt_at: float | None) -> None:
    """Record a failed attempt; next_attempt_at None gives up for good."""
    conn.execute("UPDATE outbox SET attempts = attempts + 1, claimed_until = NULL, last_error = ?, "
                 "next_attempt_at = COALESCE(?, next_attempt_at), failed = ? WHERE id = ?",
                 (error[:500], next_attempt_at, 1 if next_attempt_at is None else 0, message_id))


def messages(conn: Connection, game_id: str | None = None) -> list[dict]:
    sql = "SELECT id, game_id, seat, channel, recipient, kind, subject, body, attempts, sent_at, failed, last_error FROM outbox"
    args: tuple = ()
    if game_id is not None:
        sql += " WHERE game_id = ?"
        args = (game_id,)
    cols = ["id", "game_id", "seat", "channel", "recipient", "kind", "subject", "body", "attempts", "sent_at",
            "failed", "last_error"]
    return [dict(zip(cols, r)) for r in conn.execute(sql + " ORDER BY id", args)]


_MAIL_COLUMNS = ("id", "game_id", "seat", "recipient", "kind", "subject", "body", "created_at", "attempts",
                 "sent_at", "failed", "last_error")


def emails(conn: Connection, game_id: str | None = None, seat: int | None = None,
           message_id: int | None = None, limit: int = 500, tenure: int | None = None) -> list[dict]:
    """E-mail rows, newest first, filtered by game, seat, the seat's tenure (mails queued before
    tenures were recorded: the first holder's) or id (the mail page, `referee mail`)."""
    where, args = ["channel = 'email'"], []
    for column, value in (("game_id", game_id), ("seat", seat), ("COALESCE(tenure, 0)", tenure), ("id", message_id)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    rows = conn.execute(f"SELECT {', '.join(_MAIL_COLUMNS)} FROM outbox WHERE {' AND '.join(where)} "
                        "ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
    return [dict(zip(_MAIL_COLUMNS, r)) for r in rows]


def set_in_reply_to(conn: Connection, dedupe_key: str, message_id: str) -> None:
    """The player's Message-ID a queued answer replies to (threading headers)."""
    conn.execute("UPDATE outbox SET in_reply_to = ? WHERE dedupe_key = ?", (message_id, dedupe_key))


def thread_of(conn: Connection, message_id: int, game_id: str, seat: int | None) -> tuple[int | None, bool, str | None]:
    """(the id of the mail that opens the seat's thread: its first mail not failed for good;
    whether that one was sent; the player's Message-ID this one answers)."""
    root = conn.execute("SELECT id, sent_at FROM outbox WHERE game_id = ? AND seat = ? AND channel = 'email' "
                        "AND failed = 0 ORDER BY id LIMIT 1", (game_id, seat)).fetchone()
    reply = conn.execute("SELECT in_reply_to FROM outbox WHERE id = ?", (message_id,)).fetchone()
    return (root[0] if root else None), bool(root and root[1] is not None), (reply[0] if reply and reply[0] else None)


def count_by_state(conn: Connection) -> dict[str, int]:
    """Messages delivered, pending and given up (the /metrics gauge)."""
    failed = "sum(CASE WHEN failed != 0 THEN 1 ELSE 0 END)"
    row = conn.execute(f"SELECT count(sent_at), count(*) - count(sent_at) - {failed}, {failed} FROM outbox").fetchone()
    return {state: int(n or 0) for state, n in zip(("delivered", "pending", "failed"), row)}


# -- copying to another store (`referee migrate-store`) ------------------------------------------

_ALL_COLUMNS = ("id, game_id, seat, channel, recipient, kind, subject, body, dedupe_key, created_at, attempts, "
                "next_attempt_at, claimed_until, sent_at, failed, last_error, in_reply_to, tenure")


def all_rows(conn: Connection, game_id: str) -> list[tuple]:
    """A game's messages (game "": the instance's own, such as sign-in links and digests), sent
    and unsent, every column, in id order."""
    return [tuple(r) for r in conn.execute(f"SELECT {_ALL_COLUMNS} FROM outbox WHERE game_id = ? ORDER BY id",
                                           (game_id,)).fetchall()]


def last_id(conn: Connection) -> int:
    return conn.execute("SELECT MAX(id) FROM outbox").fetchone()[0] or 0


def copy_rows(conn: Connection, rows: list[tuple], id_offset: int = 0) -> None:
    """Insert rows from `all_rows` as they are, ids shifted by `id_offset` (0 into an empty
    outbox: the same ids). The order of ids is kept, and with it which mail opened a seat's
    thread (`thread_of`); the dedupe keys come along, so nothing already sent is queued again."""
    conn.executemany(f"INSERT INTO outbox ({_ALL_COLUMNS}) VALUES ({','.join('?' * 18)})",
                     [(r[0] + id_offset, *r[1:]) for r in rows])
    if rows and conn.dialect == "postgresql":  # the identity column does not follow explicit ids by itself
        conn.execute("SELECT setval(pg_get_serial_sequence('outbox', 'id'), MAX(id)) FROM outbox")
