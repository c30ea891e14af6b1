"""The kinds of bot a seat can hold, behind one function: `decide` takes exactly what the seat
sees (its view as `GET /games/{id}` gives it, and its prompt's kind) and returns a move.

- `random`: a uniformly random legal move (choices, or random steps);
- `search`: the search bot (search.py) at level 1-3 (0.2 / 1 / 3 s of CPU);
- `default`: always the prompt's default, what a timeout would play (a benchmark opponent).

`plan` answers a turn of several decisions (Babel's free actions, Iron Age's phases) at once,
as far as the seat can foresee it, within one level's thinking time (turns.py).
"""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import Move, Rules
from referee.engine.rng import Rng

from referee.bots.moves import own_prompt, random_move
from referee.bots.search import LEVEL_SECONDS, Budget, choose

KINDS = ("random", "search", "default")
LEVELS = tuple(LEVEL_SECONDS)


def label(spec: dict[str, Any], seat: int) -> str:
    """How a bot seat without a name is named on pages, lists and mails ("Random bot 1")."""
    if spec.get("bot") == "search":
        return f"Search bot {seat}, level {spec.get('level', 1)}"
    return f"{str(spec.get('bot')).capitalize()} bot {seat}"


def decide(rules: Rules, view: dict[str, Any], seat: int, kind: str | None, spec: dict[str, Any],
           rnd: random.Random, budget: Budget | None = None, trace: dict[str, Any] | None = None) -> Move:
    """The bot `spec` (`{"bot": "random"}`, `{"bot": "search", "level": 2}`...) answers its
    prompt `kind` from `view`; `rnd` is the bot's own stream (never the game's seed). A search
    bot reports how it thought into `trace` (search.choose)."""
    bot = spec.get("bot")
    if bot == "search":
        return choose(rules, view, seat, kind, rnd, budget or Budget.level(int(spec.get("level", 1)), rules), trace)
    state = rules.determinize(view, Rng(rnd.randbytes(32), 0))
    prompt = own_prompt(rules, state, seat, kind)
    if prompt is None:
        raise ValueError(f"seat {seat} has no {kind or ''} decision in this view")
    if bot == "random":
        return random_move(rules, state, prompt, rnd)
    if bot == "default":
        return prompt.default
    raise ValueError(f"unknown bot {bot!r}; known: {', '.join(KINDS)}")
