"""A seat's Babel position in a few plain-text lines for mails (the contract's `summary`).

Built from the seat's view only (RULES.md §9): the seat's own hand appears because its view
has it; the opponent's hand only as a size.
"""

from __future__ import annotations

from typing import Any

from referee.games.babel.narration import people


def _temples(player: dict[str, Any]) -> str:
    built = [f"{people(loc)} {site[-1]}" for loc, site in player["sites"].items() if site]
    return ", ".join(built) if built else "none yet"


def _columns(player: dict[str, Any]) -> str:
    cols = [f"{people(loc)}: " + " ".join(people(c) for c in col) for loc, col in player["columns"].items() if col]
    return "; ".join(cols) if cols else "all empty"


def _player(view: dict[str, Any], i: int, seat: int | None) -> list[str]:
    p = view["players"][i]
    who = "You" if i == seat else f"Seat {i}"
    pawn = f"at {people(p['pawn'])}" if p["pawn"] else "off the board"
    start = ", start card still to build" if p["start_card"] else ""
    # A finished game's view is the whole state with the derived `scores` and `hand_sizes` beside it.
    score = p["score"] if "score" in p else view["scores"][i]
    held = p["hand_size"] if "hand_size" in p else view["hand_sizes"][i]
    lines = [f"{who}: score {score}, pawn {pawn}, {held} cards in hand{start}."]
    if isinstance(p.get("hand"), dict):
        held = [f"{people(k)} {n}" for k, n in p["hand"].items() if n]
        lines.append("  Hand: " + (", ".join(held) if held else "empty") + ".")
    lines.append(f"  Temples (top level): {_temples(p)}.")
    lines.append(f"  Columns (first card first): {_columns(p)}.")
    return lines


def summary(view: dict[str, Any], seat: int | None) -> str:
    turn = f"Turn {view['turn']}, seat {view['active']} to act"
    if view.get("phase") == "halve_response" and view.get("pending"):
        turn += f" (seat {view['pending']['seat']} owes a halving discard)"
    elif view.get("phase") == "over":
        turn = "The game is over"
    mode = "" if view.get("mode") in (None, "normal") else f", mode {view['mode']}"
    lines = [f"{turn}{mode}."]
    order = [seat] if seat in (0, 1) else []
    order += [i for i in range(len(view["players"])) if i not in order]
    for i in order:
        lines += _player(view, i, seat)
    yards = "; ".join(f"yard {i}: " + (" ".join(str(x) for x in y) if y else "empty") for i, y in enumerate(view["yards"]))
    lines.append(f"Yards (top card last): {yards}.")
    supply = view.get("temple_supply_count", len(view.get("temple_supply", [])))
    draw = view.get("people_draw_count", len(view.get("people_draw", [])))
    lines.append(f"Draw pile {draw} cards, discard pile {len(view.get('people_discard', []))}, temple supply {supply}.")
    return "\n".join(lines)
