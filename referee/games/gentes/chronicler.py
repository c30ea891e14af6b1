"""Chronicler: play a civilization card (RULES.md 4.7, G-31..G-33)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes.bonus import checkpoint
from referee.games.gentes.effects import apply_effects
from referee.games.gentes.state import Choices, Ctx, need, own_cities


def symbol_counts(ctx: Ctx, seat: int) -> dict[str, int]:
    """G-30 / G-R22: own cities per space symbol, map and hometown alike."""
    counts: dict[str, int] = {}
    for sid in own_cities(ctx.st, seat):
        sym = ctx.data.space(sid)["symbol"]
        counts[sym] = counts.get(sym, 0) + 1
    return counts


def temple_total(ctx: Ctx, temple: Any, available: int, rule: str = "G-31") -> int:
    """The temple cubes a move spends ({prof: n}); at most the own temple cubes."""
    need(temple is None or type(temple) is dict, Text("temple must map professions to counts"), rule)
    temple = temple or {}
    need(all(p in ctx.data.partner and type(n) is int and n >= 0 for p, n in temple.items()),
         Text("temple must map professions to counts >= 0"), rule)
    total = sum(temple.values())
    need(total <= available, Text("%(named)s temple cube(s) named, %(owned)s owned", named=total, owned=available), rule)
    return total


def meets(ctx: Ctx, card: dict[str, Any], pop: dict[str, int], temple: dict[str, int]) -> Text | None:
    """G-31: the first unmet requirement, or None."""
    for prof, n in card["requires"].get("professions", {}).items():
        if pop.get(prof, 0) + temple.get(prof, 0) < n:
            return Text("%(card)s needs %(profession)s %(n)s", card=card["id"], profession=prof, n=n)
    counts = symbol_counts(ctx, ctx.seat)
    for sym, n in card["requires"].get("city_symbols", {}).items():
        if counts.get(sym, 0) < n:
            return (Text("%(card)s needs 1 own city on %(symbol)s", card=card["id"], symbol=sym) if n == 1 else
                    Text("%(card)s needs %(n)s own cities on %(symbol)s", card=card["id"], n=n, symbol=sym))
    return None


def check_chronicler(ctx: Ctx, params: dict[str, Any], rule: str = "G-31") -> dict[str, Any]:
    """G-31: a hand card whose requirements hold with the named temple cubes."""
    cid = params.get("card")
    need(type(cid) is str and cid in ctx.me["hand"], Text("%(card)s is not in your hand", card=repr(cid)), rule)
    card = ctx.data.cards[cid]
    temple_total(ctx, params.get("temple"), ctx.me["cubes"]["temple"], rule)
    missing = meets(ctx, card, ctx.me["pop"], params.get("temple") or {})
    need(missing is None, Text("requirements not met: %(missing)s", missing=missing), "G-31")
    syn = params.get("synergy")
    if card.get("synergy"):
        need(syn in card["synergy"], Text("name one synergy symbol of %(card)s: %(symbols)s", card=cid, symbols=", ".join(card["synergy"])), "G-R20")
    else:
        need(syn is None, Text("%(card)s has no synergy symbol", card=cid), "G-R20")
    return card


def do_chronicler(ctx: Ctx, params: dict[str, Any], rule: str = "G-31") -> None:
    """G-32 steps 1-7, all or nothing (G-R6)."""
    card = check_chronicler(ctx, params, rule)
    me, st = ctx.me, ctx.st
    spent = sum((params.get("temple") or {}).values())
    me["cubes"]["temple"] -= spent
    st["supply_cubes"] += spent
    me["hand"].remove(card["id"])
    me["tableau"].append(card["id"])
    me["vp"] += card["vp"]
    choices = Choices(params.get("choices"), "G-32")
    apply_effects(ctx, card.get("rewards", []), choices)
    apply_effects(ctx, card.get("penalties", []), choices)
    choices.done()
    syn = params.get("synergy")
    if syn is not None:
        me["vp"] += sum(1 for c in me["tableau"] if syn in ctx.data.cards[c].get("synergy", []))
    checkpoint(ctx)
