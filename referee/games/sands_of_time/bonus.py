"""The three bonus actions [§5.11]: Oppression (ST-78, ST-R17), Support (ST-79), Taxes (ST-80, ST-R41);
one per turn (ST-23, ST-R23), unrest at the end of the turn (ST-25, ST-81)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import progress_effects, trade_goods
from referee.games.sands_of_time.state import Move, State, fail, gain, has


def support_amount(g: GameData, state: State, seat: int) -> int:
    vals = [e["value"] for e in progress_effects(g, state, seat) if e["kind"] == "support_bonus_value"]
    return max(vals, default=2)


def check_bonus(g: GameData, state: State, seat: int, move: Move) -> None:
    p = state["players"][seat]
    if p["bonus_used_this_turn"] is not None:
        raise fail("SECOND_BONUS", Text("one bonus action per turn"), "ST-23")
    b = move.get("bonus")
    if b not in g.bonus_ids:
        raise fail("NOT_ALLOWED", Text("no bonus action %(bonus)s", bonus=b), "ST-23")
    if b == "oppression":
        r = move.get("region")
        if r not in state["regions"] or state["regions"][r]["controller"] != seat:
            raise fail("NOT_CONTROLLED", Text("oppress a region you control"), "ST-78")
    elif b == "support" and move.get("category") not in g.categories:
        raise fail("NOT_ALLOWED", Text("name a category"), "ST-79")
    elif b == "taxes" and move.get("resource") not in ("grain", "gold"):
        raise fail("NOT_ALLOWED", Text("name grain or gold"), "ST-80")


def do_bonus(g: GameData, state: State, seat: int, move: Move) -> None:
    check_bonus(g, state, seat, move)
    p = state["players"][seat]
    b = move["bonus"]
    p["bonus_used_this_turn"] = b
    if b == "oppression":
        reg = state["regions"][move["region"]]
        gain(state, seat, reg["resource"], min(has(state, move["region"], seat, "farmers"), reg["capacity"]))
    elif b == "support":
        p["support_this_turn"] = {"category": move["category"], "amount": support_amount(g, state, seat)}
    else:
        gain(state, seat, move["resource"], trade_goods(g, state, seat))
