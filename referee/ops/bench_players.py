"""Benchmarks of the layer around games (on demand, `referee bench --only players`): "my games"
for a player holding 200 seats among `games` games, and the lobby with `open_games` open games,
each against the same figure at `anchor` games (target: ratio <= 1.2, flat)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from referee.engine.registry import GAME_IDS
from referee.ops.bench_scale import NOW, _compare, _get, _iso
from referee.store.credentials import token_hash
from referee.store.db import open_database

MEASURED = "bench-player"
TOKEN = "bench-player-token"


def seed_players(path: Path, games: int, open_games: int, seats_of_player: int = 200, seed: int = 1) -> None:
    """`games` running or finished games with 2-4 held seats each (players from a pool of
    games/10, so a player's seat count is the same at any size) of which the measured player
    holds `seats_of_player`; and `open_games` listed open tables."""
    rnd = random.Random(seed)
    conn = open_database(path).conn
    conn.execute("PRAGMA synchronous=OFF")
    pool = [f"p{i}" for i in range(max(50, games // 10))]
    mine = set(rnd.sample(range(games), min(seats_of_player, games)))
    g_rows, seat_rows, names, deadlines, event_rows, table_rows = [], [], [], [], [], []
    for i in range(games + open_games):
        gid = f"{rnd.getrandbits(64):016x}"
        is_open = i >= games
        status = "open" if is_open else rnd.choices(("active", "paused", "finished"), (70, 5, 25))[0]
        updated = _iso(NOW - rnd.uniform(0, 365 * 86400))
        n = rnd.randint(2, 4)
        seq = rnd.randint(1, 200)
        g_rows.append((gid, rnd.choice(GAME_IDS), status, seq, json.dumps([rnd.randrange(n)]), None, updated, updated, None))
        event_rows.append((gid, seq, "move", 0, "{}", updated, "d", "p", "h"))
        for s in range(n):
            holder = MEASURED if (i in mine and s == 0) else rnd.choice(pool)
            held = not (is_open and s > 0)
            seat_rows.append((gid, s, holder if held else "", None, None, f"h{gid}{s}" if held else f"free:{gid}:{s}:0",
                              holder if held else None, "held" if held else "open"))
            names.append((gid, s, holder if held else ""))
        if status == "active":
            due = NOW + rnd.uniform(7200, 3 * 86400)
            deadlines.append((gid, json.loads(g_rows[-1][4])[0], seq, due, "[]", None))
        if is_open:
            table_rows.append((gid, g_rows[-1][1], "x", rnd.choice(pool), 1, "open", n, n - 1, 2, NOW + 86400 * 14,
                               None, None, updated))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (id, game, status, seq, to_move, result, created_at, updated_at, resume_at) "
                     "VALUES (?,?,?,?,?,?,?,?,?)", g_rows)
    conn.executemany("INSERT INTO seats (game_id, seat, name, email, webhook, token_hash, player_id, holder) "
                     "VALUES (?,?,?,?,?,?,?,?)", seat_rows)
    conn.executemany("INSERT INTO game_players (game_id, seat, name) VALUES (?,?,?)", names)
    conn.executemany("INSERT INTO deadlines (game_id, seat, opened_seq, due_at, reminders, next_reminder_at) "
                     "VALUES (?,?,?,?,?,?)", deadlines)
    conn.executemany("INSERT INTO events (game_id, seq, type, seat, payload, created_at, digest, prev_hash, hash) "
                     "VALUES (?,?,?,?,?,?,?,?,?)", event_rows)
    conn.executemany("INSERT INTO tables (game_id, game, creator_hash, creator_player, listed, status, seats, free, "
                     "replace_after, expires_at, rematch_of, rematch, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                     table_rows)
    conn.execute("INSERT INTO players (id, email, created_at) VALUES (?,?,?)", (MEASURED, "bench@example.org", NOW))
    conn.execute("INSERT INTO player_tokens (token_hash, player_id, kind, created_at) VALUES (?,?,?,?)",
                 (token_hash(TOKEN), MEASURED, "api", NOW))
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def bench_players(workdir: Path, games: int = 100_000, anchor: int = 2000, open_games: int = 10_000,
                  rounds: int = 7, calls: int = 9) -> dict[str, Any]:
    """GET /players/me/games (200 seats) and GET /games?status=open through the Flask app."""
    from referee.app import create_app
    from referee.plumbing.config import Config
    clients = []
    for n, opened in ((anchor, anchor), (games, open_games)):
        path = workdir / f"players-{n}.db"
        seed_players(path, n, opened)
        clients.append(create_app(Config(database=str(path))).test_client())
    auth = {"Authorization": f"Bearer {TOKEN}"}

    def mine(i: int):
        def call() -> None:
            r = clients[i].get("/players/me/games", headers=auth)
            assert r.status_code == 200 and len(r.get_json()["games"]) == 200, r.text
        return call

    def query(q: str):
        return (lambda: _get(clients[0], q), lambda: _get(clients[1], q))

    cases = {"my_games_200_seats": (mine(0), mine(1)),
             "lobby": query("/games?status=open&limit=50"),
             "lobby_by_game": query("/games?status=open&game=khronos&limit=50"),
             "lobby_by_game_and_seats": query("/games?status=open&game=babel&seats=3&limit=50")}
    return {"games": games, "anchor": anchor, "open_games": open_games, "anchor_open_games": anchor,
            "target": "ratio <= 1.2", **_compare(cases, rounds, calls)}
