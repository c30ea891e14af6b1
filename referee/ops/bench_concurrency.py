"""`referee bench --only concurrency`: durable moves/s with 1 and with 16 concurrent clients on
distinct games, on SQLite and on PostgreSQL in the same run, by the same method.

Each database gets its own gunicorn (deploy/gunicorn.conf.py, `WORKERS` x `THREADS` gthread
workers on loopback, enough for 16 requests at once). The clients are separate processes (threads
in one process would make the client's GIL the bottleneck); each plays random legal Babel moves on
its own game over HTTP exactly as a player's program does (GET its prompts with the seat's token,
POST the move with `expected_seq`), starting a new game when one ends. After a warm-up, the 201
answers completed within a fixed window are counted. Alongside: p50/p99 of the POST, the CPU time
per move of the gunicorn workers, of the PostgreSQL server's processes (when it runs on this
machine) and of the clients, and one raw durable commit on the same database, timed in the same
run, which says what share of a lone client's time is spent waiting for the disk. From the CPU
figures: the machine's ceiling in moves/s at that CPU cost per move, and the ratio it allows.

The store is durable as the service runs it: SQLite in WAL with synchronous=FULL; PostgreSQL with
whatever the operator's server says, printed (`SHOW synchronous_commit`, `SHOW fsync`). Without
`--database` the section measures SQLite only and says so. On demand, against a throwaway durable
cluster (fsync on; it writes games into the database it is given):

    cd /work/main && .venv/bin/python -m tests.pgcluster -- .venv/bin/referee bench --only concurrency --database '$PG_URL'
"""

from __future__ import annotations

import multiprocessing
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests

from referee.ops.benchkit import babel_move, free_port, percentile, raw_commit
from referee.ops.benchkit import children, proc_stat
from referee.store.db import is_postgres, redacted

WORKERS, THREADS = 4, 4
CLIENTS = (1, 16)
TARGET_RATIO = 3.0
ROOT = Path(__file__).resolve().parents[2]
NEW_GAME = {"game": "babel", "seats": [{"name": "A"}, {"name": "B"}], "options": {"first_seat": 0}}


# -- the server ---------------------------------------------------------------------------

def start_server(database: str, log: Path) -> tuple[subprocess.Popen, str]:
    """gunicorn with the production config against `database`, on a free loopback port."""
    port = free_port()
    # Every client comes from 127.0.0.1: the per-address creation limit (an abuse guard, not on a
    # move's path) would otherwise stop them starting new games.
    env = {**os.environ, "REFEREE_DATABASE": database, "REFEREE_BIND": f"127.0.0.1:{port}",
           "REFEREE_WORKERS": str(WORKERS), "REFEREE_THREADS": str(THREADS),
           "REFEREE_CREATE_LIMIT": "1000000/second"}
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                                 "referee.asgi:create_asgi_app()"], env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if requests.get(url + "/healthz", timeout=5).ok and len(children(proc.pid)) == WORKERS:
                return proc, url
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"gunicorn did not start (see {log})")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# -- CPU accounting from /proc (Linux; figures are None elsewhere) ------------------------------

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pids: list[int], reaped_too: bool = False) -> float:
    """User + system CPU of these processes (and of the children they reaped, if asked)."""
    total = 0
    for pid in pids:
        st = proc_stat(pid)
        if st is not None:  # utime, stime, cutime, cstime are fields 14-17 (index 11-14 here)
            total += int(st[11]) + int(st[12]) + ((int(st[13]) + int(st[14])) if reaped_too else 0)
    return total / _TICK


def _machine_busy() -> tuple[float, float] | None:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / _TICK, sum(fields[:8]) / _TICK


class CpuMeter:
    """CPU time of the gunicorn workers and of the PostgreSQL server's processes (when the
    server runs on this machine: its postmaster is the parent of our own backend), and the
    server's WAL flushes (pg_stat_wal, PostgreSQL 14+): fewer flushes than moves is group commit."""

    def __init__(self, server: subprocess.Popen, postmaster: int | None, database: str | None = None):
        self.workers = children(server.pid)
        self.postmaster = postmaster
        self.pg = None
        if database is not None:
            import psycopg
            self.pg = psycopg.connect(database, autocommit=True)

    def _wal_syncs(self) -> float | None:
        """Approximate: backends report their statistics at most once a second."""
        import psycopg
        try:
            return float(self.pg.execute("SELECT wal_sync FROM pg_stat_wal").fetchone()[0]) if self.pg else None
        except psycopg.Error:  # an older server or no permission: the figure is only missing
            return None

    def close(self) -> None:
        if self.pg is not None:
            self.pg.close()

    def sample(self) -> dict[str, float | None]:
        out: dict[str, float | None] = {"gunicorn": _cpu_seconds(self.workers), "postgres": None}
        if self.postmaster is not None:
            out["postgres"] = (_cpu_seconds([self.postmaster], reaped_too=True)
                               + _cpu_seconds(children(self.postmaster)))
        busy = _machine_busy()
        out["machine_busy"], out["machine_total"] = busy if busy else (None, None)
        out["wal_syncs"] = self._wal_syncs()
        return out


# -- the clients ----------------------------------------------------------------------------

def _new_game(http: requests.Session, url: str) -> tuple[str, list[str], dict]:
    resp = http.post(url + "/games", json=NEW_GAME)
    resp.raise_for_status()
    created = resp.json()
    gid = created["id"]
    return gid, [s["token"] for s in created["seats"]], http.get(f"{url}/games/{gid}").json()


def client(url: str, index: int, seed: int, ready, go, window, results) -> None:
    """One player's program, in its own process: moves on its own game until the window ends.
    Reports the POST latencies of the 201s completed within the window, other answers, the games
    it started and its own CPU seconds within the window."""
    http = requests.Session()
    rnd = random.Random(seed * 1000 + index)
    gid, tokens, game = _new_game(http, url)
    ready.put(index)
    go.wait()
    start, end = window[0], window[1]
    latencies: list[float] = []
    other = games = 0
    cpu0: float | None = None
    while True:
        now = time.monotonic()
        if now >= end:
            break
        if cpu0 is None and now >= start:
            cpu0 = time.process_time()
        if game["status"] != "active":
            gid, tokens, game = _new_game(http, url)
            games += now >= start
            continue
        auth = {"Authorization": f"Bearer {tokens[game['prompts'][0]['seat']]}"}
        prompt = http.get(f"{url}/games/{gid}/prompts", headers=auth).json()["prompts"][0]
        move = babel_move(rnd, prompt)
        t0 = time.monotonic()
        resp = http.post(f"{url}/games/{gid}/moves", json={"move": move, "expected_seq": game["seq"]}, headers=auth)
        t1 = time.monotonic()
        if resp.status_code == 201:
            game = resp.json()
            if start <= t1 < end:
                latencies.append(t1 - t0)
        else:
            other += start <= t1 < end
            game = http.get(f"{url}/games/{gid}").json()
    cpu = time.process_time() - cpu0 if cpu0 is not None else 0.0
    results.put({"latencies": latencies, "other": other, "games": games, "cpu": cpu})


def _gather(queue, procs: list, timeout: float = 120) -> list:
    """One item from each process, failing at once when one of them died (its traceback is on
    stderr) rather than after the timeout."""
    import queue as queues
    items: list = []
    deadline = time.monotonic() + timeout
    while len(items) < len(procs):
        try:
            items.append(queue.get(timeout=0.5))
        except queues.Empty:
            if any(p.exitcode not in (None, 0) for p in procs) or time.monotonic() > deadline:
                raise RuntimeError("a bench client failed (see its traceback above)") from None
    return items


def run_clients(url: str, n: int, seconds: float, warmup: float, seed: int, meter: CpuMeter) -> dict[str, Any]:
    """`n` client processes, started together; the counted window begins `warmup` seconds after
    the last one is ready."""
    ctx = multiprocessing.get_context("spawn")  # a clean interpreter: nothing inherited from the caller
    ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    window = ctx.Array("d", 2, lock=False)
    procs = [ctx.Process(target=client, args=(url, i, seed, ready, go, window, results), daemon=True)
             for i in range(n)]
    for p in procs:
        p.start()
    try:
        _gather(ready, procs)
        start = time.monotonic() + warmup
        window[0], window[1] = start, start + seconds
        go.set()
        time.sleep(max(0.0, start - time.monotonic()))
        before = meter.sample()
        time.sleep(max(0.0, start + seconds - time.monotonic()))
        after = meter.sample()
        reports = _gather(results, procs)
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.kill()
    latencies = [x for r in reports for x in r["latencies"]]
    moves = len(latencies)
    ms = lambda p: round(percentile(latencies, p) * 1000, 2) if latencies else None
    per_move = lambda s: round(s * 1000 / moves, 3) if moves and s is not None else None
    spent = {k: (after[k] - before[k]) if after[k] is not None and before[k] is not None else None for k in after}
    client_cpu = sum(r["cpu"] for r in reports)
    ncpu = os.cpu_count() or 1
    server = (spent["gunicorn"] or 0) + (spent["postgres"] or 0)
    total = server + client_cpu  # everything a move costs on this machine (None parts count 0)
    return {
        "clients": n, "moves": moves, "moves_per_s": round(moves / seconds, 1),
        "p50_ms": ms(50), "p99_ms": ms(99),
        "wal_flushes_per_move": (round(spent["wal_syncs"] / moves, 3)
                                 if moves and spent["wal_syncs"] is not None else None),
        "other_answers": sum(r["other"] for r in reports), "games_started": sum(r["games"] for r in reports),
        "cpu_ms_per_move": {"gunicorn_workers": per_move(spent["gunicorn"]), "postgres_server": per_move(spent["postgres"]),
                            "clients": per_move(client_cpu), "all": per_move(total)},
        # The most moves/s this machine's CPUs could give at this CPU cost per move, whatever the database.
        "cpu_ceiling_moves_per_s": round(ncpu * moves / total, 1) if total else None,
        "server_cpu_share": round(server / (seconds * ncpu), 3),
        "machine_busy_share": (round(spent["machine_busy"] / spent["machine_total"], 3)
                               if spent["machine_total"] else None),
        # CPU busy outside the bench's processes (other work on a shared machine, interrupts, steal):
        # the figures above are only comparable when this is near 0.
        "other_busy_share": (round(max(0.0, spent["machine_busy"] - total) / spent["machine_total"], 3)
                             if spent["machine_total"] else None),
    }


# -- the databases ---------------------------------------------------------------------------

def _postgres_facts(url: str) -> tuple[dict[str, Any], int | None]:
    """The server's durability settings, and its postmaster's pid if it runs on this machine."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        facts = {name: conn.execute(f"SHOW {name}").fetchone()[0]
                 for name in ("server_version", "synchronous_commit", "fsync", "wal_sync_method",
                              "full_page_writes", "commit_delay", "commit_siblings")}
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        st = proc_stat(backend)  # None when the server is another machine (or another pid namespace)
        postmaster = int(st[1]) if st is not None else None
    return facts, postmaster


def _postgres_commit(url: str, n: int = 200) -> float:
    """Median seconds of one durable commit of an event-sized row on this server (a scratch
    table, dropped after)."""
    import psycopg
    body = '{"move": {"type": "travel", "people": "medes"}, "chance": [], "state_hash": "' + "0" * 64 + '"}'
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS referee_bench_commit (n BIGSERIAL PRIMARY KEY, payload TEXT)")
        try:
            times = []
            for _ in range(n):
                t0 = time.perf_counter()
                with conn.transaction():
                    conn.execute("INSERT INTO referee_bench_commit (payload) VALUES (%s)", (body,))
                times.append(time.perf_counter() - t0)
        finally:
            conn.execute("DROP TABLE referee_bench_commit")
    return percentile(times, 50)


def _sqlite_commit(path: Path, n: int = 200) -> float:
    commit = raw_commit(path)
    return percentile([commit() for _ in range(n)], 50)


def measure(database: str, workdir: Path, clients: tuple[int, ...], seconds: float, warmup: float,
            seed: int) -> dict[str, Any]:
    """One database: its gunicorn, each client count in turn, and a raw commit for scale."""
    pg = is_postgres(database)
    out: dict[str, Any] = {}
    if pg:
        out["database"] = redacted(database)
        out["server"], postmaster = _postgres_facts(database)
    else:
        out["database"] = "SQLite, a fresh file, WAL, synchronous=FULL (the service's own connection)"
        postmaster = None
    proc, url = start_server(database, workdir / f"gunicorn-{'pg' if pg else 'sqlite'}.log")
    try:
        meter = CpuMeter(proc, postmaster, database if pg else None)
        try:
            for n in clients:
                out[f"clients_{n}"] = run_clients(url, n, seconds, warmup, seed, meter)
        finally:
            meter.close()
    finally:
        stop_server(proc)
    lo, hi = out[f"clients_{clients[0]}"], out[f"clients_{clients[-1]}"]
    out["ratio"] = round(hi["moves_per_s"] / lo["moves_per_s"], 2) if lo["moves_per_s"] else None
    commit = _postgres_commit(database) if pg else _sqlite_commit(workdir / "concurrency-commit.db")
    out["raw_commit_ms"] = round(commit * 1000, 3)
    # A lone client waits for one commit per move: this share of its wall time is the disk's.
    out["commit_share_of_1_client_time"] = round(commit * lo["moves_per_s"], 3) if clients[0] == 1 else None
    # ...and this share of it some CPU is busy on its behalf (client, gunicorn, database): a chain
    # that keeps one CPU busy all the time cannot scale past the machine's CPU count.
    busy = lo["cpu_ms_per_move"]["all"]
    out["cpu_busy_share_of_1_client_time"] = round(busy * lo["moves_per_s"] / 1000, 3) if busy else None
    ceiling = hi["cpu_ceiling_moves_per_s"]
    out["cpu_ceiling_ratio"] = round(ceiling / lo["moves_per_s"], 2) if ceiling and lo["moves_per_s"] else None
    return out


def bench_concurrency(workdir: Path, database: str | None = None, seconds: float = 10.0,
                      clients: tuple[int, ...] = CLIENTS, warmup: float = 2.0, seed: int = 1) -> dict[str, Any]:
    """SQLite always; PostgreSQL when `database` names one."""
    clients = tuple(sorted(set(clients)))
    if database is not None and not is_postgres(database):
        raise ValueError("--database must be a postgresql:// URL (SQLite is always measured, on a fresh file)")
    out: dict[str, Any] = {"sqlite": measure(str(workdir / "concurrency.db"), workdir, clients, seconds, warmup, seed)}
    if database is not None:
        out["postgresql"] = measure(database, workdir, clients, seconds, warmup, seed)
    else:
        out["postgresql"] = {"skipped": "no --database postgresql://… given: SQLite only"}
    out["target"] = f"{clients[-1]} clients >= {TARGET_RATIO:g}x {clients[0]} client on PostgreSQL"
    out["met"] = (out["postgresql"]["ratio"] is not None and out["postgresql"]["ratio"] >= TARGET_RATIO
                  if database is not None else None)
    out["setup"] = (f"gunicorn deploy/gunicorn.conf.py, {WORKERS} workers x {THREADS} threads (gthread) on 127.0.0.1; "
                    f"clients {', '.join(map(str, clients))} as separate processes, each on its own Babel game "
                    f"(2 seats, first_seat 0; a new game when one ends): GET prompts with the seat's token, then "
                    f"POST the move with expected_seq; {warmup:g} s warm-up, then the 201s completed in {seconds:g} s "
                    f"are counted; p50/p99 of the POST; {os.cpu_count()} CPUs shared by server, database and clients")
    return out
