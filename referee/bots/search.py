"""The search bot: determinised flat Monte Carlo search with UCB1 at the root, generic across
games because it only uses the rules contract.

Each iteration deals a fresh full state from the seat's view (the game's `determinize` hook),
so hidden cards are sampled anew every time and never known (information-set sampling at the
root); plays one of the candidate moves (the prompt's choices, or moves built by random steps),
then random legal moves for every seat until the game ends or `depth` decisions passed, and
scores the outcome for the seat: a win counts most, the score margin breaks ties between
outcomes (the game's own `standings` when the playout stops early). The candidate with the best
mean is played. Thinking is bounded by CPU seconds (levels: a playout stops at the deadline
too, so a decision takes at most its budget plus one step) or by an iteration count (tests: CPU
time varies, an iteration count makes a decision reproducible for one seed).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from referee.engine.contract import IllegalMove, Move, Rules, State
from referee.engine.rng import Rng

from referee.bots.moves import active_move, candidates, own_prompt

# CPU seconds per decision by level (the 0.2 / 1 / 3 s).
LEVEL_SECONDS = {1: 0.2, 2: 1.0, 3: 3.0}
WIDTH = 12          # candidate moves built by steps when a prompt lists no choices
DEPTH = 120         # decisions played out before the standings judge
EXPLORE = 0.7       # UCB1's exploration constant on rewards in [0, 1]


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None
    iterations: int | None = None
    depth: int | None = None    # decisions per playout (default DEPTH)

    @classmethod
    def level(cls, level: int) -> "Budget":
        return cls(seconds=LEVEL_SECONDS[level])


def winners_of(result: dict[str, Any]) -> list[int]:
    """The winning seats (a game's result may name only `winner`)."""
    if result.get("winners") is not None:
        return list(result["winners"])
    return [] if result.get("winner") is None else [result["winner"]]


def reward(rules: Rules, state: State, seat: int) -> float:
    """The outcome for `seat` in [0, 1]: 0.7 for a win (shared among winners), plus 0.3 times
    the normalised score margin over the best other seat."""
    res = rules.result(state) or rules.standings(state)
    scores = [s if isinstance(s, (int, float)) else 0 for s in res.get("scores") or []]
    winners = winners_of(res)
    win = 1 / len(winners) if seat in winners else 0.0
    if len(scores) > 1:
        mine = scores[seat]
        best = max(s for i, s in enumerate(scores) if i != seat)
        margin = (mine - best) / max(1.0, abs(mine) + abs(best))
    else:
        margin = 0.0
    return 0.7 * win + 0.3 * (0.5 + 0.5 * margin)


def playout(rules: Rules, state: State, rnd: random.Random, seed: bytes, depth: int,
            deadline: float | None = None) -> State:
    """Random legal moves for whoever is prompted, until the end, `depth` decisions, or the
    CPU `deadline` (time.process_time) passes."""
    for n in range(depth):
        if rules.result(state) is not None or (deadline is not None and time.process_time() > deadline):
            break
        prompts = rules.prompts(state)
        if not prompts:
            break
        prompt = rnd.choice(prompts)
        move = active_move(rules, state, prompt, rnd)
        try:
            state = rules.apply(state, prompt.seat, move, Rng(seed, n + 2))
        except IllegalMove:
            state = rules.apply(state, prompt.seat, prompt.default, Rng(seed, n + 2))
    return state


def choose(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, rnd: random.Random,
           budget: Budget) -> Move:
    """The move to play for `seat`'s prompt `kind`, from the seat's `view` alone."""
    started = time.process_time()
    depth = budget.depth or DEPTH
    deadline = started + budget.seconds if budget.seconds is not None else None
    state = rules.determinize(view, Rng(rnd.randbytes(32), 0))
    prompt = own_prompt(rules, state, seat, kind)
    if prompt is None:
        raise ValueError(f"seat {seat} has no {kind or ''} decision in this view")
    moves = candidates(rules, state, prompt, rnd, WIDTH)
    if len(moves) == 1:
        return moves[0]
    visits = [0] * len(moves)
    totals = [0.0] * len(moves)
    n = 0
    while True:
        if budget.iterations is not None and n >= budget.iterations:
            break
        if deadline is not None and time.process_time() >= deadline:
            break
        n += 1
        if n <= len(moves):
            i = n - 1
        else:
            log_n = math.log(n)
            i = max(range(len(moves)), key=lambda j: totals[j] / visits[j] + EXPLORE * math.sqrt(log_n / visits[j]))
        seed = rnd.randbytes(32)
        dealt = rules.determinize(view, Rng(seed, 0))
        try:
            after = rules.apply(dealt, seat, moves[i], Rng(seed, 1))
        except IllegalMove:  # not legal in this deal: cannot happen for a move built from the view
            visits[i] += 1
            continue
        totals[i] += reward(rules, playout(rules, after, rnd, seed, depth, deadline), seat)
        visits[i] += 1
    # The best mean among the tried moves (the first candidate, the default when moves were
    # built by steps, if time ran out before any was tried).
    best = max(range(len(moves)), key=lambda j: (totals[j] / visits[j] if visits[j] else -1, visits[j], -j))
    return moves[best]
