"""`referee bench`: the figures the service is held to, measured in one run on one machine.

1. Durable appends/s through the event store vs raw SQLite and the eventsourcing library
   (bench_appends.py), no append answered before an fsync that holds it on every side: one
   appender, then 16 at once (ours then share commits: store/group_commit.py).
2. Babel moves/s over HTTP vs a no-op JSON endpoint of the same server (gunicorn, 1 worker);
   the same for moves sent with `Prefer: return=minimal` (what the full answer costs).
3. p99 move latency over the first 10 and the last 10 moves of the longest games played.
4. Rebuilding the longest game's state from scratch vs from its latest snapshot.
5. Rendering each game's web page for a seat vs the JSON GET /games/{id} of the same game.

Run on demand (not in CI): it takes about a minute.
"""

from __future__ import annotations

import os
import random
import statistics
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import requests

from referee.store import events, snapshots
from referee.store.db import write_transaction
from referee.ops.bench_appends import bench_appends
from referee.ops.benchkit import babel_move, children, cpu_ns, free_port, percentile, raw_commit




def _start_gunicorn(database: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BENCH_ENDPOINTS": "1", "REFEREE_THREADS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--workers", "1", "-k", "referee.asgi.worker.Worker",
                             "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "referee.asgi:create_asgi_app()"],
                            env=env, stdout=sys.stderr)  # its logs never mix with the figures on stdout
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if requests.get(url + "/healthz", timeout=5).ok:
                return proc, url
        except (requests.ConnectionError, requests.Timeout):  # not up yet, or busy migrating
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("gunicorn did not start")




class ServerCpu:
    """The CPU time the server's worker spends on each request, in seconds (None where Linux
    does not tell): on a shared machine the wall clock also counts other processes' turns."""

    def __init__(self, server: subprocess.Popen):
        self.pid = next(iter(children(server.pid)), None)
        self.moves: list[float] = []
        self.noops: list[float] = []
        self.commits: list[float] = []  # the raw commit's own CPU, in this process

    def mark(self) -> int:
        return cpu_ns(self.pid) if self.pid is not None else 0

    def since(self, mark: int, into: list[float]) -> None:
        if self.pid is not None:
            into.append((self.mark() - mark) / 1e9)


def _play_babel(http: requests.Session, url: str, rnd: random.Random, noop: list[float],
                commit: Callable[[], float] | None = None, commits: list[float] | None = None,
                cpu: ServerCpu | None = None, brief: bool = False) -> list[float]:
    """One whole Babel game with random legal moves; returns each move's latency. After each
    move a no-op request of the same size is timed too (into `noop`), and one raw durable
    SQLite commit (into `commits`), so that all see the same machine conditions; `cpu` takes
    the server's CPU time of each move and no-op, and the raw commit's. `brief`: each move sent
    with `Prefer: return=minimal`, the game then read with an untimed GET after the no-op."""
    created = http.post(url + "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()
    tokens = [s["token"] for s in created["seats"]]
    gid = created["id"]
    latencies: list[float] = []
    game = http.get(f"{url}/games/{gid}").json()
    while game["status"] == "active":
        seat = game["prompts"][0]["seat"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        prompt = http.get(f"{url}/games/{gid}/prompts", headers=auth).json()["prompts"][0]
        move = babel_move(rnd, prompt)
        mark = cpu.mark() if cpu else 0
        t0 = time.perf_counter()
        resp = http.post(f"{url}/games/{gid}/moves", json={"move": move, "expected_seq": game["seq"]},
                         headers={**auth, "Prefer": "return=minimal"} if brief else auth)
        latencies.append(time.perf_counter() - t0)
        if cpu:
            cpu.since(mark, cpu.moves)
        assert resp.status_code == 201, resp.text
        game = resp.json()
        mark = cpu.mark() if cpu else 0
        t0 = time.perf_counter()
        http.post(url + "/_bench/noop", json={"move": move, "expected_seq": game["seq"]}).raise_for_status()
        noop.append(time.perf_counter() - t0)
        if cpu:
            cpu.since(mark, cpu.noops)
        if commit is not None and commits is not None:
            c0 = time.thread_time()
            commits.append(commit())
            if cpu:
                cpu.commits.append(time.thread_time() - c0)
        if brief:  # after the no-op, which follows each move as it does a full answer
            game = http.get(f"{url}/games/{gid}").json()
    return latencies




# What (2) is held to: a move costs at most 1.2 times a no-op request plus one raw durable commit
# (p50 over the run), and no game's own ratio passes 1.35.
TARGET_RATIO = 1.2
TARGET_GAME_RATIO = 1.35


def bench_http(workdir: Path, games: int, seed: int) -> dict[str, Any]:
    """(2) and (3)."""
    proc, url = _start_gunicorn(workdir / "http.db")
    try:
        http = requests.Session()
        rnd = random.Random(seed)
        noop: list[float] = []
        commits: list[float] = []
        commit = raw_commit(workdir / "commit.db")
        cpu = ServerCpu(proc)
        per_game, game_ratios = [], []
        for _ in range(games):  # a ratio per game as well: the disk's fsync time drifts during a run
            n0, c0 = len(noop), len(commits)
            per_game.append(_play_babel(http, url, rnd, noop, commit, commits, cpu))
            game_ratios.append(statistics.median(per_game[-1]) /
                               (statistics.median(noop[n0:]) + statistics.median(commits[c0:])))
        # Then games of moves sent with `Prefer: return=minimal` (after: interleaved, they moved
        # the full answers' figures), compared by what each costs over its own no-op and commit.
        brief: dict[str, list[float]] = {"moves": [], "noop": [], "commits": []}
        brief_cpu, brief_games = ServerCpu(proc), max(1, games // 3)
        for _ in range(brief_games):
            brief["moves"] += _play_babel(http, url, rnd, brief["noop"], commit, brief["commits"], brief_cpu, brief=True)
        all_moves = [x for g in per_game for x in g]
        move_rate, noop_rate = len(all_moves) / sum(all_moves), len(noop) / sum(noop)
        longest = sorted(per_game, key=len, reverse=True)[: max(1, games // 2)]
        first = [x for g in longest for x in g[:10]]
        last = [x for g in longest for x in g[-10:]]
        ratio = _ratio(all_moves, noop, commits)
        return {
            "games": games, "moves": len(all_moves),
            "moves_per_s": move_rate, "noop_per_s": noop_rate, "ratio": move_rate / noop_rate,
            "median_move_ms": _ms(all_moves, 50), "median_noop_ms": _ms(noop, 50),
            "median_raw_commit_ms": _ms(commits, 50),
            "move_p50_over_noop_plus_commit_p50": ratio,
            "move_p50_minus_noop_p50_and_commit_p50_ms": _over(all_moves, noop, commits),
            "per_game_ratio_median": round(statistics.median(game_ratios), 3),
            "per_game_ratio_spread": [round(min(game_ratios), 3), round(max(game_ratios), 3)],
            "latency_target": f"move_p50_over_noop_plus_commit_p50 <= {TARGET_RATIO}, "
                              f"every game's own ratio <= {TARGET_GAME_RATIO}",
            "meets_target": ratio <= TARGET_RATIO and max(game_ratios) <= TARGET_GAME_RATIO,
            "server_cpu": _server_cpu(cpu),
            "minimal_answer": _brief_figures(brief, brief_cpu, brief_games),
            "longest_games": len(longest), "their_moves": [len(g) for g in longest],
            "first10": {"p50_ms": _ms(first, 50), "p99_ms": _ms(first, 99), "samples": len(first)},
            "last10": {"p50_ms": _ms(last, 50), "p99_ms": _ms(last, 99), "samples": len(last)},
            "p99_ratio_last_over_first": percentile(last, 99) / percentile(first, 99),
        }
    finally:
        proc.terminate()
        proc.wait(10)


def _brief_figures(brief: dict[str, list[float]], cpu: ServerCpu, games: int) -> dict[str, Any]:
    """The same measure for the moves sent with `Prefer: return=minimal` (the target is held on
    the full answers'): what the full answer's view, prompts and narration cost."""
    moves, noop, commits = brief["moves"], brief["noop"], brief["commits"]
    return {"games": games, "moves": len(moves), "median_move_ms": _ms(moves, 50), "median_noop_ms": _ms(noop, 50),
            "median_raw_commit_ms": _ms(commits, 50),
            "move_p50_over_noop_plus_commit_p50": _ratio(moves, noop, commits),
            "move_p50_minus_noop_p50_and_commit_p50_ms": _over(moves, noop, commits),
            "server_cpu": _server_cpu(cpu)}


def _ms(xs: list[float], p: float) -> float:
    """Percentile `p` of seconds, in ms."""
    return round(percentile(xs, p) * 1000, 2)


def _ratio(moves: list[float], noop: list[float], commits: list[float]) -> float:
    """What (2) is held to: a move's p50 over the no-op's plus the raw commit's."""
    return round(percentile(moves, 50) / (percentile(noop, 50) + percentile(commits, 50)), 3)


def _over(moves: list[float], noop: list[float], commits: list[float]) -> float:
    """What a move costs over a no-op request and a raw commit (p50s, ms): what the move's own
    work adds, less moved by the machine's drift over a run than a ratio of its parts."""
    return round((percentile(moves, 50) - percentile(noop, 50) - percentile(commits, 50)) * 1000, 3)


def _server_cpu(cpu: ServerCpu) -> dict[str, Any] | None:
    """The same comparison in CPU time: the worker's per move and per no-op, the raw commit's."""
    if not cpu.moves or not cpu.noops:
        return None
    move, noop, commit = (percentile(xs, 50) for xs in (cpu.moves, cpu.noops, cpu.commits))
    return {"move_p50_ms": _ms(cpu.moves, 50), "move_p99_ms": _ms(cpu.moves, 99), "noop_p50_ms": _ms(cpu.noops, 50),
            "raw_commit_p50_ms": _ms(cpu.commits, 50),
            "move_minus_noop_and_commit_ms": _over(cpu.moves, cpu.noops, cpu.commits),
            "move_cpu_p50_over_noop_plus_commit_cpu_p50": round(move / (noop + commit), 3) if noop + commit else None}


def bench_rebuild(workdir: Path) -> dict[str, Any]:
    """(4) on the longest game of the HTTP run's database."""
    from referee.service.referee import Referee
    database = workdir / "http.db"
    conn = sqlite3.connect(database)
    gid, n = conn.execute("SELECT game_id, MAX(seq) m FROM events GROUP BY game_id ORDER BY m DESC LIMIT 1").fetchone()
    conn.close()
    service = Referee(str(database))
    service.load(gid)  # warm up: imports, schema compilation, rules construction
    service.forget()
    start = time.perf_counter()
    with_snapshot = service.load(gid)
    t_snapshot = time.perf_counter() - start
    snap = snapshots.latest(service.db.conn, gid, n)
    with write_transaction(service.db) as c:
        snapshots.delete(c, gid)
    service.forget()
    start = time.perf_counter()
    scratch = service.load(gid)
    t_scratch = time.perf_counter() - start
    if snap is not None:  # put the snapshot back: it is only a cache
        with write_transaction(service.db) as c:
            snapshots.save(c, gid, snap[0], snap[1], snap[2])
    assert scratch.state == with_snapshot.state
    moves = sum(1 for e in events.read(service.db.conn, gid) if e.type in ("move", "timeout"))
    return {"game_events": n, "moves": moves, "snapshot_seq": snap[0] if snap else None,
            "from_scratch_ms": t_scratch * 1000, "from_snapshot_ms": t_snapshot * 1000,
            "replayed_moves_per_s": moves / t_scratch}


def bench_pages(workdir: Path, moves: int = 80, samples: int = 200, seed: int = 1) -> dict[str, Any]:
    """(5) In process (no network on either side): a game of each registered kind played `moves`
    random moves in, then its page for seat 0 (board SVG, prompt, history, audit) against the
    JSON document of the same game for the same seat, alternately, p50 and p99."""
    from referee.app import create_app
    from referee.plumbing.config import Config
    from referee.engine.registry import GAME_IDS
    from referee.plumbing.errors import ServiceError
    app = create_app(Config(database=str(workdir / "pages.db")))
    service = app.extensions["referee"]
    rnd = random.Random(seed)
    out: dict[str, Any] = {}
    for game in GAME_IDS:
        rules = service.rules(game, None)
        n = max(rules.min_players, 2) if rules.max_players >= 2 else 1
        created = service.create_game({"game": game, "seats": [{"name": f"P{i}"} for i in range(n)]})
        gid = created["id"]
        for _ in range(moves):
            loaded = service.load(gid)
            if loaded.finished or not loaded.prompts:
                break
            p = rnd.choice(loaded.prompts)
            try:
                service.submit_move(gid, p.seat, {"move": rnd.choice(p.choices) if p.choices else p.default})
            except ServiceError:
                break
        browser, api = app.test_client(), app.test_client()
        browser.get("/play/" + created["seats"][0]["url"].split("/play/", 1)[1])
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        page_t, json_t = [], []
        for _ in range(samples):
            t0 = time.perf_counter()
            assert browser.get(f"/g/{gid}").status_code == 200
            page_t.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            assert api.get(f"/games/{gid}", headers=auth).status_code == 200
            json_t.append(time.perf_counter() - t0)
        out[game] = {"events": service.load(gid).seq, "page_p50_ms": _ms(page_t, 50), "page_p99_ms": _ms(page_t, 99),
                     "json_p50_ms": _ms(json_t, 50), "json_p99_ms": _ms(json_t, 99)}
    return out


SECTIONS = ("appends", "http", "rebuild", "pages", "lists", "scheduler", "timeouts", "replay", "storage", "memory",
            "concurrency", "streams", "steps", "bots", "strength", "players", "ratings", "talk", "archive")


def bench_bots(games: int, levels: tuple[int, ...] = (1, 2)) -> dict[str, Any]:
    """Per game and search level: the search bot's decision time (CPU, p50/p99) and its wins
    against the random and the default player at 2 seats (`referee bots match` for more games)."""
    from referee.bots.match import match, percentiles
    from referee.engine.registry import GAME_IDS
    out: dict[str, Any] = {}
    for game in GAME_IDS:
        for level in levels:
            row: dict[str, Any] = {}
            times: list[float] = []
            playouts: list[int] = []
            for opponent in ("random", "default"):
                tally = match(game, "search", opponent, games, level, 2, f"bench-{level}")
                row[f"vs_{opponent}"] = tally.to_json()
                times += tally.seconds["a"]
                playouts += tally.playouts["a"]
            row["decision_p50_ms"], row["decision_p99_ms"] = percentiles(times)
            row["playouts_per_decision_p50"] = statistics.median(playouts) if playouts else None
            out[f"{game}/level{level}"] = row
    return out


def run(appends: int = 3000, played: int = 40, seed: int = 1, games: int = 100_000, anchor: int = 2000,
        rounds: int = 7, only: tuple[str, ...] = SECTIONS, database: str | None = None, seconds: float = 10.0,
        clients: tuple[int, ...] = (1, 16), bot_games: int = 4, streams: int = 2000,
        strength: tuple[int, str | None, str, int] = (30, None, "strength", 0), jobs: int = 1) -> dict[str, Any]:
    """The sections named in `only`; `games` and `anchor` size the seeded databases of the
    list and scheduler figures, `rounds` the repetitions behind each median and spread."""
    from referee.ops import bench_concurrency as concurrency
    from referee.ops import bench_archive, bench_players, bench_ratings
    from referee.ops import bench_bots as bots_bench
    from referee.ops import bench_scale as scale
    from referee.ops import bench_streams
    from referee.ops import bench_steps as steps
    from referee.ops import bench_talk as talk
    with tempfile.TemporaryDirectory(prefix="referee-bench-", dir=".") as tmp:
        work = Path(tmp).resolve()  # the servers it starts may run elsewhere
        measures = {
            "appends": lambda: bench_appends(work, appends),
            "http": lambda: bench_http(work, played, seed),
            "rebuild": lambda: bench_rebuild(work) if (work / "http.db").exists() else {"skipped": "needs http"},
            "pages": lambda: bench_pages(work, seed=seed),
            "lists": lambda: scale.bench_lists(work, games, anchor, rounds),
            "scheduler": lambda: scale.bench_scheduler(work, games, anchor, rounds),
            "timeouts": lambda: scale.bench_due_timeouts(work, seed=seed),
            "replay": lambda: scale.bench_rebuild_vs_eventsourcing(work, rounds * 2, seed),
            "storage": lambda: scale.bench_storage(work),
            "memory": lambda: scale.bench_memory(work, seed=seed),
            "concurrency": lambda: concurrency.bench_concurrency(work, database, seconds, clients, seed=seed),
            "streams": lambda: bench_streams.bench_streams(work, streams, rounds=rounds, seed=seed),
            "steps": lambda: steps.bench_steps(work, seed=seed),
            "bots": lambda: {**bench_bots(bot_games), "pace": bots_bench.bench_pace(work)},
            "strength": lambda: bots_bench.bench_strength(strength[0], 2, tuple(strength[1].split(",")) if strength[1] else None,
                                                          jobs, strength[2], bots_bench.print_progress, strength[3]),
            "players": lambda: bench_players.bench_players(work, games, anchor, rounds=rounds),
            "ratings": lambda: bench_ratings.bench_ratings(work, games, anchor, rounds=rounds),
            "talk": lambda: talk.bench_talk(work, rounds=rounds),
            "archive": lambda: bench_archive.bench_archive(work, games, anchor, rounds=rounds),
        }
        return {name: measures[name]() for name in SECTIONS if name in only}
