"""A turn of several decisions planned once: a seat that decides again right after its own move
(Babel's free actions, Iron Age's phases after the dice) gets all of them decided in one go,
within one level's thinking time, and the service plays them as one batch, with no wait and no
scheduler pass between them.

The plan goes on only while the seat can foresee its next decision: the move, played in two
states dealt independently from its view (each with its own chance), shows the seat the same
next view in both, and that view prompts this seat alone. A move that draws a card, rolls a
die or hands the turn on ends the plan there; the bot plans again when it sees the outcome.
So the plan uses nothing the seat does not see, and the next view is the one the service
will show it (a rare chance both deals missed makes a later move of the batch illegal: the
service plays the moves before it, and the bot plans again from there).
"""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import IllegalMove, Move, Rules
from referee.engine.rng import Rng

from referee.bots.players import decide
from referee.bots.search import Budget

MAX_PLAN = 16      # decisions planned at most in one go
SMALLEST = 1 / 16  # a decision gets half of what is left of the turn's budget, at least this part of it


def plan(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, spec: dict[str, Any],
         rnd: random.Random, budget: Budget | None = None, trace: dict[str, Any] | None = None) -> list[Move]:
    """The seat's moves from its prompt `kind` in `view` on, as far as it foresees its turn:
    at least one. A search bot's turn shares its level's budget (or `budget`): each decision
    gets half of what is left, at least SMALLEST of it; planning stops when less is left."""
    whole = budget if budget is not None or spec.get("bot") != "search" else Budget.level(int(spec.get("level", 1)))
    moves: list[Move] = []
    left = 1.0
    while len(moves) < MAX_PLAN:
        part = max(left / 2, SMALLEST)
        moves.append(decide(rules, view, seat, kind, spec, rnd, whole.share(part) if whole else None, trace))
        left -= part
        if left < SMALLEST:
            break
        ahead = foresee(rules, view, seat, moves[-1], rnd)
        if ahead is None:
            break
        view, kind = ahead
    return moves


def foresee(rules: Rules, view: dict[str, Any], seat: int, move: Move,
            rnd: random.Random) -> tuple[dict[str, Any], str] | None:
    """The seat's next view and prompt kind after `move`, when they are certain from `view`
    (the same in two independent deals, and a decision of this seat alone); else None."""
    seen = []
    for _ in range(2):
        seed = rnd.randbytes(32)
        try:
            after = rules.apply(rules.determinize(view, Rng(seed, 0)), seat, move, Rng(seed, 1))
        except IllegalMove:
            return None
        if rules.result(after) is not None:
            return None
        prompts = rules.prompts(after)
        if len(prompts) != 1 or prompts[0].seat != seat:
            return None
        seen.append((rules.view(after, seat), prompts[0].kind))
    return seen[0] if seen[0] == seen[1] else None
