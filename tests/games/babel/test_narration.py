"""Babel's history lines (issue 20): each names the place, the cards and levels and the outcome,
from the viewer's views before and after the event; automatic draws get lines of their own; a
people draw names its cards only to the drawer (C-4)."""

from __future__ import annotations

from referee.engine.rng import redact_records
from tests.games.babel.builder import A, H, M, P, RULES, S, make_state, play, player

NAMES = ["Ada", "Bo"]


def _told(state: dict, seat: int, move: dict, viewer: int | None = 0) -> str:
    new, records = play(state, seat, move)
    event = {"seq": 5, "type": "move", "seat": seat,
             "payload": {"move": RULES.redact(state, move, seat, viewer), "chance": redact_records(records, viewer)}}
    return RULES.narrate(event, NAMES, RULES.view(state, viewer), RULES.view(new, viewer))


def test_B_18_settle_names_the_place_not_where_the_pawn_stands():
    state = make_state(player(pawn=H, hand={M: 1}), player())
    assert _told(state, 0, {"type": "settle", "people": M}) == "Ada settled a Medes card at the Hittites."


def test_B_17_travel_names_the_card_spent():
    state = make_state(player(hand={A: 1}), player())
    assert _told(state, 0, {"type": "travel", "people": A}) == "Ada travelled to the Assyrians, discarding an Assyrians card."


def test_B_19_build_names_the_level_the_yard_the_place_and_the_scores():
    state = make_state(player(pawn=S, columns={S: [M, M]}, sites={S: [1]}), player(), yards=[[], [5, 2]])
    text = _told(state, 0, {"type": "build", "source": "yard", "yard": 1})
    assert text == "Ada built level 2 from Bo's yard at the Sumerians.\nScores: Ada 2, Bo 0."


def test_B_22_hittites_name_the_level_taken():
    state = make_state(player(pawn=P, columns={P: [H, H, H, M, S]}, sites={P: [1, 2]}), player(sites={P: [1, 3, 5]}))
    text = _told(state, 0, {"type": "ability", "power": "hittites", "index": 0})
    assert text.startswith("Ada used the Hittites at the Persians, discarding a Hittites card of the triple, "
                           "and took level 5 of Bo's temple there.")
    assert text.endswith("Scores: Ada 5, Bo 3.")


def test_B_23_assyrians_name_the_levels_returned():
    state = make_state(player(pawn=H, columns={H: [A, A, A]}), player(sites={H: [1, 2, 4]}))
    text = _told(state, 0, {"type": "ability", "power": "assyrians", "index": 0})
    assert "collapsed Bo's temple there (levels 1, 2 and 4 go back on top of the temple supply)" in text


def test_B_25_B_26_medes_and_sumerians_name_the_cards_moved():
    medes = make_state(player(pawn=S, columns={S: [M, M, M]}), player(columns={S: [H, A, H]}))
    assert "expelled 2 Hittites cards from Bo's column there" in _told(medes, 0, {"type": "ability", "power": "medes",
                                                                                  "index": 0, "target": H})
    sumer = make_state(player(pawn=S, columns={S: [S, S, S]}), player(columns={S: [H, A, A]}))
    assert "took 2 Assyrians cards from the end of Bo's column there" in _told(
        sumer, 0, {"type": "ability", "power": "sumerians", "index": 0})


def test_B_27_halving_names_how_many_cards_and_B_28_the_discard():
    state = make_state(player(pawn=S, columns={S: [P, P, P]}), player(hand={M: 3, H: 2}))
    text = _told(state, 0, {"type": "ability", "power": "halve", "index": 0})
    assert text == "Ada used a triple at the Sumerians, discarding a Persians card of the triple: Bo must discard 2 of 5 cards."
    pending = make_state(player(), player(hand={M: 3, H: 2}), phase="halve_response", pending={"seat": 1, "count": 2})
    assert _told(pending, 1, {"type": "discard", "cards": [H, M]}) == "Bo discarded Hittites and Medes to halve the hand."


def test_B_16_the_temple_draw_and_the_next_draw_get_lines_of_their_own_and_C_4_hides_the_cards():
    state = make_state(player(hand={M: 1}), player(), supply=[3, 6, 1, 2, 2])
    mine = _told(state, 0, {"type": "end_turn"}, viewer=1).splitlines()
    theirs = _told(state, 0, {"type": "end_turn"}, viewer=0).splitlines()
    assert mine[0] == theirs[0] == "Ada ended the turn."
    assert mine[1] == theirs[1] == "Temple cards 3 and 6 went onto Ada's yard (level 3 on top)."
    assert theirs[2] == "Bo drew 3 cards."
    assert mine[2].startswith("Bo drew ") and mine[2] != "Bo drew 3 cards."


def test_B_15_finish_first_turn_says_where_the_start_card_was_built():
    state = make_state(player(start_card=True, hand={H: 2}), player())
    text = _told(state, 0, {"type": "finish_first_turn"})
    assert text.startswith("Ada travelled to the Hittites, settled a card there and built the start card (level 1) "
                           "at the Hittites, then ended the turn.")


def test_without_views_the_line_still_says_what_the_move_says_B_18():
    event = {"seq": 3, "type": "move", "seat": 1, "payload": {"move": {"type": "settle", "people": M}, "chance": []}}
    assert RULES.narrate(event, NAMES) == "Bo settled a Medes card at the pawn's location."
