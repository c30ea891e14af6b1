"""The state model of RULES.md §10: plain JSON, copied before every change (`apply` never
mutates its input), and the few accessors every module shares."""

from __future__ import annotations

from typing import Any

from referee.engine.contract import IllegalMove
from referee.plumbing.i18n import Text

from referee.games.khronos.data import GameData, Square
from referee.engine.jsondata import clone  # noqa: F401 (the games' one deep copy)

State = dict[str, Any]
Move = dict[str, Any]

MIGHT, FAITH, REASON = "might", "faith", "reason"




def fail(message: Text, rule: str) -> IllegalMove:
    """A refusal: `message` is a `Text`, so a reader sees it in their language (README, "Languages")."""
    return IllegalMove(message, rule)


def key(sq: Square | list[int]) -> str:
    """JSON key of a square, "r,c" (RULES.md §10: hamlet_cubes keys are strings)."""
    return f"{sq[0]},{sq[1]}"


def sq_of(value: Any) -> Square:
    return (value[0], value[1])


def tiles(st: State, age: str) -> dict[str, dict]:
    return st["boards"][age]["tiles"]


def new_tile(g: GameData, st: State, age: str, btype: str, rank: int, anchor: Square, *, ruin: bool = False,
             owner: int | None = None, cubes: list[int] | None = None, tag: str | None = None) -> dict:
    """Take a tile of (btype, rank) from the supply and put it on `age` (the caller has checked
    that the supply has one, K-3)."""
    kid = f"{btype}_{rank}"
    st["supply"][kid] -= 1
    tid = f"t{st['next_id']}"
    st["next_id"] += 1
    tile = {"id": tid, "age": age, "type": btype, "rank": rank, "anchor": [anchor[0], anchor[1]], "ruin": ruin,
            "owner": owner, "restore_cube": None, "cubes": list(cubes or []), "merge_tag": tag}
    tiles(st, age)[tid] = tile
    return tile


def remove_tile(st: State, age: str, tid: str) -> dict:
    """Take a tile off the board back to the supply (K-3, Ruling K-R4); its cubes go home with
    it, which needs no bookkeeping because free cubes are derived (K-4)."""
    tile = tiles(st, age).pop(tid)
    st["supply"][f"{tile['type']}_{tile['rank']}"] += 1
    return tile


def has_tile(st: State, btype: str, rank: int) -> bool:
    return st["supply"].get(f"{btype}_{rank}", 0) > 0


def cubes_on_board(st: State, seat: int) -> int:
    """Cubes of `seat` on the three boards: owner cubes, civil cubes, restoration cubes."""
    n = 0
    for age, board in st["boards"].items():
        for t in board["tiles"].values():
            if t["owner"] == seat:
                n += 1
            if t["restore_cube"] == seat:
                n += 1
            n += t["cubes"].count(seat)
        for cubes in board.get("hamlet_cubes", {}).values():
            n += cubes.count(seat)
    return n


def free_cubes(g: GameData, st: State, seat: int) -> int:
    """K-4: free cubes = cubes per player - cubes of his on the board (derived, never stored)."""
    return g.cubes - cubes_on_board(st, seat)


def seat_order_from(st: State, first: int) -> list[int]:
    n = len(st["players"])
    return [(first + i) % n for i in range(n)]
