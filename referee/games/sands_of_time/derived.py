"""Derived quantities of RULES.md 2.12: effects in force, unlocks, symbols, measures, maxima."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import State, controlled


def accessed_progresses(g: GameData, state: State, seat: int) -> list[str]:
    """Progress ids the seat has access to: its marker's progress and every lower one in that row."""
    p = state["players"][seat]
    out = []
    for row in g.rows:  # row order from the data: dict key order is not kept by storage
        level = p["progress_markers"].get(row)
        if level:
            out.extend(state["progress_rows"][row][:level])
    return out


def focus_category(g: GameData, state: State, seat: int) -> str | None:
    f = state["players"][seat]["focus_revealed"]
    return g.category_of_card(f) if f else None


def unlocked(g: GameData, state: State, seat: int, category: str) -> bool:
    """ST-86: a progress that unlocks the category, or its focus card revealed this generation."""
    if focus_category(g, state, seat) == category:
        return True
    return any(g.progress[pid]["unlocks"] == category for pid in accessed_progresses(g, state, seat))


def progress_effects(g: GameData, state: State, seat: int) -> Iterator[dict[str, Any]]:
    for pid in accessed_progresses(g, state, seat):
        yield from g.progress[pid]["effects"]


def building_effects(g: GameData, state: State, seat: int, region: str) -> Iterator[dict[str, Any]]:
    """Effects of the buildings in a region for its controller (ST-R27), locked ones only while
    unlocked (ST-85); nothing for anybody else."""
    reg = state["regions"][region]
    if reg["controller"] != seat:
        return
    for b in reg["buildings"]:
        yield from g.buildings[b]["effects"]
        for e in g.buildings[b]["locked_effects"]:
            if unlocked(g, state, seat, e["unlock"]):
                yield e


def effect_sum(effects: Iterator[dict[str, Any]], kind: str, field: str = "amount", **match: Any) -> int:
    return sum(e[field] for e in effects if e["kind"] == kind and all(e.get(k) == v for k, v in match.items()))


def has_effect(g: GameData, state: State, seat: int, kind: str) -> dict[str, Any] | None:
    return next((e for e in progress_effects(g, state, seat) if e["kind"] == kind), None)


def max_unrest(g: GameData, state: State, seat: int) -> int:
    vals = [e["value"] for e in progress_effects(g, state, seat) if e["kind"] == "max_unrest"]
    return min([g.unrest_max, *vals])


def symbols(g: GameData, state: State, seat: int) -> dict[str, int]:
    """fountains(p) and lyres(p): buildings in controlled regions plus accessed progresses."""
    out = {"fountain": 0, "lyre": 0}
    for r in controlled(state, seat):
        for b in state["regions"][r]["buildings"]:
            for k in out:
                out[k] += g.buildings[b]["symbols"].get(k, 0)
    for pid in accessed_progresses(g, state, seat):
        for k in out:
            out[k] += g.progress[pid]["symbols"].get(k, 0)
    return out


def trade_goods(g: GameData, state: State, seat: int) -> int:
    """Distinct trade goods on borders carrying one of the seat's caravans (ST-R41)."""
    goods = {g.border_info[k]["trade_good"] for k, owners in state["caravans"].items() if seat in owners}
    goods.discard(None)
    return len(goods)


def citizens_on_board(state: State, seat: int) -> int:
    key = str(seat)
    return sum(v["citizens"][key]["farmers"] + v["citizens"][key]["soldiers"]
               for v in state["regions"].values() if key in v["citizens"])


def measure(g: GameData, state: State, seat: int, name: str) -> int:
    """The chronicle field measures of RULES.md 2.11."""
    if name == "buildings_in_controlled_regions":
        return sum(len(state["regions"][r]["buildings"]) for r in controlled(state, seat))
    if name == "fountain_symbols":
        return symbols(g, state, seat)["fountain"]
    if name == "controlled_regions":
        return len(controlled(state, seat))
    if name == "own_citizens_on_board":
        return citizens_on_board(state, seat)
    if name in ("trade_goods_reached", "trade_goods"):
        return trade_goods(g, state, seat)
    if name == "progress_level_sum":
        return sum(state["players"][seat]["progress_markers"].values())
    raise ValueError(f"unknown chronicle measure {name}")


def anchors(g: GameData, state: State, seat: int) -> set[str]:
    """ST-70: the capital region plus regions with own cities."""
    out = {r for r in controlled(state, seat) if "city" in state["regions"][r]["buildings"]}
    cap = state["players"][seat]["capital_region"]
    if cap:
        out.add(cap)
    return out


def overpop_limit(g: GameData, state: State, region: str) -> int:
    """ST-31 / ST-R28: capacity plus aqueduct/city bonuses plus the controller's Sewers."""
    reg = state["regions"][region]
    limit = reg["capacity"] + sum(e["amount"] for b in reg["buildings"] for e in g.buildings[b]["effects"]
                                  if e["kind"] == "overpop_capacity_bonus")
    if reg["controller"] is not None:
        limit += effect_sum(progress_effects(g, state, reg["controller"]), "overpop_capacity_bonus_all")
    return limit
