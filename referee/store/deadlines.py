"""The deadlines projection the scheduler scans: one row per open decision with a deadline.

Rows are rewritten from the clocks after every event of the game (which also drops any claim on
them: a new decision is a new row). A scheduler claims the due rows it will time out under a
lease; rows another scheduler is claiming are skipped, and a crashed scheduler's rows come back
when the lease runs out. Claims only share the work: that a decision times out once is the
append's expected sequence's doing. Reminder times are removed
from a row once the reminder is queued; a rewrite may bring back one already queued, which
the outbox's dedupe key then ignores, so a reminder is never sent twice.
"""

from __future__ import annotations

import json
from referee.store.connection import Connection
from typing import Any


def replace_for_game(conn: Connection, game_id: str, rows: list[tuple[int, int, float, list[float]]]) -> None:
    """rows: (seat, opened_seq, due_at, reminder times)."""
    conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    conn.executemany(
        "INSERT INTO deadlines (game_id, seat, opened_seq, due_at, reminders, next_reminder_at) VALUES (?,?,?,?,?,?)",
        [(game_id, s, o, d, json.dumps(r), min(r) if r else None) for s, o, d, r in rows])


CLAIM_SECONDS = 60


def claim_due(conn: Connection, now: float, limit: int = 500) -> list[dict[str, Any]]:
    """Take up to `limit` passed deadlines nobody holds (in a write transaction), earliest first."""
    rows = conn.execute("SELECT game_id, seat, opened_seq, due_at FROM deadlines WHERE due_at <= ? "
                        "AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY due_at LIMIT ?" + conn.LOCK_ROWS,
                        (now, now, limit)).fetchall()
    conn.executemany("UPDATE deadlines SET claimed_until = ? WHERE game_id = ? AND seat = ?",
                     [(now + CLAIM_SECONDS, g, s) for g, s, _, _ in rows])
    return [{"game_id": g, "seat": s, "opened_seq": o, "due_at": d} for g, s, o, d in rows]


def reminders_due(conn: Connection, now: float) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT game_id, seat, opened_seq, due_at, reminders FROM deadlines "
                        "WHERE next_reminder_at <= ?", (now,)).fetchall()
    return [{"game_id": g, "seat": s, "opened_seq": o, "due_at": d, "times": json.loads(r)} for g, s, o, d, r in rows]


def drop_reminders(conn: Connection, game_id: str, seat: int, opened_seq: int, upto: float) -> None:
    row = conn.execute("SELECT reminders FROM deadlines WHERE game_id = ? AND seat = ? AND opened_seq = ?",
                       (game_id, seat, opened_seq)).fetchone()
    if row is None:
        return
    left = [t for t in json.loads(row[0]) if t > upto]
    conn.execute("UPDATE deadlines SET reminders = ?, next_reminder_at = ? WHERE game_id = ? AND seat = ?",
                 (json.dumps(left), min(left) if left else None, game_id, seat))


def for_game(conn: Connection, game_id: str) -> dict[int, float]:
    return dict(conn.execute("SELECT seat, due_at FROM deadlines WHERE game_id = ?", (game_id,)).fetchall())
