"""Appending to and reading the hash-chained event log.

An append states the sequence number it expects to follow; if another writer got there
first it fails with SequenceConflict (the primary key (game_id, seq) backs this up), so a
game's log can never fork.
"""

from __future__ import annotations

import json
from referee.store.connection import Connection
from dataclasses import dataclass
from typing import Any, Iterator

from referee.engine.hashing import GENESIS, canonical, chain, content_digest_of_payload
from referee.store import components
from referee.store.db import IntegrityError


class SequenceConflict(Exception):
    def __init__(self, current_seq: int):
        super().__init__(f"the game is at sequence {current_seq}")
        self.current_seq = current_seq


@dataclass
class Event:
    game_id: str
    seq: int
    type: str
    seat: int | None
    payload: dict[str, Any]
    created_at: str
    digest: str
    prev_hash: str
    hash: str

    def content(self) -> dict[str, Any]:
        """What the digest commits to."""
        return event_content(self.type, self.seat, self.payload, self.created_at)

    def to_json(self) -> dict[str, Any]:
        """The served form (the payload is shared, not copied: callers only serialize it)."""
        return {"seq": self.seq, "type": self.type, "seat": self.seat, "payload": self.payload,
                "created_at": self.created_at, "digest": self.digest, "prev_hash": self.prev_hash,
                "hash": self.hash}


def event_content(etype: str, seat: int | None, payload: dict, created_at: str) -> dict[str, Any]:
    return {"type": etype, "seat": seat, "payload": payload, "created_at": created_at}


_COLUMNS = "game_id, seq, type, seat, payload, created_at, digest, prev_hash, hash"


def _row_to_event(conn: Connection, row: tuple) -> Event:
    if row[2] == "game_created":
        payload = components.join(conn, components.unpack(row[4]))
    else:
        payload = json.loads(row[4])
    return Event(row[0], row[1], row[2], row[3], payload, row[5], row[6], row[7], row[8])


def head(conn: Connection, game_id: str) -> tuple[int, str]:
    """(last seq, last hash) of a game; (0, GENESIS) when it has no events."""
    row = conn.execute("SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                       (game_id,)).fetchone()
    return (row[0], row[1]) if row else (0, GENESIS)


def append(conn: Connection, seed: bytes, game_id: str, expected_seq: int, etype: str,
           seat: int | None, payload: dict[str, Any], created_at: str, prev: str | None = None) -> Event:
    """Append one event after `expected_seq`; call inside a write transaction. The game's
    writers are serialised (SQLite's write lock, PostgreSQL's advisory lock: `lock_game`), so
    the head cannot move between the check and the insert; the primary key would refuse a
    second event at one sequence anyway. `prev`: the hash of event `expected_seq` when the
    caller knows it (read with that seq, or appended just before in this transaction): no head
    is read, and the primary key is the sequence check (sequences are contiguous and a log only
    grows, so an event at expected_seq + 1 exists exactly when the head moved on)."""
    body = canonical(payload)
    seq = expected_seq + 1
    digest = content_digest_of_payload(seed, seq, etype, seat, body, created_at)
    stored = _stored(conn, etype, payload, body)
    conn.lock_game(game_id)
    if prev is None:
        last, prev = head(conn, game_id)
        if last != expected_seq:
            raise SequenceConflict(last)
    event = Event(game_id, seq, etype, seat, payload, created_at, digest, prev, chain(prev, digest))
    try:
        conn.execute(_INSERT, _row(event, stored))
    except IntegrityError:  # the head moved on after a known `prev` (else a backstop): at seq at least
        raise SequenceConflict(seq) from None
    return event


def copy_in(conn: Connection, log: list[Event]) -> None:
    """Insert events read from another store exactly as they are there (`referee migrate-store`):
    seq, digest and hashes are never recomputed, so the copy verifies as the original does.
    Payloads are stored by this store's own rules, as `append` stores them. Inside a write
    transaction; a second event at one (game, seq) raises IntegrityError (nothing is merged).
    One statement for the lot (a pipeline on PostgreSQL, not a round trip per event)."""
    conn.executemany(_INSERT, [_row(e, _stored(conn, e.type, e.payload, canonical(e.payload))) for e in log])


def reseal(conn: Connection, seed: bytes, game_id: str, payloads: dict[int, dict[str, Any]]) -> tuple[int, str]:
    """Events rewritten with new payloads (`payloads`: seq -> payload), and every digest and hash
    from the first of them to the head recomputed, in place (the players' names moved out of a log
    recorded before issue 40, once: service/players/names_out.py; the log says so in the event the
    caller appends next). Inside a write transaction holding the game; returns (first rewritten
    seq, the head hash before)."""
    conn.lock_game(game_id)
    log = read(conn, game_id)
    old_head = log[-1].hash
    first = min(payloads)
    prev = log[first - 2].hash if first > 1 else GENESIS
    for e in log[first - 1:]:
        payload = payloads.get(e.seq, e.payload)
        body = canonical(payload)
        digest = content_digest_of_payload(seed, e.seq, e.type, e.seat, body, e.created_at)
        hashed = chain(prev, digest)
        conn.execute("UPDATE events SET payload = ?, digest = ?, prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
                     (_stored(conn, e.type, payload, body), digest, prev, hashed, game_id, e.seq))
        prev = hashed
    return first, old_head


def _stored(conn: Connection, etype: str, payload: dict[str, Any], body: bytes) -> str | bytes:
    """The payload column of a row: canonical JSON; a game_created row keeps its component data
    once per content in the components table and references it."""
    if etype == "game_created":
        parts = components.split(payload)
        if parts is not None:
            rest, sha, data = parts
            components.save(conn, sha, data)
            return components.pack(rest, conn.dialect)
    return body.decode()


_INSERT = f"INSERT INTO events ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)"


def _row(e: Event, stored: str | bytes) -> tuple:
    return (e.game_id, e.seq, e.type, e.seat, stored, e.created_at, e.digest, e.prev_hash, e.hash)


def read(conn: Connection, game_id: str, after: int = 0) -> list[Event]:
    rows = conn.execute(f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
                        (game_id, after)).fetchall()
    return [_row_to_event(conn, r) for r in rows]


def first(conn: Connection, game_id: str) -> Event | None:
    """The game_created event alone (loading a game from a snapshot needs nothing else)."""
    row = conn.execute(f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND seq = 1", (game_id,)).fetchone()
    return _row_to_event(conn, row) if row else None


def game_ids(conn: Connection, page: int = 500) -> Iterator[str]:
    """Every game's id in order, a page at a time (keyset on the primary key), so a large log is
    never read into memory at once, whatever the driver buffers."""
    last = ""
    while True:
        ids = [g for (g,) in conn.execute("SELECT game_id FROM events WHERE seq = 1 AND game_id > ? "
                                          "ORDER BY game_id LIMIT ?", (last, page)).fetchall()]
        yield from ids
        if len(ids) < page:
            return
        last = ids[-1]


def present(conn: Connection, game_ids: list[str]) -> set[str]:
    """Those of `game_ids` that have events here."""
    if not game_ids:
        return set()
    marks = ",".join("?" * len(game_ids))
    return {g for (g,) in conn.execute(f"SELECT game_id FROM events WHERE seq = 1 AND game_id IN ({marks})",
                                       game_ids).fetchall()}


def last_move_of(conn: Connection, game_id: str, seat: int) -> int:
    """The sequence of the seat's last move (0 before its first)."""
    row = conn.execute("SELECT MAX(seq) FROM events WHERE game_id = ? AND seat = ? AND type = 'move'",
                       (game_id, seat)).fetchone()
    return row[0] or 0


def count_by_type(conn: Connection) -> dict[str, int]:
    return dict(conn.execute("SELECT type, count(*) FROM events GROUP BY type").fetchall())


def created_at_of(conn: Connection, game_id: str, seq: int) -> str | None:
    """When event `seq` was appended (a takeback restores the clocks as they were then)."""
    row = conn.execute("SELECT created_at FROM events WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
    return row[0] if row else None


def last_of_types(conn: Connection, game_id: str, types: tuple[str, ...]) -> int:
    """The sequence of the game's last event of one of `types` (0 if none)."""
    marks = ",".join("?" * len(types))
    row = conn.execute(f"SELECT MAX(seq) FROM events WHERE game_id = ? AND type IN ({marks})",
                       (game_id, *types)).fetchone()
    return row[0] or 0


def of_types(conn: Connection, game_id: str, types: tuple[str, ...]) -> list[Event]:
    """The game's events of `types` only, in order (a vote's proposal and its votes)."""
    marks = ",".join("?" * len(types))
    rows = conn.execute(f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND type IN ({marks}) ORDER BY seq",
                        (game_id, *types)).fetchall()
    return [_row_to_event(conn, r) for r in rows]
