"""Names and effects in words for steps, the picture, narration and mails: one place that turns
the component data's ids and closed effect vocabulary (RULES.md 2.10) into English, so every
page, mail and step label calls a thing by the same name."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData

# What each action card does, in one line (RULES.md section 5); the locked box in brackets.
ACTION_TEXT = {
    "chronicle": "place a chronicle card face down on a field A-F (ST-50)",
    "muster": "1 gold per soldier placed in a region you control (ST-51); political: conversions (ST-52)",
    "conquest": "attack in a region (pay grain = unrest) and/or annex it (pay grain = regions) (ST-54, ST-60)",
    "raid": "move soldiers one step and collect from a region you entered (ST-61, ST-62)",
    "build": "a building in a region you control for unrest + level gold (ST-63, ST-64)",
    "govern": "lower unrest; each paid step costs grain = regions you control (ST-67)",
    "progress": "advance a progress marker or (culture) start a new row (ST-68)",
    "caravan_1": "place a caravan on a border for 2 grain or 2 gold (ST-70, ST-71)",
    "caravan_2": "a second caravan; needs culture unlocked (ST-73)",
    "resettle": "move citizens to adjacent regions, roads allowed (ST-74, ST-75)",
    "tribute": "collect from colonies or from others' caravans at your capital and cities (ST-77)",
}

BONUS_TEXT = {
    "oppression": "gain 1 of a controlled region's resource per own farmer there, up to its capacity (ST-78)",
    "support": "a category's heritage counts +2 for Progress this turn (ST-79)",
    "taxes": "gain 1 grain or gold per trade-good border with your caravan (ST-80)",
}

FIELD_MEASURE = {
    "buildings_in_controlled_regions": "buildings in your regions",
    "fountain_symbols": "fountain symbols",
    "controlled_regions": "regions you control",
    "own_citizens_on_board": "your citizens on the board",
    "trade_goods_reached": "trade goods on borders with your caravans",
    "progress_level_sum": "sum of your progress levels",
}

EFFECT = {
    "build_discount_region": "Build here costs {amount} gold less",
    "build_discount_region_and_adjacent": "Build here or next door costs {amount} gold less",
    "on_build_heritage": "+{amount} {category} heritage when built",
    "road_adjacency": "resettle across this region (road)",
    "muster_farmer_here": "Muster: {cost_gold} gold for 1 farmer here",
    "caravan_cost_reduction_touching": "caravans touching this region cost {amount} less",
    "overpop_capacity_bonus": "+{amount} capacity for the overpopulation unrest check",
    "overpop_capacity_bonus_all": "+{amount} capacity in all your regions for the overpopulation unrest check",
    "combat_bonus_controller_here": "+{amount} combat value here for its controller",
    "progress_heritage_bonus": "heritage counts +{amount} for Progress",
    "dynasty_vp": "{amount} VP at each dynasty end",
    "caravan_anchor": "caravan anchor",
    "tribute_region": "tribute region",
    "income_bonus": "+{amount} {resource} income",
    "labour_build_discount": "Build: -{per_farmer} gold per own farmer there, then {return_farmers} farmers return",
    "annex_discount_per_soldier": "annex costs {amount} grain less per own soldier there",
    "annex_discount_flat": "annex costs {amount} grain less",
    "combat_bonus_flat": "+{amount} combat value",
    "combat_bonus_per_soldier_terrain": "+{amount} combat value per soldier in a {terrain} region",
    "defender_combat_bonus": "+{amount} combat value when attacked",
    "soldier_combat_value": "soldiers have combat value {value}",
    "support_bonus_value": "Support gives +{value}",
    "caravan_mixed_payment": "caravans may be paid with grain and gold mixed",
    "build_discount_global": "every Build costs {amount} gold less",
    "build_discount_category": "{category} buildings cost {amount} gold less",
    "city_cost_level_fixed": "a city costs as level {level}",
    "govern_step_discount": "Govern steps cost {amount} grain less (at least {min_per_step})",
    "muster_extra_soldiers": "Muster up to {max_soldiers} soldiers",
    "chronicle_extra_placement": "Chronicle places up to {max_cards} cards",
    "chronicle_vp_bonus": "+{amount} VP per scored chronicle card",
    "dynasty_heritage": "+{amount} {category} heritage at each dynasty end",
    "max_unrest": "maximum unrest {value}",
}


def title(ident: str) -> str:
    """`triumphal_arch` -> `Triumphal arch` (the English name the ids spell)."""
    return ident.replace("_", " ").capitalize()


def card_name(g: GameData, card: str) -> str:
    if card in g.focus:
        return f"Focus card {g.focus[card]['category']}"
    return {"caravan_1": "Caravan I", "caravan_2": "Caravan II"}.get(card, title(card))


def card_text(g: GameData, card: str) -> str:
    """A card's name and what it does."""
    if card in g.focus:
        return f"{card_name(g, card)}: unlocks {g.focus[card]['category']} for this generation (ST-90)"
    return f"{card_name(g, card)}: {ACTION_TEXT.get(card, '')}"


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
        return EFFECT[e["kind"]].format(**e)
    except (KeyError, IndexError):
        return title(e.get("kind", "effect"))


def symbols(sym: dict) -> str:
    parts = [f"{n} {k}{'s' if n > 1 else ''}" for k, n in sorted(sym.items()) if n]
    return ", ".join(parts)


def building_text(g: GameData, b: str) -> str:
    d = g.buildings[b]
    bits = [effect(e) for e in d["effects"]]
    bits += [f"{e.get('unlock')} unlocked: {effect(e)}" for e in d.get("locked_effects") or []]
    if symbols(d["symbols"]):
        bits.append(symbols(d["symbols"]))
    level = "level = capacity" if d["level"] == "capacity" else f"level {d['level']}"
    return f"{title(b)} ({d['category']}, {level}): {'; '.join(bits) or 'no effect'}"


def progress_text(g: GameData, pid: str) -> str:
    d = g.progress[pid]
    bits = [effect(e) for e in d["effects"]]
    if symbols(d["symbols"]):
        bits.append(symbols(d["symbols"]))
    if d.get("unlocks"):
        bits.append(f"unlocks {d['unlocks']}")
    return f"{title(pid)} ({d['category']} level {d['level']}): {'; '.join(bits) or 'no effect'}"


def row_name(g: GameData, row: str) -> str:
    cat, _, n = row.rpartition("_")
    return f"{cat} row {n}"


def chronicle_text(g: GameData, value: int) -> str:
    c = g.chronicle[value]
    conds = ", ".join(f"{f} {n}" for f, n in c["conditions"].items())
    return f"Chronicle card {value} ({c['vp']} VP; needs {conds})"


def seat_name(names: list[str] | None, seat: object) -> str:
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"
