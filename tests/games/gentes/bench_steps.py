"""How fast Gentes answers a step (issue 20 target: p99 under 20 ms): `steps` timed along random
step paths from every prompt of the positions of a few random games.

    python -m tests.games.gentes.bench_steps [games per seat count, default 2]
"""

from __future__ import annotations

import random
import sys
import time

from tests.games.gentes.test_steps import RULES, game_positions


def main(games: int = 2) -> None:
    times: list[float] = []
    cpu: list[float] = []
    pick = random.Random(1)
    for seats in (2, 3, 4):
        for g in range(games):
            for st in game_positions(seats, 500 + 10 * seats + g, every=1):
                for p in RULES.prompts(st):
                    path: list[str] = []
                    for _ in range(12):
                        t, c = time.perf_counter(), time.process_time()
                        step = RULES.steps(st, p.seat, p.kind, path)
                        times.append(time.perf_counter() - t)
                        cpu.append(time.process_time() - c)
                        if not step.options:
                            break
                        path.append(pick.choice(step.options).id)
    for what, xs in (("wall", times), ("CPU", cpu)):  # CPU time: what a busy shared machine does not distort
        xs.sort()
        q = {k: 1000 * xs[int(k * (len(xs) - 1))] for k in (0.5, 0.9, 0.99, 1.0)}
        print(f"{len(xs)} steps calls, {what} time: p50 {q[0.5]:.2f} ms, p90 {q[0.9]:.2f} ms, "
              f"p99 {q[0.99]:.2f} ms, max {q[1.0]:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
