"""Muster [§5.2] (ST-51..ST-53, ST-R19) and Raid [§5.4] (ST-61, ST-62, ST-R6, ST-R10, ST-R42)."""

from __future__ import annotations

from collections import Counter

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import (
    building_effects,
    progress_effects,
    unlocked,
)
from referee.games.sands_of_time.state import (
    Move,
    State,
    fail,
    gain,
    has,
    lose,
    pay,
    place,
    remove,
)


def muster_soldier_limit(g: GameData, state: State, seat: int) -> int:
    return max([1] + [e["max_soldiers"] for e in progress_effects(g, state, seat) if e["kind"] == "muster_extra_soldiers"])


def irrigation_regions(g: GameData, state: State, seat: int) -> list[str]:
    """ST-53: controlled regions whose buildings give muster_farmer_here (civil-locked)."""
    return [r for r in state["region_order"] if any(e["kind"] == "muster_farmer_here" for e in building_effects(g, state, seat, r))]


def check_muster(g: GameData, state: State, seat: int, move: Move) -> int:
    """Returns the gold cost; raises for anything ST-51..53 forbids."""
    p = state["players"][seat]
    soldiers = move.get("soldiers") or []
    conversions = move.get("conversions") or []
    irrigation = move.get("irrigation") or []
    limit = muster_soldier_limit(g, state, seat)
    if len(soldiers) > limit:
        raise fail("NOT_ALLOWED", Text("at most %(limit)s soldier(s)", limit=limit), "ST-51")
    for r in soldiers:
        if r not in state["regions"] or state["regions"][r]["controller"] != seat:
            raise fail("NOT_CONTROLLED", Text("you do not control %(region)s", region=r), "ST-51")
    need_soldiers = len(soldiers) + sum(1 for c in conversions if c.get("to") == "soldier")
    need_farmers = len(irrigation) + sum(1 for c in conversions if c.get("to") == "farmer")
    if conversions and not unlocked(g, state, seat, "political"):
        raise fail("CATEGORY_LOCKED", Text("conversions need political unlocked"), "ST-52")
    regs = [c.get("region") for c in conversions]
    if len(set(regs)) != len(regs):
        raise fail("NOT_ALLOWED", Text("at most one conversion per region"), "ST-52")
    for c in conversions:
        r = c.get("region")
        if r not in state["regions"] or state["regions"][r]["controller"] != seat:
            raise fail("NOT_CONTROLLED", Text("you do not control %(region)s", region=r), "ST-52")
        src = "farmers" if c.get("to") == "soldier" else "soldiers"
        if has(state, r, seat, src) < 1:
            raise fail("NOT_ALLOWED", Text("no own farmers in %(region)s to convert", region=r) if src == "farmers"
                       else Text("no own soldiers in %(region)s to convert", region=r), "ST-52")
    irr = irrigation_regions(g, state, seat)
    if len(set(irrigation)) != len(irrigation) or any(r not in irr for r in irrigation):
        raise fail("CATEGORY_LOCKED", Text("irrigation: once per controlled region with irrigation, civil unlocked"), "ST-53")
    if need_soldiers > p["supply"]["soldiers"] or need_farmers > p["supply"]["farmers"]:
        # the limit of the part that asks for more than the supply holds
        rule = ("ST-51" if len(soldiers) > p["supply"]["soldiers"] else
                "ST-53" if len(irrigation) > p["supply"]["farmers"] else "ST-52")
        raise fail("SUPPLY_EMPTY", Text("not enough pieces in your supply"), rule)
    cost = len(soldiers) + len(conversions) + len(irrigation)
    if cost > p["gold"]:
        raise fail("INSUFFICIENT_GOLD", Text("this muster costs %(cost)s gold", cost=cost), "ST-51")
    return cost


def do_muster(g: GameData, state: State, seat: int, move: Move) -> None:
    cost = check_muster(g, state, seat, move)
    pay(state, seat, "gold", cost, "ST-51")
    for r in move.get("soldiers") or []:
        place(state, r, seat, "soldiers")
    for c in move.get("conversions") or []:
        src, dst = ("farmers", "soldiers") if c["to"] == "soldier" else ("soldiers", "farmers")
        remove(state, c["region"], seat, src)
        place(state, c["region"], seat, dst)
    for r in move.get("irrigation") or []:
        place(state, r, seat, "farmers")


def check_raid(g: GameData, state: State, seat: int, move: Move) -> list[dict]:
    """ST-61 / ST-R6: each soldier one step along printed adjacency into an in-play region."""
    moves = move.get("moves") or []
    taken: Counter[str] = Counter()
    for m in moves:
        a, b, k = m.get("from"), m.get("to"), m.get("count")
        if a not in state["regions"] or b not in state["regions"] or type(k) is not int or k < 1:
            raise fail("NOT_ALLOWED", Text("each raid move needs from, to and a count of at least 1"), "ST-61")
        if b not in g.adj[a]:
            raise fail("NOT_ADJACENT", Text("%(b)s is not adjacent to %(a)s", a=a, b=b), "ST-61")
        if not state["regions"][b]["in_play"]:
            raise fail("REGION_NOT_IN_PLAY", Text("%(region)s is not in play", region=b), "ST-61")
        taken[a] += k
    for a, k in taken.items():
        if has(state, a, seat, "soldiers") < k:
            raise fail("NOT_MORE_CITIZENS", Text("you have fewer than %(n)s soldiers in %(region)s", n=k, region=a), "ST-61")
    return moves


def raid_targets(g: GameData, state: State, seat: int, moved_into: set[str]) -> list[str]:
    """ST-62 / ST-R10: the regions to collect from (all of them with political unlocked)."""
    if unlocked(g, state, seat, "political"):
        return [r for r in state["region_order"] for v in [state["regions"][r]]
                if v["controller"] != seat and str(seat) in v["citizens"] and v["citizens"][str(seat)]["soldiers"] > 0]
    return [r for r in state["regions"] if r in moved_into and state["regions"][r]["controller"] != seat]


def do_raid(g: GameData, state: State, seat: int, move: Move) -> None:
    moves = check_raid(g, state, seat, move)
    target = move.get("target")
    moved_into = {m["to"] for m in moves}
    if not unlocked(g, state, seat, "political") and target is not None:
        # validate before anything moves: the move is refused as a whole
        if target not in moved_into or state["regions"][target]["controller"] == seat:
            raise fail("NOT_ALLOWED", Text("the raid target must be a region a soldier moved into that you do not control"), "ST-62")
    for m in moves:
        remove(state, m["from"], seat, "soldiers", m["count"])
        place(state, m["to"], seat, "soldiers", m["count"])
    if unlocked(g, state, seat, "political"):
        targets = raid_targets(g, state, seat, moved_into)
    else:
        targets = [target] if target is not None else []
    for r in targets:
        reg = state["regions"][r]
        n = min(has(state, r, seat, "soldiers"), reg["capacity"])
        gain(state, seat, reg["resource"], n)  # ST-R42: the raider gets the full amount
        if reg["controller"] is not None:
            lose(state, reg["controller"], reg["resource"], n)
