"""Hearing that something was committed, by this process or any other, to wake a job that
waits on the log (the bots' job: a bot moves as soon as its decision opens, not at its next
tick). A wake-up is a hint: the job still reads what is due from the database.

- this process: `db.committed`, called after each of its commits;
- SQLite: another process's commit moves `PRAGMA data_version` (a read of a counter in the
  shared memory of the file), read when some process writes the file (inotify, FileWrites: every
  TICK for PENDING seconds after a write, its commit may show later) and every FALLBACK seconds
  anyway; every TICK seconds where there is no inotify;
- PostgreSQL: the process's LISTEN connection (store/listener.py) hears every append.
"""

from __future__ import annotations

import logging
import os
import select
import threading
import time
from typing import Any, Callable

from referee.store import db as store_db
from referee.store.db import is_postgres, open_with_migrations, sqlite_path

TICK = 0.05      # seconds between two looks at SQLite's commit counter (polling, or after a write)
# The cadence of a watcher that hears writes (FileWrites.next_look; the bots' job here, the live
# feed in store/watch.py): a write is heard before its commit shows (its fsync comes between),
# so the counter is looked at every tick for PENDING seconds after one, else once a FALLBACK.
PENDING = 0.2    # seconds after a write heard during which to look every tick
FALLBACK = 1.0   # seconds between two looks when no write is heard (a lost wake-up waits no longer)

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
        writes = FileWrites.open(database)
        thread = threading.Thread(target=_watch_sqlite, args=(database, wake, stop, done, writes),
                                  name="referee-commit-watch", daemon=True)
        thread.start()
        stops = [writes.poke] if writes is not None else []  # the thread ends now, not at its next look

    def close() -> None:
        done.set()
        if wake in store_db.committed:
            store_db.committed.remove(wake)
        for s in stops:
            s()
    return close


def _watch_sqlite(database: Any, wake: Callable[[], None], stop: threading.Event, done: threading.Event,
                  writes: "FileWrites | None") -> None:
    """Another process's commits: the file's commit counter, looked at after each write heard
    (`writes`; twenty times a second where there is no inotify, whether anything was written or not)."""
    try:
        db, _ = open_with_migrations(database, migrate=False)
    except Exception as e:  # the job's own tick still runs
        log.warning("cannot watch commits (%s); the job runs on its tick", type(e).__name__)
        if writes is not None:
            writes.close()
        return
    try:
        version = None
        while not (stop.is_set() or done.is_set()):
            now = db.conn.execute("PRAGMA data_version").fetchone()[0]
            if version is not None and now != version:
                wake()
            version = now
            if writes is None:
                done.wait(TICK)
            else:
                writes.next_look(TICK)
    except Exception as e:
        log.warning("stopped watching commits (%s); the job runs on its tick", type(e).__name__)
    finally:
        db.conn.close()
        if writes is not None:
            writes.close()


class FileWrites:
    """Waiting until some process writes to a SQLite file (its -wal, where a WAL-mode commit
    writes, or the file itself), or until this process pokes: the kernel's inotify wakes the
    waiter, where a look at `PRAGMA data_version` every TICK woke each worker forty times a
    second whether anything was committed or not (issue 41: with 10,000 streams open and no
    move, ~3 ms of CPU a second and a worker). A write is heard when it is made, before its
    commit is durable and visible: the caller looks until the commit shows (`data_version`).

    `open` gives None where inotify is not to be had (not Linux, no watch left): the caller
    polls as before."""

    def __init__(self, inotify: Any, names: set[str]):
        self._inotify = inotify
        self._names = names
        self._poke_r, self._poke_w = os.pipe()
        os.set_blocking(self._poke_r, False)
        os.set_blocking(self._poke_w, False)
        self._poked = False
        self._pending = 0.0  # until then, a write heard may yet show as a commit (next_look)
        self._closing = threading.Lock()  # a poke never writes to a descriptor closed meanwhile
        self._closed = False
        # poll, not select: a worker holding thousands of streams has descriptors past 1,024
        self._poll = select.poll()
        self._poll.register(inotify.fileno(), select.POLLIN)
        self._poll.register(self._poke_r, select.POLLIN)

    @classmethod
    def open(cls, database: Any) -> FileWrites | None:
        path = sqlite_path(str(database))
        if path in ("", ":memory:") or path.startswith("file:"):
            return None
        try:
            from inotify_simple import INotify, flags
            inotify = INotify()
        except (ImportError, OSError) as e:
            log.info("commits heard by polling: %s", type(e).__name__)
            return None
        directory, name = os.path.split(os.path.realpath(path))
        try:
            inotify.add_watch(directory, flags.MODIFY)
        except OSError as e:  # no watch left (fs.inotify.max_user_watches)
            log.info("commits heard by polling: %s", type(e).__name__)
            inotify.close()
            return None
        return cls(inotify, {name, name + "-wal"})

    def poke(self) -> None:
        """Wake the waiter now (from any thread; a poke not yet heard is not repeated)."""
        if self._poked:
            return
        with self._closing:
            if self._closed:
                return
            self._poked = True
            try:
                os.write(self._poke_w, b"!")
            except OSError:  # the pipe is full: a poke is waiting already
                pass

    def wait(self, timeout: float, settle: float = 0.0) -> bool:
        """Whether the file was written (or a poke came) within `timeout` seconds; when it was,
        returns `settle` seconds after the first write, with what came meanwhile taken too."""
        ready = [fd for fd, _ in self._poll.poll(timeout * 1000)]
        if not ready:
            return False
        if settle > 0:
            time.sleep(settle)
        try:  # the pipe emptied before the flag is cleared: a poke after this one wakes the next wait
            os.read(self._poke_r, 64)
        except BlockingIOError:
            pass
        self._poked = False
        wrote = any(e.name in self._names for e in self._inotify.read(timeout=0))
        return wrote or self._poke_r in ready

    def next_look(self, tick: float, settle: float = 0.0) -> bool:
        """`wait` for the watcher's next look at the commit counter: `tick` seconds for PENDING
        seconds after a write heard, else FALLBACK; whether a write (or a poke) came."""
        wrote = self.wait(tick if time.monotonic() < self._pending else FALLBACK, settle)
        if wrote:
            self._pending = time.monotonic() + PENDING
        return wrote

    def close(self) -> None:
        with self._closing:
            self._closed = True
            self._inotify.close()
            os.close(self._poke_r)
            os.close(self._poke_w)
