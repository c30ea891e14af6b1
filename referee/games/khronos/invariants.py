"""check_state (RULES.md §10; issue "invariants"): what must hold in every reachable state, and
what a position given to the service must satisfy."""

from __future__ import annotations

from collections import Counter

from referee.games.khronos.data import GameData
from referee.games.khronos.resolve import first_violation
from referee.games.khronos.spatial import Layout, footprint
from referee.games.khronos.state import REASON, State, cubes_on_board, sq_of


def _board_problems(g: GameData, st: State, age: str, n: int) -> list[str]:
    out = []
    seen: dict[tuple[int, int], str] = {}
    for tid, t in st["boards"][age]["tiles"].items():
        kind = g.kind(t["type"], t["rank"])
        if kind is None:
            out.append(f"{age}: tile {tid} has no kind {t['type']}_{t['rank']}")
            continue
        if t["id"] != tid:
            out.append(f"{age}: tile {tid} is filed under another id")
        for sq in footprint(sq_of(t["anchor"]), kind.size):
            if not g.boards[age].on_board(sq):
                out.append(f"{age}: tile {tid} leaves the board at {sq}")
            if sq in seen:
                out.append(f"{age}: tiles {seen[sq]} and {tid} overlap at {sq}")
            seen[sq] = tid
        mil_rel = t["type"] != "civil"
        if age == REASON:
            if t["owner"] is not None or (t["ruin"] != (t["ruin"] and mil_rel)):
                out.append(f"{age}: tile {tid} has an owner or a civil ruin")
            if t["restore_cube"] is not None and (t["rank"] < 3 or not t["ruin"]):
                out.append(f"{age}: restoration cube on {tid}, which cannot hold one")
            cap = kind.capacity if t["type"] == "civil" else 0
            if len(t["cubes"]) > cap:
                out.append(f"{age}: tile {tid} holds {len(t['cubes'])} cubes, more than {cap}")
        else:
            if t["ruin"] or t["cubes"] or t["restore_cube"] is not None:
                out.append(f"{age}: tile {tid} is a ruin or holds Reason cubes")
            if mil_rel != (t["owner"] is not None):
                out.append(f"{age}: tile {tid} has a wrong owner ({t['owner']})")
        for s in [t["owner"], t["restore_cube"], *t["cubes"]]:
            if s is not None and not 0 <= s < n:
                out.append(f"{age}: tile {tid} names seat {s}")
    hamlets = {f"{h[0]},{h[1]}": h for h in g.boards[age].hamlets}
    for k, cubes in st["boards"][age].get("hamlet_cubes", {}).items():
        if not cubes:
            continue
        if age != REASON or k not in hamlets or hamlets[k] in seen:
            out.append(f"{age}: cubes on {k}, which is no uncovered printed hamlet")
        elif len(cubes) > g.kinds["civil_1"].capacity:
            out.append(f"{age}: printed hamlet {k} holds too many cubes")
    return out


def violations(g: GameData, st: State) -> list[str]:
    try:
        return _violations(g, st)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        return [f"malformed state: {type(e).__name__} {e}"]


def _violations(g: GameData, st: State) -> list[str]:
    out: list[str] = []
    n = len(st["players"])
    if not g.min_players <= n <= g.max_players:
        out.append(f"{n} players")
    for age in g.ages:
        out += _board_problems(g, st, age, n)
    on_board = Counter(f"{t['type']}_{t['rank']}" for b in st["boards"].values() for t in b["tiles"].values())
    for kid, kind in g.kinds.items():
        if st["supply"].get(kid, -1) < 0 or st["supply"].get(kid, 0) + on_board[kid] != kind.tiles:
            out.append(f"tile count of {kid}: supply {st['supply'].get(kid)} + board {on_board[kid]} != {kind.tiles}")
    cards = list(st["deck"]) + list(st["discard"]) + list(st["display"])
    for i, p in enumerate(st["players"]):
        cards += p["hand"]
        if p["coins"] < 0:
            out.append(f"seat {i} has negative coins")
        if cubes_on_board(st, i) > g.cubes:
            out.append(f"seat {i} has more than {g.cubes} cubes on the board")
        if len(p["hand"]) > g.hand_size:
            out.append(f"seat {i} holds {len(p['hand'])} cards")
        if any(a not in g.ages for a in p["adventurers"]) or len(p["adventurers"]) != g.adventurers:
            out.append(f"seat {i} has misplaced adventurers")
        if any(not 0 <= c <= g.per_adventurer for c in p["cards_played"]):
            out.append(f"seat {i} charged an adventurer with too many cards")
    if sorted(cards) != sorted(g.cards):
        out.append("cards are not conserved across deck, hands, discard pile and display")
    if st["options"]["holdem"] and st["phase"] != "finished" and len(st["display"]) != g.display_size:
        out.append("the Hold'em display does not hold its cards")
    if not 1 <= st["round"] <= g.rounds or not 0 <= st["active_seat"] < n or not 0 <= st["start_seat"] < n:
        out.append("round, active or start seat out of range")
    if not st["pending"] and st["resolution_cursor"] is None:
        for age in ("might", "faith"):
            found = first_violation(Layout.of(g, st, age), age)
            if found:
                out.append(f"{age}: rank rule broken in a domain ({found[0]}, K-24)")
        if any(t["merge_tag"] for b in st["boards"].values() for t in b["tiles"].values()):
            out.append("merge tags left after the action")
    if not st["options"]["holdem"] and st["display"]:
        out.append("a display without the Hold'em option")
    cur = st["resolution_cursor"]
    if cur is not None and not 0 <= cur["trigger"] < n:
        out.append("resolution cursor names no seat")
    for d in st["pending"]:
        out += _decision_problems(g, st, d, n)
    return out


def _decision_problems(g: GameData, st: State, d: dict, n: int) -> list[str]:
    """A pending decision must be answerable: its seat, its options and what they refer to exist."""
    if not 0 <= d["seat"] < n:
        return [f"decision for seat {d['seat']}"]
    tiles = st["boards"][d["age"]]["tiles"]
    if d["decision"] == "choose_reduction":
        anchors = [t["anchor"] for t in tiles.values()]
        if not d.get("options") or any(o not in anchors for o in d["options"]):
            return ["choose_reduction offers squares without a building"]
    elif d["decision"] == "place_reduced":
        t = tiles.get(d.get("building", ""))
        if t is None or t["owner"] != d["seat"] or not d.get("options") or not 1 <= d.get("rank", 0) < t["rank"]:
            return ["place_reduced names no reducible building of its seat"]
    elif not d.get("candidates") or tuple(d.get("square", ())) not in g.boards[REASON].hamlets \
            or any(not 0 <= c < n for c in d["candidates"]) or len(d.get("counts", [])) != n:
        return ["choose_hamlet_keeper without candidates or printed hamlet"]
    return []
