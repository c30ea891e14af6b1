"""`referee bench --only streams`: thousands of idle live feeds on one host while a client plays.

The deploy configuration: gunicorn with deploy/gunicorn.conf.py (its number of uvicorn workers,
2 x cores + 1) on a SQLite file, the file limit of deploy/referee-web.service (LimitNOFILE) set
in this process and so in the server it starts (read back from each worker's /proc/PID/limits).
Only the per-address limit is raised: every stream comes from this one address. A client plays
moves (the prompted seat's default, one request at a time) in blocks: one with no stream open,
then for each round a block with `streams` Server-Sent Events streams open (`per_played` on
each game being played, as its seats and spectators would hold, the rest on idle games) and
another with none. Reported: move latency p50/p99 with and without streams and their ratio;
each round's ratio against the mean of the two blocks without streams around it (the machine's
load drifting over a round weighs on both sides alike), their mean and its standard error (the
noise: the target is resolved when the mean is further from it than twice that), the
workers' CPU per move in both (and with the streams' own CPU while no move is made taken out),
/healthz every 0.2 s from the first stream's opening to the last one's closing (while they open,
while they are open, and from the client's closing them all at once until the workers have
ended them, `closed_in_s`; and, as its anchor, while
the moves with no stream open are played: the machine's own delays), the workers'
memory per open stream (their resident sets before and after opening them), their open file
descriptors against their limit, and the time from a move's answer to its delivery on each
stream of its game (p50/p99; negative when a stream had the event before the mover had its
answer), with a count of events missed or repeated; each against its target (issue 41).

The streams are held by a separate process (`python -m referee.ops.bench_streams client`), one
asyncio loop with plain sockets, so the mover's timings are not taken while sharing an
interpreter with 10,000 connections. It opens them as pages opening over a while do: at most
OPENING at a time waiting for their answer (the listen queue never overflows), and a 429 (a
worker at its REFEREE_STREAMS_PER_PROCESS) retried after a pause, as a page's script does.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import resource
import runpy
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import requests

from referee.ops.bench_concurrency import ROOT, _cpu_seconds, stop_server
from referee.ops.benchkit import children, free_port

PLAYED_GAMES = 4        # iron_age games the mover plays in turn (none ends within a run)
PER_IDLE_GAME = 50      # streams per idle game
OPENING = 200           # streams at most waiting for their answer at once (the client)
HEALTHZ_EVERY = 0.2     # seconds between two /healthz probes while streams are open
IDLE_WINDOW = 2.0       # seconds with every stream open and no move, for their own CPU
UNIT = ROOT / "deploy/referee-web.service"
CONF = ROOT / "deploy/gunicorn.conf.py"
TARGETS = {"p50_ratio": "<= 1.2", "delivery_after_answer": "p99 <= 250 ms, 0 missed, 0 repeated",
           "memory_per_stream_kib": "<= 16", "healthz_ms": "max < 50"}


def unit_nofile() -> int:
    """The web unit's LimitNOFILE (deploy/referee-web.service)."""
    found = re.search(r"^LimitNOFILE=(\d+)$", UNIT.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"{UNIT} sets no LimitNOFILE")
    return int(found[1])


def raise_nofile(want: int) -> int:
    """This process's file limit (and so its children's) set as the unit sets it: soft and hard
    at `want`, or the soft limit as far as the hard one allows when raising it is not allowed."""
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, want))
    except (ValueError, OSError):
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _nofile_of(pid: int) -> int:
    with open(f"/proc/{pid}/limits") as f:
        return next(int(line.split()[3]) for line in f if line.startswith("Max open files"))


def _fds_of(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _start(database: Path, log: Path, streams: int) -> tuple[subprocess.Popen, str, list[int]]:
    """gunicorn with the deploy settings and its number of workers; (master, url, worker pids)."""
    port = free_port()
    workers = runpy.run_path(str(CONF))["workers"]
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BIND": f"127.0.0.1:{port}",
           "REFEREE_CREATE_LIMIT": "", "REFEREE_STREAMS_PER_ADDRESS": str(streams)}
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(CONF),
                                 "referee.asgi:create_asgi_app()"], env=env, cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            pids = children(proc.pid)
            if requests.get(url + "/healthz", timeout=5).ok and len(pids) == workers:
                return proc, url, pids
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.1)
    stop_server(proc)
    raise RuntimeError(f"gunicorn did not start (see {log})")


class _Probe(threading.Thread):
    """/healthz every HEALTHZ_EVERY seconds until stopped: the seconds each took."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.took, self.done = url, [], threading.Event()
        self.opened = float("inf")   # when the last stream was open
        self.closing = float("inf")  # when the client began to close them all at once

    def run(self) -> None:
        while not self.done.wait(HEALTHZ_EVERY):
            started = time.perf_counter()  # a connection of its own each time, as a balancer's check
            requests.get(self.url + "/healthz", timeout=30).raise_for_status()
            self.took.append((started, time.perf_counter() - started))

    def stop(self) -> dict[str, list[float]]:
        """The probes' seconds while the streams opened, once they were all open, and while
        the client closed them all at once (each worker ends ~2,000 streams in a burst)."""
        self.done.set()
        self.join(60)
        return {"while_opening": [t for at, t in self.took if at < self.opened],
                "while_open": [t for at, t in self.took if self.opened <= at < self.closing],
                "while_closing": [t for at, t in self.took if at >= self.closing]}


def _rss_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/status") as f:
            total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return total


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
    """`moves` moves with no stream open, then `rounds` times `moves` with `streams` open and
    `moves` with none (interleaved, so the machine's other load weighs on both alike);
    `per_played` of the streams watch each played game (its seats and a few spectators), the
    others idle games."""
    nofile = {"unit_file": unit_nofile()}
    nofile["bench"] = raise_nofile(nofile["unit_file"])
    random.seed(seed)
    workdir = workdir.resolve()  # the server runs in the checkout
    proc, url, workers = _start(workdir / "streams.db", workdir / "streams-gunicorn.log", streams)
    nofile["served"] = min(_nofile_of(pid) for pid in workers)
    client = probe = None
    quiet: list[float] = []
    loud: list[float] = []
    ratios: list[float] = []  # each round's p50 with streams over the mean p50 of the blocks without around it
    cpu = {"quiet": 0.0, "loud": 0.0, "idle_open": 0.0}
    loud_wall = 0.0
    delays: list[float] = []
    missed = repeated = retried = 0
    rss: list[tuple[int, int]] = []
    healthz: dict[str, list[float]] = {"no_streams": [], "while_opening": [], "while_open": [], "while_closing": []}
    opened: list[float] = []
    closed: list[float] = []  # seconds from the client's closing every stream to the workers' having ended them
    fds = 0
    try:
        http = requests.Session()
        played = [_new_game(http, url, "iron_age") for _ in range(PLAYED_GAMES)]
        on_played = PLAYED_GAMES * per_played
        idle = [_new_game(http, url, "babel")[0] for _ in range(max(1, (streams - on_played) // PER_IDLE_GAME))]
        _play(http, url, played, 20)  # warm: caches, connections, code paths

        def quiet_block() -> list[float]:
            nonlocal probe
            session = requests.Session()  # a fresh connection: an idle one may have been closed (keep-alive 2 s)
            spent = _cpu_seconds(workers)
            probe = _Probe(url)  # the anchor: /healthz on this machine at this moment, no stream open
            probe.opened = 0.0
            probe.start()
            took = _play(session, url, played, moves)
            healthz["no_streams"] += probe.stop()["while_open"]
            probe = None
            cpu["quiet"] += _cpu_seconds(workers) - spent
            quiet.extend(took)
            return took

        after_round = quiet_block()
        for _ in range(rounds):
            before_round = after_round
            heads = {gid: http.get(f"{url}/games/{gid}", timeout=30).json()["seq"] for gid, _ in played}
            paths = [f"/games/{played[i % PLAYED_GAMES][0]}/events?after={heads[played[i % PLAYED_GAMES][0]]}"
                     for i in range(on_played)]
            paths += [f"/games/{idle[i % len(idle)]}/events?after=1" for i in range(streams - on_played)]
            rss_before = _rss_kib(workers)
            fds_before = sum(_fds_of(pid) for pid in workers)
            spec = workdir / "streams.json"
            spec.write_text(json.dumps({"port": int(url.rsplit(":", 1)[1]), "paths": paths}))
            probe = _Probe(url)
            probe.start()
            client = subprocess.Popen([sys.executable, "-m", "referee.ops.bench_streams", "client", str(spec)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
            opening = time.perf_counter()
            rss_half = 0
            for word in ("half", "ready"):
                ready = client.stdout.readline().split()
                if not ready or ready[0] != word:
                    raise RuntimeError(f"the stream client did not connect its streams: {ready}")
                time.sleep(1.0)
                rss_half = rss_half or _rss_kib(workers)
                if word == "half":
                    client.stdin.write("more\n")
                    client.stdin.flush()
            opened.append(time.perf_counter() - opening - 2.0)
            probe.opened = time.perf_counter()
            retried += int(ready[2])
            rss.append((rss_before, rss_half, _rss_kib(workers)))
            fds = max(fds, *(_fds_of(pid) for pid in workers))
            spent = _cpu_seconds(workers)  # what the open streams cost with no move (heartbeats, the watchers' looks)
            time.sleep(IDLE_WINDOW)
            cpu["idle_open"] += _cpu_seconds(workers) - spent
            http = requests.Session()
            answered: list[tuple[str, int, float]] = []
            spent, began = _cpu_seconds(workers), time.perf_counter()
            loud_round = _play(http, url, played, moves, answered)
            loud_wall += time.perf_counter() - began
            loud += loud_round
            cpu["loud"] += _cpu_seconds(workers) - spent
            time.sleep(1.0)  # the last deliveries
            probe.closing = time.perf_counter()
            client.stdin.write("stop\n")
            client.stdin.flush()
            received = json.loads(client.stdout.readline())
            client.wait(60)
            client = None
            # the probe goes on until the workers have ended every stream (their descriptors back
            # to within 50 of where they were: a first stream opens database files and threads;
            # they pace their closes, asgi/closing.py), and a little after
            while sum(_fds_of(pid) for pid in workers) > fds_before + 50 * len(workers) \
                    and time.perf_counter() - probe.closing < 30:
                time.sleep(0.05)
            closed.append(time.perf_counter() - probe.closing)
            time.sleep(0.5)
            for phase, took in probe.stop().items():
                healthz[phase] += took
            probe = None
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
            after_round = quiet_block()
            ratios.append(round(_pct(loud_round, 0.5) / statistics.mean([_pct(before_round, 0.5),
                                                                           _pct(after_round, 0.5)]), 3))
    finally:
        if client is not None:
            client.kill()
        if probe is not None:
            probe.stop()
        stop_server(proc)
    return {
        "streams": streams, "workers": len(workers), "on_played_games": on_played, "rounds": rounds,
        "moves_per_phase": moves, "opened_in_s": round(statistics.median(opened), 2),
        "closed_in_s": round(statistics.median(closed), 2), "open_retries_429": retried,
        "move_no_streams": _ms(quiet), "move_with_streams": _ms(loud),
        "p50_ratio": round(_pct(loud, 0.5) / _pct(quiet, 0.5), 3),
        "p50_ratio_per_round": ratios,  # the spread of the ratio from one round to the next: its noise
        "p50_ratio_mean_of_rounds": round(statistics.mean(ratios), 3),
        "p50_ratio_standard_error": round(statistics.stdev(ratios) / len(ratios) ** 0.5, 3) if len(ratios) > 1 else None,
        "p99_ratio": round(_pct(loud, 0.99) / _pct(quiet, 0.99), 3),
        "workers_cpu_ms_per_move": {"quiet": round(cpu["quiet"] / len(quiet) * 1000, 2),
                                    "loud": round(cpu["loud"] / len(loud) * 1000, 2)},
        # the streams' cost with no move (per second), and the loud CPU per move without it
        "workers_cpu_ms_per_s_streams_open_no_move": round(cpu["idle_open"] / (rounds * IDLE_WINDOW) * 1000, 1),
        "workers_cpu_ms_per_move_loud_net": round((cpu["loud"] - cpu["idle_open"] / (rounds * IDLE_WINDOW) * loud_wall)
                                                  / (rounds * moves) * 1000, 2),
        "healthz_ms": {phase: {**_ms(took), "max_ms": round(max(took) * 1000, 2), "samples": len(took)}
                       for phase, took in healthz.items() if took},
        "workers_rss_mib": {"before": round(rss[0][0] / 1024, 1), "half_open": round(rss[0][1] / 1024, 1),
                            "all_open": round(rss[0][2] / 1024, 1)},
        # the first round's (later rounds reuse what the first one's streams left): what the second
        # half of the streams added, so what each stream costs once every worker holds some (the
        # first stream of a worker also starts its feed's threads and database connections)
        "memory_per_stream_kib": round((rss[0][2] - rss[0][1]) / (streams - streams // 2), 1),
        "memory_per_stream_kib_with_first_use": round((rss[0][2] - rss[0][0]) / streams, 1),
        "file_descriptors": {"limit": nofile, "most_open_in_a_worker": fds},
        "delivery_after_answer": {**_ms(delays), "samples": len(delays), "missed": missed, "repeated": repeated},
        "targets": TARGETS,
    }


# -- the stream holder (a process of its own) ----------------------------------------------------

async def _hold(port: int, paths: list[str]) -> dict[str, Any]:
    events: list[list[tuple[int, float]]] = [[] for _ in paths]
    connected = retried = 0
    opening = asyncio.Semaphore(OPENING)

    async def connect(path: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        nonlocal retried
        while True:
            async with opening:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".encode())
                await writer.drain()
                status = await reader.readline()
                while (await reader.readline()) not in (b"\r\n", b""):
                    pass
            if b" 200 " in status:
                return reader, writer
            writer.close()
            if b" 429 " not in status:
                raise RuntimeError(f"stream {path}: {status!r}")
            retried += 1
            await asyncio.sleep(0.5)

    async def one(i: int, path: str) -> None:
        nonlocal connected
        reader, writer = await connect(path)
        connected += 1
        try:
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    events[i].append((int(line[4:]), time.time()))
        finally:
            writer.close()

    loop = asyncio.get_running_loop()
    half = len(paths) // 2
    tasks = []
    for start, end, word in ((0, half, "half"), (half, len(paths), "ready")):
        target = end
        tasks += [asyncio.create_task(one(i, paths[i])) for i in range(start, end)]
        while connected < target:  # all of this part open, or a failure
            failed = [t for t in tasks if t.done() and t.exception()]
            if failed:
                raise failed[0].exception()
            await asyncio.sleep(0.05)
        print(word, connected, retried, flush=True)
        await loop.run_in_executor(None, sys.stdin.readline)  # "more", then "stop"
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
