"""Steps latency for babel and iron_age over random-playout positions (not a test; issue 20
benchmark helper): `python -m tests.games.babel.steps_timing` prints p50/p99 of one `steps` call
(random paths through every prompt) next to `prompts`."""

from __future__ import annotations

import random
import statistics
import sys
import time

from referee.engine.registry import rules_for


def _measure(game: str, positions) -> None:
    rules = rules_for(game)
    pick = random.Random(1)
    steps_t: list[float] = []
    prompt_t: list[float] = []
    for state in positions:
        t0 = time.perf_counter()
        prompts = rules.prompts(state)
        prompt_t.append(time.perf_counter() - t0)
        for p in prompts:
            path: list[str] = []
            for _ in range(12):
                t0 = time.perf_counter()
                step = rules.steps(state, p.seat, p.kind, path)
                steps_t.append(time.perf_counter() - t0)
                if not step.options:
                    break
                path.append(pick.choice(step.options).id)

    def q(xs: list[float], f: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(f * len(xs)))] * 1000

    print(f"{game}: steps n={len(steps_t)} p50={q(steps_t, .5):.2f} ms p99={q(steps_t, .99):.2f} ms "
          f"max={max(steps_t) * 1000:.2f} ms; prompts p50={q(prompt_t, .5):.2f} ms p99={q(prompt_t, .99):.2f} ms")


def main() -> None:
    from tests.games.babel.test_steps import _positions as babel_positions
    from tests.games.iron_age.test_steps import _positions as iron_positions
    _measure("babel", [s for g in range(4) for s in babel_positions(g, every=1)])
    _measure("iron_age", [s for seats in (2, 4) for g in range(3) for s in iron_positions(seats, g, every=1)])


if __name__ == "__main__":
    sys.exit(main())
