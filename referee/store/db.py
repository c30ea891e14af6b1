"""Which database a URL names, opening it (migrated), and write transactions.

`REFEREE_DATABASE` is a SQLite file (a path, or `sqlite:///absolute/path.db`) or a PostgreSQL
server (`postgresql://user@host/db`, any libpq URL). Both stores give the same guarantees and
answer the same SQL from the store modules; sqlite.py and postgres.py hold what differs.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Callable, Protocol

import psycopg

from referee.store import group_commit, postgres, sqlite

# What a refused insert (a second row for a primary or unique key) raises, on either database.
IntegrityError = (sqlite3.IntegrityError, psycopg.IntegrityError)
# What a lost connection or an unreachable server raises.
OperationalError = (sqlite3.OperationalError, psycopg.OperationalError)


class Database(Protocol):
    conn: Any


def is_postgres(url: str) -> bool:
    return str(url).startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str) -> str:
    """The file of a SQLite URL or path (`sqlite:///abs/x.db` is /abs/x.db, like file:// URLs)."""
    url = str(url)
    return url[len("sqlite://"):] if url.startswith("sqlite://") else url


def open_database(url: Any) -> Database:
    """Connect and make sure the schema is current (the first start creates it); safe when
    many processes start at once."""
    return open_with_migrations(url)[0]


def open_with_migrations(url: Any, migrate: bool = True) -> tuple[Database, list[str]]:
    """The database and the names of the migrations applied now (`referee init-db`)."""
    if is_postgres(url):
        return postgres.open_database(str(url), migrate)
    return sqlite.open_database(sqlite_path(url), migrate)


def is_empty(db: Database) -> bool:
    """No event, player or tournament (migrate-store refuses to copy into a database that has any)."""
    return all(db.conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is None
               for table in ("events", "players", "tournaments"))


def usable(db: Database) -> bool:
    """Whether a per-thread connection can still be used (a PostgreSQL server may have closed it)."""
    return db.conn.usable


def redacted(url: Any) -> str:
    """The URL without its password, for logs and messages."""
    url = str(url)
    if not is_postgres(url):
        return url
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://…"
    host, name = info.get("host", ""), info.get("dbname", "")
    return f"postgresql://{info.get('user', '')}@{host}{':' + str(info['port']) if info.get('port') else ''}/{name}"


# Called after each commit of this process (the live feed's SQLite watcher then looks at once
# instead of at its next tick, store/watch.py); each must be cheap and must not raise.
committed: list[Callable[[], None]] = []


def write_transaction(db: Database) -> Any:
    """`with write_transaction(db) as conn`: BEGIN ... COMMIT, all-or-nothing, and no return
    before the commit is durable. On SQLite, BEGIN IMMEDIATE (one writer at a time), and the
    transactions of this process's threads that overlap share one COMMIT (group_commit.py); on
    PostgreSQL, writers of different games run side by side (see postgres.py)."""
    group = db.conn.group
    return _Plain(db) if group is None else group_commit.Transaction(db, group, committed)


def warm_read(db: Database) -> Any:
    """`with warm_read(db) as conn`: one short read where the page cache is warm (SQLite: the
    process's writer connection when it is idle, group_commit.WarmRead; else the thread's own)."""
    return group_commit.WarmRead(db, db.conn.group)


class _Plain:
    """One transaction of its own. A plain class rather than @contextmanager: it is on the path
    of every move."""

    __slots__ = ("conn",)

    def __init__(self, db: Database):
        self.conn = db.conn

    def __enter__(self) -> Any:
        self.conn.execute(self.conn.BEGIN)
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")
        if exc_type is None:
            for hook in committed:
                hook()
