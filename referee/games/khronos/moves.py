"""Who may send which move, and the dispatch to its check/do pair (RULES.md §11)."""

from __future__ import annotations

from typing import Callable

from referee.engine.rng import Rng
from referee.plumbing.i18n import Text

from referee.games.khronos import actions as a
from referee.games.khronos.data import GameData
from referee.games.khronos.decisions import check_decision, do_decision
from referee.games.khronos.phases import check_end_turn, do_end_turn
from referee.games.khronos.state import Move, State, clone, fail

Check = Callable[[GameData, State, int, Move], a.Plan]
Do = Callable[[GameData, State, int, a.Plan, Rng], None]

MOVES: dict[str, tuple[Check, Do]] = {
    "exchange_cards": (a.check_exchange, a.do_exchange),
    "holdem_swap": (a.check_holdem_swap, a.do_holdem_swap),
    "travel": (a.check_travel, a.do_travel),
    "build": (a.check_build, a.do_build),
    "upgrade": (a.check_upgrade, a.do_upgrade),
    "demolish": (a.check_demolish, a.do_demolish),
    "populate": (a.check_populate, a.do_populate),
    "restore": (a.check_restore, a.do_restore),
    "end_turn": (check_end_turn, do_end_turn),
    "choose_reduction": (check_decision, do_decision),
    "place_reduced": (check_decision, do_decision),
    "choose_hamlet_keeper": (check_decision, do_decision),
}


def check(g: GameData, state: State, seat: int, move: Move) -> a.Plan:
    """The move's plan, or IllegalMove; reads `state` only."""
    if not isinstance(move, dict) or move.get("type") not in MOVES:
        raise fail(Text("unknown move %(move)s",
                        move=repr(move.get("type") if isinstance(move, dict) else move)), "K-9")
    return MOVES[move["type"]][0](g, state, seat, move)


def play(g: GameData, state: State, seat: int, move: Move, rng: Rng) -> State:
    """The state after `move` by `seat`; `state` itself is never modified."""
    plan = check(g, state, seat, move)
    st = clone(state)
    MOVES[move["type"]][1](g, st, seat, plan, rng)
    return st
