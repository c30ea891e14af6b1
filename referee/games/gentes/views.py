"""What each seat sees (RULES.md section 9) and move redaction."""

from __future__ import annotations

from typing import Any

from referee.games.gentes.state import State, clone


def view_for(st: State, seat: int | None) -> dict[str, Any]:
    """Deck order hidden (counts, plus the composition in 3-4 player games, G-R10); other
    hands as counts; simultaneous answers hidden until revealed. All public after the game."""
    out = clone(st)
    if st["phase"] == "over":
        return out
    out["deck_sizes"] = {k: len(v) for k, v in st["decks"].items()}
    if len(st["players"]) >= 3:
        out["deck_contents"] = {k: sorted(v) for k, v in st["decks"].items()}
    del out["decks"]
    for i, p in enumerate(out["players"]):
        p["hand_size"] = len(p["hand"])
        if i != seat:
            p["hand"] = None
    for key in ("decline_submitted", "final_submitted"):
        out[key] = {k: v for k, v in st[key].items() if seat is not None and k == str(seat)}
        out[key.replace("submitted", "answered")] = sorted(int(k) for k in st[key])
    out["viewer"] = seat
    return out


def redact_move(st: State, move: dict[str, Any], seat: int, viewer: int | None) -> dict[str, Any]:
    """A simultaneous answer (decline, final) stays hidden from the others while it waits."""
    if viewer == seat or st.get("phase") == "over":
        return move
    for key in ("decline_submitted", "final_submitted"):
        if st.get(key, {}).get(str(seat)) == move:
            return {"type": move.get("type"), "hidden": True}
    return move
