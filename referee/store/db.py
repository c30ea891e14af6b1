"""Opening the SQLite database with durable settings, migrating it, and write transactions."""

from __future__ import annotations

import fcntl
import importlib.util
import sqlite3
from contextlib import contextmanager
from typing import Iterator
from pathlib import Path

import sqlite_utils

from referee.paths import MIGRATIONS

BUSY_TIMEOUT_MS = 10_000


def connect(path: str | Path) -> sqlite_utils.Database:
    """A connection in WAL mode with synchronous=FULL.

    WAL + FULL fsyncs the log at every commit, so an acknowledged move survives power loss
    (WAL + NORMAL would only survive an application crash). Transactions are explicit
    (isolation_level=None) so that writers take the lock with BEGIN IMMEDIATE.
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return sqlite_utils.Database(conn)


def _load_migrations():
    spec = importlib.util.spec_from_file_location("referee_migrations", MIGRATIONS / "referee.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module.migrations


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply pending migrations (idempotent); returns the names applied now."""
    migrations = _load_migrations()
    pending = [m.name for m in migrations.pending(db)]
    migrations.apply(db)
    return pending


@contextmanager
def setup_lock(path: str | Path) -> Iterator[None]:
    """One process at a time creates and migrates a database file.

    gunicorn starts its workers together; without this two of them may switch a new file to WAL
    or run the same migration at once, and the loser fails to boot with "database is locked".
    An advisory lock on a file beside the database (released by the OS if the holder dies)."""
    if str(path) == ":memory:":
        yield
        return
    with open(f"{path}.setup-lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def open_database(path: str | Path) -> sqlite_utils.Database:
    """Connect and make sure the schema is current (first start creates the file); safe when
    many processes start at once."""
    with setup_lock(path):
        db = connect(path)
        migrate(db)
    return db


class write_transaction:  # noqa: N801 - used like a function: `with write_transaction(db) as conn`
    """BEGIN IMMEDIATE ... COMMIT: one writer at a time, all-or-nothing.

    A plain class rather than @contextmanager: it is on the path of every move."""

    __slots__ = ("conn",)

    def __init__(self, db: sqlite_utils.Database):
        self.conn = db.conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")
