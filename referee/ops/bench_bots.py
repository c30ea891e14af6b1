"""`referee bench --only bots,strength`: how fast bot seats answer and how well they play.

- `strength`: the search bot at one level against the random and the default player, per game:
  games, wins, rate, seconds per game (`--strength-games`, default 30; games run in
  `--jobs` processes). The targets: 90% against random, 75% against default (issue 41).
- `pace` (in the bots section): prompt-to-event latency of bot seats in a running service:
  a person's seat plays its default through the service, the bots' job (ops/scheduler.py,
  woken by the commit) answers, and the time from the event that opened a bot's decision to
  the bot's move is taken per game and level, against the level's thinking time plus 1 s.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable

STRENGTH_TARGETS = {"random": 0.90, "default": 0.75}


def _one_game(game: str, opponent: str, level: int, g: int, seed: str) -> tuple[int, float, int]:
    """Game `g` of a match: 1 when the search bot alone won it (a shared win is not a win), its
    wall seconds, and 1 when the win was shared."""
    from referee.bots.match import Tally, play_game, spec_of
    tally = Tally()
    started = time.perf_counter()
    play_game(game, {"a": spec_of("search", level), "b": spec_of(opponent, level)}, g, 2, seed, tally)
    return tally.a_wins, time.perf_counter() - started, tally.draws


def print_progress(game: str, opponent: str, g: int, won: int, done: list[tuple[int, float, int]]) -> None:
    """One line on stderr per game played (`referee bench --only strength`): a run stopped early
    still leaves its games counted."""
    wins = sum(w for w, _, _ in done)
    outcome = "won" if won else "shared" if done[-1][2] else "lost"
    print(f"strength {game} vs {opponent}: game {g} {outcome}, "
          f"{wins}/{len(done)} won so far, {done[-1][1]:.0f} s", file=sys.stderr, flush=True)


def bench_strength(games: int = 30, level: int = 2, only: tuple[str, ...] | None = None, jobs: int = 1,
                   seed: str = "strength", progress: Callable[..., None] | None = None,
                   first: int = 0) -> dict[str, Any]:
    """Per game and opponent, the search bot's wins at `level` in games `first`..`games`-1 at 2
    seats (seats alternate, the first seat rotates: bots/match.py; game g of a seed is the same
    game in every run, so `first` extends a run stopped early). Games are played in the order
    g, game, opponent, so a run stopped early has about as many games in every row."""
    from referee.engine.registry import GAME_IDS
    titles = only or GAME_IDS
    started = time.perf_counter()
    tasks = [(game, opponent, g) for g in range(first, games) for game in titles for opponent in STRENGTH_TARGETS]
    done: dict[tuple[str, str], list[tuple[int, float, int]]] = {(t, o): [] for t in titles for o in STRENGTH_TARGETS}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_one_game, game, opponent, level, g, f"{seed}-{opponent}"): (game, opponent, g)
                   for game, opponent, g in tasks}
        for future in as_completed(futures):
            game, opponent, g = futures[future]
            done[game, opponent].append(future.result())
            if progress is not None:
                progress(game, opponent, g, done[game, opponent][-1][0], done[game, opponent])
    rows = []
    for (game, opponent), outcomes in done.items():
        wins = sum(w for w, _, _ in outcomes)
        rows.append({"game": game, "opponent": opponent, "games": len(outcomes), "first": first, "wins": wins,
                     "shared": sum(d for _, _, d in outcomes),
                     "rate": round(wins / max(1, len(outcomes)), 3), "target": STRENGTH_TARGETS[opponent],
                     "seconds_per_game": round(statistics.fmean(s for _, s, _ in outcomes), 1) if outcomes else None})
    return {"level": level, "rows": rows, "wall_seconds": round(time.perf_counter() - started, 1),
            "all_met": all(r["rate"] >= r["target"] for r in rows)}


def bench_pace(workdir: Path, levels: tuple[int, ...] = (1, 2), answers: int = 8,
               seconds: float = 60.0) -> dict[str, Any]:
    """Per game and level: a person's seat (seat 0, its prompt's default) against a search bot
    in a service with the bots' job running; for each decision a person's move opens for the
    bot, the seconds from that move's commit to the bot's first move seen in the log
    (`answers` of them, or `seconds` per game and level): wall seconds, and the process's CPU
    seconds meanwhile, which is what the wall time would be on an idle machine (the bot's
    thread does the work; the waiting side only polls), so a loaded machine can say it too."""
    from referee.bots.search import LEVEL_SECONDS
    from referee.engine.registry import GAME_IDS
    from referee.ops.scheduler import start_bots_thread
    from referee.plumbing.config import Config
    from referee.service.referee import Referee
    from referee.store import events
    database = str(workdir / "bots-pace.db")
    service = Referee(database, config=Config(database=database, bot_delay=0.0))
    stop = threading.Event()
    thread = start_bots_thread(service, stop)
    out: dict[str, Any] = {}
    started_load = os.getloadavg()[0]
    try:
        for game in GAME_IDS:
            for level in levels:
                gid = service.create_game({"game": game, "seats": [{"name": "Ada"}, {"bot": "search", "level": level}],
                                           "options": {"first_seat": 0}})["id"]
                waits: list[float] = []
                cpu: list[float] = []
                batches: list[int] = []
                until = time.monotonic() + seconds
                while len(waits) < answers and time.monotonic() < until:
                    loaded = service.load(gid)
                    if loaded.status != "active":
                        break
                    mine = [p for p in loaded.prompts if p.seat == 0]
                    if not mine:
                        time.sleep(0.01)
                        continue
                    service.submit_move(gid, 0, {"move": mine[0].default, "expected_seq": loaded.seq})
                    opened, head, spent = time.perf_counter(), loaded.seq + 1, time.process_time()
                    if not any(p.seat == 1 for p in service.load(gid).prompts):
                        continue  # the person decides again: no decision of the bot opened
                    while time.monotonic() < until:
                        new = [e for e in events.read(service.db.conn, gid, after=head) if e.type == "move"]
                        if new:
                            waits.append(time.perf_counter() - opened)
                            cpu.append(time.process_time() - spent)
                            batches.append(sum(1 for e in new if e.seat == 1))
                            break
                        time.sleep(0.005)
                out[f"{game}/level{level}"] = {
                    "answers": len(waits), "target_s": LEVEL_SECONDS[level] + 1.0,
                    "p50_s": round(statistics.median(waits), 3) if waits else None,
                    "max_s": round(max(waits), 3) if waits else None,
                    "cpu_p50_s": round(statistics.median(cpu), 3) if cpu else None,
                    "cpu_max_s": round(max(cpu), 3) if cpu else None,
                    "moves_per_answer_max": max(batches) if batches else None}
    finally:
        stop.set()
        thread.join(timeout=30)
    rows = [r for r in out.values() if isinstance(r, dict)]
    out["load_1min"] = [round(started_load, 2), round(os.getloadavg()[0], 2)]  # wall times mean little without it
    out["all_met"] = all(r["p50_s"] is not None and r["p50_s"] <= r["target_s"] for r in rows)
    out["all_met_on_cpu"] = all(r["cpu_p50_s"] is not None and r["cpu_p50_s"] <= r["target_s"] for r in rows)
    return out
