"""A few plain-text lines of a seat's position for mails (contract hook `summary`), from a view."""

from __future__ import annotations

from typing import Any


def lines(view: dict[str, Any], seat: int | None) -> str:
    out = []
    if view["phase"] == "finished":
        res = view.get("result") or {}
        out.append(f"Game over after round {view['round']}; winners: seats {res.get('winners')}.")
    else:
        out.append(f"Round {view['round']}, seat {view['active_seat']} to play ({view['phase']}).")
    if view.get("pending"):
        d = view["pending"][0]
        out.append(f"Waiting for seat {d['seat']} to {d['decision'].replace('_', ' ')} in {d['age']}.")
    if seat is not None:
        p = view["players"][seat]
        colour = {"M": "military", "R": "religious", "C": "civil"}
        hand = ", ".join(f"{c} ({colour.get(c[:1], '?')})" for c in p["hand"] or []) or "no cards"
        out.append(f"You: {p['coins']} coins, hand {hand}, {p['free_cubes']} free cubes, "
                   f"adventurers in {' and '.join(p['adventurers'])}.")
    others = [f"seat {i}: {'?' if p['coins'] is None else p['coins']} coins"
              for i, p in enumerate(view["players"]) if i != seat]
    out.append("Others: " + "; ".join(others) + ".")
    if view["options"].get("holdem"):
        out.append("Hold'em display: " + (", ".join(view.get("display") or []) or "empty") + ".")
    counts = ", ".join(f"{age} {len(b['tiles'])}" for age, b in view["boards"].items())
    out.append(f"Tiles on the boards: {counts}; deck {view['deck_count']} cards.")
    return "\n".join(out)
