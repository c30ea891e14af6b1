"""`referee bench --only steps`: moves offered step by step, measured in process (Flask's test
client: no network on either side, as the pages benchmark).

For each game, games are played with moves built only through
`GET /games/{id}/prompts/{kind}/steps` (random options until a move is complete); every steps
request is timed, and next to each move one `GET /games/{id}/prompts` of the same seat, so the
two read under the same load. Reported per game: p50/p99 of each, wall clock and CPU time
(target: steps p99 < 20 ms),
the weight of the game's page for a seat (HTML plus its stylesheet and script; target < 150 KB),
and the cost of narrating the whole log for a seat with its views (service/narration_texts.py): cold
(one replay from the nearest snapshot or setup) and warm (remembered).
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from referee.ops.benchkit import percentile

MAX_MOVES = 4000


def _ms(values: list[float], p: float) -> float:
    return round(percentile(values, p) * 1000, 2) if values else 0.0


def _percentiles(name: str, samples: list[tuple[float, float]]) -> dict[str, float]:
    """Wall-clock p50/p99 and, beside them, the CPU time of the same requests (on a shared
    machine the wall clock's tail is mostly other processes' time)."""
    wall, cpu = [w for w, _ in samples], [c for _, c in samples]
    return {f"{name}_p50_ms": _ms(wall, 50), f"{name}_p99_ms": _ms(wall, 99),
            f"{name}_cpu_p50_ms": _ms(cpu, 50), f"{name}_cpu_p99_ms": _ms(cpu, 99)}


def _page_weight(browser: Any, gid: str) -> dict[str, int]:
    """The seat's game page: its HTML and every stylesheet and script it links, in bytes."""
    html = browser.get(f"/g/{gid}").get_data()
    assets = re.findall(rb'(?:href|src)="(/[^"]+\.(?:css|js))"', html)
    extra = sum(len(browser.get(a.decode()).get_data()) for a in set(assets))
    return {"page_html_kb": round(len(html) / 1024, 1), "page_total_kb": round((len(html) + extra) / 1024, 1)}


def _play(app: Any, service: Any, game: str, seats: int, rnd: random.Random, max_moves: int,
          steps_t: list[tuple[float, float]], prompts_t: list[tuple[float, float]]) -> tuple[dict, int]:
    """Play one game by steps alone; each request's (wall, CPU) seconds go to the lists."""
    created = service.create_game({"game": game, "seats": [{"name": f"P{i}"} for i in range(seats)]})
    gid = created["id"]
    api = app.test_client()
    auth = [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]
    moves = 0
    while moves < max_moves:
        loaded = service.load(gid)
        if loaded.finished:
            break
        p = rnd.choice(loaded.prompts)
        t0, c0 = time.perf_counter(), time.process_time()
        assert api.get(f"/games/{gid}/prompts", headers=auth[p.seat]).status_code == 200
        prompts_t.append((time.perf_counter() - t0, time.process_time() - c0))
        path: list[str] = []
        while True:
            url = f"/games/{gid}/prompts/{p.kind}/steps" + (f"?chosen={','.join(path)}" if path else "")
            t0, c0 = time.perf_counter(), time.process_time()
            r = api.get(url, headers=auth[p.seat])
            steps_t.append((time.perf_counter() - t0, time.process_time() - c0))
            if r.status_code != 200:
                raise RuntimeError(f"{game}: steps {path} answered {r.status_code}: {r.get_data(as_text=True)}")
            step = r.get_json()
            if step["move"] is not None and (not step["options"] or rnd.random() < 0.3 + len(path) / 20):
                break
            path.append(rnd.choice(step["options"])["id"])
        r = api.post(f"/games/{gid}/moves", headers=auth[p.seat], json={"move": step["move"], "expected_seq": step["seq"]})
        if r.status_code != 201:
            raise RuntimeError(f"{game}: a move built by steps was refused: {r.get_data(as_text=True)}")
        moves += 1
    return created, moves


def bench_steps(workdir: Path, games: int = 3, seed: int = 1, max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """Per game: `games` games played by steps alone (2 seats, then the largest table, ...)."""
    from referee.app import create_app
    from referee.engine.registry import GAME_IDS
    from referee.plumbing.config import Config
    from referee.service import narration_texts

    app = create_app(Config(database=str(workdir / "steps.db"), create_limit="", auth_fail_limit=""))
    service = app.extensions["referee"]
    out: dict[str, Any] = {}
    for game in GAME_IDS:
        rules = service.rules(game, None)
        rnd = random.Random(f"{seed}-{game}")
        steps_t: list[tuple[float, float]] = []
        prompts_t: list[tuple[float, float]] = []
        longest: tuple[int, dict] | None = None
        t0 = time.perf_counter()
        try:
            for i in range(games):
                seats = max(2, rules.min_players) if i % 2 == 0 else rules.max_players
                created, moves = _play(app, service, game, seats, rnd, max_moves, steps_t, prompts_t)
                if longest is None or moves > longest[0]:
                    longest = (moves, created)
        except RuntimeError as e:
            out[game] = {"error": str(e)}
            continue
        played = time.perf_counter() - t0
        assert longest is not None
        created = longest[1]
        gid = created["id"]
        browser = app.test_client()
        browser.get("/play/" + created["seats"][0]["url"].split("/play/", 1)[1])
        loaded = service.load(gid)
        seen = service.events_for(gid, 0)
        narration_texts.forget()
        t0 = time.perf_counter()
        service.narrated(loaded, seen, 0)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        service.narrated(loaded, seen, 0)
        warm = time.perf_counter() - t0
        first300 = None
        if len(seen) >= 300:  # the yardstick: a 300-event game's log, cold
            narration_texts.forget()
            t0 = time.perf_counter()
            service.narrated(loaded, seen[:300], 0)
            first300 = round((time.perf_counter() - t0) * 1000, 1)
        out[game] = {"games": games, "seconds": round(played, 1), "steps_requests": len(steps_t),
                     **_percentiles("steps", steps_t), **_percentiles("prompts", prompts_t),
                     **_page_weight(browser, gid),
                     "narrated_events": len(seen), "narrate_log_cold_ms": round(cold * 1000, 1),
                     "narrate_log_warm_ms": round(warm * 1000, 2), "narrate_300_events_cold_ms": first300}
    return out
