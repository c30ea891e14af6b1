"""A turn of several decisions planned once: a seat that decides again right after its own move
(Babel's free actions, Iron Age's phases after the dice) gets all of them decided in one go,
within one level's thinking time, and the service plays them as one batch, with no wait and no
scheduler pass between them.

The plan goes on only while the seat can foresee its next decision: the move draws on no
chance, played in two states dealt independently from its view it shows the seat the same
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

from referee.bots.moves import own_prompt
from referee.bots.players import decide
from referee.bots.search import Budget

MAX_PLAN = 16      # decisions planned at most in one go
SMALLEST = 1 / 16  # a decision gets half of what is left of the turn's budget, at least this part of it


def plan(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, spec: dict[str, Any],
         rnd: random.Random, budget: Budget | None = None, trace: dict[str, Any] | None = None) -> list[Move]:
    """The seat's moves from its prompt `kind` in `view` on, as far as it foresees its turn:
    at least one. A search bot's turn shares its level's budget (or `budget`): each decision
    gets half of what is left, at least SMALLEST of it; planning stops when less is left. A
    decision after which the turn foreseeably ends (its default hands the turn on) gets it all,
    as `decide` would give it."""
    whole = (budget if budget is not None or spec.get("bot") != "search"
             else Budget.level(int(spec.get("level", 1)), rules))
    moves: list[Move] = []
    left = 1.0
    while len(moves) < MAX_PLAN:
        part = max(left / 2, SMALLEST) if moves or _turn_goes_on(rules, view, seat, kind, rnd) else 1.0
        moves.append(decide(rules, view, seat, kind, spec, rnd, whole.share(part) if whole else None, trace))
        left -= part if whole else 0.0
        if left < SMALLEST:
            break
        ahead = foresee(rules, view, seat, moves[-1], rnd)
        if ahead is None:
            break
        view, kind = ahead
    return moves


def _turn_goes_on(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, rnd: random.Random) -> bool:
    """Whether the seat foreseeably decides again after its prompt's default move."""
    prompt = own_prompt(rules, rules.determinize(view, Rng(rnd.randbytes(32), 0)), seat, kind)
    return prompt is not None and foresee(rules, view, seat, prompt.default, rnd) is not None


def foresee(rules: Rules, view: dict[str, Any], seat: int, move: Move,
            rnd: random.Random) -> tuple[dict[str, Any], str] | None:
    """The seat's next view and prompt kind after `move`, when they are certain from `view`
    (the move draws on no chance, shows the same next view in two independent deals, and
    leaves a decision of this seat alone); else None."""
    seen = []
    for _ in range(2):
        seed = rnd.randbytes(32)
        chance = Rng(seed, 1)
        try:
            after = rules.apply(rules.determinize(view, Rng(seed, 0)), seat, move, chance)
        except IllegalMove:
            return None
        if chance.records or rules.result(after) is not None:  # a die, a shuffle, a draw: unforeseeable
            return None
        prompts = rules.prompts(after)
        if len(prompts) != 1 or prompts[0].seat != seat:
            return None
        seen.append((rules.view(after, seat), prompts[0].kind))
    return seen[0] if seen[0] == seen[1] else None
