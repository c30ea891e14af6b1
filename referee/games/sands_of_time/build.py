"""Build [§5.5] (ST-63..ST-66, ST-R31, ST-R33) and Govern [§5.6] (ST-67)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.cards import focus_marker
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import (
    building_effects,
    progress_effects,
    unlocked,
)
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_heritage,
    controlled,
    fail,
    has,
    pay,
    remove,
)


def building_level(g: GameData, state: State, seat: int, region: str, building: str) -> int:
    """ST-64: printed level; a city's level is the region's capacity (Urban Planning: fixed)."""
    level = g.buildings[building]["level"]
    if level == "capacity":
        fixed = [e["level"] for e in progress_effects(g, state, seat) if e["kind"] == "city_cost_level_fixed"]
        return fixed[0] if fixed else state["regions"][region]["capacity"]
    return level


def build_cost(g: GameData, state: State, seat: int, region: str, building: str, use_labour: bool) -> tuple[int, int]:
    """(gold cost, farmers Labour returns): unrest + level minus every discount, never below 0."""
    p = state["players"][seat]
    b = g.buildings[building]
    discount = sum(e["amount"] for e in building_effects(g, state, seat, region) if e["kind"] == "build_discount_region")
    amphi = [e["amount"] for r in [region, *sorted(g.adj[region])] for e in building_effects(g, state, seat, r)
             if e["kind"] == "build_discount_region_and_adjacent"]
    discount += max(amphi, default=0)  # ST-R33: amphitheaters do not stack
    for e in progress_effects(g, state, seat):
        if e["kind"] == "build_discount_global" or e["kind"] == "build_discount_category" and e["category"] == b["category"]:
            discount += e["amount"]
    returned = 0
    if use_labour:
        labour = [e for e in progress_effects(g, state, seat) if e["kind"] == "labour_build_discount"]
        if not labour:
            raise fail("NOT_ALLOWED", Text("you have no access to Labour"), "ST-66")
        farmers = has(state, region, seat, "farmers")
        discount += labour[0]["per_farmer"] * farmers
        returned = min(labour[0]["return_farmers"], farmers)  # ST-R31
    return max(0, p["unrest"] + building_level(g, state, seat, region, building) - discount), returned


def check_build(g: GameData, state: State, seat: int, move: Move) -> tuple[int, int]:
    """ST-63: a controlled region, a type not there yet, room below capacity, supply, city rule."""
    region, building = move.get("region"), move.get("building")
    if region not in state["regions"] or state["regions"][region]["controller"] != seat:
        raise fail("NOT_CONTROLLED", Text("you do not control %(region)s", region=region), "ST-63")
    if building not in g.buildings:
        raise fail("NOT_ALLOWED", Text("no building %(building)s", building=building), "ST-63")
    reg = state["regions"][region]
    if building in reg["buildings"]:
        raise fail("DUPLICATE_BUILDING", Text("%(region)s already has a %(building)s", region=region, building=building), "ST-63")
    if len(reg["buildings"]) >= reg["capacity"]:
        raise fail("CAPACITY_FULL", Text("%(region)s holds no more buildings", region=region), "ST-63")
    need = g.buildings[building].get("requires_unlocked")
    if need and not unlocked(g, state, seat, need):
        raise fail("CATEGORY_LOCKED", Text("building a %(building)s needs %(category)s unlocked", building=building, category=need), "ST-63")
    if state["building_supply"][building] != "unlimited" and state["building_supply"][building] < 1:
        raise fail("SUPPLY_EMPTY", Text("no %(building)s left", building=building), "ST-63")
    cost, returned = build_cost(g, state, seat, region, building, bool(move.get("use_labour")))
    if state["players"][seat]["gold"] < cost:
        raise fail("INSUFFICIENT_GOLD", Text("this building costs %(cost)s gold", cost=cost), "ST-64")
    return cost, returned


def do_build(g: GameData, state: State, seat: int, move: Move) -> None:
    cost, returned = check_build(g, state, seat, move)
    region, building = move["region"], move["building"]
    pay(state, seat, "gold", cost, "ST-64")
    if returned:
        remove(state, region, seat, "farmers", returned)  # ST-66
    state["regions"][region]["buildings"].append(building)
    if state["building_supply"][building] != "unlimited":
        state["building_supply"][building] -= 1
    for e in g.buildings[building]["effects"]:  # ST-65
        if e["kind"] == "on_build_heritage":
            add_heritage(state, seat, e["category"], e["amount"], g.heritage_max)
    focus_marker(g, state, seat, g.buildings[building]["category"])


def govern_step_cost(g: GameData, state: State, seat: int) -> int:
    regions = len(controlled(state, seat))
    for e in progress_effects(g, state, seat):
        if e["kind"] == "govern_step_discount":
            return max(e["min_per_step"], regions - e["amount"])
    return regions


def check_govern(g: GameData, state: State, seat: int, move: Move) -> tuple[int, int]:
    """ST-67: (paid steps k, grain). t = k + free step with culture unlocked, 1 <= t <= unrest."""
    p = state["players"][seat]
    k = move.get("steps", 0)
    free = 1 if unlocked(g, state, seat, "culture") else 0
    if type(k) is not int or k < 0 or k + free < 1:
        raise fail("NOT_ALLOWED", Text("lower unrest by at least one step"), "ST-67")
    if p["unrest"] == 0 or k + free > p["unrest"]:
        raise fail("NOT_ALLOWED", Text("unrest is %(unrest)s; it cannot go below 0", unrest=p["unrest"]), "ST-67")
    grain = k * govern_step_cost(g, state, seat)
    if p["grain"] < grain:
        raise fail("INSUFFICIENT_GRAIN", Text("%(steps)s paid step(s) cost %(grain)s grain", steps=k, grain=grain), "ST-67")
    return k + free, grain


def do_govern(g: GameData, state: State, seat: int, move: Move) -> None:
    steps, grain = check_govern(g, state, seat, move)
    pay(state, seat, "grain", grain, "ST-67")
    state["players"][seat]["unrest"] -= steps
