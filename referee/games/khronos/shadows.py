"""Time shadows (RULES.md §9.1, §9.6; seed Anh. B, C-2): copying forward into later ages,
time paradoxes, the Reason village/city special case, and the shadows of reduced buildings.

Everything here changes the state in place (the caller works on a private copy).
"""

from __future__ import annotations

from typing import Any

from referee.games.khronos.data import GameData, Square
from referee.games.khronos.spatial import Layout, footprint, hamlet_id
from referee.games.khronos.state import (FAITH, MIGHT, REASON, State, free_cubes, has_tile, key, new_tile,
                                         remove_tile, sq_of, tiles)

# A building as it was (type, rank, anchor, owner), for shadows of upgraded or reduced buildings.
Old = dict[str, Any]


def old_of(tile: dict) -> Old:
    return {"type": tile["type"], "rank": tile["rank"], "anchor": sq_of(tile["anchor"]), "owner": tile.get("owner")}


def find_tile(st: State, age: str, btype: str, rank: int, anchor: Square, owner: Any = "any") -> str | None:
    for tid, t in tiles(st, age).items():
        if t["type"] == btype and t["rank"] == rank and sq_of(t["anchor"]) == anchor \
                and (owner == "any" or t["owner"] == owner):
            return tid
    return None


def faith_shadow(st: State, x: Old) -> str | None:
    """9.6: the Faith building with the same type, rank, anchor and owner as Might building X."""
    return find_tile(st, FAITH, x["type"], x["rank"], x["anchor"], x["owner"])


def reason_shadow(st: State, y: Old) -> str | None:
    """9.6: the Reason building with the same type, rank and anchor as Faith building Y."""
    return find_tile(st, REASON, y["type"], y["rank"], y["anchor"])


def tag_domains(st: State, age: str, domains: list[list[str]]) -> None:
    """9.2: open a merge context, a fresh tag per pre-merge domain, stored on its tiles."""
    board = tiles(st, age)
    for d in domains:
        tag = f"m{st['next_tag']}"
        st["next_tag"] += 1
        for b in d:
            if b in board:
                board[b]["merge_tag"] = tag


def copy_allowed_faith(g: GameData, st: State, btype: str, rank: int, anchor: Square,
                       pred: str | None = None) -> bool:
    """9.1.1 COPY_ALLOWED_FAITH with Ruling K-R23: judged on Faith without the buildings the copy
    would overwrite, except the Faith predecessor `pred`, which counts as the building upgraded."""
    sqs = footprint(anchor, g.size(btype, rank))
    lay = Layout.of(g, st, FAITH)
    hyp = Layout.of(g, st, FAITH, drop=[b for b in lay.overlapping(sqs) if b != pred], cover=sqs)
    touch = hyp.touching(sqs)
    adjacent = [d for d in hyp.domains() if touch.intersection(d) or (pred is not None and pred in d)]
    if len(adjacent) >= 2:
        return False
    if adjacent:
        return hyp.max_rank((b for b in adjacent[0] if b != pred), btype) != rank
    return True


def place_copy(g: GameData, st: State, age: str, btype: str, rank: int, anchor: Square, *, ruin: bool,
               owner: int | None, pred_fp: list[Square] | None, trigger: int) -> bool:
    """9.1 C5 PLACE_COPY. Returns whether the copy was placed (K-3, K-4, Ruling K-R8)."""
    if not has_tile(st, btype, rank) or (owner is not None and free_cubes(g, st, owner) < 1):
        return False
    sqs = footprint(anchor, g.size(btype, rank))
    lay = Layout.of(g, st, age)
    victims = lay.overlapping(sqs)  # K-R16: purely spatial
    pred = None
    if btype == "civil" and pred_fp is not None:
        want = sorted(pred_fp)
        pred = next((b for b in victims if lay.blds[b]["type"] == "civil" and sorted(lay.squares[b]) == want), None)
    carried = list(lay.blds[pred]["cubes"]) if pred else []
    villages = []  # 9.1.2: Reason villages/cities destroyed with cubes on them
    hamlet_cubes = st["boards"][age].get("hamlet_cubes", {})
    for b in victims:
        bld = lay.blds[b]
        if bld.get("printed"):
            hamlet_cubes.pop(key(lay.anchor(b)), None)
            continue
        if age == REASON and b != pred and bld["type"] == "civil" and bld["rank"] >= 2 and bld["cubes"]:
            villages.append((list(lay.squares[b]), list(bld["cubes"])))
        remove_tile(st, age, b)
    if btype == "civil" and age != REASON:
        merged = Layout.of(g, st, age, cover=sqs).domains_adjacent_to(sqs)
        if len(merged) >= 2:
            tag_domains(st, age, merged)
    new_tile(g, st, age, btype, rank, anchor, ruin=ruin, owner=owner, cubes=carried)
    for squares, cubes in villages:
        keep_hamlet_cube(g, st, squares, cubes, trigger)
    return True


def keep_hamlet_cube(g: GameData, st: State, squares: list[Square], cubes: list[int], trigger: int) -> None:
    """9.1.2 steps 1-4: a destroyed Reason village/city over printed hamlets that are uncovered
    again leaves one cube to the player with most cubes on it (Ruling K-R10: lowest hamlet)."""
    lay = Layout.of(g, st, REASON)
    inside = set(squares)
    free = sorted(h for h in g.boards[REASON].hamlets if h in inside and lay.at(h) == hamlet_id(h))
    if not free:
        return
    counts = [cubes.count(p) for p in range(len(st["players"]))]
    top = max(counts)
    candidates = [p for p, c in enumerate(counts) if c == top]
    if len(candidates) > 1 and trigger in candidates:
        candidates.remove(trigger)
    if len(candidates) == 1:
        put_hamlet_cube(st, free[0], candidates[0])
        return
    st["pending"].append({"decision": "choose_hamlet_keeper", "seat": trigger, "age": REASON,
                          "square": [free[0][0], free[0][1]], "counts": counts, "candidates": candidates})


def put_hamlet_cube(st: State, sq: Square | list[int], seat: int) -> None:
    st["boards"][REASON].setdefault("hamlet_cubes", {}).setdefault(key(sq), []).append(seat)


def copy_forward(g: GameData, st: State, tile: dict, source: str, pred_fp: list[Square] | None,
                 old: Old | None, trigger: int) -> None:
    """9.1 COPY(B, source_age, predecessor_footprint); `old` is the upgraded building, whose Faith
    shadow is the Faith predecessor of a military/religious copy (Ruling K-R23)."""
    btype, rank, anchor = tile["type"], tile["rank"], sq_of(tile["anchor"])
    if not g.kinds[f"{btype}_{rank}"].copied:  # C0
        return
    targets = list(g.ages[g.ages.index(source) + 1:])  # C1
    if btype == "civil":  # C2
        for age in targets:
            place_copy(g, st, age, btype, rank, anchor, ruin=False, owner=None, pred_fp=pred_fp, trigger=trigger)
        return
    if source == MIGHT:  # C3
        pred = faith_shadow(st, old) if old else None
        if not copy_allowed_faith(g, st, btype, rank, anchor, pred):
            return
        if place_copy(g, st, FAITH, btype, rank, anchor, ruin=False, owner=tile["owner"], pred_fp=None,
                      trigger=trigger):
            place_copy(g, st, REASON, btype, rank, anchor, ruin=True, owner=None, pred_fp=None, trigger=trigger)
        return
    place_copy(g, st, REASON, btype, rank, anchor, ruin=True, owner=None, pred_fp=None, trigger=trigger)  # C4


def destroy_shadows(st: State, age: str, x: Old) -> None:
    """9.6 DESTROY_SHADOWS(X): its Faith shadow (if X is in Might) and the Reason shadow go."""
    y = x
    if age == MIGHT:
        f = faith_shadow(st, x)
        if f is None:
            return
        remove_tile(st, FAITH, f)
    r = reason_shadow(st, y)
    if r is not None:
        remove_tile(st, REASON, r)


def replace_shadows(g: GameData, st: State, age: str, x: Old, rank: int, b: Square) -> None:
    """9.6 REPLACE_SHADOWS(X, b): the shadows of a fortress/abbey reduced to `rank` at b
    (Ruling K-R13: a forbidden or failed Faith copy leaves nothing in Faith or Reason)."""
    btype = x["type"]
    placed_faith = True
    if age == MIGHT:
        f = faith_shadow(st, x)
        if f is None:
            return
        r = reason_shadow(st, x)
        ok = copy_allowed_faith(g, st, btype, rank, b, pred=f)
        tag = tiles(st, FAITH)[f]["merge_tag"]
        remove_tile(st, FAITH, f)
        placed_faith = ok and has_tile(st, btype, rank) and free_cubes(g, st, x["owner"]) >= 1
        if placed_faith:
            new_tile(g, st, FAITH, btype, rank, b, owner=x["owner"], tag=tag)
    else:
        r = reason_shadow(st, x)
    if r is not None:
        remove_tile(st, REASON, r)
        if placed_faith and has_tile(st, btype, rank):
            new_tile(g, st, REASON, btype, rank, b, ruin=True)
