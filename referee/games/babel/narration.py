"""Babel events told in one sentence for a viewer (the contract's `narrate`, RULES.md §9).

Works only from an event already redacted for the viewer: the move (public in Babel: every
card it names lands face up) and its chance records, whose withheld values are null. A people
draw (C-4) names its cards only when the viewer may see them; otherwise only that cards were
drawn (and how many, when the record has a public count). The temple draw (C-6) is public.
"""

from __future__ import annotations

from typing import Any

from referee.games.babel.text_form import format_move
from referee.engine.wording import join_words, seat_name


def people(p: str) -> str:
    """A people's or location's display name: "hittites" -> "Hittites"."""
    return p.replace("_", " ").title()


def _opponent(names: list[str], seat: Any) -> str:
    return seat_name(names, 1 - seat) if seat in (0, 1) else "the opponent"


def _ability(move: dict[str, Any], opp: str) -> str:
    power = move.get("power")
    if power == "hittites":
        return f"used the Hittites to steal {opp}'s top temple level"
    if power == "assyrians":
        return f"used the Assyrians to collapse {opp}'s temple"
    if power == "persians":
        return f"used the Persians to build from yard {move.get('yard')}"
    if power == "medes":
        return f"used the Medes to expel every {people(str(move.get('target')))} card from {opp}'s column"
    if power == "sumerians":
        return f"used the Sumerians to take the run at the end of {opp}'s column"
    return f"used a triple to make {opp} halve the hand"


def _action(move: dict[str, Any], opp: str) -> str:
    t = move.get("type")
    at = f" at the {people(move['at'])}" if move.get("at") else ""
    if t == "travel":
        return f"travelled to the {people(move['people'])}"
    if t == "settle":
        name = people(move["people"])
        return f"settled {'an' if name[0] in 'AEIOU' else 'a'} {name} card{at or ' where the pawn stands'}"
    if t == "build":
        what = "the start card" if move.get("source") == "start" else f"the top temple card of yard {move.get('yard')}"
        return f"built {what}{at}"
    if t == "migrate":
        return f"migrated 3 cards from the {people(move['from'])} to the {people(move['to'])}"
    if t == "ability":
        return _ability(move, opp) + at
    if t == "end_turn":
        return "ended the turn"
    if t == "finish_first_turn":
        return "finished the first turn (built the start card and ended the turn)"
    if t == "discard":
        return "discarded " + join_words([people(c) for c in move.get("cards", [])]) + " to halve the hand"
    return f"played {format_move(move)}"


def _chance(records: list[dict[str, Any]], names: list[str], mover: str) -> list[str]:
    told = []
    for r in records:
        label, value = r.get("label"), r.get("value")
        if label == "C-6" and value:
            told.append("temple levels " + join_words([str(v) for v in value]) + f" were drawn onto {mover}'s yard")
        elif label == "C-5":
            told.append("the discard pile was shuffled into the draw pile")
        elif label == "C-4":
            vis = r.get("visible_to")
            drawer = seat_name(names, vis[0]) if isinstance(vis, list) and len(vis) == 1 else "the next player"
            if value is not None:
                told.append(f"{drawer} drew " + (join_words([people(c) for c in value]) if value else "nothing"))
            else:
                count = (r.get("public") or {}).get("count")
                told.append(f"{drawer} drew {count} card{'s' if count != 1 else ''}" if count is not None
                            else f"{drawer} drew new cards")
    return told


def narrate(event: dict[str, Any], names: list[str]) -> str:
    """e.g. "Bo travelled to the Hittites." or "Ada ended the turn; temple levels 5 and 4 were
    drawn onto Ada's yard; Bo drew 3 cards." """
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    mover = seat_name(names, seat)
    parts = [f"{mover} {_action(move, _opponent(names, seat))}"]
    parts += _chance(payload.get("chance") or [], names, mover)
    return "; ".join(parts) + "."
