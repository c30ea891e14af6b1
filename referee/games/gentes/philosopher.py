"""Philosopher: train population (RULES.md 4.4, G-17..G-21)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes import population
from referee.games.gentes.state import Ctx, need


def check_philosopher(ctx: Ctx, x: int, params: dict[str, Any], rule: str = "G-19") -> list[str]:
    """G-19: 1 or 2 professions whose meeples' columns are open at threshold X, and every raise
    possible in the listed order (G-18, G-R14). Returns the list."""
    train = params.get("train")
    data = ctx.data
    need(type(train) is list and 1 <= len(train) <= 2, Text("train must name 1 or 2 professions"), rule)
    need(all(type(p) is str and p in data.partner for p in train), Text("train names an unknown profession"), rule)
    table = data.cost_one if len(train) == 1 else data.cost_two
    for prof in train:
        col = ctx.st["training_queue"].index(prof)
        need(table[col] <= x, Text("training %(n)s person(s) with the %(profession)s meeple in column %(column)s "
                                   "costs %(cost)s, more than %(threshold)s", n=len(train), profession=prof,
                                   column=col + 1, cost=table[col], threshold=x), rule)
    pop = dict(ctx.me["pop"])
    for prof in train:
        need(population.can_raise(data, pop, prof), Text("%(profession)s cannot be raised: its row is full", profession=prof), "G-18")
        population.raise_prof(data, pop, prof)
    return train


def do_philosopher(ctx: Ctx, x: int, params: dict[str, Any], rule: str = "G-19") -> None:
    """G-19, G-20: raise in order, then re-insert the used meeples at the right end (of two
    different meeples the one that was further left goes last)."""
    train = check_philosopher(ctx, x, params, rule)
    for prof in train:
        population.raise_prof(ctx.data, ctx.me["pop"], prof)
    queue = ctx.st["training_queue"]
    used = sorted(set(train), key=queue.index, reverse=True)  # right one first, left one last
    ctx.st["training_queue"] = [m for m in queue if m not in used] + used
