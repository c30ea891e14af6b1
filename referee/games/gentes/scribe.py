"""Scribe: take civilization cards (RULES.md 4.5, G-22..G-24)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes.display import take_from_display
from referee.games.gentes.state import Ctx, need


def discard_allowance(ctx: Ctx, x: int) -> int:
    """G-22: cards a threshold X may take from the discard pile (0 when none)."""
    allowed = 0
    for opt in ctx.data.discard_options:
        if x >= opt["min_paid"]:
            allowed = max(allowed, opt["cards"])
    return allowed


def check_scribe(ctx: Ctx, x: int, params: dict[str, Any], rule: str = "G-22") -> None:
    """G-22, G-24: a display indicator open at X with 1..max_cards distinct filled slots up to
    its max_slot, or 1..allowance distinct cards of the discard pile. Every limit G-22 states
    (threshold, number of cards, slots) is refused with G-22; taking none with G-24."""
    mode = params.get("mode")
    st = ctx.st
    if mode == "display":
        name = params.get("indicator")
        ind = ctx.data.indicators.get(name) if type(name) is str else None
        need(ind is not None, Text("unknown indicator %(indicator)s", indicator=repr(params.get("indicator"))), rule)
        need(ind["min_paid"] <= x, Text("indicator %(indicator)s needs %(min)s, the threshold is %(threshold)s", indicator=ind["id"], min=ind["min_paid"], threshold=x), rule)
        slots = params.get("slots")
        need(type(slots) is list and all(type(s) is int for s in slots), Text("slots must be slot numbers"), rule)
        need(len(slots) >= 1, Text("take at least one card"), "G-24")
        need(len(slots) <= ind["max_cards"], Text("%(indicator)s takes at most %(n)s card(s)", indicator=ind["id"], n=ind["max_cards"]), rule)
        need(len(set(slots)) == len(slots), Text("a slot is named twice"), rule)
        for s in slots:
            need(1 <= s <= min(ind["max_slot"], len(st["display"])), Text("slot %(slot)s is beyond %(indicator)s", slot=s, indicator=ind["id"]), rule)
            need(st["display"][s - 1] is not None, Text("slot %(slot)s is empty", slot=s), rule)
    elif mode == "discard":
        cards = params.get("cards")
        allowed = discard_allowance(ctx, x)
        need(allowed > 0, Text("a threshold of %(threshold)s opens no discard option", threshold=x), rule)
        need(type(cards) is list, Text("cards must be a list of card ids"), rule)
        need(len(cards) >= 1, Text("take at least one card"), "G-24")
        need(len(cards) <= allowed, Text("a threshold of %(threshold)s takes at most %(n)s card(s) from the discard pile", threshold=x, n=allowed), rule)
        need(len(set(map(str, cards))) == len(cards), Text("a card is named twice"), rule)
        need(all(c in st["discard"] for c in cards), Text("a named card is not in the discard pile"), rule)
    else:
        need(False, Text("mode must be \"display\" or \"discard\""), rule)


def do_scribe(ctx: Ctx, x: int, params: dict[str, Any], rule: str = "G-22") -> None:
    """G-22, G-23: the cards go to the hand; a display take slides and refills."""
    check_scribe(ctx, x, params, rule)
    if params["mode"] == "display":
        take_from_display(ctx, params["slots"])
    else:
        for c in params["cards"]:
            ctx.st["discard"].remove(c)
            ctx.me["hand"].append(c)
