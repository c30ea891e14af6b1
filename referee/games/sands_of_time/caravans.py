"""Caravans [§5.8] (ST-70..ST-73, ST-R9, ST-R37) and Tribute [§5.10] (ST-77, ST-R2, ST-R42, ST-R43)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import CARAVAN_COST, GameData
from referee.games.sands_of_time.derived import (
    anchors,
    building_effects,
    has_effect,
    unlocked,
)
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_heritage,
    controlled,
    fail,
    gain,
    lose,
)


def own_borders(state: State, seat: int) -> list[str]:
    return [k for k, owners in state["caravans"].items() if seat in owners]


def connected(g: GameData, state: State, seat: int) -> set[str]:
    """ST-70: in-play regions reached from an anchor along own caravans; a chain may end in an
    out-of-play region but never continues through it (ST-1), so those are not attachment points."""
    reach = {r for r in anchors(g, state, seat) if state["regions"][r]["in_play"]}
    mine = [g.ends(k) for k in own_borders(state, seat)]
    grew = True
    while grew:
        grew = False
        for a, b in mine:
            for x, y in ((a, b), (b, a)):
                if x in reach and y not in reach and state["regions"][y]["in_play"]:
                    reach.add(y)
                    grew = True
    return reach


def heritage_due(g: GameData, state: State, seat: int, key: str) -> bool:
    """ST-72 / ST-R9: a trade-good border, or a first touch of another player's capital/city region."""
    if g.border_info[key]["trade_good"]:
        return True
    touched = {r for k in own_borders(state, seat) for r in g.ends(k)}
    for r in g.ends(key):
        reg = state["regions"][r]
        other = reg["controller"] is not None and reg["controller"] != seat
        if r not in touched and other and (reg["control_type"] == "capital" or "city" in reg["buildings"]):
            return True
    return False


def check_border(g: GameData, state: State, seat: int, border: object, rule: str) -> str:
    """ST-70: a real border, no own caravan there, supply, connected to an anchor."""
    if not isinstance(border, list) or len(border) != 2 or any(r not in g.adj for r in border):
        raise fail("NOT_ALLOWED", Text("name the two regions of a border"), rule)
    a, b = border
    if b not in g.adj[a]:
        raise fail("NOT_ADJACENT", Text("%(a)s and %(b)s share no border", a=a, b=b), rule)
    key = g.key(a, b)
    if seat in state["caravans"].get(key, []):
        raise fail("CARAVAN_EXISTS", Text("you already have a caravan on that border"), rule)
    if state["players"][seat]["supply"]["caravans"] < 1:
        raise fail("SUPPLY_EMPTY", Text("no caravan left"), rule)
    reach = connected(g, state, seat)
    if a not in reach and b not in reach:
        raise fail("NO_CARAVAN_CONNECTION", Text("the caravan must touch your capital, a city or your caravan chain"), "ST-70")
    return key


def check_heritage_choice(g: GameData, state: State, seat: int, key: str, heritage: object) -> str | None:
    if heritage_due(g, state, seat, key):
        if heritage not in g.categories:
            raise fail("NOT_ALLOWED", Text("this caravan earns heritage: name a category"), "ST-72")
        return str(heritage)
    return None


def place_caravan(g: GameData, state: State, seat: int, key: str, heritage: str | None) -> None:
    state["caravans"].setdefault(key, []).append(seat)
    state["players"][seat]["supply"]["caravans"] -= 1
    if heritage:
        add_heritage(state, seat, heritage, 1, g.heritage_max)


def caravan_cost(g: GameData, state: State, seat: int, key: str) -> int:
    """ST-71: 2, minus 1 for a market (civil unlocked) touching the border (at most 1)."""
    cut = max((e["amount"] for r in g.ends(key) for e in building_effects(g, state, seat, r)
               if e["kind"] == "caravan_cost_reduction_touching"), default=0)
    return max(0, CARAVAN_COST - min(1, cut))


def payment(g: GameData, state: State, seat: int, key: str, pay: object) -> dict[str, int]:
    cost = caravan_cost(g, state, seat, key)
    if pay in ("grain", "gold"):
        split = {"grain": cost if pay == "grain" else 0, "gold": cost if pay == "gold" else 0}
    elif isinstance(pay, dict) and set(pay) <= {"grain", "gold"}:
        if not has_effect(g, state, seat, "caravan_mixed_payment"):
            raise fail("MIXED_PAYMENT", Text("mixing grain and gold needs Currency"), "ST-71")
        split = {"grain": pay.get("grain", 0), "gold": pay.get("gold", 0)}
        if any(type(v) is not int or v < 0 for v in split.values()) or sum(split.values()) != cost:
            raise fail("NOT_ALLOWED", Text("pay exactly %(cost)s in total", cost=cost), "ST-71")
    else:
        raise fail("NOT_ALLOWED", Text("pay with grain or gold"), "ST-71")
    p = state["players"][seat]
    for res, n in split.items():
        if p[res] < n:
            raise fail(f"INSUFFICIENT_{res.upper()}", Text("the caravan costs %(cost)s", cost=cost), "ST-71")
    return split


def check_caravan(g: GameData, state: State, seat: int, move: Move) -> tuple[str, dict[str, int], str | None]:
    if move["card"] == "caravan_2" and not unlocked(g, state, seat, "culture"):
        raise fail("CATEGORY_LOCKED", Text("Caravan II needs culture unlocked"), "ST-73")
    key = check_border(g, state, seat, move.get("border"), "ST-70")
    split = payment(g, state, seat, key, move.get("pay"))
    return key, split, check_heritage_choice(g, state, seat, key, move.get("heritage"))


def do_caravan(g: GameData, state: State, seat: int, move: Move) -> None:
    key, split, heritage = check_caravan(g, state, seat, move)
    for res, n in split.items():
        state["players"][seat][res] -= n
    place_caravan(g, state, seat, key, heritage)


def tribute_regions(g: GameData, state: State, seat: int) -> list[str]:
    """ST-77 / ST-R43: the capital region, then each own city region, each once."""
    out = [r for r in controlled(state, seat) if state["regions"][r]["control_type"] == "capital"]
    out += [r for r in controlled(state, seat) if "city" in state["regions"][r]["buildings"] and r not in out]
    return out


def check_tribute(g: GameData, state: State, seat: int, move: Move) -> list[str]:
    if unlocked(g, state, seat, "civil"):
        return ["colonies", "caravans"]
    if move.get("mode") not in ("colonies", "caravans"):
        raise fail("NOT_ALLOWED", Text("choose colonies or caravans"), "ST-77")
    return [move["mode"]]


def do_tribute(g: GameData, state: State, seat: int, move: Move) -> None:
    for mode in check_tribute(g, state, seat, move):
        if mode == "colonies":
            for r in controlled(state, seat):
                if state["regions"][r]["control_type"] == "colony":
                    gain(state, seat, state["regions"][r]["resource"], 1)
            continue
        for r in tribute_regions(g, state, seat):
            res = state["regions"][r]["resource"]
            for key, owners in state["caravans"].items():
                if r in g.ends(key):
                    for o in owners:
                        if o != seat:
                            gain(state, seat, res, 1)  # ST-R2: always the full amount
                            lose(state, o, res, 1)
