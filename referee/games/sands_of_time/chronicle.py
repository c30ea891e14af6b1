"""Chronicle [§5.1]: ST-50 (and Writing's extra placement)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import progress_effects
from referee.games.sands_of_time.state import Move, State, fail


def max_placements(g: GameData, state: State, seat: int) -> int:
    return max([1] + [e["max_cards"] for e in progress_effects(g, state, seat)
                      if e["kind"] == "chronicle_extra_placement"])


def check_chronicle(g: GameData, state: State, seat: int, move: Move) -> list[dict]:
    """ST-50: cards from hand face down on distinct fields where the seat has no card yet."""
    p = state["players"][seat]
    placements = move.get("placements") or []
    limit = max_placements(g, state, seat)
    if not 1 <= len(placements) <= limit:
        raise fail("NOT_ALLOWED", Text("place 1 to %(limit)s chronicle cards", limit=limit), "ST-50")
    fields = [x.get("field") for x in placements]
    cards = [x.get("card") for x in placements]
    if len(set(fields)) != len(fields) or len(set(cards)) != len(cards):
        raise fail("NOT_ALLOWED", Text("each card and field at most once"), "ST-50")
    for f, c in zip(fields, cards):
        if f not in g.fields:
            raise fail("NOT_ALLOWED", Text("no chronicle field %(field)s", field=f), "ST-50")
        if p["chronicle_board"][f] is not None:
            raise fail("FIELD_OCCUPIED", Text("you already have a card on field %(field)s", field=f), "ST-50")
        if c not in p["chronicle_hand"]:
            raise fail("NOT_ALLOWED", Text("that chronicle card is not in your hand"), "ST-50")
    return placements


def do_chronicle(g: GameData, state: State, seat: int, move: Move) -> None:
    p = state["players"][seat]
    for x in check_chronicle(g, state, seat, move):
        p["chronicle_hand"].remove(x["card"])
        p["chronicle_board"][x["field"]] = x["card"]
