"""Benchmarks of ratings (on demand, `referee bench --only ratings`): `referee ratings rebuild`
over `games` finished games seeded directly (2-4 seats, 3 moves a seat, every seat a player from a
pool of games/5, so about five rated games a player), as games/s and events/s; and the
leaderboard's first and a deep page at `games` rated players against the same at `anchor`
(target: ratio <= 1.2, flat: keyset pages cost the same wherever they start)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from referee.engine.registry import GAME_IDS
from referee.ops.bench_scale import NOW, _compare, _get, _iso
from referee.store.db import open_database

SEATS = {"babel": (2, 2), "iron_age": (2, 4), "khronos": (2, 5), "sands_of_time": (2, 5), "gentes": (2, 4)}


def seed_finished(path: Path, games: int, seed: int = 1) -> int:
    """`games` finished games as their logs hold them; returns the number of events."""
    rnd = random.Random(seed)
    conn = open_database(path).conn
    conn.execute("PRAGMA synchronous=OFF")
    pool = [f"p{i:06d}" for i in range(max(50, games // 5))]
    ev, seats, rows, names = [], [], [], []
    for i in range(games):
        gid = f"{rnd.getrandbits(64):016x}"
        title = rnd.choice(GAME_IDS)
        n = rnd.randint(*SEATS[title])
        who = rnd.sample(pool, n)
        t = NOW - (games - i) * 60.0
        ev.append((gid, 1, "game_created", None, json.dumps({"game": title, "seats": [{"seat": s} for s in range(n)]}),
                   _iso(t), "d", "p", "h"))
        seq = 1
        for s, w in enumerate(who):  # each player took their seat by their own act (issue 35)
            seq += 1
            ev.append((gid, seq, "seat_joined", s, json.dumps({"seat": s, "tenure": 0}), _iso(t), "d", "p", "h"))
        for _ in range(3):
            for s in range(n):
                seq += 1
                ev.append((gid, seq, "move", s, "{}", _iso(t), "d", "p", "h"))
        ranking = rnd.sample(range(n), n)
        winners = ranking[:2] if rnd.random() < 0.1 else ranking[:1]
        result = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners, "ranking": ranking,
                  "scores": [0] * n, "reason": "bench"}
        ev.append((gid, seq + 1, "game_ended", None, json.dumps({"result": result}), _iso(t + 30), "d", "p", "h"))
        rows.append((gid, title, "finished", seq + 1, "[]", json.dumps(result), _iso(t), _iso(t + 30), None))
        for s, w in enumerate(who):
            seats.append((gid, s, w, None, None, f"h{gid}{s}", w, "held"))
            names.append((gid, s, w))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO events (game_id, seq, type, seat, payload, created_at, digest, prev_hash, hash) "
                     "VALUES (?,?,?,?,?,?,?,?,?)", ev)
    conn.executemany("INSERT INTO games (id, game, status, seq, to_move, result, created_at, updated_at, resume_at) "
                     "VALUES (?,?,?,?,?,?,?,?,?)", rows)
    conn.executemany("INSERT INTO seats (game_id, seat, name, email, webhook, token_hash, player_id, holder) "
                     "VALUES (?,?,?,?,?,?,?,?)", seats)
    conn.executemany("INSERT INTO game_players (game_id, seat, name) VALUES (?,?,?)", names)
    conn.executemany("INSERT INTO seat_names (game_id, seat, tenure, name) VALUES (?,?,0,?)", names)
    conn.execute("INSERT INTO instance (key, value) VALUES ('names_moved_out', '1')")  # logs name seats by reference
    conn.executemany("INSERT INTO players (id, email, created_at) VALUES (?,?,?)",
                     [(p, f"{p}@example.org", NOW) for p in pool])
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return len(ev)


def seed_board(path: Path, players: int, seed: int = 1) -> None:
    """`players` rated Babel players (shown: 5 games or more), as the projection holds them."""
    rnd = random.Random(seed)
    conn = open_database(path).conn
    conn.execute("PRAGMA synchronous=OFF")
    rows = []
    for i in range(players):
        mu, sigma = rnd.gauss(25, 4), rnd.uniform(1, 8)
        rows.append(("babel", f"p{i:07d}", f"Player {i}", mu, sigma, mu - 3 * sigma, rnd.randint(5, 200), 1))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO ratings (title, player_id, name, mu, sigma, ordinal, games, shown) "
                     "VALUES (?,?,?,?,?,?,?,?)", rows)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


def bench_ratings(workdir: Path, games: int = 100_000, anchor: int = 2000, rounds: int = 7,
                  calls: int = 15) -> dict[str, Any]:
    from referee.app import create_app
    from referee.plumbing.config import Config
    from referee.service.referee import Referee
    path = workdir / "ratings-rebuild.db"
    events = seed_finished(path, games)
    svc = Referee(str(path))
    t0 = time.perf_counter()
    counts = svc.rebuild_ratings()
    seconds = time.perf_counter() - t0
    rebuild = {"games": games, "events": events, "rated": counts["rated"], "seconds": round(seconds, 2),
               "games_per_s": round(games / seconds), "events_per_s": round(events / seconds)}
    clients = []
    for n in (anchor, games):
        board = workdir / f"ratings-board-{n}.db"
        seed_board(board, n)
        clients.append(create_app(Config(database=str(board))).test_client())
    deep = []
    for c in clients:  # the cursor of a page half-way down each board
        cursor, body = None, None
        for _ in range(5):
            body = _get(c, "/ratings/babel?limit=200" + (f"&cursor={cursor}" if cursor else "")).get_json()
            cursor = body["next_cursor"]
        deep.append(cursor)

    def page(i: int, cursor: str | None):
        return lambda: _get(clients[i], "/ratings/babel?limit=50" + (f"&cursor={cursor}" if cursor else ""))

    cases = {"leaderboard_first_page": (page(0, None), page(1, None)),
             "leaderboard_page_after_1000": (page(0, deep[0]), page(1, deep[1]))}
    return {"rebuild": rebuild, "leaderboard": {"players": games, "anchor": anchor, "target": "ratio <= 1.2",
                                                **_compare(cases, rounds, calls)}}
