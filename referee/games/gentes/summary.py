"""The summary hook: a few plain-text lines of a seat's position for mails (from a view): the
phase and whose turn, scores, what is on offer, and the seat's own board and hand in words."""

from __future__ import annotations

from typing import Any

from referee.games.gentes.data import GameData
from referee.games.gentes.picture import PHASES
from referee.games.gentes.words import requirements


def _card(data: GameData, cid: str) -> str:
    card = data.cards.get(cid)
    return f"{card['name']} ({cid}, {card['vp']} VP, needs {requirements(card)})" if card else cid


def summarize(data: GameData, view: dict[str, Any], seat: int | None) -> str:
    phase = view.get("phase")
    lines = [f"Gentes, round {view.get('round')} of {data.rounds} (epoch {view.get('epoch')}), {PHASES.get(phase, phase)}."]
    lines.append("Scores: " + ", ".join(f"seat {i} {p['vp']} VP" for i, p in enumerate(view.get("players", []))))
    if phase == "heyday":
        lines.append("Tiles on offer: " + ", ".join(f"{t} ({data.tiles[t]['cost']} coins, {data.tiles[t]['hourglasses']} hg)"
                                                   for t in data.tile_order if t in view.get("tiles_on_board", [])) + ".")
        lines.append("Display: " + ", ".join(f"{i + 1} {data.cards[c['card']]['name']}" for i, c in
                                             enumerate(view.get("display", [])) if c) + ".")
    if seat is not None and 0 <= seat < len(view.get("players", [])):
        p = view["players"][seat]
        empty = sum(1 for c in p["track"] if c == "empty")
        lines.append(f"You: {p['coins']} coins, {empty} empty time space(s), cubes eye {p['cubes']['eye']} / "
                     f"temple {p['cubes']['temple']}, {p['cities_in_supply']} cities in supply; population "
                     + ", ".join(f"{k} {v}" for k, v in p["pop"].items()) + ".")
        lines.append(f"Hand: {'; '.join(_card(data, c) for c in p.get('hand') or []) or 'empty'}. "
                     f"Played: {', '.join(data.cards[c]['name'] for c in p['tableau']) or 'none'}.")
    if view.get("turn_seat") is not None:
        lines.append(f"To move: seat {view['turn_seat']}.")
    return "\n".join(lines)
