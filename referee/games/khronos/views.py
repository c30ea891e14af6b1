"""What each seat may see (RULES.md §10.1, K-45, Ruling K-R24).

Public: the three boards, adventurers, supply, discard pile, Hold'em display, hand and deck
sizes. Private: a hand (its owner only), the deck order (nobody), and with `coins_public` off
the other players' coins (also in the last taxation). Everything is open once the game is over.
The view keeps the state's shape (so clients and presentation hooks read one format) and adds
the static board data and derived values.
"""

from __future__ import annotations

from typing import Any

from referee.games.khronos.data import GameData
from referee.games.khronos.state import State, clone, free_cubes


def board_data(g: GameData) -> dict[str, Any]:
    return {age: {"rows": b.rows, "cols": b.cols, "terrain": list(b.terrain),
                  "printed_hamlets": [list(h) for h in b.hamlets]} for age, b in g.boards.items()}


def coins_visible(st: State, viewer: int | None, seat: int) -> bool:
    return st["options"]["coins_public"] or st["phase"] == "finished" or viewer == seat


def view_for(g: GameData, st: State, viewer: int | None) -> dict[str, Any]:
    out = clone(st)
    over = st["phase"] == "finished"
    out["deck_count"] = len(st["deck"])
    if not over:
        out["deck"] = None
    for seat, p in enumerate(out["players"]):
        p["hand_count"] = len(p["hand"])
        p["free_cubes"] = free_cubes(g, st, seat)
        if not over and seat != viewer:
            p["hand"] = None
        if not coins_visible(st, viewer, seat):
            p["coins"] = None
    tax = out.get("last_tax")
    if tax and not coins_visible(st, viewer, tax["seat"]):
        tax["amounts"] = None
    out["viewer"] = viewer
    out["board"] = board_data(g)
    out["kinds"] = {k.id: {"size": k.size, "value": k.value, "ruin_value": k.ruin_value, "capacity": k.capacity}
                    for k in g.kinds.values()}
    return out
