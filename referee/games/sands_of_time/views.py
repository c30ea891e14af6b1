"""What each seat may see (RULES.md 12): views and redacted moves.

Hidden from other seats until revealed: the chosen cards and auto_decline (until that seat's
reveal), combat values (until both are in), chronicle cards on the board and in hand (until the
dynasty is scored), the drawn progress cards and the order of the stacks. Everything is public
once the game is over."""

from __future__ import annotations

from referee.games.sands_of_time.state import Move, State, clone

HIDDEN = "hidden"


def unrevealed_choice(state: State, seat: int) -> bool:
    """The seat has chosen cards that are not revealed yet (only "has chosen" is public)."""
    if state["game_over"]:
        return False
    p = state["players"][seat]
    if p["selected_cards"] is None:
        return False
    if state["phase"] == "SELECT":
        return True
    n = len(state["players"])
    done = state["turn_order_index"] + (1 if state["turn"] is not None else 0)
    revealed = {(state["start_player"] + i) % n for i in range(done)}
    return state["phase"] in ("REVEAL", "EXECUTE") and seat not in revealed


def unrevealed_value(state: State, seat: int) -> bool:
    a = state["action"]
    return bool(a and a.get("kind") == "combat" and a.get("stage") == "values"
                and a["values"].get(str(seat)) is not None)


def view(state: State, seat: int | None) -> dict:
    out = clone(state)
    if state["game_over"]:
        return out
    for i, p in enumerate(out["players"]):
        if i == seat:
            continue
        if unrevealed_choice(state, i):
            p["selected_cards"] = HIDDEN
            p["auto_decline"] = HIDDEN
        p["chronicle_board"] = {f: (HIDDEN if v is not None else None) for f, v in p["chronicle_board"].items()}
        p["chronicle_hand"] = len(p["chronicle_hand"])
    for cat, levels in out["progress_stacks"].items():
        out["progress_stacks"][cat] = {lv: len(cards) for lv, cards in levels.items()}
    a = out["action"]
    if a and a.get("kind") == "progress_pick" and a["seat"] != seat:
        a["drawn"] = len(a["drawn"])
    if a and a.get("kind") == "combat" and a.get("stage") == "values":
        a["values"] = {k: (v if k == str(seat) else (HIDDEN if v is not None else None)) for k, v in a["values"].items()}
    out["viewer"] = seat
    return out


def redact(state: State, move: Move, seat: int, viewer: int | None) -> Move:
    """`move` (made by `seat`) as `viewer` may see it now. Every choose_cards of a seat is
    hidden while that seat has an unrevealed choice, and every combat_value while its value is
    unrevealed -- uniformly, so which old events are hidden tells nothing. Chronicle card values
    stay hidden until the game is over."""
    if viewer == seat or state["game_over"] or not isinstance(move, dict):
        return move
    t = move.get("type")
    if t == "choose_cards" and unrevealed_choice(state, seat):
        return {"type": "choose_cards", "cards": HIDDEN, "auto_decline": HIDDEN}
    if t == "combat_value" and unrevealed_value(state, seat):
        return {"type": "combat_value", "value": HIDDEN}
    if t == "act" and move.get("card") == "chronicle":
        return {**move, "placements": [{"card": HIDDEN, "field": x.get("field")} for x in move.get("placements") or []]}
    return move
