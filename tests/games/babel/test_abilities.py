"""People abilities and the halving response: B-21…B-28, DP-2, Rulings B-R11…B-R17."""

from __future__ import annotations

from tests.games.babel.builder import (A, H, M, P, RULES, S, after, illegal, make_state, play,
                                       player)


def _ability(power: str, index: int = 0, **extra) -> dict:
    return {"type": "ability", "power": power, "index": index, **extra}


def test_B_21_common_part_triple_in_own_column_at_pawn():
    state = make_state(player(pawn=M, columns={M: [S, A, A, A], H: [H, H, H]}), player(sites={M: [1, 2]}))
    new, _ = play(state, 0, _ability("assyrians", 1, at=M))
    assert new["players"][0]["columns"][M] == [S, A, A] and new["people_discard"][-1] == A
    illegal(state, 0, _ability("assyrians", 0), "B-21")        # index 0 is a single S
    illegal(state, 0, _ability("assyrians", 4), "B-21")        # no such index
    illegal(state, 0, _ability("hittites", 1), "B-21")         # run is assyrians
    illegal(state, 0, _ability("assyrians", 1, at=H), "B-14")  # `at` must be the pawn
    illegal(state, 0, _ability("babylonians", 1), "B-21")
    illegal(state, 0, _ability("assyrians", -1), "B-21")
    illegal(state, 0, {"type": "ability", "power": "assyrians", "index": True}, "B-21")
    illegal(make_state(player(columns={M: [A, A, A]}), player(sites={M: [1]})), 0, _ability("assyrians"), "B-21")


def test_B_21_run_of_four_allows_a_second_activation():
    state = make_state(player(pawn=M, columns={M: [A, A, A, A]}), player(sites={M: [1]}, hand={H: 2}))
    state = after(state, 0, _ability("assyrians", 0))
    assert state["players"][0]["columns"][M] == [A, A, A]
    state = after(state, 0, _ability("halve", 2))
    state = after(state, 1, {"type": "discard", "cards": [H]})
    assert state["players"][0]["columns"][M] == [A, A]
    illegal(state, 0, _ability("halve", 0), "B-21")


def test_B_R11_power_acts_on_the_opponent_at_the_pawns_location_only():
    state = make_state(player(pawn=M, columns={M: [A, A, A]}), player(sites={M: [1], S: [1, 2]}))
    new, _ = play(state, 0, _ability("assyrians"))
    assert new["players"][1]["sites"] == {**state["players"][1]["sites"], M: []}


def test_B_R13_any_index_of_the_run_removes_that_card():
    col = [S, H, H, H, M]
    results = []
    for i in (1, 2, 3):
        state = make_state(player(pawn=A, columns={A: col}), player(sites={A: [3]}))
        new, _ = play(state, 0, _ability("hittites", i))
        results.append(new["players"][0]["columns"][A])
    assert results == [[S, H, H, M]] * 3


def test_B_22_hittites_steal_the_top_level_skipping_levels():
    state = make_state(player(pawn=P, columns={P: [H, H, H, M, S]}, sites={P: [1, 2]}),
                       player(sites={P: [1, 3, 5]}))
    new, _ = play(state, 0, _ability("hittites", 0))
    assert new["players"][0]["sites"][P] == [1, 2, 5] and new["players"][1]["sites"][P] == [1, 3]


def test_B_22_hittites_conditions():
    illegal(make_state(player(pawn=P, columns={P: [H, H, H]})), 0, _ability("hittites"), "B-22")  # no temple
    higher = make_state(player(pawn=P, columns={P: [H, H, H]}, sites={P: [3]}), player(sites={P: [1, 2]}))
    illegal(higher, 0, _ability("hittites"), "B-22")  # own top not below v
    few = make_state(player(pawn=P, columns={P: [H, H, H]}), player(sites={P: [4]}))
    illegal(few, 0, _ability("hittites"), "B-22")  # n = 3 < 4
    exact = make_state(player(pawn=P, columns={P: [H, H, H]}), player(sites={P: [3]}))
    assert play(exact, 0, _ability("hittites"))[0]["players"][0]["sites"][P] == [3]  # n counts the discard


def test_B_23_assyrians_return_the_temple_to_the_supply_top():
    state = make_state(player(pawn=H, columns={H: [A, A, A]}), player(sites={H: [1, 2, 4]}),
                       supply=[6, 3], known=1)
    new, _ = play(state, 0, _ability("assyrians"))
    assert new["temple_supply"] == [1, 2, 4, 6, 3]
    assert new["players"][1]["sites"][H] == []
    assert new["temple_supply_known"] == 4  # B-R24


def test_B_R12_no_empty_activations():
    illegal(make_state(player(pawn=H, columns={H: [A, A, A]})), 0, _ability("assyrians"), "B-23")
    illegal(make_state(player(pawn=H, columns={H: [M, M, M]}), player(columns={H: [S]})), 0,
            _ability("medes", target=P), "B-25")
    illegal(make_state(player(pawn=H, columns={H: [S, S, S]})), 0, _ability("sumerians"), "B-26")
    illegal(make_state(player(pawn=H, columns={H: [S, S, S]}), player(hand={M: 1})), 0, _ability("halve"), "B-27")


def test_B_24_persians_skip_exactly_one_level_from_a_yard():
    state = make_state(player(pawn=S, columns={S: [P, P, P, P]}, sites={S: [1, 2]}), yards=[[4], [6, 3]])
    new, _ = play(state, 0, _ability("persians", 0, yard=0))
    assert new["players"][0]["sites"][S] == [1, 2, 4] and new["yards"][0] == []
    illegal(state, 0, _ability("persians", 0, yard=1), "B-24")  # 3 is not top + 2
    illegal(state, 0, _ability("persians", 0), "B-24")           # yard required
    illegal(state, 0, _ability("hittites", 0, yard=0), "B-24")   # yard only for persians
    few = make_state(player(pawn=S, columns={S: [P, P, P]}, sites={S: [1, 2]}), yards=[[4], []])
    illegal(few, 0, _ability("persians", 0, yard=0), "B-24")     # n = 3 < 4
    illegal(make_state(player(pawn=S, columns={S: [P, P, P]})), 0, _ability("persians", 0, yard=0), "B-24")


def test_B_R14_persians_may_build_a_2_on_an_empty_site_but_not_use_the_start_card():
    state = make_state(player(start_card=True, pawn=S, columns={S: [P, P, P]}), yards=[[], [2]])
    new, _ = play(state, 0, _ability("persians", 0, yard=1))
    assert new["players"][0]["sites"][S] == [2] and new["players"][0]["start_card"]


def test_B_25_medes_expel_every_card_of_a_people_from_the_opponents_column():
    state = make_state(player(pawn=A, columns={A: [M, M, M]}),
                       player(columns={A: [S, H, S, P, S], M: [S]}), discard=[])
    new, _ = play(state, 0, _ability("medes", 2, target=S))
    assert new["players"][1]["columns"][A] == [H, P] and new["players"][1]["columns"][M] == [S]
    assert new["people_discard"][-4:] == [M, S, S, S]  # B-R16: the Medes card first
    illegal(state, 0, _ability("medes", 0), "B-25")  # target required
    illegal(state, 0, _ability("medes", 0, target="elves"), "B-25")
    illegal(state, 0, _ability("halve", 0, target=S), "B-25")


def test_B_R16_medes_may_target_medes():
    state = make_state(player(pawn=A, columns={A: [M, M, M]}), player(columns={A: [M, H]}))
    new, _ = play(state, 0, _ability("medes", 0, target=M))
    assert new["players"][1]["columns"][A] == [H]


def test_B_26_sumerians_take_the_run_at_the_opponents_open_end():
    state = make_state(player(pawn=M, columns={M: [H, S, S, S]}), player(columns={M: [A, P, P]}))
    new, _ = play(state, 0, _ability("sumerians", 1))
    assert new["players"][0]["columns"][M] == [H, S, S, P, P]
    assert new["players"][1]["columns"][M] == [A]


def test_B_R15_sumerians_move_even_a_run_of_one():
    state = make_state(player(pawn=M, columns={M: [S, S, S]}), player(columns={M: [P, P, A]}))
    new, _ = play(state, 0, _ability("sumerians"))
    assert new["players"][0]["columns"][M] == [S, S, A] and new["players"][1]["columns"][M] == [P, P]


def test_B_27_halving_asks_the_opponent_for_floor_half():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}), player(hand={M: 1, S: 2, P: 2}))
    new, _ = play(state, 0, _ability("halve", 1))
    assert new["phase"] == "halve_response" and new["pending"] == {"seat": 1, "count": 2}
    (prompt,) = RULES.prompts(new)
    assert prompt.seat == 1 and prompt.kind == "choose_cards" and "2" in prompt.text
    illegal(new, 0, {"type": "end_turn"}, "B-14")  # the active player waits
    illegal(new, 0, {"type": "travel", "people": M}, "B-14")


def test_B_R17_halving_keeps_ceil_half():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}), player(hand={M: 2, H: 3}))
    new, _ = play(state, 0, _ability("halve"))
    assert new["pending"]["count"] == 2
    assert RULES.default_move(new, 1) == {"type": "discard", "cards": [M, M]}


def test_B_28_discard_exact_count_from_own_hand_in_listed_order():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}, hand={A: 1}), player(hand={M: 1, S: 2, P: 2}))
    state = after(state, 0, _ability("halve"))
    illegal(state, 1, {"type": "discard", "cards": [S]}, "B-28")
    illegal(state, 1, {"type": "discard", "cards": [M, M]}, "B-28")
    illegal(state, 1, {"type": "discard", "cards": [A, S]}, "B-28")
    illegal(state, 1, {"type": "discard", "cards": "ps"}, "B-28")
    illegal(state, 0, {"type": "discard", "cards": [A]}, "B-28")  # not the pending seat
    new, _ = play(state, 1, {"type": "discard", "cards": [P, M]})
    assert new["people_discard"][-2:] == [P, M] and new["phase"] == "actions" and new["pending"] is None
    assert new["players"][1]["hand"] == {M: 0, S: 2, H: 0, P: 1, A: 0}
    illegal(new, 1, {"type": "discard", "cards": [S]}, "B-28")  # nothing pending any more
    after(new, 0, {"type": "travel", "people": A})  # the active player resumes


def test_DP_2_choices_are_the_distinct_sub_multisets_default_first_canonical():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}), player(hand={M: 1, S: 2, P: 2}))
    state = after(state, 0, _ability("halve"))
    (prompt,) = RULES.prompts(state)
    cards = [c["cards"] for c in prompt.choices]
    assert cards == [[M, S], [M, P], [S, S], [S, P], [P, P]]
    assert prompt.default == {"type": "discard", "cards": [M, S]} == RULES.default_move(state, 1)
    for choice in prompt.choices:
        play(state, 1, choice)


def test_DP_2_choices_null_above_300():
    hand = {M: 6, S: 6, H: 6, P: 6, A: 6}  # k = 15: far more than 300 sub-multisets
    state = make_state(player(pawn=M, columns={M: [H, H, H]}), player(hand=hand))
    state = after(state, 0, _ability("halve"))
    (prompt,) = RULES.prompts(state)
    assert prompt.choices is None and prompt.default["cards"] == [M] * 6 + [S] * 6 + [H] * 3
    play(state, 1, prompt.default)


def test_B_R27_abilities_count_only_own_cards_at_the_location():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}, sites={M: [1, 2]}),
                       player(columns={M: [S, S, S, S]}, sites={M: [4]}))
    illegal(state, 0, _ability("hittites"), "B-22")  # n = 3 < 4 although 7 cards lie there
    state = make_state(player(pawn=M, columns={M: [P, P, P]}, sites={M: [1, 2]}),
                       player(columns={M: [S, S, S, S]}), yards=[[4], []])
    illegal(state, 0, _ability("persians", yard=0), "B-24")
