"""The hierarchy engine (RULES.md §9.2-9.5; seed Anh. C): RESOLVE, REDUCE and the resumable
driver of spec 11.3.

RESOLVE is a loop that recomputes everything from the board on each pass, so suspending it is
trivial: a pass that needs a decision appends it to `pending` and returns; the answer performs
its one step and `proceed` restarts the loop for the first age left in `resolution_cursor`.
"""

from __future__ import annotations

from referee.games.khronos.data import GameData, Square
from referee.games.khronos.shadows import destroy_shadows, old_of, replace_shadows
from referee.games.khronos.spatial import Layout
from referee.games.khronos.state import MIGHT, State, has_tile, new_tile, remove_tile, tiles

UNTAGGED = None


def type_order(age: str) -> list[str]:
    """9.4: Might settles military first, Faith religious first (seed Anh. C-1)."""
    return ["military", "religious"] if age == MIGHT else ["religious", "military"]


def first_violation(lay: Layout, age: str) -> tuple[str, list[str], list[str]] | None:
    """9.4 step 2: (type, domain, tied top buildings) of the first K-24 violation, or None."""
    for btype in type_order(age):
        for dom in lay.domains():
            top = lay.max_rank(dom, btype)
            tied = [b for b in dom if lay.blds[b]["type"] == btype and lay.blds[b]["rank"] == top]
            if len(tied) >= 2:
                return btype, dom, tied
    return None


def _strength(g: GameData, lay: Layout, btype: str, dom: list[str], tag: str | None) -> int:
    """9.4 step 4: a pre-merge domain's power = front values of all its T-buildings in this age
    (wherever they stand now); the untagged group counts only the violating domain's own."""
    pool = dom if tag is UNTAGGED else lay.blds
    return sum(g.value(btype, lay.blds[b]["rank"]) for b in pool
               if lay.blds[b]["type"] == btype and lay.blds[b]["merge_tag"] == tag and not lay.blds[b].get("printed"))


def pick_target(g: GameData, lay: Layout, btype: str, dom: list[str], tied: list[str],
                trigger: int) -> tuple[str | None, list[str]]:
    """9.4 steps 4-5: the building to reduce, or (None, candidates) when the trigger chooses."""
    cands = tied
    tags = {lay.blds[b]["merge_tag"] for b in tied}
    if len(tags) >= 2:  # merge rule (Ruling K-R17)
        power = {t: _strength(g, lay, btype, dom, t) for t in tags}
        best = max(power.values())
        weaker = [b for b in tied if power[lay.blds[b]["merge_tag"]] < best]
        if weaker:
            return weaker[0], []
    own = [b for b in cands if lay.blds[b]["owner"] == trigger]
    if len(own) == 1:
        return own[0], []
    return None, own or cands


def resolve_age(g: GameData, st: State, age: str, trigger: int) -> bool:
    """9.4 RESOLVE(age, trigger): True when the age satisfies K-24, False when suspended."""
    while True:
        lay = Layout.of(g, st, age)
        found = first_violation(lay, age)
        if found is None:
            return True
        btype, dom, tied = found
        target, options = pick_target(g, lay, btype, dom, tied, trigger)
        if target is None:
            st["pending"].append({"decision": "choose_reduction", "seat": trigger, "age": age,
                                  "options": sorted(list(lay.blds[b]["anchor"]) for b in options)})
            return False
        if not reduce(g, st, age, target):
            return False


def reduce(g: GameData, st: State, age: str, tid: str) -> bool:
    """9.5 REDUCE(X) steps 1-3: True when done, False when the owner must place the smaller tile."""
    t = tiles(st, age)[tid]
    k, btype = t["rank"], t["type"]
    if k == 1:
        remove_tile(st, age, tid)
        return True
    k2 = k - 1
    while k2 >= 1 and not has_tile(st, btype, k2):
        k2 -= 1
    if k2 == 0:
        old = old_of(t)
        remove_tile(st, age, tid)
        destroy_shadows(st, age, old)
        return True
    r, c = t["anchor"]
    span = g.size(btype, k) - g.size(btype, k2) + 1  # the smaller tile stays inside the old footprint
    st["pending"].append({"decision": "place_reduced", "seat": t["owner"], "age": age, "building": tid,
                          "at": [r, c], "rank": k2,
                          "options": [[r + i, c + j] for i in range(span) for j in range(span)]})
    return False


def finish_reduce(g: GameData, st: State, decision: dict, b: Square) -> None:
    """9.5 steps 4-5: the smaller tile at b (owner's cube and merge tag move along), then shadows."""
    age = decision["age"]
    t = tiles(st, age)[decision["building"]]
    old = old_of(t)
    remove_tile(st, age, t["id"])
    k2 = decision["rank"]
    new_tile(g, st, age, t["type"], k2, b, owner=t["owner"], tag=t["merge_tag"])
    if g.kinds[f"{t['type']}_{k2}"].copied:
        replace_shadows(g, st, age, old, k2, b)
    else:
        destroy_shadows(st, age, old)


def start_resolve(st: State, age: str, trigger: int) -> None:
    """7.1 E6 / Ruling K-R22: RESOLVE(might) only after a Might action, then RESOLVE(faith)."""
    st["resolution_cursor"] = {"trigger": trigger, "ages": ["might", "faith"] if age == MIGHT else ["faith"]}


def proceed(g: GameData, st: State) -> None:
    """11.3: run RESOLVE for the ages left in the cursor until a decision is needed or all
    are settled; then clear the cursor and the merge tags (7.1 E7)."""
    cur = st["resolution_cursor"]
    while cur is not None and not st["pending"]:
        if resolve_age(g, st, cur["ages"][0], cur["trigger"]):
            cur["ages"].pop(0)
        if not cur["ages"]:
            st["resolution_cursor"] = None
            for board in st["boards"].values():
                for t in board["tiles"].values():
                    t["merge_tag"] = None
            return
