"""A few plain-text lines of a seat's position for mails (contract `summary`), from a view."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData


def summary(g: GameData, view: dict, seat: int | None) -> str:
    lines = [f"Dynasty space {view['dynasty_space']} (dynasties scored: {len(view['dynasties_scored'])}), "
             f"generation {view['generation_index'] + 1}, turn {view['turn_in_generation']}, phase {view['phase']}."]
    for i, p in enumerate(view["players"]):
        regions = sum(1 for r in view["regions"].values() if r["controller"] == i)
        h = "/".join(str(p["heritage"][c]) for c in g.categories)
        mark = " (you)" if i == seat else ""
        lines.append(f"Seat {i}{mark}: {p['vp']} VP, unrest {p['unrest']}, heritage {h}, {regions} regions, "
                     f"grain {p['grain']}, gold {p['gold']}.")
    if seat is not None:
        p = view["players"][seat]
        lines.append(f"Your cards in hand: {', '.join(p['hand_actions'])}; played: {', '.join(p['played_actions']) or 'none'}.")
        board = ", ".join(f"{f}={v}" for f, v in p["chronicle_board"].items() if v is not None) or "none"
        lines.append(f"Your chronicle cards on the board: {board}.")
    if view.get("result"):
        res = view["result"]
        lines.append(f"Game over: winner(s) {', '.join(str(w) for w in res['winners'])}; scores {res['scores']}.")
    return "\n".join(lines)
