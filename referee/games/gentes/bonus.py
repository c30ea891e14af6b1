"""Bonus tiles (RULES.md 4.13, G-47): the checkpoint after free ops, actions and abilities."""

from __future__ import annotations

from referee.games.gentes.state import Ctx


def condition_holds(ctx: Ctx, kind: str) -> bool:
    """G-47 conditions: population sum, all cities placed, cards in the tableau."""
    me, data = ctx.me, ctx.data
    threshold = data.bonus_threshold(kind)
    if kind == "population18":
        return sum(me["pop"].values()) >= threshold
    if kind == "all_cities":
        return me["cities_in_supply"] == 0
    return len(me["tableau"]) >= threshold


def checkpoint(ctx: Ctx) -> None:
    """G-47: for each kind not yet owned whose condition holds, take the top tile and its VP.
    Off during final scoring (ctx.checkpoints False)."""
    if not ctx.checkpoints:
        return
    owned = {b["kind"] for b in ctx.me["bonus_tiles"]}
    for kind in ctx.data.bonus_kinds:
        if kind in owned or not condition_holds(ctx, kind):
            continue
        stack = ctx.st["bonus_stacks"][kind]
        if stack:
            value = stack.pop(0)
            ctx.me["bonus_tiles"].append({"kind": kind, "value": value})
            ctx.me["vp"] += value
