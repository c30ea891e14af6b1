"""Timing of Khronos `steps` on realistic positions (issue 20 target: p99 under 20 ms):
`python -m tests.games.khronos.steps_bench [games]` from the repository root. Walks random
paths on every 3rd position of random 2- to 5-seat playouts and times every `steps` call."""

from __future__ import annotations

import random
import statistics
import sys
import time

from tests.games.khronos.test_steps import _positions


def main(games: int = 3) -> None:
    times: list[float] = []
    for seats in (2, 3, 4, 5):
        for g in range(games):
            pick = random.Random(g)
            for rules, state in _positions(seats, g % 2 == 0, 1000 * seats + g, every=3):
                for p in rules.prompts(state):
                    for _ in range(2):
                        path: list[str] = []
                        while True:
                            t = time.perf_counter()
                            step = rules.steps(state, p.seat, p.kind, path)
                            times.append(time.perf_counter() - t)
                            if not step.options or (step.move is not None and pick.random() < 0.3):
                                break
                            path.append(pick.choice(step.options).id)
    times.sort()
    q = statistics.quantiles(times, n=100)
    print(f"khronos steps: {len(times)} calls, p50 {q[49] * 1000:.2f} ms, p99 {q[98] * 1000:.2f} ms, "
          f"max {times[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
