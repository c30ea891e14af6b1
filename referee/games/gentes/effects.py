"""The effect interpreter (RULES.md section 5): card rewards, penalties and abilities, city
bonuses and hometown options are lists of `op` objects from components.json. No card is
named here; a new deck in the same vocabulary plays without code changes.

Each op has a handler `(ctx, effect, choices)`; an effect that cannot be applied raises
IllegalMove with the rule of the move that triggered it (G-32, G-38, G-54; G-R6).
"""

from __future__ import annotations

from typing import Any, Callable

from referee.plumbing.i18n import Text
from referee.games.gentes import population, track
from referee.games.gentes.display import take_from_display
from referee.games.gentes.state import Choices, Ctx, need, own_cities

Effect = dict[str, Any]
CHOICE_OPS = ("pop_any", "hourglass", "remove_hourglass", "draw_display", "draw_discard", "action")


def _vp(ctx: Ctx, e: Effect, ch: Choices) -> None:
    ctx.me["vp"] += e["n"]  # G-R17: may go below 0


def _coins(ctx: Ctx, e: Effect, ch: Choices) -> None:
    need(ctx.me["coins"] + e["n"] >= 0, Text("%(coins)s coins are needed", coins=-e["n"]), ch.rule)
    ctx.me["coins"] += e["n"]


def _cube(ctx: Ctx, e: Effect, ch: Choices) -> None:
    kind, n, st = e["kind"], e["n"], ctx.st
    if n >= 0:
        got = min(n, st["supply_cubes"])  # G-R19: gains beyond the supply are lost
        st["supply_cubes"] -= got
        ctx.me["cubes"][kind] += got
    else:
        need(ctx.me["cubes"][kind] >= -n, Text("%(n)s own eye cube(s) are needed", n=-n) if kind == "eye"
             else Text("%(n)s own temple cube(s) are needed", n=-n), ch.rule)
        ctx.me["cubes"][kind] += n
        st["supply_cubes"] -= n


def _pop(ctx: Ctx, e: Effect, ch: Choices) -> None:
    for _ in range(abs(e["n"])):
        (population.raise_prof if e["n"] > 0 else population.lower_prof)(ctx.data, ctx.me["pop"], e["prof"], ch.rule)


def _pop_any(ctx: Ctx, e: Effect, ch: Choices) -> None:
    train = ch.take("pop_any").get("train")
    need(type(train) is list and len(train) == e["n"], Text("pop_any needs %(n)s profession(s) in train", n=e["n"]), ch.rule)
    for prof in train:
        need(type(prof) is str and prof in ctx.data.partner, Text("unknown profession %(profession)s", profession=repr(prof)), ch.rule)
        population.raise_prof(ctx.data, ctx.me["pop"], prof, ch.rule)


def _hourglass(ctx: Ctx, e: Effect, ch: Choices) -> None:
    d = ch.take("hourglass").get("doubles", 0)
    track.check_room(ctx.me["track"], False, e["n"], d, ch.rule)
    track.place_hourglasses(ctx.me["track"], e["n"], d)


def _remove_hourglass(ctx: Ctx, e: Effect, ch: Choices) -> None:
    cells = ch.take("remove_hourglass").get("cells")
    t = ctx.me["track"]
    need(type(cells) is list and len(cells) <= e["n"], Text("name at most %(n)s cell(s)", n=e["n"]), ch.rule)
    for c in cells:
        need(type(c) is int and 0 <= c < len(t) and t[c] in ("hg1", "hg2"), Text("cell %(cell)s holds no hourglass", cell=repr(c)), ch.rule)
        track.remove_symbol(t, c)


def _unlock(ctx: Ctx, e: Effect, ch: Choices) -> None:
    track.unlock(ctx.me["track"], e["n"])


def _draw_display(ctx: Ctx, e: Effect, ch: Choices) -> None:
    slots = ch.take("draw_display").get("slots")
    display = ctx.st["display"]
    top = min(e["max_slot"], len(display))
    eligible = any(display[i] is not None for i in range(top))
    need(type(slots) is list and all(type(s) is int for s in slots), Text("slots must be a list of slot numbers"), ch.rule)
    if not eligible:
        need(slots == [], Text("no card is eligible, so no slot may be named"), ch.rule)
        return
    need(1 <= len(slots) <= e["n"] and len(set(slots)) == len(slots), Text("name 1..%(n)s distinct slot(s)", n=e["n"]), ch.rule)
    for s in slots:
        need(1 <= s <= top and display[s - 1] is not None, Text("slot %(slot)s holds no eligible card", slot=s), ch.rule)
    take_from_display(ctx, slots)


def _draw_discard(ctx: Ctx, e: Effect, ch: Choices) -> None:
    cards = ch.take("draw_discard").get("cards")
    pile = ctx.st["discard"]
    need(type(cards) is list and len(cards) <= e["n"] and len(set(map(str, cards))) == len(cards),
         Text("name at most %(n)s distinct card(s)", n=e["n"]), ch.rule)
    for c in cards:
        need(c in pile, Text("%(card)s is not in the discard pile", card=repr(c)), ch.rule)
        pile.remove(c)
        ctx.me["hand"].append(c)


# G-39 lets an effect perform a main action. The actions use this interpreter too, so they sit
# above it: actions.py hands its dispatcher in when it is loaded and imports point one way.
_perform_main: Callable[..., None] | None = None


def use_main_actions(perform: Callable[..., None]) -> None:
    """Called once by actions.py: the dispatcher of main actions that G-39 effects use."""
    global _perform_main
    _perform_main = perform


def _action(ctx: Ctx, e: Effect, ch: Choices) -> None:
    """G-39: a main action without a tile; its parameters are this effect's choice."""
    assert _perform_main is not None, "referee.games.gentes.actions is not loaded"
    params = ch.take("action")
    _perform_main(ctx, e["kind"], params, threshold=e.get("as_cost", 0), symbol=e.get("symbol"), rule=ch.rule)


def count_items(ctx: Ctx, what: str) -> int:
    """vp_per counters."""
    mine = own_cities(ctx.st, ctx.seat)
    if what == "own_cities_map":
        return sum(1 for s in mine if s in ctx.data.map_spaces)
    if what == "own_hometowns":
        return sum(1 for s in mine if s in ctx.data.home_spaces)
    if what == "cards_played":
        return len(ctx.me["tableau"])
    if what.startswith("profession:"):
        return ctx.me["pop"].get(what.split(":", 1)[1], 0)
    need(False, Text("unknown vp_per counter %(counter)s", counter=repr(what)), "G-32")
    return 0


def _vp_per(ctx: Ctx, e: Effect, ch: Choices) -> None:
    items = count_items(ctx, e["what"])
    if e.get("max") is not None:
        items = min(items, e["max"])
    ctx.me["vp"] += e["n"] * items


OPS: dict[str, Callable[[Ctx, Effect, Choices], None]] = {
    "vp": _vp, "coins": _coins, "cube": _cube, "pop": _pop, "pop_any": _pop_any, "hourglass": _hourglass,
    "remove_hourglass": _remove_hourglass, "unlock": _unlock, "draw_display": _draw_display,
    "draw_discard": _draw_discard, "action": _action, "vp_per": _vp_per,
}


def apply_effects(ctx: Ctx, effects: list[Effect], choices: Choices) -> None:
    """Effects in list order (G-R6); the first that cannot be applied refuses the move."""
    for e in effects:
        OPS[e["op"]](ctx, e, choices)


# -- modifiers (section 5.2) -------------------------------------------------------------------

def modified(tile: dict[str, Any], mod: dict[str, Any] | None) -> tuple[int, int, int]:
    """(coins to pay, threshold X, hourglasses) of a tile under a hometown modifier
    (G-15, G-16, G-R21)."""
    cost, x, h = tile["cost"], tile["cost"], tile["hourglasses"]
    if mod is not None:
        kind, n = mod["mod"], mod["n"]
        if kind == "tile_boost":
            x += n
        elif kind == "tile_discount":
            cost = max(0, cost - n)
        elif kind == "hourglass_reduce":
            h = max(0, h - n)
    return cost, x, h
