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

`cpu_us_per_append`: the CPU each side spends per append, the kernel's part of the fsync
included (one at a time: the bench thread's; 16 at once: the process's, the sides taking turns),
which other processes on a shared machine disturb less than the rates.

That is one appender at a time. The service appends from many threads at once (a worker's
Flask threads), and there our SQLite store commits overlapping write transactions together
(store/group_commit.py): one fsync acknowledges a whole batch, never an append before the fsync
that holds it. `concurrent` measures that: APPENDERS threads per side, each appending to a
game (aggregate) of its own, the sides taking turns in rounds. Ours: a connection per thread as
the service holds them (the batches run on the process's writer connection to the file). Raw and eventsourcing still commit once per append; their writers take
turns on a lock in the process (the library's pool has one; raw gets one too, rather than
sleeping in SQLite's busy handler), so `ceiling` stays what a commit per append can reach.
"""

from __future__ import annotations

import json
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any, Callable

from referee.ops.benchkit import ensure_eventsourcing
from referee.store import events
from referee.store.db import open_database, write_transaction
from referee.store.sqlite import connect

BLOCK = 100
APPENDERS = 16  # threads per side in `concurrent`: a worker serves 16 requests at once (REFEREE_THREADS)
PER_ROUND = 12  # appends per thread per round
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


def _threads(run: Callable[[int, int], None], start: int) -> float:
    """Seconds for APPENDERS threads to do PER_ROUND appends each (`run(thread, first index)`),
    started together."""
    gate = threading.Barrier(APPENDERS + 1)

    def one(t: int) -> None:
        gate.wait()
        run(t, start)
    threads = [threading.Thread(target=one, args=(t,)) for t in range(APPENDERS)]
    for t in threads:
        t.start()
    gate.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    return time.perf_counter() - t0


def _ours_concurrent(workdir: Path) -> tuple[Callable[[int], float], Any]:
    path = workdir / "store-concurrent.db"
    dbs = [open_database(path) for _ in range(APPENDERS)]
    seed = os.urandom(32)

    def run(t: int, start: int) -> None:
        for i in range(start, start + PER_ROUND):
            with write_transaction(dbs[t]) as conn:
                events.append(conn, seed, f"bench-{t}", i, "move", 0, PAYLOAD, STAMP)
    return lambda start: _threads(run, start), dbs[0].conn.group


def _raw_concurrent(workdir: Path) -> Callable[[int], float]:
    path = workdir / "raw-concurrent.db"
    conns = [connect(path).conn for _ in range(APPENDERS)]
    conns[0].execute("CREATE TABLE raw (game_id TEXT, seq INTEGER, type TEXT, seat INTEGER, payload TEXT, "
                     "created_at TEXT, digest TEXT, prev_hash TEXT, hash TEXT, PRIMARY KEY (game_id, seq)) WITHOUT ROWID")
    body = json.dumps(PAYLOAD)
    turn = threading.Lock()

    def run(t: int, start: int) -> None:
        raw = conns[t]
        for i in range(start, start + PER_ROUND):
            with turn:
                raw.execute("BEGIN IMMEDIATE")
                raw.execute("INSERT INTO raw VALUES (?,?,?,?,?,?,?,?,?)",
                            (f"bench-{t}", i + 1, "move", 0, body, STAMP, "d" * 64, "p" * 64, "h" * 64))
                raw.execute("COMMIT")
    return lambda start: _threads(run, start)


def _eventsourcing_concurrent(workdir: Path) -> Callable[[int], float]:
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Game(Aggregate):
        @event("Moved")
        def move(self, seq: int, seat: int, payload: dict) -> None:
            self.seq = seq

    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                           "SQLITE_DBNAME": str(workdir / "es-concurrent.db")})
    games = [Game() for _ in range(APPENDERS)]
    app.save(*games)

    def run(t: int, start: int) -> None:
        for i in range(start, start + PER_ROUND):
            games[t].move(i + 1, 0, PAYLOAD)
            app.save(games[t])
    return lambda start: _threads(run, start)


def bench_concurrent(workdir: Path, n: int, with_eventsourcing: bool) -> dict[str, Any]:
    """About `n` appends per side from APPENDERS threads at once, the sides in alternating rounds."""
    ours, group = _ours_concurrent(workdir)
    sides: dict[str, Callable[[int], float]] = {"ours": ours, "raw": _raw_concurrent(workdir)}
    if with_eventsourcing:
        sides["eventsourcing"] = _eventsourcing_concurrent(workdir)
    per_round = APPENDERS * PER_ROUND
    rounds = max(1, n // per_round)
    commits, committed = group.commits, group.committed
    spent, cpu = dict.fromkeys(sides, 0.0), dict.fromkeys(sides, 0.0)
    ratios: dict[str, list[float]] = {other: [] for other in sides if other != "ours"}
    for r in range(rounds):
        took = {}
        for name, run in sides.items():
            c0 = time.process_time()  # every thread of the process: the side's alone while it runs
            took[name] = run(r * PER_ROUND)
            cpu[name] += time.process_time() - c0
        for name in sides:
            spent[name] += took[name]
        for other in ratios:
            ratios[other].append(took[other] / took["ours"])
    done = rounds * per_round
    rate = {name: round(done / spent[name], 1) for name in sides}
    out: dict[str, Any] = {
        "appenders": APPENDERS, "appends_per_side": done, "rounds": rounds, "appends_per_s": rate,
        "cpu_us_per_append": {name: round(cpu[name] / done * 1e6, 1) for name in sides},
        "ours_appends_per_commit": round((group.committed - committed) / max(1, group.commits - commits), 2),
        "ours_over_raw": round(rate["ours"] / rate["raw"], 3),
    }
    if with_eventsourcing:
        out.update({
            "ours_over_eventsourcing": round(rate["ours"] / rate["eventsourcing"], 3),
            "ours_over_eventsourcing_median_round": round(statistics.median(ratios["eventsourcing"]), 3),
            "ceiling_raw_over_eventsourcing": round(rate["raw"] / rate["eventsourcing"], 3)})
    return out


def bench_appends(workdir: Path, n: int) -> dict[str, Any]:
    """`n` appends on each side (rounded down to blocks of 100), in alternating blocks, one
    appender at a time; then about `n` per side from APPENDERS appenders at once (`concurrent`)."""
    missing = ensure_eventsourcing()
    sides = {"ours": _ours(workdir), "raw": _raw(workdir)}
    if not missing:
        sides["eventsourcing"] = _eventsourcing(workdir)
    spent, cpu = dict.fromkeys(sides, 0.0), dict.fromkeys(sides, 0.0)
    ratios: dict[str, list[float]] = {"raw": [], "eventsourcing": []}
    for start in range(0, n - BLOCK + 1, BLOCK):
        took = {}
        for name, (block, _) in sides.items():
            t0, c0 = time.perf_counter(), time.thread_time()
            block(start)
            took[name] = time.perf_counter() - t0
            spent[name] += took[name]
            cpu[name] += time.thread_time() - c0
        for other in ratios:
            if other in took:
                ratios[other].append(took[other] / took["ours"])
    done = (n // BLOCK) * BLOCK
    rate = {name: round(done / spent[name], 1) for name in sides}
    out: dict[str, Any] = {
        "appends_per_side": done, "blocks": len(ratios["raw"]),
        "durability": {name: how for name, (_, how) in sides.items()},
        "appends_per_s": rate,
        # CPU (this thread's, the kernel's part of the fsync included): what other processes on the
        # machine disturb less than the rates
        "cpu_us_per_append": {name: round(cpu[name] / done * 1e6, 1) for name in sides},
        "ours_over_raw": round(rate["ours"] / rate["raw"], 3),
        "ours_over_raw_median_block": round(statistics.median(ratios["raw"]), 3),
    }
    concurrent = bench_concurrent(workdir, n, not missing)
    if missing:
        return {**out, "eventsourcing": {"skipped": missing}, "concurrent": concurrent}
    # fsync time on a virtual disk jitters a lot: the median block ratio resists outlier blocks
    return {**out,
            "ours_over_eventsourcing": round(rate["ours"] / rate["eventsourcing"], 3),
            "ours_over_eventsourcing_median_block": round(statistics.median(ratios["eventsourcing"]), 3),
            "ceiling_raw_over_eventsourcing": round(rate["raw"] / rate["eventsourcing"], 3),
            "concurrent": concurrent,
            "target": f"ours_over_eventsourcing >= {TARGET} with {APPENDERS} appenders at once "
                      "(concurrent), one fsync per acknowledged append on every side"}
