"""Steps answer times (issue 20's benchmark, on demand, not a test): p50/p99 of `steps` over
every prompt of random-playout positions at 2 and 5 seats, walking random paths, as wall time
and as this process's CPU time (the latter is steady on a busy machine).

    python -m tests.games.sands_of_time.bench_steps [games per seat count, default 2]
"""

from __future__ import annotations

import random
import sys
import time
from collections import defaultdict

from tests.games.sands_of_time.test_steps import RULES, playout_positions


def main(games: int = 2) -> None:
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    pick = random.Random(0)
    for seats in (2, 5):
        for game in range(games):
            for st in playout_positions(seats, game, every=2):
                for p in RULES.prompts(st):
                    path: list[str] = []
                    for _ in range(12):
                        t0, c0 = time.perf_counter(), time.process_time()
                        step = RULES.steps(st, p.seat, p.kind, path)
                        wall[p.kind].append((time.perf_counter() - t0) * 1000)
                        cpu[p.kind].append((time.process_time() - c0) * 1000)
                        if not step.options:
                            break
                        path.append(pick.choice(step.options).id)

    def q(xs: list[float], f: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(f * len(xs)))]
    every_wall = [x for v in wall.values() for x in v]
    every_cpu = [x for v in cpu.values() for x in v]
    print(f"all {len(every_wall)} calls: wall p50 {q(every_wall, .5):.2f} ms p99 {q(every_wall, .99):.2f} ms; "
          f"cpu p50 {q(every_cpu, .5):.2f} ms p99 {q(every_cpu, .99):.2f} ms")
    for kind in sorted(wall):
        print(f"{kind:18s} n={len(wall[kind]):5d} wall p50 {q(wall[kind], .5):.2f} p99 {q(wall[kind], .99):.2f}  "
              f"cpu p50 {q(cpu[kind], .5):.2f} p99 {q(cpu[kind], .99):.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
