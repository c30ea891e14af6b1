"""Navigator: build or move a city, activate a region (RULES.md 4.6, G-25..G-30)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes.effects import apply_effects
from referee.games.gentes.state import Choices, Ctx, need, own_cities


def check_navigator(ctx: Ctx, symbol: str, params: dict[str, Any], rule: str = "G-25") -> None:
    """G-25..G-29 (G-R13): the target's symbol matches (a wildcard allows any), it is free or
    the city's own `from` space; `from` exactly when all cities are placed; `region` exactly
    for hometown targets."""
    data, st = ctx.data, ctx.st
    target = params.get("space")
    sp = data.space(target) if type(target) is str else None
    need(sp is not None, Text("unknown space %(space)s", space=repr(target)), rule)
    need(symbol in data.wildcards or sp["symbol"] == symbol, Text("%(space)s shows %(shown)s, the action builds on %(symbol)s", space=target, shown=sp["symbol"], symbol=symbol), "G-25")
    src = params.get("from")
    if ctx.me["cities_in_supply"] > 0:
        need(src is None, Text("a city from the supply is placed; do not name 'from'"), "G-26")
        need(target not in st["city_owner"], Text("%(space)s already holds a city", space=target), "G-25")
    else:
        need(type(src) is str and st["city_owner"].get(src) == ctx.seat, Text("all cities are placed: name an own city in 'from'"), "G-27")
        need(target == src or target not in st["city_owner"], Text("%(space)s already holds a city", space=target), "G-25")
    region = params.get("region")
    if target in data.home_spaces:
        need(region in data.regions, Text("a hometown build names the region to activate"), "G-29")
    else:
        need(region is None, Text("only a hometown build names a region"), "G-29")


def do_navigator(ctx: Ctx, symbol: str, params: dict[str, Any], rule: str = "G-25") -> None:
    """G-26..G-29: place (or move) the city, then activate every own map city of the region in
    `city_spaces` order. City bonuses needing a choice read them from `params.choices`."""
    check_navigator(ctx, symbol, params, rule)
    data, st = ctx.data, ctx.st
    target = params["space"]
    if params.get("from") is None:
        ctx.me["cities_in_supply"] -= 1
    else:
        del st["city_owner"][params["from"]]
    st["city_owner"][target] = ctx.seat
    region = data.map_spaces[target]["region"] if target in data.map_spaces else params["region"]
    activate_region(ctx, region, Choices(params.get("choices"), "G-28"))


def activate_region(ctx: Ctx, region: str, choices: Choices) -> None:
    """G-28: all own map cities in `region`, in component order."""
    mine = set(own_cities(ctx.st, ctx.seat))
    for sid in ctx.data.map_order:
        if sid in mine and ctx.data.map_spaces[sid]["region"] == region:
            apply_effects(ctx, ctx.data.map_spaces[sid]["bonus"], choices)
    choices.done()
