"""A few plain-text lines of a seat's position for mails (contract `summary`), from a view: the
phase, each player's public track values, and the seat's own cards in words (name and effect
from the component data), so a mail player never needs the JSON."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.words import (
    card_name,
    card_text,
    chronicle_text,
    title,
)

PHASES = {"SELECT": "cards are chosen in secret", "EXECUTE": "cards are revealed and played",
          "GROWTH": "population growth", "OVERPOP": "overpopulation", "GAME_OVER": "game over"}


def summary(g: GameData, view: dict, seat: int | None) -> str:
    phase = PHASES.get(view["phase"], view["phase"].lower().replace("_", " "))
    lines = [(f"Dynasty track space {view['dynasty_space']} (dynasties scored: {len(view['dynasties_scored'])}), "
              f"generation {view['generation_index'] + 1}, turn {view['turn_in_generation']}; phase: {phase}.")]
    for i, p in enumerate(view["players"]):
        regions = sum(1 for r in view["regions"].values() if r["controller"] == i)
        h = ", ".join(f"{c} {p['heritage'][c]}" for c in g.categories)
        mark = " (you)" if i == seat else ""
        played = ", ".join(card_name(g, c) for c in p["played_actions"]) or "none"
        lines.append(f"Seat {i}{mark}: {p['vp']} VP, unrest {p['unrest']}, heritage {h}, {regions} regions, "
                     f"grain {p['grain']}, gold {p['gold']}; played: {played}.")
    if seat is not None:
        p = view["players"][seat]
        lines.append("Your action cards in hand: " + "; ".join(card_text(g, c) for c in p["hand_actions"]) + ".")
        board = ", ".join(f"{f}={v}" for f, v in p["chronicle_board"].items() if v is not None) or "none"
        hand = p["chronicle_hand"] if isinstance(p["chronicle_hand"], list) else []
        lines.append(f"Your chronicle cards on the board: {board}; in hand: "
                     + ("; ".join(chronicle_text(g, v) for v in hand) or "none") + ".")
        if not p["focus_used_this_gen"]:
            lines.append("Focus cards you may still reveal this generation: "
                         + ", ".join(title(g.focus[f]["category"]) for f in g.focus_ids) + ".")
    if view.get("result"):
        res = view["result"]
        lines.append(f"Game over: winner(s) {', '.join(f'Seat {w}' for w in res['winners'])}; scores {res['scores']}.")
    return "\n".join(lines)
