"""Prompts and defaults (RULES.md 13): one prompt per open decision, with the complete list of
legal moves except for `turn` and `resettle_replan`; the default is always legal."""

from __future__ import annotations

from referee.engine.contract import Prompt
from referee.games.sands_of_time import cards, combat, generation, resettle, setup
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import Move, State
from referee.games.sands_of_time.words import card_name, joined
from referee.plumbing.i18n import N_, Text

TEXTS = {
    "setup_region": N_("Draft a region (ST-6)."),
    "setup_capital": N_("Choose your capital among your provinces (ST-8)."),
    "setup_caravan": N_("Place your first caravan from the capital and raise one heritage track (ST-9)."),
    "setup_farmer": N_("Place one farmer in one of your provinces (ST-10)."),
    "setup_progress": N_("Place your first progress marker on a level-1 progress (ST-12)."),
    "choose_cards": N_("Choose your two cards for this turn, secretly (ST-21). \"auto\" declines both action cards at the reveal, which is what the deadline plays."),
    "turn": N_("Your turn: act with a revealed card, decline it, take a bonus action, or end the turn (ST-22)."),
    "combat_value": N_("Choose your secret die value (Augenzahl: 3 per pip on your total; your unrest rises by it if you win) (ST-56)."),
    "combat_losses": N_("Choose which citizens you lose in the combat (ST-57)."),
    "retreat": N_("Choose the region your citizens retreat to (ST-58)."),
    "new_capital": N_("Choose your new capital (ST-59)."),
    "annex": N_("Annex the region after your attack? (ST-60)"),
    "road_permission": N_("Another player asks to pass through your road region (ST-75)."),
    "resettle_replan": N_("A road passage was denied: re-plan your resettle (ST-75)."),
    "progress_pick": N_("Pick one of the progress cards you drew (ST-69)."),
    "growth_allocation": N_("Choose the regions that receive your last farmers (ST-30)."),
    "overpop_remove": N_("Remove one of your citizens from the overpopulated region (ST-32)."),
}


def options(g: GameData, state: State, decision: dict) -> tuple[list[Move] | None, Move]:
    """(choices or None, default) for one open decision."""
    kind, seat = decision["kind"], decision["seat"]
    if kind in setup.SETUP_KIND.values():
        ch = setup.options(g, state, seat)
        return ch, ch[0]
    if kind == "choose_cards":
        pairs = cards.choice_pairs(g, state, seat)
        default = {"type": kind, "cards": cards.default_pair(g, state, seat), "auto_decline": True}
        ch = [{"type": kind, "cards": p, "auto_decline": ad} for p in pairs for ad in (True, False)]
        ch.remove(default)
        return [default] + ch, default
    if kind == "turn":
        return None, {"type": "end_turn"}
    a = state["action"]
    if kind == "combat_value":
        ch = [{"type": kind, "value": d} for d in range(a["limits"][str(seat)] + 1)]
        return ch, ch[0]
    if kind == "combat_losses":
        ch = combat.loss_options(state, seat, a["region"], a["required"])
        return ch, ch[0]
    if kind == "retreat":
        ch = [{"type": kind, "region": r} for r in combat.retreat_options(g, state)]
        return ch, ch[0]
    if kind == "new_capital":
        ch = [{"type": kind, "region": r} for r in generation.controlled(state, seat)]
        return ch, ch[0]
    if kind == "annex":
        ch = [{"type": kind, "accept": False}, {"type": kind, "accept": True}]
        return ch, ch[0]
    if kind == "road_permission":
        ch = [{"type": kind, "region": decision["region"], "grant": v} for v in (False, True)]
        return ch, ch[0]
    if kind == "resettle_replan":
        return None, resettle.default_replan(g, state)
    if kind == "progress_pick":
        ch = [{"type": kind, "card": c} for c in a["drawn"]]
        return ch, ch[0]
    if kind == "growth_allocation":
        ch = [{"type": kind, "regions": rs} for rs in generation.growth_options(state, seat)]
        return ch, ch[0]
    ch = [{"type": kind, "kind": k} for k, n in (("farmer", "farmers"), ("soldier", "soldiers"))
          if generation.has(state, state["overpop"]["region"], seat, n)]
    return ch, ch[0]


def prompted(state: State) -> list[int]:
    """The seat of each open decision (RULES.md 13's `who`: ST-6..12, ST-21 every seat, ST-22,
    ST-56..60, ST-69, ST-75, ST-30, ST-32), as `turn.decisions` queued them."""
    return [d["seat"] for d in state["pending"]]


def open_prompts(g: GameData, state: State) -> list[Prompt]:
    out = []
    for d in state["pending"]:
        ch, default = options(g, state, d)
        kind = d["kind"]  # (a variable key: the catalog takes the ids from TEXTS, not the key)
        text = Text(TEXTS[kind])
        if d["kind"] == "road_permission":
            text = Text("Another player asks to pass through your road region %(region)s (ST-75).", region=d["region"])
        elif d["kind"] == "turn":
            left = cards.pending_cards(state)
            text = Text("%(prompt)s Still to resolve: %(cards)s.", prompt=text,
                        cards=joined([card_name(g, c) for c in left]) if left else Text("nothing"))
        elif d["kind"] == "combat_value":
            text = Text("%(prompt)s Allowed: 0 to %(limit)s.", prompt=text,
                        limit=state["action"]["limits"][str(d["seat"])])
        out.append(Prompt(d["seat"], d["kind"], text, ch, default))
    return out


def default_move(g: GameData, state: State, seat: int) -> Move:
    for d in state["pending"]:
        if d["seat"] == seat:
            return options(g, state, d)[1]
    raise ValueError(f"seat {seat} has no open decision")
