"""The turn machine (RULES.md §5): turn start (K-10), end of phase II, refill (K-21),
taxation (K-25) and the change of turn and round (K-8, K-26)."""

from __future__ import annotations

from referee.engine.rng import Rng

from referee.games.khronos import cards as cardlib
from referee.games.khronos.actions import Plan, guard_turn
from referee.games.khronos.data import GameData
from referee.games.khronos.scoring import finish, taxes
from referee.games.khronos.state import Move, State


def start_turn(st: State, seat: int) -> None:
    """K-10: the active player's per-turn counters are reset; the turn opens in phase I."""
    st["active_seat"] = seat
    st["phase"] = "exchange"
    p = st["players"][seat]
    p["cards_played"] = [0] * len(p["cards_played"])
    p["exchanged"] = False
    p["holdem_swapped"] = False


def check_end_turn(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """11.1: always legal for the active player while no decision is pending."""
    guard_turn(st, seat)
    return {}


def do_end_turn(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    """Phases III and IV, then the next seat (or the next round, or the end after round 7)."""
    p = st["players"][seat]
    cardlib.discard(st, seat, list(p["hand"]))  # K-21 (Ruling K-R5)
    cardlib.draw(st, seat, g.hand_size, rng, "refill_draw")
    if st["round"] in g.tax_rounds:  # K-25
        amounts = taxes(g, st, seat)
        p["coins"] += sum(amounts.values())
        st["last_tax"] = {"seat": seat, "round": st["round"], "amounts": amounts}
    nxt = (seat + 1) % len(st["players"])
    if nxt == st["start_seat"]:
        if st["round"] == g.rounds:
            finish(st, "end")  # K-26
            return
        st["round"] += 1
    start_turn(st, nxt)
