"""`referee bench --only streams`: thousands of idle live feeds on one host while a client plays.

The deploy configuration (gunicorn with one uvicorn worker, deploy/gunicorn.conf.py) on a
SQLite file. A client plays moves (the prompted seat's default, one request at a time) in
rounds: a block with no stream open, then a block with `streams` Server-Sent Events streams
open (`per_played` on each game being played, as its seats and spectators would hold, the
rest on idle games). Reported: move latency
p50/p99 with and without streams and their ratio, the worker's CPU per move in both, /healthz
with the streams open, the worker's memory per open stream (resident set before and after
opening them), and the time from a move's answer to its delivery on each stream of its game
(p50/p99; negative when a stream had the event before the mover had its answer), with a count
of events missed or repeated.

The streams are held by a separate process (`python -m referee.ops.bench_streams client`), one
asyncio loop with plain sockets, so the mover's timings are not taken while sharing an
interpreter with 2,000 connections.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests

from referee.ops.bench_concurrency import ROOT, _children, _cpu_seconds, stop_server
from referee.ops.benchkit import free_port

PLAYED_GAMES = 4        # iron_age games the mover plays in turn (none ends within a run)
PER_IDLE_GAME = 50      # streams per idle game


def _start(database: Path, log: Path) -> tuple[subprocess.Popen, str, int]:
    """gunicorn, deploy settings, one worker; returns (master, url, worker pid)."""
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BIND": f"127.0.0.1:{port}",
           "REFEREE_WORKERS": "1", "REFEREE_CREATE_LIMIT": "", "REFEREE_STREAMS_PER_ADDRESS": "100000",
           "REFEREE_STREAMS_PER_PROCESS": "100000"}
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                                 "referee.asgi:create_asgi_app()"], env=env, cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            workers = _children(proc.pid)
            if requests.get(url + "/healthz", timeout=5).ok and len(workers) == 1:
                return proc, url, workers[0]
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.1)
    stop_server(proc)
    raise RuntimeError(f"gunicorn did not start (see {log})")


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _new_game(http: requests.Session, url: str, game: str) -> tuple[str, list[str]]:
    body = {"game": game, "seats": [{"name": "A"}, {"name": "B"}], "options": {"first_seat": 0}}
    r = http.post(url + "/games", json=body, timeout=30)
    r.raise_for_status()
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def _play(http: requests.Session, url: str, games: list[tuple[str, list[str]]], n: int,
          answered: list[tuple[str, int, float]] | None = None) -> list[float]:
    """`n` moves over the games in turn; the seconds each POST took."""
    took = []
    for i in range(n):
        gid, tokens = games[i % len(games)]
        doc = http.get(f"{url}/games/{gid}", timeout=30).json()
        if doc["status"] != "active":
            raise RuntimeError(f"game {gid} ended; the benchmark needs longer games")
        seat = doc["prompts"][0]["seat"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        prompt = http.get(f"{url}/games/{gid}/prompts", headers=auth, timeout=30).json()["prompts"][0]
        move = prompt["default"] if prompt["default"] is not None else prompt["choices"][0]
        started = time.perf_counter()
        r = http.post(f"{url}/games/{gid}/moves", headers=auth, json={"move": move, "expected_seq": doc["seq"]},
                      timeout=30)
        now = time.time()
        took.append(time.perf_counter() - started)
        r.raise_for_status()
        if answered is not None:
            for e in r.json()["events"]:
                answered.append((gid, e["seq"], now))
    return took


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(_pct(values, 0.5) * 1000, 2), "p99_ms": round(_pct(values, 0.99) * 1000, 2)}


def bench_streams(workdir: Path, streams: int = 2000, moves: int = 100, rounds: int = 3, per_played: int = 5,
                  seed: int = 1) -> dict[str, Any]:
    """`rounds` times: `moves` moves with no stream open, then `moves` with `streams` open
    (interleaved, so the machine's other load weighs on both alike); `per_played` of the
    streams watch each played game (its seats and a few spectators), the others idle games."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < streams * 2 + 200:  # sockets on both ends (the server and the stream client inherit it)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(streams * 2 + 200, soft)), hard))
    random.seed(seed)
    workdir = workdir.resolve()  # the server runs in the checkout
    proc, url, worker = _start(workdir / "streams.db", workdir / "streams-gunicorn.log")
    client = None
    quiet: list[float] = []
    loud: list[float] = []
    cpu = {"quiet": 0.0, "loud": 0.0}
    delays: list[float] = []
    missed = repeated = 0
    rss: list[tuple[int, int]] = []
    healthz: list[float] = []
    opened: list[float] = []
    try:
        http = requests.Session()
        played = [_new_game(http, url, "iron_age") for _ in range(PLAYED_GAMES)]
        on_played = PLAYED_GAMES * per_played
        idle = [_new_game(http, url, "babel")[0] for _ in range(max(1, (streams - on_played) // PER_IDLE_GAME))]
        _play(http, url, played, 20)  # warm: caches, connections, code paths
        for _ in range(rounds):
            http = requests.Session()  # a fresh connection: an idle one may have been closed (keep-alive 2 s)
            spent = _cpu_seconds([worker])
            quiet += _play(http, url, played, moves)
            cpu["quiet"] += _cpu_seconds([worker]) - spent
            heads = {gid: http.get(f"{url}/games/{gid}", timeout=30).json()["seq"] for gid, _ in played}
            paths = [f"/games/{played[i % PLAYED_GAMES][0]}/events?after={heads[played[i % PLAYED_GAMES][0]]}"
                     for i in range(on_played)]
            paths += [f"/games/{idle[i % len(idle)]}/events?after=1" for i in range(streams - on_played)]
            rss_before = _rss_kib(worker)
            spec = workdir / "streams.json"
            spec.write_text(json.dumps({"port": int(url.rsplit(":", 1)[1]), "paths": paths}))
            client = subprocess.Popen([sys.executable, "-m", "referee.ops.bench_streams", "client", str(spec)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
            opening = time.perf_counter()
            ready = client.stdout.readline().split()
            if not ready or ready[0] != "ready":
                raise RuntimeError(f"the stream client did not connect its streams: {ready}")
            opened.append(time.perf_counter() - opening)
            time.sleep(1.0)
            rss.append((rss_before, _rss_kib(worker)))
            http = requests.Session()
            started = time.perf_counter()
            http.get(url + "/healthz", timeout=30).raise_for_status()
            healthz.append(time.perf_counter() - started)
            answered: list[tuple[str, int, float]] = []
            spent = _cpu_seconds([worker])
            loud += _play(http, url, played, moves, answered)
            cpu["loud"] += _cpu_seconds([worker]) - spent
            time.sleep(1.0)  # the last deliveries
            client.stdin.write("stop\n")
            client.stdin.flush()
            received = json.loads(client.stdout.readline())
            client.wait(60)
            client = None
            if received["connected"] != streams:
                raise RuntimeError(f"only {received['connected']} of {streams} streams stayed connected")
            # delivery: each answered event against its receipt on every stream of its game
            answer_at = {(gid, seq): t for gid, seq, t in answered}
            game_of = [p.split("/")[2] for p in paths]
            for i, got in enumerate(received["events"]):
                seqs = [q for q, _ in got]
                repeated += len(seqs) - len(set(seqs))
                missed += len({seq for (gid, seq) in answer_at if gid == game_of[i]} - set(seqs))
                delays += [t - answer_at[(game_of[i], q)] for q, t in got if (game_of[i], q) in answer_at]
    finally:
        if client is not None:
            client.kill()
        stop_server(proc)
    return {
        "streams": streams, "on_played_games": on_played, "rounds": rounds, "moves_per_phase": moves,
        "opened_in_s": round(statistics.median(opened), 2),
        "move_no_streams": _ms(quiet), "move_with_streams": _ms(loud),
        "p50_ratio": round(_pct(loud, 0.5) / _pct(quiet, 0.5), 3),
        "p99_ratio": round(_pct(loud, 0.99) / _pct(quiet, 0.99), 3),
        "worker_cpu_ms_per_move": {k: round(v / (rounds * moves) * 1000, 2) for k, v in cpu.items()},
        "healthz_with_streams_ms": round(max(healthz) * 1000, 2),
        "worker_rss_mib": {"before": round(rss[0][0] / 1024, 1), "with_streams": round(rss[0][1] / 1024, 1)},
        # the first round's growth: later rounds reuse what the first one's streams left
        "memory_per_stream_kib": round((rss[0][1] - rss[0][0]) / streams, 1),
        "delivery_after_answer": {**_ms(delays), "samples": len(delays), "missed": missed, "repeated": repeated},
    }


# -- the stream holder (a process of its own) ----------------------------------------------------

async def _hold(port: int, paths: list[str]) -> dict[str, Any]:
    events: list[list[tuple[int, float]]] = [[] for _ in paths]
    connected = 0
    all_open = asyncio.Event()

    async def one(i: int, path: str) -> None:
        nonlocal connected
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"stream {path}: {status!r}")
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        connected += 1
        if connected == len(paths):
            all_open.set()
        try:
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    events[i].append((int(line[4:]), time.time()))
        finally:
            writer.close()

    tasks = []
    for i, p in enumerate(paths):
        tasks.append(asyncio.create_task(one(i, p)))
        if i % 100 == 99:
            await asyncio.sleep(0.05)  # open them in batches, as pages opening over a while
    waiting = asyncio.create_task(all_open.wait())
    await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED)
    failed = [t for t in tasks if t.done() and t.exception()]
    if failed:
        raise failed[0].exception()
    print("ready", connected, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"connected": connected, "events": events}


def _client(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text())
    result = asyncio.run(_hold(spec["port"], spec["paths"]))
    print(json.dumps(result), flush=True)


if __name__ == "__main__" and sys.argv[1:2] == ["client"]:
    _client(sys.argv[2])
