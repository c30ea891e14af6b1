"""Benchmark of the archive's search (on demand, `referee bench --only archive`): `GET /archive`
through the Flask app with each filter, at `games` finished public games against the same at
`anchor` (target: ratio <= 1.2, flat: every filter leads an index ending in the page's order, so a
page is a range scan). The rows are seeded straight into the archive's tables (2-5 seats, players
from a pool of games/10 names so a player has about as many games at any size, ends spread over
two years); the answer quotes SQLite's plan of each query and its time alone at both sizes."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from referee.engine.registry import GAME_IDS
from referee.ops.bench_scale import NOW, _compare, _get, _iso
from referee.store.db import open_database

REASONS = ("end", "resigned", "abandoned", "timeout")


def seed_archive(path: Path, games: int, seed: int = 1) -> dict[str, Any]:
    """`games` archived games; returns a player and an ending day to search for."""
    rnd = random.Random(seed)
    db = open_database(path)
    conn = db.conn
    conn.execute("PRAGMA synchronous=OFF")
    pool = [f"player{i}" for i in range(max(50, games // 10))]
    rows, seats = [], []
    for _ in range(games):
        gid = f"{rnd.getrandbits(64):016x}"
        title = rnd.choice(GAME_IDS)
        n = rnd.randint(2, 5)
        ended = NOW - rnd.uniform(0, 730 * 86400)
        moves = rnd.randint(10, 400)
        ranking = rnd.sample(range(n), n)
        winners = ranking[:2] if rnd.random() < 0.1 else ranking[:1]
        result = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners, "ranking": ranking,
                  "scores": [rnd.randint(0, 60) for _ in range(n)], "reason": rnd.choice(REASONS)}
        timeouts = rnd.choice((0, 0, 0, 1, 2))
        rows.append((gid, title, _iso(ended - rnd.uniform(1, 40) * 86400), _iso(ended), n, moves, timeouts,
                     int(len(winners) == 1), result["reason"], json.dumps(result)))
        for s, who in enumerate(rnd.sample(pool, n)):
            oc = ("win" if len(winners) == 1 else "draw") if s in winners else "loss"
            seats.append((gid, s, who, None, title, n, _iso(ended), oc, 0))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO archive_games (game_id, title, started_at, ended_at, seats, moves, timeouts, decided, "
                     "reason, result) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    conn.executemany("INSERT INTO archive_seats (game_id, seat, name, player_id, title, seats, ended_at, outcome, "
                     "timeouts) VALUES (?,?,?,?,?,?,?,?,?)", seats)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return {"player": pool[7]}


CASES = {"all": {}, "by_game": {"game": "babel"}, "by_game_and_seats": {"game": "khronos", "seats": "3"},
         "by_player": {"player": "player7"}, "by_player_and_result": {"player": "player7", "result": "win"},
         "by_month": {"from": "2030-01-01", "to": "2030-01-31"},
         "by_game_and_quarter": {"game": "gentes", "from": "2029-10-01", "to": "2029-12-31"},
         "decided_only": {"result": "win"}, "min_moves": {"min_moves": "100"},
         "longest": {"sort": "longest"}, "oldest_of_game": {"game": "iron_age", "sort": "oldest"}}


def bench_archive(workdir: Path, games: int = 100_000, anchor: int = 2000, rounds: int = 7,
                  calls: int = 15) -> dict[str, Any]:
    from urllib.parse import urlencode

    from referee.app import create_app
    from referee.plumbing.config import Config
    from referee.service.archive.search import filters
    from referee.store import archive
    clients, paths = [], []
    for n in (anchor, games):
        path = workdir / f"archive-{n}.db"
        if not path.exists():
            seed_archive(path, n)
        paths.append(path)
        clients.append(create_app(Config(database=str(path))).test_client())

    def page(i: int, params: dict[str, str], cursor: str | None = None):
        url = "/archive?" + urlencode({**params, "limit": 30, **({"cursor": cursor} if cursor else {})})
        return lambda: _get(clients[i], url)

    deep = []
    for c in clients:  # the cursor after three pages of the unfiltered archive
        cursor = None
        for _ in range(3):
            cursor = _get(c, "/archive?limit=30" + (f"&cursor={cursor}" if cursor else "")).get_json()["next_cursor"]
        deep.append(cursor)
    cases = {name: (page(0, p), page(1, p)) for name, p in CASES.items()}
    cases["page_after_90"] = (page(0, {}, deep[0]), page(1, {}, deep[1]))
    conns = [open_database(p).conn for p in paths]
    plans = {name: archive.explain(conns[1], filters(p), 31, None) for name, p in CASES.items()}
    queries = {name: _query_floor(conns, filters(p), rounds, calls) for name, p in CASES.items()}
    for c in conns:
        c.close()
    return {"games": games, "anchor": anchor, "target": "ratio <= 1.2", **_compare(cases, rounds, calls),
            "plans": plans, "queries": queries}


def _query_floor(conns: list, f: Any, rounds: int, calls: int) -> dict[str, float]:
    """A page's query alone at both sizes, the fastest of `rounds` x `calls` runs each (interleaved):
    what the database does for the page, which other jobs preempting the process on a shared
    machine cannot make look slower (the HTTP figures above include their waits)."""
    from referee.store import archive
    sql, args = archive.search_sql(f, 31, None)
    best = [float("inf")] * len(conns)
    for _ in range(rounds):
        for i, conn in enumerate(conns):
            for _ in range(calls):
                t0 = time.perf_counter()
                conn.execute(sql, args).fetchall()
                best[i] = min(best[i], time.perf_counter() - t0)
    return {"anchor_ms": round(best[0] * 1000, 4), "large_ms": round(best[1] * 1000, 4),
            "ratio": round(best[1] / best[0], 3)}
