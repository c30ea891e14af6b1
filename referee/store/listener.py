"""Waking long polls when a game's log grows, on every host: PostgreSQL's LISTEN/NOTIFY.

Each appended event is announced on the channel `referee_events` by a trigger
(migrations/postgresql/0002_event_notify.sql). One listening connection per process (a daemon
thread, started by a long poll and ended after IDLE seconds without one) records the newest
sequence heard per game and wakes the waiters of that game. A waiter still re-reads the log's head from the database before answering
(the database stays the only truth), and wakes on its own every `RECHECK` seconds, so a lost
connection or a missed notification only delays an answer, never loses one.

On SQLite there is nothing to listen to: the change feed polls the head (a local file read).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import psycopg

CHANNEL = "referee_events"
RECHECK = 2.0  # seconds a waiter sleeps at most before reading the head again
IDLE = 60.0     # seconds without a long poll after which the listening connection is closed

log = logging.getLogger(__name__)


class EventListener:
    """The newest announced sequence of each game, and a way to wait for a newer one."""

    def __init__(self, url: str):
        self.url = url
        self._heard: dict[str, int] = {}
        self._changed = threading.Condition()
        self._last_wait = time.monotonic()
        self._thread: threading.Thread | None = None
        self._subscribers: list[Callable[[str, int], None]] = []

    def subscribe(self, heard: Callable[[str, int], None]) -> None:
        """Call `heard(game_id, seq)` (on the listening thread) for every announcement until
        unsubscribed; the connection stays open meanwhile (the live feed's watcher)."""
        with self._changed:
            self._subscribers.append(heard)
            self._start()

    def unsubscribe(self, heard: Callable[[str, int], None]) -> None:
        with self._changed:
            if heard in self._subscribers:
                self._subscribers.remove(heard)
            self._last_wait = time.monotonic()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="referee-listener", daemon=True)
            self._thread.start()

    def wait(self, game_id: str, after: int, timeout: float) -> None:
        """Return when an event after `after` has been announced for the game, or after
        `timeout` seconds (at most RECHECK), whichever comes first."""
        until = time.monotonic() + min(timeout, RECHECK)
        with self._changed:
            self._last_wait = time.monotonic()
            self._start()
            while self._heard.get(game_id, 0) <= after:
                left = until - time.monotonic()
                if left <= 0:
                    return
                self._changed.wait(left)

    def _idle(self) -> bool:
        return not self._subscribers and time.monotonic() - self._last_wait > IDLE

    def _run(self) -> None:
        backoff = 0.0
        while not self._idle():
            try:
                with psycopg.connect(self.url, autocommit=True, application_name="referee-listener") as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    backoff = 0.0
                    while not self._idle():
                        for note in conn.notifies(timeout=RECHECK):
                            self._heard_of(note.payload)
            except psycopg.Error as e:  # the server restarted or failed over: waiters poll meanwhile
                if backoff == 0.0:
                    log.warning("change feed listener lost its connection (%s); retrying", type(e).__name__)
                backoff = min(30.0, max(1.0, backoff * 2))
                time.sleep(backoff)

    def _heard_of(self, payload: str) -> None:
        game_id, _, seq = payload.rpartition(":")
        if not game_id or not seq.isdigit():
            return
        with self._changed:
            if int(seq) > self._heard.get(game_id, 0):
                self._heard[game_id] = int(seq)
                if len(self._heard) > 100_000:  # bounded: forget the oldest announcements
                    self._heard.pop(next(iter(self._heard)))
            self._changed.notify_all()
            subscribers = list(self._subscribers)
        for heard in subscribers:
            heard(game_id, int(seq))
