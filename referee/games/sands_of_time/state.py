"""State helpers shared by every module: copying, refusals, pieces on the board, unrest (ST-100/101).

State layout: RULES.md section 11 (with seats as player ids and str(seat) as map keys);
schemas/games/sands_of_time/state.json is the authority.
"""

from __future__ import annotations

from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.jsondata import clone  # noqa: F401 (the games' one deep copy)
from referee.plumbing.i18n import Text

State = dict[str, Any]
Move = dict[str, Any]




def fail(code: str, message: str, rule: str) -> IllegalMove:
    """An IllegalMove whose message starts with the spec's reason code (RULES.md 13); the
    reason is a `Text`, so a reader reads it in their language (the code stays as it is)."""
    return IllegalMove(Text("%(code)s: %(reason)s", code=code, reason=message), rule)


def cit(state: State, region: str, seat: int) -> dict[str, int]:
    """Seat's citizens in a region (a live dict; created empty when absent)."""
    return state["regions"][region]["citizens"].setdefault(str(seat), {"farmers": 0, "soldiers": 0})


def has(state: State, region: str, seat: int, kind: str) -> int:
    """How many farmers/soldiers ("farmers"/"soldiers") the seat has in a region (no mutation)."""
    c = state["regions"][region]["citizens"].get(str(seat))
    return c[kind] if c else 0


def count(state: State, region: str, seat: int) -> int:
    c = state["regions"][region]["citizens"].get(str(seat))
    return c["farmers"] + c["soldiers"] if c else 0


def tidy(state: State, region: str) -> None:
    """Drops empty citizen entries so that states compare equal however they were reached."""
    cz = state["regions"][region]["citizens"]
    for k in [k for k, v in cz.items() if v["farmers"] == 0 and v["soldiers"] == 0]:
        del cz[k]


def total_citizens(state: State, region: str) -> int:
    return sum(v["farmers"] + v["soldiers"] for v in state["regions"][region]["citizens"].values())


def place(state: State, region: str, seat: int, kind: str, n: int = 1) -> None:
    """Moves n farmers/soldiers ("farmers"/"soldiers") from supply to the region."""
    state["players"][seat]["supply"][kind] -= n
    cit(state, region, seat)[kind] += n


def remove(state: State, region: str, seat: int, kind: str, n: int = 1) -> None:
    """Returns n pieces of `kind` from the region to supply."""
    cit(state, region, seat)[kind] -= n
    state["players"][seat]["supply"][kind] += n
    tidy(state, region)


def controlled(state: State, seat: int) -> list[str]:
    """Regions the seat controls, in region order. Never rely on the order of a dict's keys:
    stored states may come back with sorted keys, so order comes from state["region_order"]."""
    regions = state["regions"]
    return [r for r in state["region_order"] if regions[r]["controller"] == seat]


def set_control(state: State, region: str, seat: int | None, kind: str | None) -> None:
    """Changes a region's controller; marker supplies follow (the capital piece has no supply)."""
    reg = state["regions"][region]
    old, old_kind = reg["controller"], reg["control_type"]
    if old is not None and old_kind != "capital":
        state["players"][old]["supply"]["control_markers"] += 1
    if old is not None and old_kind == "capital":
        state["players"][old]["capital_region"] = None
    reg["controller"], reg["control_type"] = seat, kind
    if seat is not None and kind != "capital":
        state["players"][seat]["supply"]["control_markers"] -= 1
    if seat is not None and kind == "capital":
        state["players"][seat]["capital_region"] = region


def gain(state: State, seat: int, resource: str, n: int) -> None:
    if n > 0:
        state["players"][seat][resource] += n


def lose(state: State, seat: int, resource: str, n: int) -> int:
    """Takes up to n (never below 0, ST-R42); returns what was taken."""
    p = state["players"][seat]
    taken = min(n, p[resource])
    p[resource] -= taken
    return taken


def pay(state: State, seat: int, resource: str, n: int, rule: str) -> None:
    p = state["players"][seat]
    if p[resource] < n:
        raise fail(f"INSUFFICIENT_{resource.upper()}", Text("this needs %(n)s %(resource)s, you have %(have)s", n=n, resource=resource, have=p[resource]), rule)
    p[resource] -= n


def lose_vp(state: State, seat: int, n: int) -> None:
    """ST-101 / ST-R11: VP never below 0; what is really lost is counted in vp_lost."""
    p = state["players"][seat]
    taken = min(n, p["vp"])
    p["vp"] -= taken
    p["vp_lost"] += taken


def add_unrest(state: State, seat: int, n: int, maximum: int) -> None:
    """ST-100/ST-101: steps above the maximum cost 1 VP each instead."""
    p = state["players"][seat]
    new = p["unrest"] + n
    if new > maximum:
        lose_vp(state, seat, new - maximum)
        new = maximum
    p["unrest"] = new


def add_heritage(state: State, seat: int, category: str, n: int, maximum: int) -> None:
    """ST-95 / ST-R38: heritage above the track maximum is lost."""
    h = state["players"][seat]["heritage"]
    h[category] = min(maximum, h[category] + n)


def clockwise(state: State, first: int) -> list[int]:
    n = len(state["players"])
    return [(first + i) % n for i in range(n)]
