"""`referee bench` figures for scale on one machine (issue 13), each against its anchor from
the same run, repeated for a median and a spread:

- game lists (all, by status, by game, by player, a deep keyset page) at `games` vs `anchor`
  games in one SQLite file;
- the scheduler's pass with nothing due at `games` vs `anchor` clocked games, and a pass of
  1,000 due timeouts while a client keeps moving in another game;
- rebuilding a game from scratch vs the `eventsourcing` library on the same stream and rules;
- stored bytes per new Babel game; memory per cached game.

Large databases are seeded directly (`seed_listing`): the projections the lists and the
scheduler read (games, players, deadlines), thousands of rows per second, not played games.
"""

from __future__ import annotations

import gc
from collections import Counter
import json
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

from referee.engine.registry import GAME_IDS
from referee.store.db import open_database
from referee.ops.benchkit import ensure_eventsourcing

NOW = 1_900_000_000.0  # the benchmark's "now" (seeded deadlines lie after it)
TWO = [{"name": "Ada"}, {"name": "Bo"}]


def _iso(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ts)) + f".{int(ts % 1 * 1e6):06d}Z"


def seed_listing(path: Path, n: int, seed: int = 1) -> dict[str, Any]:
    """A database with `n` clocked games' projections: statuses, kinds and update times spread
    as in a long-running instance, 2-4 players each from a pool of n/10 names (so a player has
    about the same number of games at any size), and a deadline row for each active game."""
    rnd = random.Random(seed)
    db = open_database(path)
    conn = db.conn
    conn.execute("PRAGMA synchronous=OFF")  # seeding only; the service opens its own connections
    pool = [f"player{i}" for i in range(max(50, n // 10))]
    games, players, deadlines = [], [], []
    for i in range(n):
        gid = f"{rnd.getrandbits(64):016x}"
        status = rnd.choices(("active", "paused", "finished"), (70, 5, 25))[0]
        updated = NOW - rnd.uniform(0, 365 * 86400)
        result = json.dumps({"winner": 0, "winners": [0], "scores": [3, 1], "ranking": [0, 1], "reason": "end"})
        games.append((gid, rnd.choice(GAME_IDS), status, rnd.randint(1, 200), "[0]",
                      result if status == "finished" else None, _iso(updated - 86400), _iso(updated),
                      NOW + rnd.uniform(3600, 86400 * 14) if status == "paused" else None))
        players += [(gid, s, rnd.choice(pool)) for s in range(rnd.randint(2, 4))]
        if status == "active":  # every game is clocked; paused and finished ones have no open deadline
            due = NOW + rnd.uniform(7200, 3 * 86400)  # nothing due, no reminder due
            deadlines.append((gid, 0, 5, due, json.dumps([due - 3600]), due - 3600))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (id, game, status, seq, to_move, result, created_at, updated_at, resume_at) "
                     "VALUES (?,?,?,?,?,?,?,?,?)", games)
    conn.executemany("INSERT INTO game_players (game_id, seat, name) VALUES (?,?,?)", players)
    conn.executemany("INSERT INTO deadlines (game_id, seat, opened_seq, due_at, reminders, next_reminder_at) "
                     "VALUES (?,?,?,?,?,?)", deadlines)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    middle = sorted(g[7] for g in games)[len(games) // 2] if games else ""
    counts = Counter(name for _, _, name in players)
    typical = sorted(counts.values())[len(counts) // 2] if counts else 0  # the same at any size
    return {"games": n, "player": next((p for p in pool if counts[p] == typical), pool[0]), "middle": middle}


def _timed(fn: Callable[[], Any], calls: int) -> float:
    """Median seconds of `calls` calls."""
    out = []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def _compare(cases: dict[str, tuple[Callable[[], Any], Callable[[], Any]]], rounds: int, calls: int) -> dict[str, Any]:
    """Each case is (anchor call, large call); per round both are timed back to back, and the
    ratio large/anchor of that round is kept: median ratio and its spread over the rounds."""
    out: dict[str, Any] = {}
    for name, (small, large) in cases.items():
        small(); large()  # warm the page cache and the statement caches
        ts, tl, ratios = [], [], []
        for _ in range(rounds):
            a, b = _timed(small, calls), _timed(large, calls)
            ts.append(a); tl.append(b); ratios.append(b / a)
        out[name] = {"anchor_ms": round(statistics.median(ts) * 1000, 3), "large_ms": round(statistics.median(tl) * 1000, 3),
                     "ratio": round(statistics.median(ratios), 3), "spread": [round(min(ratios), 3), round(max(ratios), 3)]}
    return out


def bench_lists(workdir: Path, games: int, anchor: int, rounds: int = 7, calls: int = 15) -> dict[str, Any]:
    """GET /games through the Flask app (JSON included), on `anchor` vs `games` games."""
    from referee.app import create_app
    from referee.plumbing.config import Config
    clients, info = [], []
    for n in (anchor, games):
        path = workdir / f"lists-{n}.db"
        info.append(seed_listing(path, n))
        clients.append(create_app(Config(database=str(path))).test_client())

    def deep_page(i: int) -> Callable[[], Any]:
        """A page in the middle of the whole list, reached by a cursor (keyset)."""
        cursor = f"{info[i]['middle']}~0"
        return lambda: _get(clients[i], f"/games?limit=50&cursor={cursor}")

    def query(q: str) -> tuple[Callable[[], Any], Callable[[], Any]]:
        return (lambda: _get(clients[0], q.format(**info[0])), lambda: _get(clients[1], q.format(**info[1])))

    cases = {"all": query("/games?limit=50"), "by_status": query("/games?status=finished&limit=50"),
             "by_game": query("/games?game=iron_age&limit=50"), "by_player": query("/games?player={player}&limit=50"),
             "status_and_game": query("/games?status=active&game=babel&limit=50"),
             "keyset_page_mid_list": (deep_page(0), deep_page(1)),
             "offset_1000_for_reference": query("/games?limit=50&offset=1000")}
    return {"games": games, "anchor": anchor, "target": "ratio <= 1.2 (offset paging is shown for reference: it costs "
            "the rows it skips; clients page with next_cursor)", **_compare(cases, rounds, calls)}


def _get(client, url: str) -> Any:
    r = client.get(url)
    assert r.status_code == 200, r.text
    return r


def bench_scheduler(workdir: Path, games: int, anchor: int, rounds: int = 7, calls: int = 5) -> dict[str, Any]:
    """One scheduler pass (timeouts, reminders, vacations, delivery) with nothing due, on the
    seeded databases of bench_lists (every game clocked, 70% active with an open deadline)."""
    from referee.ops import scheduler
    from referee.service.referee import Referee
    services = []
    for n in (anchor, games):
        path = workdir / f"lists-{n}.db"
        if not path.exists():
            seed_listing(path, n)
        services.append(Referee(str(path), clock=lambda: NOW))

    def one(svc: Referee) -> Callable[[], Any]:
        def run() -> None:
            counts = scheduler.run_once(svc)
            assert counts["timeouts"] == 0, counts
        return run

    return {"games": games, "anchor": anchor, "target": "ratio <= 1.3",
            **_compare({"pass_nothing_due": (one(services[0]), one(services[1]))}, rounds, calls)}


def bench_due_timeouts(workdir: Path, due: int = 1000, seed: int = 1) -> dict[str, Any]:
    """`due` clocked Babel games whose deadlines have all passed: one scheduler pass plays them,
    while one client keeps moving in another game; its move latency before vs during the pass."""
    from referee.service.referee import Referee
    now = [NOW]
    svc = Referee(str(workdir / "due.db"), clock=lambda: now[0])
    svc.db.conn.execute("PRAGMA synchronous=OFF")  # creating the games is not what is measured
    clock = {"policy": "fixed", "per_decision": "1h"}
    for _ in range(due):
        svc.create_game({"game": "babel", "seats": TWO, "clock": clock})
    svc.db.conn.execute("PRAGMA synchronous=FULL")
    rnd = random.Random(seed)
    player = {"id": None}

    def move() -> float:
        if player["id"] is None or svc.load(player["id"]).finished:
            player["id"] = svc.create_game({"game": "babel", "seats": TWO})["id"]
        loaded = svc.load(player["id"])
        p = loaded.prompts[0]
        t0 = time.perf_counter()
        svc.submit_move(player["id"], p.seat, {"move": rnd.choice(p.choices or [p.default])})
        return time.perf_counter() - t0

    before = [move() for _ in range(100)]
    now[0] += 7200
    import threading
    result: dict[str, Any] = {}

    def scheduler_pass() -> None:
        t0 = time.perf_counter()
        result["played"] = svc.play_due_timeouts()
        result["seconds"] = time.perf_counter() - t0

    thread = threading.Thread(target=scheduler_pass)
    thread.start()
    during = []
    while thread.is_alive():
        during.append(move())
    thread.join()
    ms = lambda xs, p: round(sorted(xs)[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000, 2)  # noqa: E731
    return {"due": due, "played_in_one_pass": result["played"], "pass_seconds": round(result["seconds"], 2),
            "moves_during_pass": len(during), "move_p50_ms_before": ms(before, 50), "move_p50_ms_during": ms(during, 50),
            "move_p99_ms_before": ms(before, 99), "move_p99_ms_during": ms(during, 99) if during else None}


def _long_game(svc, rnd: random.Random, tries: int = 4) -> str:
    """The longest of a few Babel games played with random legal moves (building preferred)."""
    best, best_len = "", 0
    for _ in range(tries):
        gid = svc.create_game({"game": "babel", "seats": TWO})["id"]
        while True:
            loaded = svc.load(gid)
            if loaded.finished or not loaded.prompts:
                break
            p = loaded.prompts[0]
            choices = p.choices or [p.default]
            strong = [c for c in choices if c["type"] in ("build", "ability", "finish_first_turn")]
            svc.submit_move(gid, p.seat, {"move": rnd.choice(strong) if strong and rnd.random() < 0.8 else rnd.choice(choices)})
        if loaded.seq > best_len:
            best, best_len = gid, loaded.seq
    return best


def bench_rebuild_vs_eventsourcing(workdir: Path, rounds: int = 15, seed: int = 1) -> dict[str, Any]:
    """Rebuilding one game's state from scratch (no snapshot, empty cache): the service's load
    (events from SQLite, rules, clocks, and the prompts of the state it arrives at) vs the
    `eventsourcing` library's repository.get of an aggregate whose events are the same stream
    and whose mutators call the same rules (its own SQLite store, no snapshots)."""
    missing = ensure_eventsourcing()
    if missing:
        return {"skipped": missing}
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event
    from referee.engine.replay import apply_event, initial
    from referee.engine.verify import verify_events
    from referee.service.referee import Referee
    from referee.store import events, snapshots
    from referee.store.db import write_transaction

    svc = Referee(str(workdir / "rebuild.db"))
    gid = _long_game(svc, random.Random(seed))
    stream = events.read(svc.db.conn, gid)
    loaded = svc.load(gid)
    rules, game_seed = loaded.rules, loaded.seed
    with write_transaction(svc.db) as conn:
        snapshots.delete(conn, gid)

    class Game(Aggregate):
        def __init__(self, created: dict):
            self.state = initial(rules, game_seed, len(created["seats"]), created["options"], created["position"]).state

        @event("Applied")
        def record(self, seq: int, etype: str, seat: int | None, payload: dict) -> None:
            self.state = apply_event(rules, game_seed, self.state, seq, etype, seat, payload)

    stored_created = {k: v for k, v in stream[0].payload.items() if k != "components"}  # as our store keeps it
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(workdir / "es.db")})
    agg = Game(stored_created)
    for e in stream[1:]:
        agg.record(e.seq, e.type, e.seat, e.payload)
    app.save(agg)

    def ours() -> Any:
        svc.forget()
        return svc.load(gid)

    def theirs() -> Any:
        return app.repository.get(agg.id)

    assert ours().state == theirs().state == loaded.state
    t_ours, t_es, ratios = [], [], []
    for _ in range(rounds):
        a, b = _timed(ours, 3), _timed(theirs, 3)
        t_ours.append(a); t_es.append(b); ratios.append(b / a)
    served = [e.to_json() for e in stream]
    t0 = time.perf_counter()
    report = verify_events(served, game_seed)
    t_verify = time.perf_counter() - t0
    assert report.ok
    return {"game_events": len(stream), "ours_ms": round(statistics.median(t_ours) * 1000, 3),
            "eventsourcing_ms": round(statistics.median(t_es) * 1000, 3),
            "speedup_eventsourcing_over_ours": round(statistics.median(ratios), 3),
            "spread": [round(min(ratios), 3), round(max(ratios), 3)], "target": "speedup >= 1.0",
            "verify_every_hash_ms": round(t_verify * 1000, 2)}


def bench_storage(workdir: Path, games: int = 200) -> dict[str, Any]:
    """Stored bytes per new two-seat Babel game: file growth (pages, indexes and all) over
    `games` new games, and the bytes of their rows alone."""
    from referee.service.referee import Referee
    path = workdir / "storage.db"
    svc = Referee(str(path))
    conn = svc.db.conn
    svc.create_game({"game": "babel", "seats": TWO})  # the component data is stored once, here

    def size() -> int:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path.stat().st_size

    before = size()
    conn.execute("PRAGMA synchronous=OFF")
    ids = [svc.create_game({"game": "babel", "seats": TWO})["id"] for _ in range(games)]
    conn.execute("PRAGMA synchronous=FULL")
    grown = size() - before
    rows = 0
    for table, cols in (("events", "game_id, seq, type, seat, payload, created_at, digest, prev_hash, hash"),
                        ("games", "id, game, status, seq, to_move, result, created_at, updated_at, resume_at"),
                        ("game_players", "game_id, seat, name"), ("seats", "game_id, seat, name, email, webhook, token_hash"),
                        ("game_keys", "game_id, seed")):
        key = "id" if table == "games" else "game_id"
        lengths = " + ".join(f"coalesce(length({c}), 0)" for c in cols.split(", "))
        marks = ",".join("?" * len(ids))
        rows += conn.execute(f"SELECT sum({lengths}) FROM {table} WHERE {key} IN ({marks})", ids).fetchone()[0] or 0
    one = conn.execute("SELECT length(payload) FROM events WHERE game_id = ? AND seq = 1", (ids[0],)).fetchone()[0]
    components = conn.execute("SELECT length(data) FROM components").fetchone()[0]
    return {"games": games, "file_bytes_per_game": round(grown / games), "row_bytes_per_game": round(rows / games),
            "game_created_stored_bytes": one, "component_data_bytes_stored_once": components,
            "target": "bytes per game <= 4096"}


def bench_memory(workdir: Path, games: int = 200, seed: int = 1) -> dict[str, Any]:
    """Memory per cached game: `games` Babel games at random points of play (0-60 moves),
    loaded into an empty cache; traced allocation per game (tracemalloc) and the cache's own
    accounting (an upper bound)."""
    from referee.service.referee import Referee
    svc = Referee(str(workdir / "memory.db"))
    svc.db.conn.execute("PRAGMA synchronous=OFF")
    rnd = random.Random(seed)
    ids = []
    for _ in range(games):
        gid = svc.create_game({"game": "babel", "seats": TWO})["id"]
        for _ in range(rnd.randint(0, 60)):
            loaded = svc.load(gid)
            if loaded.finished or not loaded.prompts:
                break
            p = loaded.prompts[0]
            svc.submit_move(gid, p.seat, {"move": rnd.choice(p.choices or [p.default])})
        ids.append(gid)
    svc.forget()
    svc.load(ids[0])  # rules, schemas and component data: shared, loaded once per process
    svc.forget()
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    for gid in ids:
        svc.load(gid)
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    return {"games": games, "traced_bytes_per_cached_game": round(traced / games),
            "accounted_bytes_per_cached_game": round(svc._cache.bytes / len(svc._cache)),
            "bound_bytes": svc._cache.max_bytes, "target": "<= 15360 per cached game"}
