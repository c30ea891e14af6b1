"""What the benchmarks share (referee bench, its concurrency section): percentiles, a free
loopback port, a random Babel move, one raw durable SQLite commit to compare against."""

from __future__ import annotations

import json
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
