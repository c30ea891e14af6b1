"""The change feed: a game's events after a sequence, waiting for the next one (long poll)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from referee.service import read
from referee.store import events
from referee.store.db import is_postgres
from referee.store.listener import EventListener

if TYPE_CHECKING:
    from referee.service.core import Core


def wait_for_events(core: "Core", game_id: str, viewer: int | None, after: int, wait: float) -> list[dict[str, Any]]:
    """The change feed: events after `after`, waiting up to `wait` seconds (long poll) for
    the first one. Reads the log's head, so it sees appends by every process and host: on
    PostgreSQL when an append is announced (store/listener.py), on SQLite every 0.2 s."""
    until = time.monotonic() + wait
    while wait > 0 and events.head(core.db.conn, game_id)[0] <= after:
        left = until - time.monotonic()
        if left <= 0:
            break
        announced = listener(core)
        if announced is not None:
            announced.wait(game_id, after, left)
        else:
            time.sleep(min(0.2, left))
    return read.events_for(core, game_id, viewer, after)


def listener(core: "Core") -> EventListener | None:
    """This process's listener for announced appends (PostgreSQL only), started on first use."""
    if not is_postgres(core.database):
        return None
    with core._listener_lock:
        if core._listening is None:
            core._listening = EventListener(core.database)
        return core._listening
