"""Conquest [§5.3]: attack (ST-54..ST-59, ST-R3, ST-R7, ST-R29, ST-R39) and annex (ST-60, ST-R8,
ST-R30, ST-R36). A combat is a small machine in state["action"]: secret values from both sides,
then losses (winner, loser), retreat, new capital and the annex question, each step a decision
only when its seat really has a choice."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import (
    building_effects,
    max_unrest,
    progress_effects,
)
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_unrest,
    controlled,
    count,
    fail,
    has,
    pay,
    place,
    remove,
    set_control,
)

STEPS = ["losses_winner", "losses_loser", "retreat", "capital", "annex"]


def die_limit(g: GameData, state: State, seat: int) -> int:
    """ST-56 / ST-R3: 0 <= d <= min(6, max_unrest - unrest)."""
    return max(0, min(g.combat["die_max_face"], max_unrest(g, state, seat) - state["players"][seat]["unrest"]))


def strength(g: GameData, state: State, seat: int, region: str, defender: bool) -> int:
    """ST-55: farmers x1 + soldiers x2 (Legions x3) plus Bronze, Chariots, Fortification, Fortress."""
    eff = list(progress_effects(g, state, seat))
    soldier = max([g.combat["soldier"]] + [e["value"] for e in eff if e["kind"] == "soldier_combat_value"])
    f, s = has(state, region, seat, "farmers"), has(state, region, seat, "soldiers")
    value = f * g.combat["farmer"] + s * soldier
    for e in eff:
        if e["kind"] == "combat_bonus_flat":
            value += e["amount"]
        elif e["kind"] == "combat_bonus_per_soldier_terrain" and g.region[region]["terrain"] == e["terrain"]:
            value += e["amount"] * s
        elif e["kind"] == "defender_combat_bonus" and defender:
            value += e["amount"]
    value += sum(e["amount"] for e in building_effects(g, state, seat, region) if e["kind"] == "combat_bonus_controller_here")
    return value


def annex_cost(g: GameData, state: State, seat: int, region: str) -> int:
    """ST-60 / ST-R30: regions controlled before annexing, minus Law and Colonization, min 0."""
    cost = len(controlled(state, seat))
    for e in progress_effects(g, state, seat):
        if e["kind"] == "annex_discount_per_soldier":
            cost -= e["amount"] * has(state, region, seat, "soldiers")
        elif e["kind"] == "annex_discount_flat":
            cost -= e["amount"]
    return max(0, cost)


def annex_problem(g: GameData, state: State, seat: int, region: str) -> tuple[str, str] | None:
    """Why ST-60 forbids the annex (reason code, message), or None."""
    reg = state["regions"][region]
    owner = reg["controller"]
    if owner == seat:
        return ("NOT_ALLOWED", Text("you already control it"))
    if owner is not None:
        if count(state, region, owner) > 0:
            return ("NOT_ALLOWED", Text("its controller still has citizens there"))
        if len(controlled(state, owner)) <= 1:
            return ("LAST_REGION", Text("it is its controller's last region"))
    mine = count(state, region, seat)
    if mine == 0 or any(count(state, region, int(k)) >= mine for k in reg["citizens"] if int(k) != seat):
        return ("NOT_MORE_CITIZENS", Text("you need strictly more citizens there than every other player"))
    if len(controlled(state, seat)) >= g.max_regions:
        return ("MAX_REGIONS", Text("you control %(n)s regions already", n=g.max_regions))
    if state["players"][seat]["supply"]["control_markers"] < 1:
        return ("SUPPLY_EMPTY", Text("no control marker left"))
    if state["players"][seat]["grain"] < annex_cost(g, state, seat, region):
        return ("INSUFFICIENT_GRAIN", Text("annexing costs %(grain)s grain", grain=annex_cost(g, state, seat, region)))
    return None


def check_conquest(g: GameData, state: State, seat: int, move: Move) -> None:
    region, target = move.get("region"), move.get("attack")
    if region not in state["regions"]:
        raise fail("NOT_ALLOWED", Text("no region %(region)s", region=region), "ST-54")
    if not state["regions"][region]["in_play"]:
        raise fail("REGION_NOT_IN_PLAY", Text("%(region)s is not in play", region=region), "ST-54")
    if target is not None:
        if type(target) is not int or target == seat or not 0 <= target < len(state["players"]):
            raise fail("NOT_ALLOWED", Text("attack another player"), "ST-54")
        if count(state, region, seat) == 0 or count(state, region, target) == 0:
            raise fail("NOT_ALLOWED", Text("both you and the defender need citizens there"), "ST-54")
        if state["players"][seat]["grain"] < state["players"][seat]["unrest"]:
            raise fail("INSUFFICIENT_GRAIN", Text("an attack costs grain equal to your unrest"), "ST-54")
        return
    if not move.get("annex"):
        raise fail("NOT_ALLOWED", Text("attack or annex (or decline the card)"), "ST-60")
    problem = annex_problem(g, state, seat, region)
    if problem:
        raise fail(problem[0], problem[1], "ST-60")


def do_conquest(g: GameData, state: State, seat: int, move: Move) -> bool:
    """True when the action is complete; False while a decision of the combat is open."""
    check_conquest(g, state, seat, move)
    region, target = move["region"], move.get("attack")
    if target is None:
        lost_capital = annex(g, state, seat, region)
        if lost_capital is None:
            return True
        state["action"] = {"card": "conquest", "kind": "combat", "seat": seat, "region": region,
                           "attacker": seat, "defender": lost_capital, "capital_seat": lost_capital,
                           "steps": ["capital"], "stage": None}
        return run(g, state)
    pay(state, seat, "grain", state["players"][seat]["unrest"], "ST-54")
    limits = {str(s): die_limit(g, state, s) for s in (seat, target)}
    state["action"] = {"card": "conquest", "kind": "combat", "seat": seat, "region": region,
                       "attacker": seat, "defender": target, "limits": limits,
                       "values": {k: (None if v > 0 else 0) for k, v in limits.items()},
                       "winner": None, "loser": None, "capital_seat": None, "steps": list(STEPS), "stage": "values"}
    return run(g, state)


def annex(g: GameData, state: State, seat: int, region: str) -> int | None:
    """Performs ST-60; returns the seat that lost its capital by it (needs a new one), else None."""
    pay(state, seat, "grain", annex_cost(g, state, seat, region), "ST-60")
    old = state["regions"][region]["controller"]
    was_capital = state["regions"][region]["control_type"] == "capital"
    set_control(state, region, None, None)
    set_control(state, region, seat, "colony")
    return old if was_capital and old is not None else None


def values_missing(state: State) -> list[int]:
    a = state["action"]
    return [int(k) for k, v in a["values"].items() if v is None] if a and a.get("stage") == "values" else []


def check_value(g: GameData, state: State, seat: int, move: Move) -> int:
    a = state["action"]
    if seat not in values_missing(state):
        raise fail("PENDING_DECISION", Text("no die value is asked of you now"), "ST-56")
    d, limit = move.get("value"), a["limits"][str(seat)]
    if type(d) is not int or not 0 <= d <= limit:
        raise fail("DIE_OUT_OF_RANGE", Text("your die value must be 0 to %(limit)s", limit=limit), "ST-56")
    return d


def do_value(g: GameData, state: State, seat: int, move: Move) -> bool:
    state["action"]["values"][str(seat)] = check_value(g, state, seat, move)
    return run(g, state)


def resolve(g: GameData, state: State) -> None:
    """ST-56 / ST-57: both values revealed together; ties go to the defender; the winner gains
    unrest equal to its own value."""
    a = state["action"]
    att, dfd, region = a["attacker"], a["defender"], a["region"]
    strengths = {str(att): strength(g, state, att, region, False), str(dfd): strength(g, state, dfd, region, True)}
    totals = {k: strengths[k] + g.combat["die_multiplier"] * a["values"][k] for k in strengths}
    winner = att if totals[str(att)] > totals[str(dfd)] else dfd
    a["winner"], a["loser"] = winner, (dfd if winner == att else att)
    add_unrest(state, winner, a["values"][str(winner)], max_unrest(g, state, winner))
    state["last_combat"] = {"region": region, "attacker": att, "defender": dfd, "values": dict(a["values"]),
                            "strength": strengths, "totals": totals, "winner": winner}
    a["stage"] = None


def loss_options(state: State, seat: int, region: str, required: int) -> list[dict]:
    f, s = has(state, region, seat, "farmers"), has(state, region, seat, "soldiers")
    return [{"type": "combat_losses", "farmers": x, "soldiers": required - x}
            for x in range(required, -1, -1) if x <= f and required - x <= s]


def retreat_options(g: GameData, state: State) -> list[str]:
    a = state["action"]
    return [r for r in controlled(state, a["defender"]) if r in g.adj[a["region"]]]


def run(g: GameData, state: State) -> bool:
    """Advances the combat until a decision is needed (False) or the action is over (True)."""
    a = state["action"]
    region = a["region"]
    while True:
        if a["stage"] == "values":
            if values_missing(state):
                return False
            resolve(g, state)
        if a["stage"] is not None:
            return False
        if not a["steps"]:
            state["action"] = None
            return True
        step = a["steps"].pop(0)
        if step.startswith("losses"):
            seat, required = (a["winner"], 1) if step == "losses_winner" else (a["loser"], 2)
            n = count(state, region, seat)
            if n <= required:
                for kind in ("farmers", "soldiers"):
                    if has(state, region, seat, kind):
                        remove(state, region, seat, kind, has(state, region, seat, kind))
            elif has(state, region, seat, "farmers") and has(state, region, seat, "soldiers"):
                a["stage"], a["stage_seat"], a["required"] = "losses", seat, required
            else:
                kind = "farmers" if has(state, region, seat, "farmers") else "soldiers"
                remove(state, region, seat, kind, required)
        elif step == "retreat":
            _retreat_or_stay(g, state)
        elif step == "capital":
            seat = a["capital_seat"]
            if seat is not None:
                options = controlled(state, seat)
                if len(options) == 1:
                    _new_capital(state, seat, options[0])
                elif len(options) > 1:
                    a["stage"], a["stage_seat"] = "new_capital", seat
        elif step == "annex":
            if annex_problem(g, state, a["attacker"], region) is None:
                a["stage"], a["stage_seat"] = "annex", a["attacker"]


def _retreat_or_stay(g: GameData, state: State) -> None:
    """ST-58: a beaten defender leaves (unless it is its last region) and loses control."""
    a = state["action"]
    dfd, region = a["defender"], a["region"]
    if a["winner"] != a["attacker"]:
        return
    mine = controlled(state, dfd)
    if mine == [region]:
        return  # ST-58 exception: the last region is kept
    if count(state, region, dfd):
        options = retreat_options(g, state)
        if len(options) >= 2:
            a["stage"], a["stage_seat"] = "retreat", dfd
            return
        _move_all(state, dfd, region, options[0] if options else None)
    _lose_control(state)


def _move_all(state: State, seat: int, region: str, to: str | None) -> None:
    for kind in ("farmers", "soldiers"):
        n = has(state, region, seat, kind)
        if n:
            remove(state, region, seat, kind, n)
            if to is not None:
                place(state, to, seat, kind, n)


def _lose_control(state: State) -> None:
    a = state["action"]
    reg = state["regions"][a["region"]]
    if reg["controller"] == a["defender"]:
        if reg["control_type"] == "capital":
            a["capital_seat"] = a["defender"]
        set_control(state, a["region"], None, None)


def _new_capital(state: State, seat: int, region: str) -> None:
    """ST-59 / ST-R36: the region's marker returns; the capital piece is placed there."""
    set_control(state, region, None, None)
    set_control(state, region, seat, "capital")


def check_decision(g: GameData, state: State, seat: int, move: Move) -> None:
    a = state["action"]
    kind = {"combat_losses": "losses", "retreat": "retreat", "new_capital": "new_capital", "annex": "annex"}[move["type"]]
    if a.get("stage") != kind or a.get("stage_seat") != seat:
        rule = {"losses": "ST-57", "retreat": "ST-58", "new_capital": "ST-59", "annex": "ST-60"}[kind]
        raise fail("PENDING_DECISION", Text("no %(decision)s decision is asked of you now", decision=move["type"]), rule)
    if kind == "losses" and {k: move.get(k) for k in ("farmers", "soldiers")} not in [
            {k: o[k] for k in ("farmers", "soldiers")} for o in loss_options(state, seat, a["region"], a["required"])]:
        raise fail("NOT_ALLOWED", Text("remove exactly %(n)s of your citizens there", n=a["required"]), "ST-57")
    if kind == "retreat" and move.get("region") not in retreat_options(g, state):
        raise fail("NOT_ADJACENT", Text("retreat to one adjacent region you control"), "ST-58")
    if kind == "new_capital" and move.get("region") not in controlled(state, seat):
        raise fail("NOT_CONTROLLED", Text("choose a region you control"), "ST-59")
    if kind == "annex" and type(move.get("accept")) is not bool:
        raise fail("NOT_ALLOWED", Text("accept must be true or false"), "ST-60")


def do_decision(g: GameData, state: State, seat: int, move: Move) -> bool:
    check_decision(g, state, seat, move)
    a = state["action"]
    stage = a["stage"]
    a["stage"] = None
    if stage == "losses":
        for kind in ("farmers", "soldiers"):
            if move[kind]:
                remove(state, a["region"], seat, kind, move[kind])
    elif stage == "retreat":
        _move_all(state, seat, a["region"], move["region"])
        _lose_control(state)
    elif stage == "new_capital":
        _new_capital(state, seat, move["region"])
    elif move["accept"]:
        lost = annex(g, state, seat, a["region"])
        if lost is not None:
            a["capital_seat"] = lost
            a["steps"].append("capital")
    return run(g, state)
