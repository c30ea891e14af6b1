"""End of the game B-29…B-33, resignation, and Rulings B-R19…B-R22, B-R26."""

from __future__ import annotations

import pytest

from referee.engine.contract import IllegalMove
from tests.games.babel.builder import A, H, M, P, RULES, S, illegal, labels, make_state, play, player

BUILD0 = {"type": "build", "source": "yard", "yard": 0}


def _near_goal(opp_sites: dict) -> dict:
    """Seat 0 at 14 points, pawn at persians with 5 own cards there, a level-5 card on yard 0."""
    return make_state(player(pawn=P, columns={P: [H, H, H, A, A]}, sites={M: [6], S: [4], P: [4]}, hand={M: 1}),
                      player(sites=opp_sites), yards=[[5], []])


def test_B_30_B_R19_reaching_15_with_opponent_below_10_wins_at_once():
    state = _near_goal({M: [1, 2, 3, 4, 5, 6], S: [3]})
    new, records = play(state, 0, BUILD0)
    assert new["phase"] == "over" and records == []  # B-R19: no temple draw follows
    assert new["result"] == {"winner": 0, "reason": "goal_15", "scores": [15, 9], "hand_sizes": [1, 0]}
    assert RULES.prompts(new) == []


def test_B_30_reaching_15_with_opponent_at_10_starts_the_race():
    state = _near_goal({M: [6], S: [4]})
    assert RULES.view(state, None)["scores"] == [14, 10]
    new, _ = play(state, 0, {"type": "build", "source": "yard", "yard": 0, "at": P})
    assert new["mode"] == "race" and new["phase"] == "actions" and new["result"] is None


def test_B_R21_race_checked_at_once_on_the_same_state():
    state = make_state(player(pawn=H, columns={H: [H] * 6}, sites={M: [6], S: [6], P: [2]}),
                       player(sites={H: [5, 6], M: [4], S: [4]}))
    assert RULES.view(state, None)["scores"] == [14, 14]
    new, _ = play(state, 0, {"type": "ability", "power": "hittites", "index": 0})
    assert new["mode"] == "race"
    assert new["result"] == {"winner": 0, "reason": "race_20", "scores": [20, 13], "hand_sizes": [0, 0]}


def test_B_31_race_20_wins():
    state = make_state(player(pawn=P, columns={P: [M] * 5}, sites={M: [6], S: [6], P: [3, 4], H: [3]}),
                       player(sites={M: [5], S: [5]}), yards=[[5], []], mode="race")
    new, _ = play(state, 0, BUILD0)
    assert new["result"]["reason"] == "race_20" and new["result"]["winner"] == 0


def test_B_31_race_below_10_wins_even_below_15():
    own = player(pawn=M, columns={M: [A, A, A]}, sites={S: [6], H: [5]})
    opp = player(sites={M: [5], S: [4], H: [3]})
    state = make_state(own, opp, mode="race")
    new, _ = play(state, 0, {"type": "ability", "power": "assyrians", "index": 0})
    assert new["result"] == {"winner": 0, "reason": "race_below_10", "scores": [11, 7], "hand_sizes": [0, 0]}


def test_B_R20_normal_mode_does_not_win_by_pushing_below_10():
    own = player(pawn=M, columns={M: [A, A, A]}, sites={S: [6], H: [5]})
    opp = player(sites={M: [5], S: [4], H: [3]})
    new, _ = play(make_state(own, opp), 0, {"type": "ability", "power": "assyrians", "index": 0})
    assert new["phase"] == "actions" and new["mode"] == "normal"


def test_B_R20_race_is_permanent():
    state = make_state(player(sites={M: [6], S: [5]}), player(sites={M: [5], S: [5]}), mode="race")
    new, _ = play(state, 0, {"type": "end_turn"})
    assert new["mode"] == "race" and new["active"] == 1


def test_B_29_end_checked_after_each_sub_step_of_finish_first_turn():
    state = make_state(player(start_card=True, hand={P: 1}, columns={A: [S, S, S]}, sites={M: [6], S: [6], H: [2]}),
                       player(sites={M: [5]}))
    new, records = play(state, 0, {"type": "finish_first_turn"})
    me = new["players"][0]
    assert me["sites"][P] == [1] and me["columns"][P] == [S, S, S] and me["pawn"] == P
    assert new["result"]["reason"] == "goal_15" and new["turn"] == state["turn"] and records == []


def test_B_29_every_move_after_the_end_is_rejected():
    over = RULES.resign(make_state(player(hand={M: 1}), player(hand={S: 1})), 1)
    for seat, move in ((0, {"type": "travel", "people": M}), (1, {"type": "end_turn"}),
                       (0, {"type": "discard", "cards": [M]}), (0, {"type": "nonsense"})):
        illegal(over, seat, move, "B-29")
    with pytest.raises(IllegalMove) as info:
        RULES.resign(over, 0)
    assert info.value.rule == "B-29"
    with pytest.raises(IllegalMove):
        RULES.default_move(over, 0)


def _exhaust(own_sites: dict, opp_sites: dict, own_hand: dict, opp_hand: dict) -> dict:
    state = make_state(player(sites=own_sites, hand=own_hand), player(sites=opp_sites, hand=opp_hand),
                       active=1, supply=[2, 3])
    new, records = play(state, 1, {"type": "end_turn"})
    assert new["phase"] == "over" and labels(records) == ["C-6"]
    return new["result"]


def test_B_32_supply_exhausted_higher_score_wins():
    result = _exhaust({M: [1, 2]}, {M: [1]}, {}, {S: 4})
    assert result == {"winner": 0, "reason": "supply_exhausted", "decided_by": "score",
                      "scores": [2, 1], "hand_sizes": [0, 4]}


def test_B_32_B_R22_then_more_cards_in_hand_then_a_draw():
    result = _exhaust({M: [2]}, {S: [2]}, {H: 1}, {S: 2})
    assert result["winner"] == 1 and result["decided_by"] == "hand_size"
    result = _exhaust({M: [2]}, {S: [2]}, {H: 2}, {S: 2})
    assert result["winner"] is None and result["decided_by"] == "draw"  # B-R22


def test_B_R26_exhaustion_ignores_the_15_20_thresholds():
    state = make_state(player(sites={M: [6], S: [6]}), player(sites={M: [5], S: [6], H: [3]}),
                       mode="race", supply=[1])
    new, _ = play(state, 0, {"type": "end_turn"})
    assert new["result"]["winner"] == 1 and new["result"]["reason"] == "supply_exhausted"


def test_B_33_resignation_gives_the_other_seat_the_win():
    state = make_state(player(sites={M: [1, 2]}, hand={S: 2}), player(hand={A: 1}))
    new = RULES.resign(state, 0)
    assert new["phase"] == "over"
    assert RULES.result(new) == {"winner": 1, "reason": "resigned", "scores": [2, 0], "hand_sizes": [2, 1],
                                 "winners": [1], "ranking": [1, 0]}
    assert RULES.check_state(new) == [] and state["phase"] == "actions"
    assert RULES.result(state) is None


def test_B_33_resignation_during_a_pending_discard():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}), player(hand={M: 3}))
    state, _ = play(state, 0, {"type": "ability", "power": "halve", "index": 0})
    new = RULES.resign(state, 1)
    assert new["pending"] is None and new["result"]["winner"] == 0
    assert RULES.check_state(new) == []
    with pytest.raises(IllegalMove):
        RULES.resign(state, 7)
