"""Counts of sends per subject (a mailbox, a channel) and fixed window, for caps that must hold
across processes: the scheduler, every web worker and every host count in the same rows.

A send is added first and the new count read back in the same transaction, so two processes
racing for the last send under a cap cannot both get it (the row's write lock orders them).
"""

from __future__ import annotations

from referee.store.connection import Connection


def add(conn: Connection, subject: str, period: int, slot: int, n: int = 1) -> int:
    """Count `n` sends in window `slot` of length `period`; returns the window's count now."""
    conn.execute("INSERT INTO send_counts (subject, period, slot, count) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT (subject, period, slot) DO UPDATE SET count = send_counts.count + excluded.count",
                 (subject, period, slot, n))
    return conn.execute("SELECT count FROM send_counts WHERE subject = ? AND period = ? AND slot = ?",
                        (subject, period, slot)).fetchone()[0]


def forget_before(conn: Connection, period: int, slot: int) -> None:
    """Drop every window of length `period` before `slot`: they limit nothing any more, and the
    table stays as small as the current windows (an index range, usually empty)."""
    conn.execute("DELETE FROM send_counts WHERE period = ? AND slot < ?", (period, slot))
