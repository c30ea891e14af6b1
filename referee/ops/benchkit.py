"""What the benchmarks share (referee bench, its concurrency section): percentiles, a free
loopback port, a random Babel move, one raw durable SQLite commit to compare against, and a
server process's CPU time as Linux counts it (/proc)."""

from __future__ import annotations

import json
import os
import random
import socket
import time
from pathlib import Path
from typing import Any, Callable

from referee.store.sqlite import connect


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def babel_move(rnd: random.Random, prompt: dict[str, Any]) -> dict[str, Any]:
    """A random legal move of a prompt, preferring building and abilities so that games end in
    a realistic number of moves."""
    choices = prompt["choices"] or [prompt["default"]]
    strong = [c for c in choices if c["type"] in ("build", "ability", "finish_first_turn")]
    return rnd.choice(strong) if strong and rnd.random() < 0.8 else rnd.choice(choices)


def raw_commit(path: Path) -> Callable[[], float]:
    """One durable SQLite commit (WAL, synchronous=FULL, an event-sized row): its seconds."""
    raw = connect(path).conn
    raw.execute("CREATE TABLE IF NOT EXISTS raw (n INTEGER PRIMARY KEY, payload TEXT)")
    body = json.dumps({"move": {"type": "travel", "people": "medes"}, "chance": [], "state_hash": "0" * 64})

    def commit() -> float:
        t0 = time.perf_counter()
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("INSERT INTO raw (payload) VALUES (?)", (body,))
        raw.execute("COMMIT")
        return time.perf_counter() - t0
    return commit


def proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat from the state on (the command name may hold spaces)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (gunicorn's workers)."""
    out = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if entry.isdigit():
            st = proc_stat(int(entry))
            if st is not None and int(st[1]) == pid:
                out.append(int(entry))
    return out


def cpu_ns(pid: int) -> int:
    """Nanoseconds `pid` has run on a CPU so far, all its threads together (schedstat: exact to
    the nanosecond, where /proc/PID/stat counts 10 ms ticks); 0 where Linux does not tell."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):  # a thread that ended meanwhile
            continue
    return total
