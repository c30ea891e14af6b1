"""Table talk on demand (`referee bench --only talk`): the page's last 50 messages of a game with
10,000 messages next to a game with 100 (target: within 1.2x), per reader.

Messages are seeded straight into the store (two thirds to all, a sixth private from seat 0 to
seat 1, a sixth notes of seat 2: every reader reads at least 50 of the last 100), then `Referee.recent_messages` (what the game page and its
panel read) is timed for a seat that reads most of them, a seat that reads few, and a
spectator of a game whose policy lets spectators read.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from referee.service.referee import Referee
from referee.store import messages
from referee.store.db import write_transaction


def _seed(svc: Referee, game_id: str, n: int) -> None:
    with write_transaction(svc.db) as conn:
        for i in range(n):
            kind = i % 6
            to, sender, note = ("all", i % 3, False) if kind < 4 else ([1], 0, False) if kind == 4 else ([2], 2, True)
            messages.append(conn, game_id, sender, to, note, f"message {i} " + "x" * 60, "2026-01-01T00:00:00Z",
                            float(i))


def bench_talk(workdir: Path, sizes: tuple[int, int] = (100, 10_000), rounds: int = 7,
               samples: int = 200) -> dict[str, Any]:
    svc = Referee(str(workdir / "talk.db"))
    body = {"game": "khronos", "seats": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}],
            "talk": {"spectators": True}}
    games = {}
    for n in sizes:
        gid = svc.create_game(body)["id"]
        _seed(svc, gid, n)
        games[n] = gid
    out: dict[str, Any] = {}
    for label, viewer in (("seat1", 1), ("seat2", 2), ("spectator", None)):
        medians: dict[int, list[float]] = {n: [] for n in sizes}
        counts: dict[int, int] = {}
        for _ in range(rounds):
            for n, gid in games.items():
                loaded = svc.load(gid)
                started = time.perf_counter()
                for _ in range(samples):
                    shown = svc.recent_messages(loaded, viewer, 50)
                medians[n].append((time.perf_counter() - started) / samples * 1000)
                counts[n] = len(shown)
        small, large = (statistics.median(medians[n]) for n in sizes)
        out[label] = {f"last50_ms_{sizes[0]}": round(small, 3), f"last50_ms_{sizes[1]}": round(large, 3),
                      "ratio": round(large / small, 3), "shown": [counts[n] for n in sizes],
                      "ratio_of_fastest": round(min(medians[sizes[1]]) / min(medians[sizes[0]]), 3),
                      "spread": round(max(medians[sizes[1]]) / min(medians[sizes[1]]), 2)}
    return out
