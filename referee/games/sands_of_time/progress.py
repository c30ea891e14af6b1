"""Progress [§5.7]: ST-68 (advance or new marker, the heritage requirement), ST-69 (the draw of
two, ST-R20: the card not taken goes face down on top), Bread and Circuses at once (ST-R12)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import building_effects, max_unrest, unlocked
from referee.games.sands_of_time.state import Move, State, controlled, fail


def requirement_heritage(g: GameData, state: State, seat: int, category: str) -> int:
    """ST-68 / ST-79: heritage + this turn's Support + one library bonus (not cumulative)."""
    p = state["players"][seat]
    h = p["heritage"][category]
    sup = p["support_this_turn"]
    if sup and sup["category"] == category:
        h += sup["amount"]
    lib = [e["amount"] for r in controlled(state, seat) for e in building_effects(g, state, seat, r)
           if e["kind"] == "progress_heritage_bonus"]
    return h + max(lib, default=0)


def check_progress(g: GameData, state: State, seat: int, move: Move) -> tuple[str, int]:
    """Returns (row, level landed on)."""
    p = state["players"][seat]
    row, mode = move.get("row"), move.get("mode")
    if row not in g.rows or mode not in ("advance", "new"):
        raise fail("NOT_ALLOWED", Text("name a mode (advance/new) and a progress row"), "ST-68")
    cat = g.row_category(row)
    if mode == "advance":
        level = p["progress_markers"].get(row)
        if level is None:
            raise fail("NOT_ALLOWED", Text("you have no marker in %(row)s", row=row), "ST-68")
        if level >= len(state["progress_rows"][row]):
            raise fail("NOT_ALLOWED", Text("no progress lies to the right of your marker in %(row)s", row=row), "ST-68")
        target = level + 1
    else:
        if not unlocked(g, state, seat, "culture"):
            raise fail("CATEGORY_LOCKED", Text("a new marker needs culture unlocked"), "ST-68")
        if row in p["progress_markers"]:
            raise fail("NOT_ALLOWED", Text("you already have a marker in %(row)s", row=row), "ST-68")
        if p["supply"]["progress_markers"] < 1:
            raise fail("SUPPLY_EMPTY", Text("no progress marker left"), "ST-68")
        target = 1
    if p["unrest"] > requirement_heritage(g, state, seat, cat):
        raise fail("UNREST_TOO_HIGH", Text("unrest %(unrest)s is above your %(category)s heritage", unrest=p["unrest"], category=cat), "ST-68")
    return row, target


def do_progress(g: GameData, state: State, seat: int, move: Move, rng: Rng) -> bool:
    """True when done; False when a progress_pick is pending (state["action"])."""
    row, level = check_progress(g, state, seat, move)
    p = state["players"][seat]
    if row not in p["progress_markers"]:
        p["supply"]["progress_markers"] -= 1
    p["progress_markers"][row] = level
    after_access(g, state, seat)
    cat = g.row_category(row)
    stack = state["progress_stacks"][cat].get(str(level + 1))
    if len(state["progress_rows"][row]) > level or not stack:
        return True
    drawn = [stack.pop() for _ in range(min(2, len(stack)))]
    rng.note("progress_draw", drawn, visible_to=[seat], public={"count": len(drawn)})  # ST-69
    if len(drawn) == 1:
        state["progress_rows"][row].append(drawn[0])
        after_access(g, state, seat)
        return True
    state["action"] = {"card": "progress", "kind": "progress_pick", "seat": seat, "row": row,
                       "category": cat, "level": level + 1, "drawn": drawn}
    return False


def check_pick(state: State, seat: int, move: Move) -> str:
    a = state["action"]
    if move.get("card") not in a["drawn"]:
        raise fail("NOT_ALLOWED", Text("pick one of the two cards you drew"), "ST-69")
    return move["card"]


def do_pick(g: GameData, state: State, seat: int, move: Move) -> None:
    card = check_pick(state, seat, move)
    a = state["action"]
    state["progress_rows"][a["row"]].append(card)
    rest = [c for c in a["drawn"] if c != card]
    state["progress_stacks"][a["category"]][str(a["level"])].extend(reversed(rest))  # ST-R20: on top
    state["action"] = None
    after_access(g, state, seat)


def after_access(g: GameData, state: State, seat: int) -> None:
    """ST-R12: gaining Bread and Circuses above its maximum drops unrest without VP loss."""
    p = state["players"][seat]
    p["unrest"] = min(p["unrest"], max_unrest(g, state, seat))
