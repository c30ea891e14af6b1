"""Reading the fields of a move, each rejection citing the rule of the move being made.

The service validates moves against schemas/games/babel/move.json before they reach the
rules, but `apply` is also called directly (replays, tests, positions), so the rules repeat
the cheap value checks they rely on instead of trusting their input.
"""

from __future__ import annotations

from typing import Any

from referee.engine.contract import IllegalMove, Move
from referee.plumbing.i18n import Text

from referee.games.babel.config import Config


def people_field(cfg: Config, move: Move, key: str, rule: str) -> str:
    """A people (or location) id field."""
    value = move.get(key)
    if value not in cfg.peoples:
        raise IllegalMove(Text("%(key)s must be one of %(values)s", key=key, values=", ".join(cfg.peoples)), rule)
    return value


def seat_field(move: Move, key: str, rule: str) -> int:
    """A seat number field (a yard, B-19 / B-24)."""
    value = move.get(key)
    if type(value) is not int or value not in (0, 1):
        raise IllegalMove(Text("%(key)s must be 0 or 1", key=key), rule)
    return value


def index_field(move: Move, key: str, rule: str) -> int:
    """A non-negative integer field (a column index, B-21)."""
    value = move.get(key)
    if type(value) is not int or value < 0:
        raise IllegalMove(Text("%(key)s must be an integer >= 0", key=key), rule)
    return value


def pawn_location(state: dict[str, Any], seat: int, move: Move, rule: str) -> str:
    """The mover's pawn location for actions that happen there (B-18, B-19, B-21).

    Rejects with the action's rule when the pawn is off the board, and with B-14 when the
    optional `at` field names another location.
    """
    pawn = state["players"][seat]["pawn"]
    if pawn is None:
        raise IllegalMove(Text("your pawn is not on the board; travel first"), rule)
    if "at" in move and move["at"] != pawn:
        raise IllegalMove(Text("your pawn is at %(pawn)s, not at %(at)s", pawn=pawn, at=repr(move["at"])), "B-14")
    return pawn
