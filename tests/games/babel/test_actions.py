"""The basic actions B-17…B-20 (with Rulings B-R9, B-R10, B-R27)."""

from __future__ import annotations

from tests.games.babel.builder import A, H, M, P, S, after, illegal, make_state, play, player


def test_B_17_travel_discards_card_and_moves_pawn():
    state = make_state(player(hand={H: 2}, pawn=M), discard=[S])
    new, records = play(state, 0, {"type": "travel", "people": H})
    me = new["players"][0]
    assert me["pawn"] == H and me["hand"][H] == 1
    assert new["people_discard"][-2:] == [S, H] and records == []


def test_B_17_travel_needs_a_card_of_that_people():
    state = make_state(player(hand={H: 1}))
    err = illegal(state, 0, {"type": "travel", "people": P}, "B-17")
    assert "persians" in err.message
    illegal(state, 0, {"type": "travel", "people": "egyptians"}, "B-17")
    illegal(state, 0, {"type": "travel"}, "B-17")
    illegal(state, 0, {"type": "travel", "people": H, "at": H}, "B-17")  # travel takes no `at`


def test_B_R9_travel_in_place_and_onto_the_opponents_location():
    state = make_state(player(hand={H: 2}, pawn=H), player(pawn=H))
    new, _ = play(state, 0, {"type": "travel", "people": H})
    assert new["players"][0]["pawn"] == H and new["players"][0]["hand"][H] == 1


def test_B_18_settle_appends_at_the_pawns_location():
    state = make_state(player(hand={A: 1, S: 1}, pawn=P, columns={P: [M]}))
    new, _ = play(state, 0, {"type": "settle", "people": A, "at": P})
    assert new["players"][0]["columns"][P] == [M, A] and new["players"][0]["hand"][A] == 0


def test_B_18_settle_needs_pawn_on_board_and_the_card():
    illegal(make_state(player(hand={A: 1})), 0, {"type": "settle", "people": A}, "B-18")
    illegal(make_state(player(hand={A: 1}, pawn=M)), 0, {"type": "settle", "people": S}, "B-18")


def test_B_19_build_from_yard_needs_next_level_and_as_many_own_cards():
    state = make_state(player(pawn=S, columns={S: [M, M, A]}, sites={S: [1, 2]}), yards=[[], [5, 3]])
    new, _ = play(state, 0, {"type": "build", "source": "yard", "yard": 1})
    assert new["players"][0]["sites"][S] == [1, 2, 3] and new["yards"][1] == [5]
    too_few = make_state(player(pawn=S, columns={S: [M, M]}, sites={S: [1, 2]}), yards=[[], [3]])
    illegal(too_few, 0, {"type": "build", "source": "yard", "yard": 1}, "B-19")
    wrong_level = make_state(player(pawn=S, columns={S: [M, M, M, M]}, sites={S: [1]}), yards=[[4], []])
    illegal(wrong_level, 0, {"type": "build", "source": "yard", "yard": 0}, "B-19")


def test_B_19_build_start_card_and_field_rules():
    state = make_state(player(start_card=True, pawn=M, columns={M: [H]}))
    new, _ = play(state, 0, {"type": "build", "source": "start"})
    assert new["players"][0]["sites"][M] == [1] and not new["players"][0]["start_card"]
    illegal(state, 0, {"type": "build", "source": "start", "yard": 0}, "B-19")
    illegal(state, 0, {"type": "build", "source": "yard"}, "B-19")
    illegal(state, 0, {"type": "build", "source": "yard", "yard": 2}, "B-19")
    illegal(state, 0, {"type": "build", "source": "pocket"}, "B-19")
    illegal(state, 0, {"type": "build", "source": "yard", "yard": 0}, "B-19")  # empty yard
    illegal(new, 0, {"type": "build", "source": "start"}, "B-19")  # already built
    illegal(make_state(player(start_card=True, columns={M: [H]})), 0, {"type": "build", "source": "start"}, "B-19")


def test_B_R27_opponents_cards_do_not_count_for_building():
    state = make_state(player(pawn=H, columns={H: [M]}, sites={H: [1]}),
                       player(columns={H: [S, S, S]}), yards=[[2], []])
    illegal(state, 0, {"type": "build", "source": "yard", "yard": 0}, "B-19")


def test_B_19_levels_stay_when_cards_leave_the_column():
    state = make_state(player(pawn=H, columns={H: [M, M, M]}, sites={H: [1]}), player(hand={A: 3}))
    state = after(state, 0, {"type": "ability", "power": "halve", "index": 0})
    assert state["players"][0]["sites"][H] == [1] and state["players"][0]["columns"][H] == [M, M]


def test_B_20_migration_moves_the_last_three_in_order():
    state = make_state(player(columns={M: [M, S, H, P, A], S: [S]}))
    new, _ = play(state, 0, {"type": "migrate", "from": M, "to": S})
    assert new["players"][0]["columns"][M] == [M, S]
    assert new["players"][0]["columns"][S] == [S, H, P, A]
    assert new["migrated_this_turn"]
    illegal(new, 0, {"type": "migrate", "from": S, "to": M}, "B-20")  # once per turn


def test_B_20_migration_needs_three_cards_and_two_locations():
    state = make_state(player(columns={M: [M, S], S: [S, S, S]}))
    illegal(state, 0, {"type": "migrate", "from": M, "to": S}, "B-20")
    illegal(state, 0, {"type": "migrate", "from": S, "to": S}, "B-20")
    illegal(state, 0, {"type": "migrate", "from": S, "to": "babylon"}, "B-20")
    illegal(state, 0, {"type": "migrate", "from": S}, "B-20")


def test_B_R10_migration_ignores_pawn_and_touches_only_own_columns():
    state = make_state(player(columns={A: [H, H, H]}), player(columns={A: [S, S, S], M: [P]}))
    new, _ = play(state, 0, {"type": "migrate", "from": A, "to": M})
    assert new["players"][0]["columns"][M] == [H, H, H] and new["players"][0]["pawn"] is None
    assert new["players"][1] == state["players"][1]
    illegal(make_state(player(), player(columns={A: [S, S, S]})), 0, {"type": "migrate", "from": A, "to": M}, "B-20")
