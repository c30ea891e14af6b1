"""Resettle [§5.9]: ST-74 (moves), ST-75 (roads, permission, re-plan; ST-R6), ST-76 (free caravan)."""

from __future__ import annotations

from collections import Counter

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.games.sands_of_time.caravans import (
    check_border,
    check_heritage_choice,
    place_caravan,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import unlocked
from referee.games.sands_of_time.state import (
    Move,
    State,
    clone,
    count,
    fail,
    has,
    place,
    remove,
)


def has_road(g: GameData, state: State, region: str) -> bool:
    return any(e["kind"] == "road_adjacency" for b in state["regions"][region]["buildings"]
               for e in g.buildings[b]["effects"])


def check_moves(g: GameData, state: State, seat: int, move: Move, allowed_vias: set[str] | None = None) -> set[str]:
    """ST-74 / ST-75: returns the via regions whose controller must be asked. `allowed_vias`
    (re-plan) restricts roads needing permission to those already granted."""
    moves = move.get("moves") or []
    used: Counter[tuple[str, str]] = Counter()
    ask: set[str] = set()
    for m in moves:
        a, b, via = m.get("from"), m.get("to"), m.get("via")
        f, s = m.get("farmers", 0), m.get("soldiers", 0)
        if a not in g.adj or b not in g.adj or type(f) is not int or type(s) is not int or f < 0 or s < 0 or f + s < 1:
            raise fail("NOT_ALLOWED", Text("each move needs from, to and at least one citizen"), "ST-74")
        if not state["regions"][b]["in_play"]:
            raise fail("REGION_NOT_IN_PLAY", Text("%(region)s is not in play", region=b), "ST-74")
        if via is None:
            if b not in g.adj[a]:
                raise fail("NOT_ADJACENT", Text("%(b)s is not adjacent to %(a)s", a=a, b=b), "ST-74")
        else:
            if via not in g.adj or not has_road(g, state, via) or a == b or a not in g.adj[via] or b not in g.adj[via]:
                raise fail("NOT_ADJACENT", Text("no road in %(via)s joins %(a)s and %(b)s", via=via, a=a, b=b), "ST-75")
            ctrl = state["regions"][via]["controller"]
            if ctrl is not None and ctrl != seat:
                if allowed_vias is not None and via not in allowed_vias:
                    raise fail("PASSAGE_DENIED", Text("passage through %(via)s was not granted", via=via), "ST-75")
                ask.add(via)
        used[(a, "farmers")] += f
        used[(a, "soldiers")] += s
    for (a, kind), n in used.items():
        if has(state, a, seat, kind) < n:
            raise fail("NOT_MORE_CITIZENS", Text("you have fewer than %(n)s farmers in %(region)s", n=n, region=a)
                       if kind == "farmers" else Text("you have fewer than %(n)s soldiers in %(region)s", n=n, region=a),
                       "ST-74")
    return ask


def check_free_caravan(g: GameData, state: State, seat: int, move: Move) -> tuple[str, str | None] | None:
    """ST-76 on the state after the moves: culture unlocked, one end with an own citizen."""
    car = move.get("caravan")
    if car is None:
        return None
    if not unlocked(g, state, seat, "culture"):
        raise fail("CATEGORY_LOCKED", Text("the free caravan needs culture unlocked"), "ST-76")
    key = check_border(g, state, seat, car.get("border"), "ST-76")
    if not any(count(state, r, seat) > 0 for r in g.ends(key)):
        raise fail("NOT_ALLOWED", Text("one end of the free caravan needs an own citizen"), "ST-76")
    return key, check_heritage_choice(g, state, seat, key, car.get("heritage"))


def execute(g: GameData, state: State, seat: int, move: Move) -> None:
    """Performs the (already checked) moves, then the free caravan. Raises before any change
    if the caravan is illegal after the moves (the caller works on a copy)."""
    for m in move.get("moves") or []:
        for kind in ("farmers", "soldiers"):
            if m.get(kind):
                remove(state, m["from"], seat, kind, m[kind])
                place(state, m["to"], seat, kind, m[kind])
    free = check_free_caravan(g, state, seat, move)
    if free:
        place_caravan(g, state, seat, *free)


def do_resettle(g: GameData, state: State, seat: int, move: Move) -> bool:
    """True when executed; False when road permissions are asked (ST-75)."""
    ask = check_moves(g, state, seat, move)
    if not ask:
        execute(g, state, seat, move)
        return True
    trial = clone(state)
    execute(g, trial, seat, move)  # refuse an illegal plan now, not after the asking
    state["action"] = {"card": "resettle", "kind": "road_permission", "seat": seat, "plan": move,
                       "asked": {r: state["regions"][r]["controller"] for r in sorted(ask, key=g.index.__getitem__)},
                       "answers": {}}
    return False


def check_permission(state: State, seat: int, move: Move) -> str:
    a = state["action"]
    region = move.get("region")
    if a["asked"].get(region) != seat or region in a["answers"]:
        raise fail("PENDING_DECISION", Text("you were not asked about that road"), "ST-75")
    if type(move.get("grant")) is not bool:
        raise fail("NOT_ALLOWED", Text("grant must be true or false"), "ST-75")
    return region


def default_replan(g: GameData, state: State) -> Move:
    """ST-75 default: the submitted moves minus those via denied roads; the free caravan only if
    still legal."""
    a = state["action"]
    denied = {r for r, ok in a["answers"].items() if not ok}
    plan = a["plan"]
    moves = [m for m in plan.get("moves") or [] if m.get("via") not in denied]
    out = {"type": "act", "card": "resettle", "moves": moves, "caravan": plan.get("caravan")}
    if out["caravan"] is not None:
        try:
            execute(g, clone(state), a["seat"], out)
        except IllegalMove:
            out["caravan"] = None
    return out

