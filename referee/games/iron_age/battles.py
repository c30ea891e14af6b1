"""Phase 4: the battle procedure, disaster battles, conquest (D4) and tribute (D5). IA-4.1..IA-4.6."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active, bool_arg, clockwise, fail, only_keys


def battle(g: GameData, st: State, seat: int, enemy: int, source: str) -> str:
    """IA-4.2: win gives tribute S - E, loss gives skulls E - S, tie nothing (IA-R9); then the
    fighter loses 1 military and, with Navy, ships (IA-R13). Returns win / loss / tie."""
    p = st["players"][seat]
    s = g.strength(p)
    if s > enemy:
        p["tribute"] += s - enemy
        outcome = "win"
    elif s < enemy:
        p["skulls"] += enemy - s
        outcome = "loss"
    else:
        outcome = "tie"
    if p["military"] >= 1:
        p["military"] -= 1
    p["ships"] -= min(p["ships"], g.ship_losses(p))
    st["turn"]["battles"].append({"source": source, "seat": seat, "strength": s,
                                  "enemy_strength": enemy, "outcome": outcome})
    return outcome


def disaster_battles(g: GameData, st: State) -> None:
    """IA-4.3: barbarian and invasion battles first, in the queued order (IA-R7)."""
    t = st["turn"]
    for b in t["pending_battles"]:
        battle(g, st, b["seat"], b["enemy_strength"], b["disaster"])
    t["pending_battles"] = []


def fate_effect(g: GameData, st: State) -> str:
    return g.fate_effect[st["turn"]["fate_face"]]


def may_conquer(g: GameData, st: State) -> bool:
    """IA-4.4 / IA-R10: a conquest face and military >= 1 on the track (bonuses do not count)."""
    return fate_effect(g, st) == "conquest" and active(st)["military"] >= 1


def check_conquest(g: GameData, st: State, move: Move) -> bool:
    """D4: attacking needs military >= 1 (IA-R10)."""
    only_keys(move, ("attack",), "IA-4.4")
    attack = bool_arg(move, "attack", "IA-4.4")
    if attack and not may_conquer(g, st):
        raise fail("no_military", Text("a conquest needs a conquest face and military of at least 1"), "IA-R10")
    return attack


def conquer(g: GameData, st: State) -> None:
    """IA-4.4 / IA-R27: fight the number of filled conquest boxes; a win fills one more box."""
    p = active(st)
    enemy = min(p["conquest_boxes_filled"], g.conquest_total)
    if battle(g, st, st["active_seat"], enemy, "conquest") == "win" and p["conquest_boxes_filled"] < g.conquest_total:
        p["conquest_boxes_filled"] += 1


def open_tribute(g: GameData, st: State) -> None:
    """IA-4.5 / IA-4.6: solo compares with the round; otherwise ask each weaker opponent (D5).

    Opponents without goods cannot deny and answer "no" at once (D5 skip). Strengths are
    taken now, after disaster battles; nothing changes them while answers are collected.
    """
    me = active(st)
    s = g.strength(me)
    if st["config"]["solo"]:
        if s > st["round"]:
            me["tribute"] += s - st["round"]
        return
    responses: dict[str, Any] = {}
    for o in clockwise(st, st["active_seat"])[1:]:
        other = st["players"][o]
        if s > g.strength(other):
            responses[str(o)] = None if other["goods"] >= 1 else False
    st["turn"]["tribute_responses"] = responses


def waiting_for(st: State) -> list[int]:
    """Seats whose tribute answer (D5) is still open, clockwise from the active seat."""
    resp = st["turn"]["tribute_responses"]
    return [o for o in clockwise(st, st["active_seat"])[1:] if str(o) in resp and resp[str(o)] is None]


def check_tribute_response(g: GameData, st: State, seat: int, move: Move) -> bool:
    """D5: denying costs 1 good, so it needs at least 1 good (IA-4.5)."""
    only_keys(move, ("deny",), "IA-4.5")
    deny = bool_arg(move, "deny", "IA-4.5")
    if deny and st["players"][seat]["goods"] < 1:
        raise fail("no_goods", Text("denying tribute costs 1 good and you have none"), "IA-4.5")
    return deny


def settle_tribute(g: GameData, st: State) -> None:
    """IA-4.5 / IA-R11: apply the answers clockwise; a denier gives 1 good (excess lost)."""
    me = active(st)
    s = g.strength(me)
    resp = st["turn"]["tribute_responses"]
    for o in clockwise(st, st["active_seat"])[1:]:
        if str(o) not in resp:
            continue
        other = st["players"][o]
        if resp[str(o)]:
            other["goods"] -= 1
            me["goods"] = g.clamp("goods", me["goods"] + 1)
        else:
            me["tribute"] += s - g.strength(other)
