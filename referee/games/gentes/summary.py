"""The summary hook: a few plain-text lines of a seat's position for mails (from a view)."""

from __future__ import annotations

from typing import Any

from referee.games.gentes.data import GameData


def summarize(data: GameData, view: dict[str, Any], seat: int | None) -> str:
    lines = [f"Gentes, round {view.get('round')} of {data.rounds} (epoch {view.get('epoch')}), phase {view.get('phase')}."]
    lines.append("Scores: " + ", ".join(f"seat {i} {p['vp']} VP" for i, p in enumerate(view.get("players", []))))
    if seat is not None and 0 <= seat < len(view.get("players", [])):
        p = view["players"][seat]
        empty = sum(1 for c in p["track"] if c == "empty")
        lines.append(f"You: {p['coins']} coins, {empty} empty time space(s), cubes eye {p['cubes']['eye']} / "
                     f"temple {p['cubes']['temple']}, {p['cities_in_supply']} cities in supply.")
        lines.append("Population: " + ", ".join(f"{k} {v}" for k, v in p["pop"].items()) + ".")
        lines.append(f"Hand: {', '.join(p.get('hand') or []) or 'empty'}. Tableau: {', '.join(p['tableau']) or 'empty'}.")
    if view.get("turn_seat") is not None:
        lines.append(f"To move: seat {view['turn_seat']}.")
    return "\n".join(lines)
