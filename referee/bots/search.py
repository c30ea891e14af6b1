"""The search bot: determinised flat Monte Carlo search with UCB1 at the root, generic across
games because it only uses the rules contract.

Each iteration deals a fresh full state from the seat's view (the game's `determinize` hook),
so hidden cards are sampled anew every time and never known (information-set sampling at the
root); plays one of the candidate moves (the prompt's choices -- a random sample of MAX_ARMS
when they are more --, or moves built by random steps), then a playout until the game ends or
`depth` decisions passed, and scores the outcome for the seat: a win counts most, a shared win
(a draw) less, the score margin breaks ties between outcomes (the game's own `standings` when
the playout stops early).

Playouts alternate between two policies, each searched with its own UCB1: every seat plays its
prompt's default to the end (PASSIVE_DEPTH decisions at most), or every seat plays random moves
that act for `depth` decisions.
The first is a rollout of the timeout player (a move, then "never clever" play): cheap, since a
default needs no building, so many and steady, and the move it singles out improves on that
player. Where passing leads nowhere those playouts tell moves apart by little or nothing, and
the active playouts decide (best_move). Random playouts alone lose to the default player where
random play is ruinous (taking cards one cannot fulfil); passive playouts alone play at random
where passing changes nothing.

A game may give the search an evaluation of a position (the contract's optional
`evaluate(state, seat)`, as game-playing programs do): its playouts then stop after EVAL_DEPTH
decisions and the evaluation scores them, so a decision weighs many more, shorter playouts.

Thinking is bounded by work (levels: moves applied and steps walked in the search, LEVEL_NODES
scaled by the game's `search_pace`, so a decision weighs the same playouts however loaded the
machine is), with the level's CPU seconds as a
ceiling that only a slow machine reaches (a playout stops at that deadline too), or by an
iteration count (tests: an iteration count makes a decision reproducible for one seed). It
stops sooner when the answer is settled under both policies: one candidate's mean SETTLE_Z standard errors clear of every
other's, or all means within SAME of one another (nothing to gain by thinking on).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from referee.engine.contract import REFERENCE_PACE, IllegalMove, Move, Rules, State, evaluator, search_pace
from referee.engine.rng import Rng

from referee.bots.moves import Work, active_move, candidates, own_prompt

# CPU seconds per decision by level (the 0.2 / 1 / 3 s): a ceiling; the nodes bound first.
LEVEL_SECONDS = {1: 0.2, 2: 1.0, 3: 3.0}
# Work per decision by level (moves applied plus steps walked, bots/moves.Work) in a game of the
# contract's REFERENCE_PACE: about two thirds of the level's seconds of CPU, so the work, not the
# load, bounds; a game's `search_pace` scales it (Gentes' moves cost 12 times Babel's).
LEVEL_NODES = {1: 1_500, 2: 7_500, 3: 22_500}
EVAL_DEPTH = 24     # decisions of a playout before the game's `evaluate` judges (games that have one)
WIDTH = 12          # candidate moves built by steps when a prompt lists no choices
MAX_ARMS = 24       # listed choices weighed at most (a random sample beyond, the default kept)
DEPTH = 120         # decisions of an active playout before the standings judge
# Decisions of a playout of defaults: to the end in every game but Iron Age (whole games of
# defaults take 14 to 112 decisions), where passing never ends the game: there about 20 rounds,
# then the standings judge (65 rounds, as 600 decisions were, drowned a move's worth in disasters
# and cost three active playouts).
PASSIVE_DEPTH = 200
# Playout policies: every seat plays its prompt's default, or every seat plays active random moves.
POLICIES = ("default", "active")
EXPLORE = 0.5       # UCB1's exploration constant on rewards in [0, 1]
SETTLE_MIN = 6      # tries per candidate before the search may stop early
SETTLE_Z = 3.0      # how many standard errors apart "settled" means
SAME = 0.01         # candidates whose means all lie within this are as good as one another
CLEAR = 2.0         # standard errors by which the playouts of defaults must single out a move
WIN, DRAW = 0.7, 0.3  # reward of a win, of a shared win (the margin adds up to 0.3)


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None
    iterations: int | None = None
    depth: int | None = None    # decisions per playout (default DEPTH, PASSIVE_DEPTH)
    nodes: int | None = None    # moves applied in the whole search

    @classmethod
    def level(cls, level: int, rules: Rules | None = None) -> "Budget":
        """The level's budget in `rules`' game: its work scaled by the game's `search_pace`."""
        pace = REFERENCE_PACE if rules is None else search_pace(rules)
        return cls(seconds=LEVEL_SECONDS[level], nodes=max(1, round(LEVEL_NODES[level] * pace / REFERENCE_PACE)))

    def share(self, part: float) -> "Budget":
        """`part` of this budget (a turn's plan gives each of its decisions a share)."""
        return Budget(seconds=None if self.seconds is None else self.seconds * part,
                      iterations=None if self.iterations is None else max(1, round(self.iterations * part)),
                      depth=self.depth, nodes=None if self.nodes is None else max(1, round(self.nodes * part)))


def winners_of(result: dict[str, Any]) -> list[int]:
    """The winning seats (a game's result may name only `winner`)."""
    if result.get("winners") is not None:
        return list(result["winners"])
    return [] if result.get("winner") is None else [result["winner"]]


def reward(rules: Rules, state: State, seat: int) -> float:
    """The outcome for `seat` in [0, 1]: WIN for a win, DRAW for a shared one, plus 0.3 times
    the normalised score margin over the best other seat; while the game runs on, the game's
    `evaluate` when it has one, else its standings as they are."""
    res = rules.result(state)
    if res is None:
        judge = evaluator(rules)
        if judge is not None:
            return judge(state, seat)
        res = rules.standings(state)
    scores = [s if isinstance(s, (int, float)) else 0 for s in res.get("scores") or []]
    winners = winners_of(res)
    win = (WIN if len(winners) == 1 else DRAW) if seat in winners else 0.0
    if len(scores) > 1:
        mine = scores[seat]
        best = max(s for i, s in enumerate(scores) if i != seat)
        margin = (mine - best) / max(1.0, abs(mine) + abs(best))
    else:
        margin = 0.0
    return win + 0.3 * (0.5 + 0.5 * margin)


def playout(rules: Rules, state: State, policy: str, rnd: random.Random, seed: bytes, depth: int,
            deadline: float | None = None, work: Work | None = None) -> State:
    """Moves of `policy` (POLICIES) for whoever is prompted, until the end, `depth` decisions,
    or the CPU `deadline` (time.thread_time: this thread's own CPU, so the requests a server
    answers beside the bot never eat its thinking) passes; the state. Moves applied and steps
    walked count in `work`."""
    for n in range(depth):
        if rules.result(state) is not None or (deadline is not None and time.thread_time() > deadline):
            break
        prompts = rules.prompts(state)
        if not prompts:
            break
        prompt = rnd.choice(prompts)
        move = prompt.default if policy == "default" else active_move(rules, state, prompt, rnd, work=work)
        try:
            state = rules.apply(state, prompt.seat, move, Rng(seed, n + 2))
        except IllegalMove:
            state = rules.apply(state, prompt.seat, prompt.default, Rng(seed, n + 2))
        if work is not None:
            work.done += 1
    return state


def settled(visits: list[int], totals: list[float], squares: list[float]) -> bool:
    """Whether more thinking would not change the answer: every candidate tried SETTLE_MIN
    times, and either the best mean stands SETTLE_Z standard errors clear of every other, or
    all means lie within SAME of one another."""
    if min(visits) < SETTLE_MIN:
        return False
    means = [t / v for t, v in zip(totals, visits)]
    if max(means) - min(means) <= SAME:
        return True
    errs = [math.sqrt(max(q / v - m * m, 1e-4) / v) for q, v, m in zip(squares, visits, means)]
    b = max(range(len(means)), key=means.__getitem__)
    return all(means[b] - SETTLE_Z * errs[b] > means[j] + SETTLE_Z * errs[j] for j in range(len(means)) if j != b)


def choose(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, rnd: random.Random,
           budget: Budget, trace: dict[str, Any] | None = None) -> Move:
    """The move to play for `seat`'s prompt `kind`, from the seat's `view` alone. `trace`, when
    given, receives how it thought: its candidates, playouts per policy and their depths."""
    started = time.thread_time()
    short = EVAL_DEPTH if evaluator(rules) is not None else None
    depths = {"default": budget.depth or short or PASSIVE_DEPTH, "active": budget.depth or short or DEPTH}
    deadline = started + budget.seconds if budget.seconds is not None else None
    state = rules.determinize(view, Rng(rnd.randbytes(32), 0))
    prompt = own_prompt(rules, state, seat, kind)
    if prompt is None:
        raise ValueError(f"seat {seat} has no {kind or ''} decision in this view")
    work = Work()
    moves = candidates(rules, state, prompt, rnd, WIDTH, work)
    if len(moves) > MAX_ARMS:
        rest = [m for m in moves if m != prompt.default]
        moves = [prompt.default] + rnd.sample(rest, MAX_ARMS - 1)
    if len(moves) == 1:
        return moves[0]
    k = len(moves)
    visits = {p: [0] * k for p in POLICIES}
    totals = {p: [0.0] * k for p in POLICIES}
    squares = {p: [0.0] * k for p in POLICIES}
    n = 0
    while True:
        if budget.iterations is not None and n >= budget.iterations:
            break
        if budget.nodes is not None and work.done >= budget.nodes:
            break
        if deadline is not None and time.thread_time() >= deadline:
            break
        if n % (2 * k) == 0 and n and all(settled(visits[p], totals[p], squares[p]) for p in POLICIES):
            break
        policy = POLICIES[n % len(POLICIES)]
        n += 1
        v, t = visits[policy], totals[policy]
        tried = sum(v)
        if tried < k:
            i = tried
        else:
            log_n = math.log(tried)
            i = max(range(k), key=lambda j: t[j] / v[j] + EXPLORE * math.sqrt(log_n / v[j]))
        seed = rnd.randbytes(32)
        dealt = rules.determinize(view, Rng(seed, 0))
        try:
            after = rules.apply(dealt, seat, moves[i], Rng(seed, 1))
        except IllegalMove:  # not legal in this deal: cannot happen for a move built from the view
            v[i] += 1
            continue
        work.done += 1
        end = playout(rules, after, policy, rnd, seed, depths[policy], deadline, work)
        r = reward(rules, end, seat)
        t[i] += r
        squares[policy][i] += r * r
        v[i] += 1
    if trace is not None:
        trace.update(candidates=k, depths=depths, playouts={p: sum(visits[p]) for p in POLICIES}, nodes=work.done)
    return moves[best_move(visits, totals, squares)]


def best_move(visits: dict[str, list[int]], totals: dict[str, list[float]],
              squares: dict[str, list[float]]) -> int:
    """The candidate to play. The playouts of defaults decide when their best candidate stands
    CLEAR standard errors above the runner-up: the move improves on the timeout player, and
    those cheap playouts are many and steady. Where passing leads nowhere they tell moves apart
    by little or nothing, and the best mean of the active playouts decides. The first candidate
    (the default when moves were built by steps) if nothing was tried."""
    for p in POLICIES:
        v, t, q = visits[p], totals[p], squares[p]
        tried = [j for j in range(len(v)) if v[j]]
        if not tried:
            continue
        means = {j: t[j] / v[j] for j in tried}
        order = sorted(tried, key=lambda j: (-means[j], -v[j], j))
        if p == POLICIES[-1] or len(order) == 1:
            return order[0]
        a, b = order[0], order[1]
        errs = [math.sqrt(max(q[j] / v[j] - means[j] ** 2, 0.0) / v[j]) for j in (a, b)]
        if means[a] - means[b] > CLEAR * sum(errs) + SAME / 10:
            return a
    return 0
