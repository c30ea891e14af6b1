"""The start-card obligation (B-15): predicate F and the steps of `finish_first_turn`.

One place decides whether the start card can still be built this turn, because three things
depend on it and must agree: `end_turn` legality, `finish_first_turn` legality, and the
DP-1 default move.
"""

from __future__ import annotations

from referee.engine.contract import Move, State

from referee.games.babel.board import hand_size, migratable, migration_available
from referee.games.babel.config import Config


def _fits(cfg: Config, state: State, seat: int, loc: str) -> bool:
    """F's three conditions at one location L (B-15)."""
    me = state["players"][seat]
    if me["sites"][loc]:
        return False  # 1. the own site must be empty
    at_loc = me["pawn"] == loc
    if not at_loc and me["hand"][loc] < 1:
        return False  # 2. pawn there, or a card of people L to travel with
    t = 0 if at_loc else 1
    if me["columns"][loc] or hand_size(me) - t >= 1:
        return True  # 3. a card already there, or one left to settle
    return migration_available(cfg, state) and any(
        other != loc and migratable(cfg, me["columns"][other]) for other in cfg.peoples)


def start_card_site(cfg: Config, state: State, seat: int) -> str | None:
    """Where `finish_first_turn` builds the start card (step 1), or None when the seat holds no
    start card or F is false. The pawn's location is preferred, then canonical order."""
    me = state["players"][seat]
    if not me["start_card"]:
        return None
    candidates = ([me["pawn"]] if me["pawn"] is not None else []) + list(cfg.peoples)
    return next((loc for loc in candidates if _fits(cfg, state, seat, loc)), None)


def finish_steps(cfg: Config, state: State, seat: int, loc: str) -> list[Move]:
    """Steps 2-4 of `finish_first_turn` as ordinary moves (travel, settle or migrate, build),
    so that each sub-step goes through the same checks and the same B-29 evaluation."""
    me = state["players"][seat]
    hand = dict(me["hand"])
    steps: list[Move] = []
    if me["pawn"] != loc:
        steps.append({"type": "travel", "people": loc})
        hand[loc] -= 1
    if not me["columns"][loc]:
        held = [p for p in cfg.peoples if hand[p] > 0]
        if held:
            steps.append({"type": "settle", "people": held[0]})
        else:
            src = next(other for other in cfg.peoples if other != loc and migratable(cfg, me["columns"][other]))
            steps.append({"type": "migrate", "from": src, "to": loc})
    steps.append({"type": "build", "source": "start"})
    return steps
