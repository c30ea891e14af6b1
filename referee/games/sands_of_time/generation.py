"""The generation loop [§4.1-§4.6]: income (ST-20, ST-R35), step C with the generation die (ST-26,
ST-R40, ST-R34), population growth (ST-30, ST-R14), overpopulation (ST-31, ST-32, ST-R13, ST-R28)
and the new generation (ST-47, ST-R18)."""

from __future__ import annotations

from itertools import combinations

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import (
    max_unrest,
    overpop_limit,
    progress_effects,
)
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_unrest,
    clockwise,
    controlled,
    count,
    fail,
    gain,
    has,
    place,
    remove,
    total_citizens,
)


def income(g: GameData, state: State) -> None:
    """ST-20: min(own farmers, capacity) per controlled region, plus income_bonus effects."""
    for seat in range(len(state["players"])):
        for r in controlled(state, seat):
            reg = state["regions"][r]
            gain(state, seat, reg["resource"], min(has(state, r, seat, "farmers"), reg["capacity"]))
        for e in progress_effects(g, state, seat):
            if e["kind"] == "income_bonus":
                gain(state, seat, e["resource"], e["amount"])


def start_turn(state: State) -> None:
    """Step A opens: every seat chooses anew."""
    state["turn_in_generation"] += 1
    state["phase"] = "SELECT"
    state["turn"] = None
    state["active_player"] = None
    state["turn_order_index"] = 0
    for p in state["players"]:
        p["selected_cards"] = None
        p["auto_decline"] = False


def step_c(g: GameData, state: State, rng: Rng) -> bool:
    """ST-26: advance both markers; True when another turn is played."""
    state["dynasty_space"] = min(g.dynasty_last, state["dynasty_space"] + 1)
    state["generation_space"] += 1
    space = g.generation_spaces.get(state["generation_space"], {"generation_ends": True})
    state["turn"] = None
    state["active_player"] = None
    if space.get("generation_ends") or state["generation_space"] >= g.generation_last:
        return False
    need = space.get("roll_at_least")
    if need is None:
        return True
    roll = rng.roll(list(range(1, 7)), 1, label="C4")[0]  # ST-R40
    state["last_die_rolls"].append({"generation": state["generation_index"], "after_turn": state["turn_in_generation"],
                                    "roll": roll, "needed": need})
    return roll >= need


def growth_due(g: GameData, state: State) -> bool:
    """ST-30 / ST-R14: a farmer space reached this generation, growth not yet done."""
    lo, hi = state["dynasty_space_at_generation_start"], state["dynasty_space"]
    return not state["growth_done"] and any(lo < s <= hi for s in g.farmer_spaces)


def start_growth(g: GameData, state: State) -> None:
    """Automatic where the supply suffices; a growth_allocation decision where it does not."""
    state["growth_done"] = True
    waiting = []
    for seat in range(len(state["players"])):
        regions = controlled(state, seat)
        supply = state["players"][seat]["supply"]["farmers"]
        if supply >= len(regions):
            for r in regions:
                place(state, r, seat, "farmers")
        elif supply > 0:
            waiting.append(seat)
    state["growth"] = {"waiting": waiting}
    state["phase"] = "GROWTH"


def growth_options(state: State, seat: int) -> list[list[str]]:
    regions = controlled(state, seat)
    cap = state["players"][seat]["capital_region"]
    ordered = ([cap] if cap in regions else []) + [r for r in regions if r != cap]
    return [list(c) for c in combinations(ordered, state["players"][seat]["supply"]["farmers"])]


def do_growth(state: State, seat: int, move: Move) -> None:
    if seat not in state["growth"]["waiting"]:
        raise fail("PENDING_DECISION", Text("no growth allocation is asked of you"), "ST-30")
    regions = move.get("regions")
    own = controlled(state, seat)
    n = state["players"][seat]["supply"]["farmers"]
    if (not isinstance(regions, list) or len(set(regions)) != len(regions) or len(regions) != n
            or any(r not in own for r in regions)):
        raise fail("NOT_ALLOWED", Text("name %(n)s different regions you control", n=n), "ST-30")
    for r in regions:
        place(state, r, seat, "farmers")
    state["growth"]["waiting"].remove(seat)


def overpop_unrest(g: GameData, state: State) -> None:
    """ST-31: +1 unrest (once) for every controller of an over-limit region."""
    seats = {state["regions"][r]["controller"] for r in state["regions"]
             if state["regions"][r]["in_play"] and state["regions"][r]["controller"] is not None
             and total_citizens(state, r) > overpop_limit(g, state, r)}
    for seat in sorted(seats):
        add_unrest(state, seat, 1, max_unrest(g, state, seat))


def start_overpop(g: GameData, state: State) -> None:
    overpop_unrest(g, state)
    state["phase"] = "OVERPOP"
    state["overpop"] = {"region_index": 0, "queue": [], "region": None, "started": False}


def overpop_run(g: GameData, state: State) -> bool:
    """ST-32 / ST-R13: complete removal rounds from the start player; True when all regions are done,
    False while a seat must choose what to remove."""
    o = state["overpop"]
    order = state["region_order"]
    while True:
        if o["region"] is None:
            while o["region_index"] < len(order):
                r = order[o["region_index"]]
                o["region_index"] += 1
                reg = state["regions"][r]
                if reg["in_play"] and total_citizens(state, r) > 2 * reg["capacity"]:
                    o["region"], o["queue"], o["started"] = r, [], False
                    break
            else:
                return True
        r = o["region"]
        if not o["queue"]:
            if total_citizens(state, r) <= 2 * state["regions"][r]["capacity"] and o.get("started"):
                o["region"], o["started"] = None, False
                continue
            o["started"] = True
            o["queue"] = [s for s in clockwise(state, state["start_player"]) if count(state, r, s) > 0]
        seat = o["queue"][0]
        if count(state, r, seat) == 0:
            o["queue"].pop(0)
            continue
        if has(state, r, seat, "farmers") and has(state, r, seat, "soldiers"):
            return False
        remove(state, r, seat, "farmers" if has(state, r, seat, "farmers") else "soldiers")
        o["queue"].pop(0)


def overpop_seat(state: State) -> int | None:
    o = state.get("overpop")
    if state["phase"] != "OVERPOP" or not o or not o["queue"]:
        return None
    return o["queue"][0]


def do_overpop(state: State, seat: int, move: Move) -> None:
    if overpop_seat(state) != seat:
        raise fail("PENDING_DECISION", Text("no overpopulation removal is asked of you"), "ST-32")
    kind = {"farmer": "farmers", "soldier": "soldiers"}.get(move.get("kind"))
    r = state["overpop"]["region"]
    if kind is None or has(state, r, seat, kind) < 1:
        raise fail("NOT_ALLOWED", Text("remove a farmer or a soldier you have there"), "ST-32")
    remove(state, r, seat, kind)
    state["overpop"]["queue"].pop(0)


def new_generation(g: GameData, state: State) -> None:
    """ST-47 / ST-R18."""
    state["start_player"] = (state["start_player"] + 1) % len(state["players"])
    state["generation_space"] = 0
    state["turn_in_generation"] = 0
    state["generation_index"] += 1
    state["dynasty_space_at_generation_start"] = state["dynasty_space"]
    state["growth_done"] = False
    state["growth"] = None
    state["overpop"] = None
    for p in state["players"]:
        p["grain"] = p["gold"] = 0
        p["hand_actions"] = list(g.action_order)
        p["played_actions"] = []
        p["focus_revealed"] = None
        p["focus_used_this_gen"] = False
        p["focus_markers"] = 0
        p["bonus_used_this_gen"] = []
        p["bonus_used_this_turn"] = None
        p["support_this_turn"] = None
