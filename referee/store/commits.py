"""Hearing that something was committed, by this process or any other, to wake a job that
waits on the log (the bots' job: a bot moves as soon as its decision opens, not at its next
tick). A wake-up is a hint: the job still reads what is due from the database.

- this process: `db.committed`, called after each of its commits;
- SQLite: another process's commit moves `PRAGMA data_version`, read every TICK seconds
  (a read of a counter in the shared memory of the file);
- PostgreSQL: the process's LISTEN connection (store/listener.py) hears every append.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from referee.store import db as store_db
from referee.store.db import is_postgres, open_with_migrations

TICK = 0.05   # seconds between two looks at SQLite's commit counter

log = logging.getLogger(__name__)


def on_commits(database: Any, wake: Callable[[], None], stop: threading.Event) -> Callable[[], None]:
    """Call `wake` after every commit to `database` until `stop` is set or the returned
    function is called (which stops hearing)."""
    store_db.committed.append(wake)
    done = threading.Event()
    if is_postgres(database):
        from referee.store.listener import EventListener
        listener = EventListener(str(database))
        heard = lambda game_id, seq: wake()  # noqa: E731
        listener.subscribe(heard)
        stops: list[Callable[[], None]] = [lambda: listener.unsubscribe(heard)]
    else:
        thread = threading.Thread(target=_watch_sqlite, args=(database, wake, stop, done),
                                  name="referee-commit-watch", daemon=True)
        thread.start()
        stops = []

    def close() -> None:
        done.set()
        if wake in store_db.committed:
            store_db.committed.remove(wake)
        for s in stops:
            s()
    return close


def _watch_sqlite(database: Any, wake: Callable[[], None], stop: threading.Event, done: threading.Event) -> None:
    try:
        db, _ = open_with_migrations(database, migrate=False)
    except Exception as e:  # the job's own tick still runs
        log.warning("cannot watch commits (%s); the job runs on its tick", type(e).__name__)
        return
    try:
        version = None
        while not (stop.is_set() or done.is_set()):
            now = db.conn.execute("PRAGMA data_version").fetchone()[0]
            if version is not None and now != version:
                wake()
            version = now
            done.wait(TICK)
    except Exception as e:
        log.warning("stopped watching commits (%s); the job runs on its tick", type(e).__name__)
    finally:
        db.conn.close()
