"""Names and effects in words for steps, the picture, narration and mails: one place that turns
the component data's ids and closed effect vocabulary (RULES.md 2.10) into English, so every
page, mail and step label calls a thing by the same name.

The words are engine `Text`s (referee/plumbing/i18n.py): their value is the English text, and
`say(tr, text)` writes them in a reader's language, the game's terms through its glossary (the
engine never knows its reader; pictures and summaries are given `tr`, prompts and steps are
rendered by the service)."""

from __future__ import annotations

from functools import partial
from typing import Any

from referee.engine.glossary import term
from referee.games.sands_of_time.data import GameData
from referee.plumbing.i18n import N_, ntext, Text, Translator

GAME = "sands_of_time"
WORDS = partial(term, GAME)  # a Text's string arguments in the reader's language


def say(tr: Translator, value: Any) -> str:
    """A Text in `tr`'s language; a plain string is one of the game's terms (a card's name) or
    kept as it is."""
    if isinstance(value, Text) or not isinstance(value, str):
        return tr.text(value, WORDS)
    return word(tr, value)


def word(tr: Translator, english: str, plural: bool = False) -> str:
    """One of the game's terms in `tr`'s language (the German rulebook's, from the glossary)."""
    return term(GAME, english, tr.lang, plural)


def joined(parts: list[Any], sep: str = ", ") -> Any:
    """`parts` joined by "; " or ", " as one Text (so each part keeps its translation)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    rest = joined(parts[1:], sep)
    return Text("%(first)s; %(rest)s", first=parts[0], rest=rest) if sep == "; " else \
        Text("%(first)s, %(rest)s", first=parts[0], rest=rest)

# What each action card does, in one line (RULES.md section 5); the locked box in brackets.
ACTION_TEXT = {
    "chronicle": Text("place a chronicle card face down on a field A-F (ST-50)"),
    "muster": Text("1 gold per soldier placed in a region you control (ST-51); political: conversions (ST-52)"),
    "conquest": Text("attack in a region (pay grain = unrest) and/or annex it (pay grain = regions) (ST-54, ST-60)"),
    "raid": Text("move soldiers one step and collect from a region you entered (ST-61, ST-62)"),
    "build": Text("a building in a region you control for unrest + level gold (ST-63, ST-64)"),
    "govern": Text("lower unrest; each paid step costs grain = regions you control (ST-67)"),
    "progress": Text("advance a progress marker or (culture) start a new row (ST-68)"),
    "caravan_1": Text("place a caravan on a border for 2 grain or 2 gold (ST-70, ST-71)"),
    "caravan_2": Text("a second caravan; needs culture unlocked (ST-73)"),
    "resettle": Text("move citizens to adjacent regions, roads allowed (ST-74, ST-75)"),
    "tribute": Text("collect from colonies or from others' caravans at your capital and cities (ST-77)"),
}

BONUS_TEXT = {
    "oppression": Text("gain 1 of a controlled region's resource per own farmer there, up to its capacity (ST-78)"),
    "support": Text("a category's heritage counts +2 for Progress this turn (ST-79)"),
    "taxes": Text("gain 1 grain or gold per trade-good border with your caravan (ST-80)"),
}

FIELD_MEASURE = {
    "buildings_in_controlled_regions": Text("buildings in your regions"),
    "fountain_symbols": Text("fountain symbols"),
    "controlled_regions": Text("regions you control"),
    "own_citizens_on_board": Text("your citizens on the board"),
    "trade_goods_reached": Text("trade goods on borders with your caravans"),
    "progress_level_sum": Text("sum of your progress levels"),
}

EFFECT = {
    "build_discount_region": N_("Build here costs %(amount)s gold less"),
    "build_discount_region_and_adjacent": N_("Build here or next door costs %(amount)s gold less"),
    "on_build_heritage": N_("+%(amount)s %(category)s heritage when built"),
    "road_adjacency": N_("resettle across this region (road)"),
    "muster_farmer_here": N_("Muster: %(cost_gold)s gold for 1 farmer here"),
    "caravan_cost_reduction_touching": N_("caravans touching this region cost %(amount)s less"),
    "overpop_capacity_bonus": N_("+%(amount)s capacity for the overpopulation unrest check"),
    "overpop_capacity_bonus_all": N_("+%(amount)s capacity in all your regions for the overpopulation unrest check"),
    "combat_bonus_controller_here": N_("+%(amount)s combat value here for its controller"),
    "progress_heritage_bonus": N_("heritage counts +%(amount)s for Progress"),
    "dynasty_vp": N_("%(amount)s VP at each dynasty end"),
    "caravan_anchor": N_("caravan anchor"),
    "tribute_region": N_("tribute region"),
    "income_bonus": N_("+%(amount)s %(resource)s income"),
    "labour_build_discount": N_("Build: -%(per_farmer)s gold per own farmer there, then %(return_farmers)s farmers return"),
    "annex_discount_per_soldier": N_("annex costs %(amount)s grain less per own soldier there"),
    "annex_discount_flat": N_("annex costs %(amount)s grain less"),
    "combat_bonus_flat": N_("+%(amount)s combat value"),
    "combat_bonus_per_soldier_terrain": N_("+%(amount)s combat value per soldier in a %(terrain)s region"),
    "defender_combat_bonus": N_("+%(amount)s combat value when attacked"),
    "soldier_combat_value": N_("soldiers have combat value %(value)s"),
    "support_bonus_value": N_("Support gives +%(value)s"),
    "caravan_mixed_payment": N_("caravans may be paid with grain and gold mixed"),
    "build_discount_global": N_("every Build costs %(amount)s gold less"),
    "build_discount_category": N_("%(category)s buildings cost %(amount)s gold less"),
    "city_cost_level_fixed": N_("a city costs as level %(level)s"),
    "govern_step_discount": N_("Govern steps cost %(amount)s grain less (at least %(min_per_step)s)"),
    "muster_extra_soldiers": N_("Muster up to %(max_soldiers)s soldiers"),
    "chronicle_extra_placement": N_("Chronicle places up to %(max_cards)s cards"),
    "chronicle_vp_bonus": N_("+%(amount)s VP per scored chronicle card"),
    "dynasty_heritage": N_("+%(amount)s %(category)s heritage at each dynasty end"),
    "max_unrest": N_("maximum unrest %(value)s"),
}


def farmers(n: int) -> Text:
    return ntext("%(n)s farmer", "%(n)s farmers", n)


def soldiers(n: int) -> Text:
    return ntext("%(n)s soldier", "%(n)s soldiers", n)


def title(ident: str) -> str:
    """`triumphal_arch` -> `Triumphal arch` (the English name the ids spell; the glossary's key)."""
    return ident.replace("_", " ").capitalize()


def card_name(g: GameData, card: str) -> str:
    if card in g.focus:
        return Text("Focus card %(category)s", category=g.focus[card]["category"])
    if card == "caravan_1":
        return Text("Caravan I")
    if card == "caravan_2":
        return Text("Caravan II")
    return title(card)


def card_text(g: GameData, card: str) -> str:
    """A card's name and what it does."""
    if card in g.focus:
        return Text("%(card)s: unlocks %(category)s for this generation (ST-90)", card=card_name(g, card),
                    category=g.focus[card]["category"])
    return Text("%(card)s: %(effect)s", card=card_name(g, card), effect=ACTION_TEXT.get(card, ""))


def region_name(g: GameData, region: object) -> str:
    return g.region[region]["name"] if isinstance(region, str) and region in g.region else str(region)


def border_name(g: GameData, border: object) -> str:
    if isinstance(border, str):
        border = border.split("|")
    if isinstance(border, (list, tuple)) and len(border) == 2:
        return f"{region_name(g, border[0])}-{region_name(g, border[1])}"
    return str(border)


def effect(e: dict) -> str:
    try:
        kind = e["kind"]  # (a variable key: the catalog takes the ids from EFFECT, not the key)
        return Text(EFFECT[kind], **{k: v for k, v in e.items() if k != "kind"})
    except (KeyError, IndexError, TypeError):
        return title(e.get("kind", "effect"))


def _symbol(kind: str, n: int) -> str:
    if kind == "fountain":
        return ntext("%(n)s fountain", "%(n)s fountains", n)
    if kind == "lyre":
        return ntext("%(n)s lyre", "%(n)s lyres", n)
    return f"{n} {kind}{'s' if n > 1 else ''}"


def symbols(sym: dict) -> str:
    return joined([_symbol(k, n) for k, n in sorted(sym.items()) if n])


def building_text(g: GameData, b: str) -> str:
    d = g.buildings[b]
    bits = [effect(e) for e in d["effects"]]
    bits += [Text("%(category)s unlocked: %(effect)s", category=e.get("unlock"), effect=effect(e))
             for e in d.get("locked_effects") or []]
    if symbols(d["symbols"]):
        bits.append(symbols(d["symbols"]))
    level = Text("level = capacity") if d["level"] == "capacity" else Text("level %(level)s", level=d["level"])
    return Text("%(building)s (%(category)s, %(level)s): %(effects)s", building=title(b), category=d["category"],
                level=level, effects=joined(bits, "; ") or Text("no effect"))


def progress_text(g: GameData, pid: str) -> str:
    d = g.progress[pid]
    bits = [effect(e) for e in d["effects"]]
    if symbols(d["symbols"]):
        bits.append(symbols(d["symbols"]))
    if d.get("unlocks"):
        bits.append(Text("unlocks %(category)s", category=d["unlocks"]))
    return Text("%(progress)s (%(category)s level %(level)s): %(effects)s", progress=title(pid),
                category=d["category"], level=d["level"], effects=joined(bits, "; ") or Text("no effect"))


def row_name(g: GameData, row: str) -> str:
    cat, _, n = row.rpartition("_")
    return Text("%(category)s row %(n)s", category=cat, n=n)


def chronicle_text(g: GameData, value: int) -> str:
    c = g.chronicle[value]
    conds = ", ".join(f"{f} {n}" for f, n in c["conditions"].items())
    return Text("Chronicle card %(value)s (%(vp)s VP; needs %(conds)s)", value=value, vp=c["vp"], conds=conds)


def seat_name(names: list[str] | None, seat: object) -> str:
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"
