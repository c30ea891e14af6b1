"""The SQLite store: one file, WAL, durable commits, sqlite-utils migrations (migrations/referee.py).

The default: nothing to install or run besides the service. Writers take the file's single
write lock with BEGIN IMMEDIATE, so an append's check of the log's head and its insert cannot
be separated by another writer.
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from referee.plumbing.paths import MIGRATIONS
from referee.store.group_commit import Group, group_for, identity

BUSY_TIMEOUT_MS = 10_000


class SqliteConnection(sqlite3.Connection):
    """sqlite3's connection, plus what the store's SQL needs to know about its dialect
    (class attributes, so the hot path pays nothing for them)."""

    dialect = "sqlite"
    BEGIN = "BEGIN IMMEDIATE"
    # Claims need no row locks: the write transaction already holds the whole file.
    LOCK_ROWS = ""
    usable = True  # a file cannot drop the connection
    group: Group | None = None  # this process's group commit of the file (None: ":memory:")

    def lock_game(self, game_id: str) -> None:
        """Nothing to do: BEGIN IMMEDIATE serialises every writer."""


CACHE_KIB = 32 * 1024
# The process's one writer connection runs the SQL of every write transaction (group_commit.py):
# three flow test files alone run 84 distinct statements through it.
WRITER_STATEMENTS = 512


def connect(path: str | Path) -> sqlite_utils.Database:
    """A connection in WAL mode with synchronous=FULL, and the file's group commit.

    WAL + FULL fsyncs the log at every commit, so an acknowledged move survives power loss
    (WAL + NORMAL would only survive an application crash). Transactions are explicit
    (isolation_level=None) so that writers take the lock with BEGIN IMMEDIATE.
    """
    conn = _open(path)
    if str(path) not in ("", ":memory:"):
        real = os.path.realpath(path)
        conn.group = group_for(real, identity(real), lambda: _open(real, WRITER_STATEMENTS))
    return sqlite_utils.Database(conn)


def _open(path: str | Path, statements: int = 128) -> SqliteConnection:
    """`statements`: prepared statements the connection keeps (sqlite3's default is 128)."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False, factory=SqliteConnection, cached_statements=statements)
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    # Up to 32 MiB of pages per connection (SQLite's default is 2 MiB): reads that gather rows
    # scattered over a large file ("my games": 200 seats among 100k games) then stay as fast
    # as on a small one once warm (bench --only players). Pages are taken only as they are read.
    conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    return conn


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


def open_database(path: str | Path, migrate_now: bool = True) -> tuple[sqlite_utils.Database, list[str]]:
    """Connect and make sure the schema is current (first start creates the file); safe when
    many processes start at once. Returns the database and the migrations applied now."""
    with setup_lock(path):
        db = connect(path)
        applied = migrate(db) if migrate_now else []
    return db, applied

