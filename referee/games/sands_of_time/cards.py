"""Step A and the card side of step B [§4.2, §7.0]: the secret choice (ST-21), the reveal with the
focus card first (ST-22, ST-R5, ST-90), declining (ST-24, ST-R4), focus markers (ST-91, ST-R45) and
the end-of-turn unrest (ST-25, ST-R32)."""

from __future__ import annotations

from itertools import combinations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import max_unrest
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_heritage,
    add_unrest,
    fail,
)


def choosable(g: GameData, state: State, seat: int) -> tuple[list[str], list[str], list[str]]:
    """(fresh action cards in hand, played cards that may be re-used, focus cards allowed)."""
    p = state["players"][seat]
    reuse = [] if state["turn_in_generation"] <= 1 else [c for c in g.action_order if c in p["played_actions"]]
    focus = [] if p["focus_used_this_gen"] else list(g.focus_ids)
    return [c for c in g.action_order if c in p["hand_actions"]], reuse, focus


def choice_pairs(g: GameData, state: State, seat: int) -> list[list[str]]:
    """Every legal pair of ST-21 in the order of the cards (at most one re-use, one focus card)."""
    fresh, reuse, focus = choosable(g, state, seat)
    again = set(reuse) - set(fresh)
    foci = set(focus)
    pool = [c for c in g.all_cards if c in fresh or c in again or c in foci]
    return [[a, b] for a, b in combinations(pool, 2)
            if (a in again) + (b in again) <= 1 and (a in foci) + (b in foci) <= 1]


def default_pair(g: GameData, state: State, seat: int) -> list[str]:
    """RULES.md 13: the first two not-played cards of the default order (else first legal pair)."""
    fresh, _, _ = choosable(g, state, seat)
    if len(fresh) >= 2:
        return fresh[:2]
    return choice_pairs(g, state, seat)[0]


def _pair_problem(fresh: list[str], reuse: list[str], focus: list[str], cards: list[str]) -> tuple[str, str] | None:
    """Why a pair breaks ST-21 (reason code, message), or None when it is legal."""
    if len(cards) != 2 or cards[0] == cards[1]:
        return ("NOT_ALLOWED", Text("choose exactly two different cards"))
    for c in cards:
        if c not in fresh and c not in reuse and c not in focus:
            return ("NOT_ALLOWED", Text("%(card)s is not available to you now", card=c))
    if sum(c in focus for c in cards) > 1:
        return ("FOCUS_ALREADY_USED", Text("at most one focus card per generation"))
    if sum(c in reuse and c not in fresh for c in cards) > 1:
        return ("TWO_REUSES", Text("at most one played card may be re-used per turn"))
    return None


def check_choose(g: GameData, state: State, seat: int, move: Move) -> None:
    """ST-21 (and ST-R24, ST-R25). The message never names another seat's cards."""
    p = state["players"][seat]
    if state["phase"] != "SELECT":
        raise fail("PENDING_DECISION", Text("cards are chosen only at the start of a turn"), "ST-21")
    if p["selected_cards"] is not None:
        raise fail("ACTION_ALREADY_DONE", Text("your choice is submitted and final"), "ST-21")
    cards = move.get("cards")
    if not isinstance(cards, list) or any(c not in g.all_cards for c in cards):
        raise fail("NOT_ALLOWED", Text("name two of your cards"), "ST-21")
    fresh, reuse, focus = choosable(g, state, seat)
    if p["focus_used_this_gen"] and any(c in g.focus for c in cards):
        raise fail("FOCUS_ALREADY_USED", Text("you already revealed a focus card this generation"), "ST-90")
    if state["turn_in_generation"] <= 1 and any(c in p["played_actions"] for c in cards):
        raise fail("REUSE_IN_FIRST_TURN", Text("no card can be re-used in the first turn of a generation"), "ST-21")
    problem = _pair_problem(fresh, reuse, focus, cards)
    if problem:
        raise fail(problem[0], problem[1], "ST-21")


def do_choose(state: State, seat: int, move: Move) -> None:
    p = state["players"][seat]
    p["selected_cards"] = list(move["cards"])
    p["auto_decline"] = bool(move.get("auto_decline", False))


def reveal(g: GameData, state: State, seat: int) -> None:
    """ST-22 / ST-R5 / ST-90: reveal both cards; a focus card takes effect first."""
    p = state["players"][seat]
    cards = p["selected_cards"]
    turn = {"seat": seat, "cards": list(cards), "status": {}, "reused": [], "reuse_executed": False,
            "focus": None}
    for c in cards:
        if c in g.focus:
            p["focus_revealed"] = c
            p["focus_used_this_gen"] = True
            turn["focus"] = c
            turn["status"][c] = "done"
        elif c in p["played_actions"]:
            turn["reused"].append(c)
            turn["status"][c] = "pending"
        else:
            p["hand_actions"].remove(c)
            turn["status"][c] = "pending"
    state["turn"] = turn
    state["active_player"] = seat
    if p["auto_decline"]:
        for c in pending_cards(state):
            decline(g, state, c)


def pending_cards(state: State) -> list[str]:
    t = state["turn"]
    return [c for c in t["cards"] if t["status"][c] == "pending"]


def decline(g: GameData, state: State, card: str) -> None:
    """ST-24 / ST-R4: nothing happens; a fresh card returns to hand, a re-used one stays played."""
    t = state["turn"]
    p = state["players"][t["seat"]]
    t["status"][card] = "declined"
    if card not in t["reused"]:
        p["hand_actions"] = [c for c in g.action_order if c in p["hand_actions"] or c == card]


def check_decline(g: GameData, state: State, move: Move) -> str:
    card = move.get("card")
    t = state["turn"]
    if card in g.focus and card in t["cards"]:
        raise fail("NOT_ALLOWED", Text("a focus card cannot be declined"), "ST-24")
    if card not in t["cards"]:
        raise fail("NOT_REVEALED_CARD", Text("%(card)s is not one of your revealed cards", card=card), "ST-22")
    if t["status"][card] != "pending":
        raise fail("ACTION_ALREADY_DONE", Text("%(card)s is already resolved", card=card), "ST-24")
    return card


def finish_card(g: GameData, state: State, card: str) -> None:
    """An action card executed: played face up; focus marker if it carries the focus symbol
    (ST-91, ST-R45); a re-use costs unrest at the end of the turn (ST-25)."""
    t = state["turn"]
    seat = t["seat"]
    p = state["players"][seat]
    t["status"][card] = "done"
    if card in t["reused"]:
        t["reuse_executed"] = True
    elif card not in p["played_actions"]:
        p["played_actions"].append(card)
    for sym in g.actions[card]["symbols"]:
        focus_marker(g, state, seat, sym)


def focus_marker(g: GameData, state: State, seat: int, category: str) -> None:
    """ST-91: one marker per qualifying execution/building; the last slot gives +1 heritage."""
    p = state["players"][seat]
    f = p["focus_revealed"]
    if not f or g.focus[f]["category"] != category:
        return
    slots = g.focus[f]["marker_slots"]
    if p["focus_markers"] < slots:
        p["focus_markers"] += 1
        if p["focus_markers"] == slots:
            add_heritage(state, seat, category, 1, g.heritage_max)


def end_turn_unrest(g: GameData, state: State) -> None:
    """ST-25 / ST-R32: +1 for an executed re-use; +1 for a bonus id first used this generation."""
    t = state["turn"]
    seat = t["seat"]
    p = state["players"][seat]
    steps = 1 if t["reuse_executed"] else 0
    b = p["bonus_used_this_turn"]
    if b is not None and b not in p["bonus_used_this_gen"]:
        steps += 1
        p["bonus_used_this_gen"].append(b)
    if steps:
        add_unrest(state, seat, steps, max_unrest(g, state, seat))
    p["bonus_used_this_turn"] = None
    p["support_this_turn"] = None
