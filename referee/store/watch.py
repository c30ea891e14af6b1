"""Waking the live feed's waiters when a game's log grows: one watcher per process, no polling
per connection.

Waiters are coroutines on the event loop (referee/asgi/feed.py); each waits for a game's head
to pass a sequence. One thread per process learns the heads of the games someone waits on:

- SQLite: when any process writes to the file (inotify, store/commits.py FileWrites; where
  there is none, every TICK seconds and at once after a commit by this process), and every
  FALLBACK seconds (store/commits.py) whatever it heard, it asks the file whether anything was committed since it
  last looked (`PRAGMA data_version`, a read of a counter; every TICK for PENDING seconds after
  a write, which is heard before its commit shows), and only then reads what moved since its
  last look (`changed_heads`: the rows a trigger adds to head_changes for each appended event,
  message and credential mark), so a look costs what a commit changed, not what is watched; a
  game newly waited on has its head read at once. With no move, a worker's watcher wakes once
  every FALLBACK seconds, not forty times a second (issue 41).
- PostgreSQL: the process's LISTEN connection (store/listener.py) reports every append at
  once; the heads are also re-read every RECHECK seconds, so a lost notification or a dropped
  connection delays a wake-up, never loses one.

The database stays the only truth: a waiter woken here still reads its events from the store.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from typing import Any

from referee.store import db as store_db
from referee.store.commits import FileWrites
from referee.store.db import is_postgres, open_with_migrations
from referee.store.listener import EventListener

TICK = 0.025      # seconds between two looks at SQLite's commit counter
# After a commit of this process, the look waits this long: the commit's own answer (a move's,
# in a thread of this process) goes out first, and the streams' reads do not delay it. A tick:
# the host's other workers, which look every TICK, mostly render the move for the streams first
# (asgi/hostframes.py), and this one reads their frames back instead of narrating it mid-answer.
DEFER = 0.025
RECHECK = 2.0     # seconds between two full head reads on PostgreSQL
SLICE = 0.05     # seconds: the waits that time out within one share a timer
IDLE = 30.0       # seconds without a waiter after which the watcher thread ends
CHUNK = 500       # game ids per head query (SQLite's parameter limit is far above)

log = logging.getLogger(__name__)


class HeadWatcher:
    """The newest known sequence of each watched game, and waiting for it to pass a number.

    `wait` runs on one event loop; the thread only posts heads to that loop."""

    def __init__(self, database: str, hear_writes: bool = True):
        self.database = database
        self.hear_writes = hear_writes  # False: poll every TICK even where inotify is to be had
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, dict[asyncio.Future, int]] = {}  # game -> {future: after}
        self._heads: dict[str, int] = {}                          # watched games only (loop side)
        self._expiries: dict[tuple[int, int], set[asyncio.Future]] = {}  # (loop, slice) -> waits ending then
        self._lock = threading.Lock()
        self._watched: set[str] = set()   # thread side copies, under _lock
        self._new: set[str] = set()
        self._last_waiter = time.monotonic()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._listener: EventListener | None = None
        self._poke = threading.Event()
        self._writes: FileWrites | None = None  # the thread's inotify of the SQLite file, while it runs

    # -- the event loop's side ------------------------------------------------------------

    def head(self, game_id: str) -> int | None:
        """The newest sequence heard of for a watched game (None before its first read)."""
        return self._heads.get(game_id)

    async def wait(self, game_id: str, after: int, timeout: float) -> int | None:
        """The game's head once it is known to be past `after`; None after `timeout` seconds."""
        passed = await self.wait_any({game_id: after}, timeout)
        return passed.get(game_id)

    async def wait_any(self, marks: dict[str, int], timeout: float) -> dict[str, int]:
        """The heads of the watched keys that passed their mark ({key: after}), as soon as one
        does; {} after `timeout` seconds. A stream waits so on its log, its table talk and its
        reader's credentials at once (CREDENTIAL_KEYS)."""
        passed = self._passed(marks)
        if passed:
            return passed
        loop = asyncio.get_running_loop()
        self._loop = loop
        future: asyncio.Future = loop.create_future()
        for key, after in marks.items():
            waiters = self._waiters.setdefault(key, {})
            waiters[future] = after
            if len(waiters) == 1:
                with self._lock:
                    self._watched.add(key)
                    self._new.add(key)
                writes = self._writes
                if writes is not None:  # its head read now, not at the next write or FALLBACK
                    writes.poke()
        self._ensure_thread()
        expiry = self._expiry(loop, future, timeout)
        try:
            await future
            return self._passed(marks)
        finally:
            expiry.discard(future)
            for key in marks:
                waiters = self._waiters.get(key, {})
                waiters.pop(future, None)
                if not waiters:
                    self._waiters.pop(key, None)
                    self._heads.pop(key, None)
                    with self._lock:
                        self._watched.discard(key)
                        self._last_waiter = time.monotonic()

    def _expiry(self, loop: asyncio.AbstractEventLoop, future: asyncio.Future, timeout: float) -> set:
        """Ends the wait of `future` after `timeout` seconds (rounded up to the next SLICE):
        waits that end in the same slice share one timer, lighter than a timer each (or
        asyncio.wait_for) when thousands of streams wait for their next keep-alive."""
        slot = (id(loop), math.ceil((loop.time() + timeout) / SLICE))
        group = self._expiries.get(slot)
        if group is None:
            group = self._expiries[slot] = set()
            loop.call_at(slot[1] * SLICE, self._expire, slot)
        group.add(future)
        return group

    def _expire(self, slot: tuple[int, int]) -> None:
        for future in self._expiries.pop(slot, ()):
            if not future.done():
                future.set_result(None)

    def _passed(self, marks: dict[str, int]) -> dict[str, int]:
        return {key: self._heads[key] for key, after in marks.items() if self._heads.get(key, -1) > after}

    def _advance(self, heads: dict[str, int]) -> None:
        """On the loop: record heads and wake the waiters they pass. Only a head that moved can
        pass a waiter (one waits only while the known head is not past its mark, or unknown), so
        the thread's every read of all watched heads costs the loop a lookup per unmoved key,
        not a look at each of its waiters (issue 41: 10,000 streams on one host)."""
        for game_id, seq in heads.items():
            waiters = self._waiters.get(game_id)
            if waiters is None or seq <= self._heads.get(game_id, -1):
                continue
            self._heads[game_id] = seq
            for future, after in list(waiters.items()):
                if seq > after and not future.done():
                    future.set_result(seq)

    def _post(self, heads: dict[str, int]) -> None:
        loop = self._loop
        if heads and loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._advance, heads)
            except RuntimeError:  # the loop closed meanwhile (shutdown)
                pass

    def close(self) -> None:
        """Stop the thread (the app's shutdown); waiters time out on their own."""
        self._closed = True

    # -- the watching thread ----------------------------------------------------------------

    def _ensure_thread(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._closed = False
                self._thread = threading.Thread(target=self._run, name="referee-head-watcher", daemon=True)
                self._thread.start()

    def _idle(self) -> bool:
        with self._lock:
            return self._closed or (not self._watched and time.monotonic() - self._last_waiter > IDLE)

    def _run(self) -> None:
        backoff = 0.0
        while not self._idle():
            try:
                db, _ = open_with_migrations(self.database, migrate=False)
                try:
                    backoff = 0.0
                    if is_postgres(self.database):
                        self._watch_postgres(db.conn)
                    else:
                        self._watch_sqlite(db.conn)
                finally:
                    db.conn.close()
            except Exception as e:  # a database restart: waiters keep waiting, wake-ups resume after
                log.warning("live feed watcher lost the database (%s); retrying", type(e).__name__)
                backoff = min(10.0, max(0.5, backoff * 2))
                time.sleep(backoff)

    def _take(self, everything: bool) -> list[str]:
        with self._lock:
            games = list(self._watched) if everything else list(self._new & self._watched)
            self._new.clear()
            return games

    def _watch_sqlite(self, conn: Any) -> None:
        writes = self._writes = FileWrites.open(self.database) if self.hear_writes else None
        if writes is None:  # no inotify: a look every TICK, and at once after this process commits
            store_db.committed.append(self._poke.set)
        version = last = None
        try:
            while not self._idle():
                now = conn.execute("PRAGMA data_version").fetchone()[0]
                moved: dict[str, int] | None = {}
                if now != version:
                    version = now
                    moved, last = changed_heads(conn, last)
                    if moved:
                        with self._lock:
                            moved = {k: v for k, v in moved.items() if k in self._watched}
                        self._post(moved)
                games = self._take(everything=moved is None)
                if games:
                    self._post(read_heads(conn, games))
                if writes is not None:
                    writes.next_look(TICK, DEFER)
                    continue
                if self._poke.wait(TICK):
                    time.sleep(DEFER)
                self._poke.clear()
        finally:
            self._writes = None
            if writes is not None:
                writes.close()
            else:
                store_db.committed.remove(self._poke.set)

    def _watch_postgres(self, conn: Any) -> None:
        listener = self._listener = self._listener or EventListener(self.database)

        def on_heard(game_id: str, seq: int) -> None:  # the listener's thread: hand over at once
            self._post({game_id: seq})

        listener.subscribe(on_heard)
        try:
            last_full = 0.0
            while not self._idle():
                everything = time.monotonic() - last_full > RECHECK
                games = self._take(everything)
                if everything:
                    last_full = time.monotonic()
                if games:
                    self._post(read_heads(conn, games))
                time.sleep(TICK)
        finally:
            listener.unsubscribe(on_heard)


MESSAGES = "/messages"  # a watched key `<game_id>/messages` is the head of the game's table talk
SEATS = "/seats"        # `<game_id>/seats`: moves when a seat's credential may have died
PLAYER_TOKENS = "players/tokens"  # moves when a player token or session is revoked


def seats_key(game_id: str) -> str:
    return game_id + SEATS


def changed_heads(conn: Any, last: int | None) -> tuple[dict[str, int] | None, int]:
    """SQLite: the keys that moved after change number `last` with their newest heads, and the
    newest change number (head_changes, migrations/referee.py m020): a look after a commit reads
    the rows of what that commit changed, whatever the number of watched keys (issue 41). None
    instead of the heads when the changes cannot tell (the first look, or rows dropped past
    `last`): the caller then reads every watched head (read_heads)."""
    if last is None:
        return None, conn.execute("SELECT COALESCE(MAX(change), 0) FROM head_changes").fetchone()[0]
    rows = conn.execute("SELECT change, key, head FROM head_changes WHERE change > ? ORDER BY change",
                        (last,)).fetchall()
    if not rows:
        return {}, last
    heads: dict[str, int] = {}
    for _, key, head in rows:
        heads[key] = max(head, heads.get(key, head))
    return (heads if rows[0][0] == last + 1 else None), rows[-1][0]


def read_heads(conn: Any, games: list[str]) -> dict[str, int]:
    """The last sequence of each watched key: a game's events (0 for a game without events),
    for `<game_id>/messages` its messages' chain (0 before the first), and for a credential key
    (`<game_id>/seats`, `players/tokens`) its mark in credential_marks (0 before the first)."""
    heads = dict.fromkeys(games, 0)
    marks = [g for g in games if g.endswith(SEATS) or g == PLAYER_TOKENS]
    for i in range(0, len(marks), CHUNK):
        chunk = marks[i:i + CHUNK]
        heads.update(conn.execute(f"SELECT key, mark FROM credential_marks WHERE key IN ({','.join('?' * len(chunk))})",
                                  chunk).fetchall())
    talk = [g[:-len(MESSAGES)] for g in games if g.endswith(MESSAGES)]
    logs = [g for g in games if not g.endswith(MESSAGES) and g not in marks]
    # One seek to each game's last row (the primary key's (game_id, seq) order), not a scan of
    # all its rows as `WHERE game_id IN (...) GROUP BY game_id` did: every worker reads these
    # heads after each commit, 0.14 ms for 4 games of 156 events, 0.014 ms so (issue 41).
    for table, keys, suffix in (("events", logs, ""), ("messages", talk, MESSAGES)):
        for i in range(0, len(keys), CHUNK):
            chunk = keys[i:i + CHUNK]
            rows = ",".join(["(CAST(? AS TEXT))"] * len(chunk))
            for game_id, seq in conn.execute(
                    f"SELECT k.column1, (SELECT MAX(seq) FROM {table} t WHERE t.game_id = k.column1) "
                    f"FROM (VALUES {rows}) AS k", chunk).fetchall():
                if seq is not None:
                    heads[game_id + suffix] = seq
    return heads
