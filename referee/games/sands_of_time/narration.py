"""One sentence per move or timeout event as a viewer may see it (contract `narrate`). It works
from the redacted event only: hidden cards and values arrive as "hidden" and stay unnamed."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.views import HIDDEN


def narrate(g: GameData, event: dict, names: list[str]) -> str:
    seat = event.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "The referee"
    move = (event.get("payload") or {}).get("move") or {}
    timeout = event.get("type") == "timeout"
    text = _sentence(g, move, who, names)
    return f"{text} (deadline passed)" if timeout else text


def _region(g: GameData, r: str | None) -> str:
    return g.region[r]["name"] if r in g.region else str(r)


def _sentence(g: GameData, m: dict, who: str, names: list[str]) -> str:
    t = m.get("type")
    if t == "setup_region":
        return f"{who} drafted {_region(g, m['region'])}."
    if t == "setup_capital":
        return f"{who} made {_region(g, m['region'])} the capital."
    if t == "setup_caravan":
        return f"{who} placed a first caravan and raised {m['heritage']} heritage."
    if t == "setup_farmer":
        return f"{who} placed a farmer in {_region(g, m['region'])}."
    if t == "setup_progress":
        return f"{who} placed a progress marker in row {m['row']}."
    if t == "choose_cards":
        if m.get("cards") == HIDDEN:
            return f"{who} chose two cards."
        return f"{who} chose {' and '.join(m['cards'])}."
    if t == "act":
        card = m["card"]
        if card == "conquest" and m.get("attack") is not None:
            foe = m["attack"]
            foe_name = names[foe] if isinstance(foe, int) and 0 <= foe < len(names) else f"seat {foe}"
            return f"{who} attacked {foe_name} in {_region(g, m['region'])}."
        if card == "conquest":
            return f"{who} annexed {_region(g, m['region'])}."
        if card == "build":
            return f"{who} built a {m['building']} in {_region(g, m['region'])}."
        if card == "chronicle":
            fields = ", ".join(x["field"] for x in m.get("placements") or [])
            return f"{who} placed a chronicle card face down on {fields}."
        if card == "progress":
            return f"{who} advanced in {m['row']}." if m["mode"] == "advance" else f"{who} started row {m['row']}."
        if card in ("caravan_1", "caravan_2"):
            a, b = m["border"]
            return f"{who} sent a caravan between {_region(g, a)} and {_region(g, b)}."
        return f"{who} played {card}."
    if t == "decline":
        return f"{who} declined {m['card']}."
    if t == "bonus":
        return f"{who} took the bonus action {m['bonus']}."
    if t == "end_turn":
        return f"{who} ended the turn."
    if t == "combat_value":
        return f"{who} set a combat value." if m.get("value") == HIDDEN else f"{who} set combat value {m['value']}."
    if t == "combat_losses":
        return f"{who} lost {m['farmers']} farmer(s) and {m['soldiers']} soldier(s)."
    if t == "retreat":
        return f"{who} retreated to {_region(g, m['region'])}."
    if t == "new_capital":
        return f"{who} moved the capital to {_region(g, m['region'])}."
    if t == "annex":
        return f"{who} {'annexed' if m['accept'] else 'did not annex'} the region."
    if t == "road_permission":
        return f"{who} {'granted' if m['grant'] else 'denied'} passage through {_region(g, m['region'])}."
    if t == "progress_pick":
        return f"{who} took the progress {m['card']}."
    if t == "growth_allocation":
        return f"{who} placed new farmers."
    if t == "overpop_remove":
        return f"{who} removed a {m['kind']} from an overpopulated region."
    return f"{who} moved."
