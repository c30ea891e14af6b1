"""Phase 5: the build move (D6), an ordered list of actions applied atomically. IA-5.1..IA-5.5.

`check_action` validates one action against the current working state without changing it;
`do_action` applies it. The build move, the D6 skip test and move generators all use them.
"""

from __future__ import annotations

from typing import Any, Iterator

from referee.engine.contract import IllegalMove
from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, Player, State, active, count_arg, fail, only_keys, own

Action = dict[str, Any]

FIELDS = {
    "province_box": ("province", "count"),
    "port_box": ("port",),
    "amphora": ("port", "count"),
    "monument_box": ("monument", "count"),
    "military": ("count",),
    "ship": ("count",),
}


def _column(cols: list[dict[str, Any]], a: Action, key: str) -> tuple[int, dict[str, Any]]:
    """The index of the column an action names (IA-R14: any incomplete column, any order)."""
    c = a.get(key)
    if type(c) is not int or not 1 <= c <= len(cols):
        raise fail("bad_move", Text("%(key)s must be a column 1..%(last)s", key=repr(key), last=len(cols)), "IA-5.2")
    if cols[c - 1]["complete"]:
        raise fail("structure_complete", Text("%(key)s %(column)s is already complete", key=key, column=c), "IA-5.2")
    return c - 1, cols[c - 1]


def _fits(filled: int, n: int, limit: int, what: Text) -> None:
    """IA-5.2: a structure never takes more than its boxes (or amphoras)."""
    if filled + n > limit:
        raise fail("overfill", Text("%(what)s: %(left)s left, %(asked)s asked",
                                    what=what, left=limit - filled, asked=n),
                   "IA-5.2")


def _province(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    i, col = _column(p["provinces"], a, "province")
    _fits(col["boxes_filled"], n, g.provinces[i]["worker_boxes"], Text("province %(n)s boxes", n=i + 1))
    return i, n


def _port_box(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    i, col = _column(p["ports"], a, "port")
    _fits(col["boxes_filled"], n, g.ports[i]["worker_boxes"], Text("port %(n)s boxes", n=i + 1))
    return i, n


def _amphora(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    i, col = _column(p["ports"], a, "port")
    _fits(col["amphoras_filled"], n, g.ports[i]["amphoras"], Text("port %(n)s amphoras", n=i + 1))
    if p["goods"] < n:  # goods only, never inventions or wealth
        raise fail("not_enough_goods", Text("%(n)s amphoras cost %(n)s goods, you have %(have)s", n=n, have=p["goods"]),
                   "IA-5.2")
    return i, 0


def _monument(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    m = a.get("monument")
    if not isinstance(m, str) or m not in g.monuments:
        raise fail("bad_move", Text("unknown monument %(monument)s", monument=repr(m)), "IA-5.2")
    mine = p["monuments"][m]
    if mine["complete"]:
        raise fail("already_completed_monument", Text("you have completed %(monument)s already", monument=m), "IA-R16")
    _fits(mine["boxes_filled"], n, g.monuments[m]["worker_boxes"], Text("%(monument)s boxes", monument=m))
    return m, n


def _military(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    if p["food"] < n * g.military_cost["food"]:
        raise fail("not_enough_food", Text("%(n)s military cost %(food)s food",
                                           n=n, food=n * g.military_cost["food"]), "IA-5.2")
    if p["military"] + n > g.track_max["military"]:
        raise fail("track_full", Text("military cannot exceed %(max)s", max=g.track_max["military"]), "IA-R23")
    return None, n * g.military_cost["workers"]


def _ship(g: GameData, p: Player, a: Action, n: int) -> tuple[Any, int]:
    per = g.goods_per_ship(p)
    if per is None:
        raise fail("no_shipbuilding", Text("ships need Shipbuilding owned since the start of the turn"), "IA-R17")
    if p["goods"] < n * per:
        raise fail("not_enough_goods", Text("%(n)s ships cost %(cost)s goods, you have %(have)s", n=n, cost=n * per,
                                                 have=p["goods"]), "IA-5.2")
    if p["ships"] + n > g.track_max["ships"]:
        raise fail("track_full", Text("ships cannot exceed %(max)s", max=g.track_max["ships"]), "IA-5.2")
    return None, 0


KIND_CHECKS = {"province_box": _province, "port_box": _port_box, "amphora": _amphora,
               "monument_box": _monument, "military": _military, "ship": _ship}


def check_action(g: GameData, st: State, a: Action) -> Any:
    """IA-5.2: is this one action legal now? Returns what `do_action` needs; raises IllegalMove."""
    if not isinstance(a, dict) or not isinstance(a.get("kind"), str) or a["kind"] not in FIELDS:
        raise fail("bad_move", Text("each action needs a kind out of %(kinds)s", kinds=str(sorted(FIELDS))), "IA-5.2")
    kind = a["kind"]
    extra = set(a) - set(FIELDS[kind]) - {"kind"}
    if extra:
        raise fail("bad_move", Text("unknown field(s) %(fields)s in a %(kind)s action",
                                    fields=str(sorted(extra)), kind=kind),
                   "IA-5.2")
    n = 1 if kind == "port_box" else count_arg(a, "count", "IA-5.2")
    target, workers = KIND_CHECKS[kind](g, active(st), a, n)
    if st["turn"]["workers"] < workers:
        raise fail("not_enough_workers", Text("this needs %(n)s workers, you have %(have)s", n=workers,
                                                   have=st["turn"]["workers"]), "IA-5.2")
    return target


def _own_item(p: Player, key: str, index: Any) -> dict[str, Any]:
    """Copy one column or monument record (and its container) before changing it; the input
    state shares them (see state.working_copy)."""
    container = p[key] = list(p[key]) if type(p[key]) is list else dict(p[key])
    item = container[index] = dict(container[index])
    return item


def do_action(g: GameData, st: State, a: Action, target: Any) -> None:
    """Apply a checked action and any completion it causes (IA-5.4)."""
    p, t = active(st), st["turn"]
    kind = a["kind"]
    n = a.get("count", 1)
    if kind == "province_box":
        t["workers"] -= n
        col = _own_item(p, "provinces", target)
        col["boxes_filled"] += n
        if col["boxes_filled"] == g.provinces[target]["worker_boxes"]:
            _complete_province(g, p, target)
    elif kind in ("port_box", "amphora"):
        col = _own_item(p, "ports", target)
        if kind == "port_box":
            t["workers"] -= 1
            col["boxes_filled"] += 1
        else:
            p["goods"] -= n
            col["amphoras_filled"] += n
        spec = g.ports[target]
        if col["boxes_filled"] == spec["worker_boxes"] and col["amphoras_filled"] == spec["amphoras"]:
            _complete_port(p, target)
    elif kind == "monument_box":
        t["workers"] -= n
        mine = _own_item(p, "monuments", target)
        mine["boxes_filled"] += n
        if mine["boxes_filled"] == g.monuments[target]["worker_boxes"]:
            _complete_monument(g, st, p, target)
    elif kind == "military":
        t["workers"] -= n * g.military_cost["workers"]
        p["food"] -= n * g.military_cost["food"]
        p["military"] += n
    else:
        p["goods"] -= n * g.goods_per_ship(p)
        p["ships"] += n


def _complete_port(p: Player, i: int) -> None:
    """IA-5.4: every box and amphora filled; one more port (a die from the next turn, IA-R15)."""
    p["ports"][i]["complete"] = True
    p["ports_owned"] += 1


def _complete_province(g: GameData, p: Player, i: int) -> None:
    """IA-5.4 / IA-R23: a new province gives military (excess lost) and tribute."""
    p["provinces"][i]["complete"] = True
    p["provinces_owned"] += 1
    p["military"] = g.clamp("military", p["military"] + g.provinces[i]["military_on_completion"])
    p["tribute"] += g.provinces[i]["tribute"]


def _complete_monument(g: GameData, st: State, p: Player, m: str) -> None:
    """IA-5.4 / IA-R16: the first completion in log order scores points_first, later ones points_later."""
    mine = p["monuments"][m]
    mine["complete"] = True
    if st["monument_first_by"][m] is None:
        st["monument_first_by"][m] = p["seat"]
        mine["points"] = g.monuments[m]["points_first"]
    else:
        mine["points"] = g.monuments[m]["points_later"]


def complete_for_free(g: GameData, p: Player, what: str) -> None:
    """IA-S3: the initial choice completes the first open port or province column at no cost."""
    cols = own(p, "ports" if what == "port" else "provinces")
    i = next(k for k, c in enumerate(cols) if not c["complete"])
    if what == "port":
        cols[i].update(boxes_filled=g.ports[i]["worker_boxes"], amphoras_filled=g.ports[i]["amphoras"])
        _complete_port(p, i)
    else:
        cols[i]["boxes_filled"] = g.provinces[i]["worker_boxes"]
        _complete_province(g, p, i)


def apply_build(g: GameData, st: State, move: Move) -> None:
    """IA-5.1 / IA-R14: apply the actions in order; one illegal action rejects the whole move."""
    only_keys(move, ("actions",), "IA-5.1")
    actions = move.get("actions")
    if type(actions) is not list:
        raise fail("bad_move", Text("'actions' must be a list ([] builds nothing)"), "IA-5.1")
    if actions:
        st["monument_first_by"] = dict(st["monument_first_by"])
        for k, a in enumerate(actions):
            try:
                target = check_action(g, st, a)
            except IllegalMove as e:
                raise IllegalMove(Text("action %(k)s: %(reason)s", k=k, reason=e.message), e.rule) from None
            do_action(g, st, a, target)
    st["turn"]["workers"] = 0  # IA-5.5: unspent workers are lost


def is_legal(g: GameData, st: State, a: Action) -> bool:
    try:
        check_action(g, st, a)
    except IllegalMove:
        return False
    return True


def _legal_singles(g: GameData, st: State) -> Iterator[Action]:
    """Every build action of one unit that is legal now, each validated by check_action."""
    p = active(st)
    candidates: list[Action] = []
    # (shortcuts only, skipping what is surely refused -- no workers, no goods, a complete
    # structure, ships without Shipbuilding -- cheaply: a refusal builds its message; check_action
    # decides)
    ports = [c for c in p["ports"] if not c["complete"]]
    if st["turn"]["workers"] > 0:
        # monuments first: with any worker one of them is almost always open (can_build stops there)
        candidates += [{"kind": "monument_box", "monument": m, "count": 1} for m in g.monument_ids
                       if not p["monuments"][m]["complete"]]
        candidates += [{"kind": "province_box", "province": c["column"], "count": 1} for c in p["provinces"]
                       if not c["complete"]]
        candidates += [{"kind": "port_box", "port": c["column"]} for c in ports]
    if p["goods"] > 0:
        candidates += [{"kind": "amphora", "port": c["column"], "count": 1} for c in ports]
    candidates.append({"kind": "military", "count": 1})
    if p["goods"] > 0 and g.goods_per_ship(p) is not None:
        candidates.append({"kind": "ship", "count": 1})
    yield from (a for a in candidates if is_legal(g, st, a))


def single_actions(g: GameData, st: State) -> list[Action]:
    """All legal one-unit build actions (for clients and move generators)."""
    return list(_legal_singles(g, st))


def can_build(g: GameData, st: State) -> bool:
    """D6 skip test: is any non-empty build legal? Stops at the first legal action."""
    return next(_legal_singles(g, st), None) is not None
