"""`referee bench --only appends`: durable appends per second through the event store, against
a raw SQLite insert and against the `eventsourcing` library's SQLite recorder, in one run.

Each side acknowledges an append only after the commit that holds it was fsynced, one commit
(and one fsync of the write-ahead log) per append: WAL with synchronous=FULL on all three,
read back from each side's own connection and printed. The sides take turns in blocks of 100,
so that the disk's fsync time, which drifts a lot on a shared virtual disk, weighs on all alike.

- ours: `events.append` in a write transaction (BEGIN IMMEDIATE, the head check, canonical
  JSON, the keyed digest and the hash chain, one insert, COMMIT);
- raw: BEGIN IMMEDIATE, one insert of a row of the same shape, COMMIT: what any append that
  commits once per event costs at least, so `ceiling` (raw over eventsourcing) is the most any
  such append can reach against the library on this disk;
- eventsourcing: an aggregate with one new domain event per `Application.save` (its mapper
  encodes the event, its `SQLiteApplicationRecorder` inserts it: BEGIN, INSERT, COMMIT on a
  pooled connection), the library installed on demand (benchkit.ensure_eventsourcing).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any, Callable

from referee.ops.benchkit import ensure_eventsourcing
from referee.store import events
from referee.store.db import open_database, write_transaction
from referee.store.sqlite import connect

BLOCK = 100
TARGET = 2.0  # ours over eventsourcing (issue 41)
PAYLOAD = {"move": {"type": "travel", "people": "medes"}, "chance": [], "state_hash": "0" * 64}
STAMP = "2026-01-01T00:00:00.000000Z"


def _durability(execute: Callable[[str], Any]) -> str:
    journal, sync = execute("PRAGMA journal_mode")[0], execute("PRAGMA synchronous")[0]
    name = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(sync, str(sync))
    return f"journal_mode={journal}, synchronous={name}: " + (
        "the log is fsynced at every commit" if journal.lower() == "wal" and sync >= 2 else "NOT fsynced at every commit")


def _ours(workdir: Path) -> tuple[Callable[[int], None], str]:
    db = open_database(workdir / "store.db")
    seed = os.urandom(32)

    def block(start: int) -> None:
        for i in range(start, start + BLOCK):
            with write_transaction(db) as conn:
                events.append(conn, seed, "bench", i, "move", 0, PAYLOAD, STAMP)
    return block, _durability(lambda q: db.conn.execute(q).fetchone())


def _raw(workdir: Path) -> tuple[Callable[[int], None], str]:
    raw = connect(workdir / "raw.db").conn
    raw.execute("CREATE TABLE raw (game_id TEXT, seq INTEGER, type TEXT, seat INTEGER, payload TEXT, "
                "created_at TEXT, digest TEXT, prev_hash TEXT, hash TEXT, PRIMARY KEY (game_id, seq)) WITHOUT ROWID")
    body = json.dumps(PAYLOAD)

    def block(start: int) -> None:
        for i in range(start, start + BLOCK):
            raw.execute("BEGIN IMMEDIATE")
            raw.execute("INSERT INTO raw VALUES (?,?,?,?,?,?,?,?,?)",
                        ("bench", i + 1, "move", 0, body, STAMP, "d" * 64, "p" * 64, "h" * 64))
            raw.execute("COMMIT")
    return block, _durability(lambda q: raw.execute(q).fetchone())


def _eventsourcing(workdir: Path) -> tuple[Callable[[int], None], str]:
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Game(Aggregate):
        @event("Moved")
        def move(self, seq: int, seat: int, payload: dict) -> None:
            self.seq = seq

    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(workdir / "es.db")})
    game = Game()
    app.save(game)

    def block(start: int) -> None:
        for i in range(start, start + BLOCK):
            game.move(i + 1, 0, PAYLOAD)
            app.save(game)

    def execute(query: str) -> Any:
        with app.recorder.datastore.transaction(commit=False) as cursor:
            cursor.execute(query)
            return cursor.fetchone()
    return block, _durability(execute)


def bench_appends(workdir: Path, n: int) -> dict[str, Any]:
    """`n` appends on each side (rounded down to blocks of 100), in alternating blocks."""
    missing = ensure_eventsourcing()
    sides = {"ours": _ours(workdir), "raw": _raw(workdir)}
    if not missing:
        sides["eventsourcing"] = _eventsourcing(workdir)
    spent = dict.fromkeys(sides, 0.0)
    ratios: dict[str, list[float]] = {"raw": [], "eventsourcing": []}
    for start in range(0, n - BLOCK + 1, BLOCK):
        took = {}
        for name, (block, _) in sides.items():
            t0 = time.perf_counter()
            block(start)
            took[name] = time.perf_counter() - t0
            spent[name] += took[name]
        for other in ratios:
            if other in took:
                ratios[other].append(took[other] / took["ours"])
    done = (n // BLOCK) * BLOCK
    rate = {name: round(done / spent[name], 1) for name in sides}
    out: dict[str, Any] = {
        "appends_per_side": done, "blocks": len(ratios["raw"]),
        "durability": {name: how for name, (_, how) in sides.items()},
        "appends_per_s": rate,
        "ours_over_raw": round(rate["ours"] / rate["raw"], 3),
        "ours_over_raw_median_block": round(statistics.median(ratios["raw"]), 3),
    }
    if missing:
        return {**out, "eventsourcing": {"skipped": missing}}
    # fsync time on a virtual disk jitters a lot: the median block ratio resists outlier blocks
    return {**out,
            "ours_over_eventsourcing": round(rate["ours"] / rate["eventsourcing"], 3),
            "ours_over_eventsourcing_median_block": round(statistics.median(ratios["eventsourcing"]), 3),
            "ceiling_raw_over_eventsourcing": round(rate["raw"] / rate["eventsourcing"], 3),
            "target": f"ours_over_eventsourcing >= {TARGET}"}
