"""What each seat may see (RULES.md §9, Ruling B-R23; DESIGN.md "Hidden information").

Public: everything on the table, the face-up discard pile, hand sizes, pile sizes and the
supply levels returned by Assyrians (B-R24). Private: the own hand. Hidden from everyone
until the game ends: the draw pile order and the rest of the supply.
"""

from __future__ import annotations

import copy
from typing import Any

from referee.engine.contract import State

from referee.games.babel.board import hand_sizes, scores


def _public_player(player: dict[str, Any], own: bool, hand: int, points: int) -> dict[str, Any]:
    """One player as others see it; `hand` and `points` its hand size and score (the view's
    own lists hold them already: counted once)."""
    out = {
        "hand_size": hand,
        "score": points,
        "start_card": player["start_card"],
        "pawn": player["pawn"],
        "columns": {loc: list(col) for loc, col in player["columns"].items()},
        "sites": {loc: list(site) for loc, site in player["sites"].items()},
    }
    if own:
        out["hand"] = dict(player["hand"])
    return out


def view_for(state: State, seat: int | None) -> dict[str, Any]:
    """The state as `seat` (None = spectator) may see it, with derived scores and hand sizes."""
    points, hands = scores(state), hand_sizes(state)
    derived = {"scores": points, "hand_sizes": hands, "viewer": seat}
    if state["phase"] == "over":
        return {**copy.deepcopy(state), **derived}  # everything is public once the game is over
    known = state["temple_supply_known"]
    return {
        "start_seat": state["start_seat"],
        "turn": state["turn"],
        "active": state["active"],
        "phase": state["phase"],
        "pending": dict(state["pending"]) if state["pending"] else None,
        "migrated_this_turn": state["migrated_this_turn"],
        "mode": state["mode"],
        "people_draw_count": len(state["people_draw"]),
        "people_discard": list(state["people_discard"]),
        "temple_supply_count": len(state["temple_supply"]),
        "temple_supply_known": known,
        "temple_supply_top": list(state["temple_supply"][:known]),
        "yards": [list(y) for y in state["yards"]],
        "players": [_public_player(p, i == seat, hands[i], points[i]) for i, p in enumerate(state["players"])],
        "result": None,
        **derived,
    }
