"""Definitions and conventions B-1…B-7 as they show in play."""

from __future__ import annotations

from tests.games.babel.builder import (A, CFG, H, M, P, PEOPLES, RULES, S, after, illegal, make_state, play,
                                       player)


def test_B_1_canonical_order_and_any_card_at_any_location():
    assert PEOPLES == ("medes", "sumerians", "hittites", "persians", "assyrians")
    assert [loc["id"] for loc in RULES.components["locations"]] == list(PEOPLES)
    state = make_state(player(hand={H: 1, A: 1}, pawn=M))
    state = after(state, 0, {"type": "settle", "people": H}, {"type": "settle", "people": A})
    assert state["players"][0]["columns"][M] == [H, A]


def test_B_2_areas_are_private_and_pawns_may_share_a_location():
    state = make_state(player(hand={S: 1}, pawn=P), player(pawn=P, columns={P: [M]}))
    state = after(state, 0, {"type": "settle", "people": S})
    assert state["players"][0]["columns"][P] == [S] and state["players"][1]["columns"][P] == [M]
    assert state["players"][0]["pawn"] == state["players"][1]["pawn"] == P


def test_B_3_B_R5_cards_join_at_the_open_end_and_removal_keeps_order():
    state = make_state(player(hand={M: 3}, pawn=H, columns={H: [M, M]}),
                       player(columns={H: [S, A, S, P]}))
    state = after(state, 0, {"type": "settle", "people": M})
    assert state["players"][0]["columns"][H] == [M, M, M]
    state = after(state, 0, {"type": "ability", "power": "medes", "index": 0, "target": S})
    assert state["players"][1]["columns"][H] == [A, P]


def test_B_4_a_triple_may_lie_anywhere_in_the_column():
    state = make_state(player(pawn=A, columns={A: [H, H, H, S, M]}), player(sites={A: [1, 2]}))
    new, _ = play(state, 0, {"type": "ability", "power": "hittites", "index": 1})
    assert new["players"][0]["sites"][A] == [2]
    short = make_state(player(pawn=A, columns={A: [H, H, S, H]}), player(sites={A: [1]}))
    illegal(short, 0, {"type": "ability", "power": "hittites", "index": 0}, "B-21")


def test_B_5_B_R18_temple_value_is_its_top_and_score_the_sum():
    state = make_state(player(sites={M: [1, 2, 4], S: [1]}), player(sites={H: [2, 3]}))
    assert RULES.view(state, None)["scores"] == [5, 3]


def test_B_6_only_the_top_yard_card_can_be_taken():
    state = make_state(player(pawn=M, columns={M: [S]}), yards=[[1, 2], []])
    illegal(state, 0, {"type": "build", "source": "yard", "yard": 0}, "B-19")
    state = make_state(player(pawn=M, columns={M: [S]}), yards=[[2, 1], []])
    new, _ = play(state, 0, {"type": "build", "source": "yard", "yard": 0})
    assert new["yards"][0] == [2] and new["players"][0]["sites"][M] == [1]


def test_B_7_pile_ends_draw_top_is_index_0_discard_top_is_last_supply_top_is_index_0():
    draw = [A, P, H, S, M]
    state = make_state(player(hand={M: 1}), player(), draw=draw, discard=[S], supply=[6, 3, 5, 4])
    new, _ = play(state, 0, {"type": "travel", "people": M})
    assert new["people_discard"][-1] == M
    new, _ = play(new, 0, {"type": "end_turn"})
    assert new["yards"][0] == [6, 3]  # supply top two, higher pushed first
    assert new["temple_supply"] == [5, 4]
    assert new["players"][1]["hand"][A] == 1 and new["players"][1]["hand"][P] == 1
    assert new["people_draw"] == [S, M]
    assert CFG.people_draw == 3
