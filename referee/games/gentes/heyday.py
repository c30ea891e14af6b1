"""The Heyday phase (RULES.md 4.1-4.12): one action per turn, clockwise, until all have passed.

Each move type has a check/do pair: take_tile (G-14..G-16 with G-40), tax_collector (G-35),
use_ability (cubes.py) and pass (G-46). Turn order is clockwise from the start player,
skipping seats that have passed (G-6); a full track forces the pass (G-8, G-46).
"""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes import track
from referee.games.gentes.actions import perform_main
from referee.games.gentes.bonus import checkpoint
from referee.games.gentes.cubes import check_source, do_free_ops, do_use_ability, place_cube
from referee.games.gentes.effects import modified
from referee.games.gentes.state import Ctx, empty_cells, need

TURN_TYPES = ("take_tile", "use_ability", "tax_collector", "pass")
COMMON = {"type", "doubles", "free_ops", "free_ops_after"}
FIELDS = {"take_tile": COMMON | {"tile", "params", "modifier"}, "use_ability": COMMON | {"source", "params"},
          "tax_collector": COMMON | {"hourglasses"}, "pass": {"type", "free_ops"}}


def tile_terms(ctx: Ctx, move: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, str] | None, int, int, int]:
    """G-14, G-16, G-40: the tile, the modifier's cube place, and (coins, threshold X, hourglasses)."""
    tid = move.get("tile")
    need(type(tid) is str and tid in ctx.data.tiles, Text("unknown tile %(tile)s", tile=repr(tid)), "G-14")
    need(tid in ctx.st["tiles_on_board"], Text("%(tile)s is not on the board", tile=tid), "G-14")
    tile = ctx.data.tiles[tid]
    mod, place = None, None
    if move.get("modifier") is not None:
        opt, where, ident = check_source(ctx, move["modifier"], "modifier", "G-40")
        need(opt["applies_to"] == tile["action"], Text("that modifier applies to %(applies)s, not %(action)s", applies=opt["applies_to"], action=tile["action"]), "G-40")
        mod, place = opt, (where, ident)
    cost, x, h = modified(tile, mod["modifier"] if mod else None)
    if mod:
        cost += mod.get("coins", 0)
        h += mod.get("hourglasses", 0)
    return tile, place, cost, x, h


def check_take_tile(ctx: Ctx, move: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, str] | None, int, int, int]:
    """G-12, G-15 (1): time for the tile and its hourglasses, coins for the cost."""
    tile, place, cost, x, h = terms = tile_terms(ctx, move)
    track.check_room(ctx.me["track"], True, h, move.get("doubles", 0))
    need(ctx.me["coins"] >= cost, Text("%(tile)s costs %(cost)s coins, you have %(have)s", tile=tile["id"], cost=cost, have=ctx.me["coins"]), "G-15")
    return terms


def do_take_tile(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-15: pay, place the tile, place the hourglasses, perform the main action; checkpoint."""
    tile, place, cost, x, h = check_take_tile(ctx, move)
    if place is not None:
        place_cube(ctx, *place)
    me = ctx.me
    me["coins"] -= cost
    ctx.st["tiles_on_board"].remove(tile["id"])
    track.place_tile(me["track"], tile["id"])
    track.place_hourglasses(me["track"], h, move.get("doubles", 0))
    perform_main(ctx, tile["action"], move.get("params", {}), threshold=x, symbol=tile.get("symbol"))
    checkpoint(ctx)


def check_tax_collector(ctx: Ctx, move: dict[str, Any]) -> int:
    """G-35, G-12: 1 or 2 hourglasses (an option of `tax_collector`) and room for them."""
    h = move.get("hourglasses")
    need(type(h) is int and h in ctx.data.tax_options, Text("the tax collector takes %(options)s hourglasses", options=sorted(ctx.data.tax_options)), "G-35")
    track.check_room(ctx.me["track"], False, h, move.get("doubles", 0))
    return h


def do_tax_collector(ctx: Ctx, move: dict[str, Any]) -> None:
    h = check_tax_collector(ctx, move)
    track.place_hourglasses(ctx.me["track"], h, move.get("doubles", 0))
    ctx.me["coins"] += ctx.data.tax_options[h]


def check_pass(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-46 / G-8: passing needs a full track."""
    need(empty_cells(ctx.me["track"]) == 0, Text("you may pass only with a full time track; an action is mandatory"), "G-46")


def do_pass(ctx: Ctx, move: dict[str, Any]) -> None:
    check_pass(ctx, move)
    ctx.st["passed"][ctx.seat] = True


MAIN = {"take_tile": do_take_tile, "use_ability": do_use_ability, "tax_collector": do_tax_collector, "pass": do_pass}


def play_turn(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-7, G-45: free ops, the main part, free ops after (not with pass)."""
    kind = move.get("type")
    need(type(kind) is str and kind in MAIN, Text("a turn is one of %(types)s", types=", ".join(TURN_TYPES)), "G-7")
    extra = set(move) - FIELDS[kind]
    need("modifier" not in extra, Text("only a take_tile move carries a hometown modifier (one cube per turn)"), "G-37")
    need(not extra, Text("%(kind)s takes no %(fields)s", kind=kind, fields=", ".join(sorted(extra))), "G-45" if "free_ops_after" in extra else "G-7")
    do_free_ops(ctx, move.get("free_ops"))
    MAIN[kind](ctx, move)
    do_free_ops(ctx, move.get("free_ops_after"))


def next_seat(st: dict[str, Any], seat: int) -> int | None:
    """G-6: the next seat clockwise that has not passed (None when all have)."""
    n = len(st["players"])
    for k in range(1, n + 1):
        s = (seat + k) % n
        if not st["passed"][s]:
            return s
    return None
