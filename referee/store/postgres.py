"""The PostgreSQL store (psycopg 3), for several web hosts and schedulers on one database.

The store modules write portable SQL with `?` placeholders; this connection hands it to
psycopg with its `%s` placeholders. What differs between the two databases is said by the
connection's class attributes (`BEGIN`, `LOCK_ROWS`) and `lock_game`:

- an append serialises on its game with a transaction-scoped advisory lock, then checks the
  log's head, so a concurrent append at the same sequence waits and then loses with a
  conflict (the primary key (game_id, seq) backs this up); appends to other games proceed
  in parallel and their commits share WAL flushes (group commit);
- claims of outbox rows use `FOR UPDATE SKIP LOCKED`, so schedulers on several hosts never
  take one row twice and never wait for each other.

Migrations are the SQL files in migrations/postgresql/, applied in name order under a
session advisory lock, so any number of processes may start at once.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Iterable, Sequence

import psycopg

from referee.plumbing.paths import MIGRATIONS

MIGRATIONS_DIR = MIGRATIONS / "postgresql"
# pg_advisory_lock key for migrations: any constant no other code uses ("referee" in ASCII).
MIGRATION_LOCK = 0x7265_6665_7265_65


@functools.lru_cache(maxsize=1024)
def _placeholders(sql: str) -> str:
    """`?` to `%s` (and a literal `%` to `%%`): the store's SQL has no `?` inside literals."""
    return sql.replace("%", "%%").replace("?", "%s")


class PgConnection:
    """A psycopg connection in autocommit mode, where `write_transaction` issues BEGIN/COMMIT
    itself, as on SQLite. Answers `execute` with a psycopg cursor (fetchone, fetchall,
    rowcount, iteration), like sqlite3."""

    dialect = "postgresql"
    BEGIN = "BEGIN"
    LOCK_ROWS = " FOR UPDATE SKIP LOCKED"
    group = None  # no group commit in the process: the server flushes concurrent commits together

    __slots__ = ("raw",)

    def __init__(self, raw: psycopg.Connection):
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor:
        return self.raw.execute(_placeholders(sql), params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> psycopg.Cursor:
        cur = self.raw.cursor()
        cur.executemany(_placeholders(sql), list(rows))
        return cur

    def lock_game(self, game_id: str) -> None:
        """Writers of one game queue here until the holder's transaction ends (hashtext may
        map two games to one key: they then queue together, which is only slower)."""
        self.raw.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (game_id,))

    def close(self) -> None:
        self.raw.close()

    @property
    def usable(self) -> bool:
        """False once the server closed the connection (restart, failover): reconnect."""
        return not self.raw.closed and not self.raw.broken


class PgDatabase:
    """What the service holds per thread: `.conn`, like sqlite_utils.Database."""

    def __init__(self, url: str):
        self.url = url
        self.conn = PgConnection(psycopg.connect(url, autocommit=True, application_name="referee"))

    def close(self) -> None:
        self.conn.close()


def migrate(db: PgDatabase) -> list[str]:
    """Apply pending migration files (each in its own transaction); returns the names applied."""
    raw = db.conn.raw
    raw.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    try:
        raw.execute("CREATE TABLE IF NOT EXISTS referee_migrations ("
                    "name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        done = {name for (name,) in raw.execute("SELECT name FROM referee_migrations")}
        applied = []
        for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
            if path.stem in done:
                continue
            with raw.transaction():
                raw.execute(path.read_text().encode())
                raw.execute("INSERT INTO referee_migrations (name) VALUES (%s)", (path.stem,))
            applied.append(path.stem)
        return applied
    finally:
        raw.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))


def open_database(url: str, migrate_now: bool = True) -> tuple[PgDatabase, list[str]]:
    db = PgDatabase(url)
    return db, (migrate(db) if migrate_now else [])



def migration_names() -> list[str]:
    return [p.stem for p in sorted(Path(MIGRATIONS_DIR).glob("*.sql"))]
