"""Game end and scoring: IA-E1..IA-E4, rulings IA-R20..IA-R22, IA-R28, result() and resign()."""

from __future__ import annotations

import copy

import pytest

from referee.engine.contract import IllegalMove
from referee.games.iron_age import scoring
from tests.games.iron_age.positions import RULES, assert_valid, play, position, rejected, rng


def end_turns(st: dict, count: int) -> dict:
    for _ in range(count):
        st = play(st, st["active_seat"], {"type": "end_turn"})
    return st


def finished(st: dict) -> dict:
    """The position scored as if an end condition had been met after this round (IA-E1)."""
    out = copy.deepcopy(st)
    scoring.finish(RULES.data, out, "tribute")
    assert_valid(out)
    return out


def completed(*ids: str, points: int = 0) -> dict:
    return {m: {"boxes_filled": RULES.data.monuments[m]["worker_boxes"], "complete": True,
                "points": points or RULES.data.monuments[m]["points_first"]} for m in ids}


def test_IA_E1_short_game_ends_after_the_round_with_five_developments():
    st = position(2, round=4, players={0: {"developments": ["agriculture", "fishing", "medicine", "navy", "masonry"]}})
    assert RULES.result(st) is None
    st = end_turns(st, 1)
    assert not st["game_over"] and st["active_seat"] == 1  # IA-R20: the round is finished first
    st = end_turns(st, 1)
    assert st["game_over"] and st["phase"] == "game_over" and st["end_reason"] == "developments"
    assert RULES.prompts(st) == [] and st["pending_decisions"] == []


def test_IA_E1_short_game_ends_with_thirty_tribute():
    st = end_turns(position(3, active=2, players={1: {"tribute": 30}}), 1)
    assert st["game_over"] and st["end_reason"] == "tribute"
    st = end_turns(position(3, active=2, players={1: {"tribute": 29}}), 1)
    assert not st["game_over"] and st["round"] == 3


def test_IA_R20_all_but_one_monument_counts_distinct_monuments_completed_by_anybody():
    ids = RULES.data.monument_ids
    st = position(2, active=1, players={0: {"monuments": completed(*ids[:3])},
                                        1: {"monuments": completed(ids[2], ids[3], ids[4], points=1)}},
                  check_valid=False)
    for m in ids[:3]:
        st["monument_first_by"][m] = 0
    for m in ids[3:5]:
        st["monument_first_by"][m] = 1
    st["players"][1]["monuments"][ids[2]]["points"] = RULES.data.monuments[ids[2]]["points_later"]
    for m in ids[3:5]:
        st["players"][1]["monuments"][m]["points"] = RULES.data.monuments[m]["points_first"]
    assert_valid(st)
    out = end_turns(st, 1)
    assert out["game_over"] and out["end_reason"] == "monuments"
    long = dict(st, config=dict(st["config"], length="long"))
    assert not end_turns(long, 1)["game_over"]  # the long game needs all six


def test_IA_E1_long_game_thresholds():
    devs = ["agriculture", "fishing", "medicine", "navy", "masonry"]
    assert not end_turns(position(2, active=1, length="long", players={0: {"developments": devs}}), 1)["game_over"]
    seven = devs + ["coinage", "religion"]
    st = end_turns(position(2, active=1, length="long", players={0: {"developments": seven}}), 1)
    assert st["game_over"] and st["end_reason"] == "developments"
    assert not end_turns(position(2, active=1, length="long", players={0: {"tribute": 49}}), 1)["game_over"]
    assert end_turns(position(2, active=1, length="long", players={0: {"tribute": 50}}), 1)["game_over"]


def test_IA_R22_solo_game_lasts_exactly_eight_rounds():
    st = end_turns(position(1, round=7, players={0: {"tribute": 60}}), 1)
    assert not st["game_over"] and st["round"] == 8
    st = end_turns(st, 1)
    assert st["game_over"] and st["end_reason"] == "solo_rounds" and st["round"] == 8


def test_IA_E2_score_is_monuments_developments_bonus_wealth_tribute_minus_skulls():
    st = position(2, active=1, players={0: {"wealth": 3, "tribute": 7, "skulls": 4, "ships": 5, "goods": 9,
                                            "developments": ["agriculture", "architecture"],
                                            "monuments": completed("temple_of_artemis")}}, check_valid=False)
    st["monument_first_by"]["temple_of_artemis"] = 0
    assert_valid(st)
    res = RULES.result(finished(st))
    assert res["breakdown"][0] == {"monuments": 3, "developments": 2 + 8, "bonus": 2, "wealth": 6, "tribute": 7,
                                   "skulls": -4, "total": 3 + 10 + 2 + 6 + 7 - 4}
    assert res["scores"][0] == 24 and res["scores"][1] == 0


def test_IA_R28_ships_score_only_through_a_development():
    base = {"ships": 5, "ports": 3, "provinces": 2}
    plain = RULES.result(finished(position(2, active=1, players={0: base})))
    assert plain["scores"][0] == 0
    res = RULES.result(finished(position(2, active=1, players={0: {**base, "developments": ["commerce", "empire"]}})))
    assert res["breakdown"][0]["bonus"] == 5 + (3 + 2)


def test_IA_E3_highest_score_wins_and_the_tracks_break_ties():
    st = position(3, active=2, players={0: {"tribute": 5, "food": 0}, 1: {"tribute": 5, "food": 4}, 2: {"tribute": 2}})
    res = RULES.result(finished(st))
    assert res["winner"] == 1 and res["winners"] == [1] and res["ranking"] == [1, 0, 2]
    assert res["scores"] == [5, 5, 2]


def test_IA_R21_still_tied_players_share_the_win():
    st = position(2, active=1, players={0: {"tribute": 5}, 1: {"tribute": 5}})
    res = RULES.result(finished(st))
    assert res["winner"] is None and res["winners"] == [0, 1] and res["ranking"] == [0, 1]
    assert res["tie_break"][0] == res["tie_break"][1]


def test_IA_E4_solo_result_is_the_score_with_the_target_for_information():
    res = RULES.result(end_turns(position(1, round=8, players={0: {"tribute": 101}}), 1))
    assert res["winner"] == 0 and res["scores"] == [101]
    assert res["target_points"] == 100 and res["target_reached"] is True


def test_resign_ends_the_game_and_ranks_the_resigning_seat_last():
    st = position(3, players={0: {"tribute": 20}, 1: {"tribute": 3}, 2: {"tribute": 1}})
    out = RULES.resign(st, 0)
    assert_valid(out)
    res = RULES.result(out)
    assert res["reason"] == "resigned" and res["resigned"] == 0
    assert res["ranking"] == [1, 2, 0] and res["winner"] == 1
    rejected(out, 1, {"type": "stop_rolling"}, "IA-E1", "game_over")
    with pytest.raises(IllegalMove):
        RULES.resign(out, 1)
    with pytest.raises(IllegalMove):
        RULES.default_move(out, 1)


def test_resign_during_setup_and_solo():
    st = RULES.setup(2, {"start_player": 0}, rng())
    out = RULES.resign(st, 1)
    assert_valid(out)
    assert RULES.result(out)["winner"] == 0
    solo = RULES.resign(position(1), 0)
    assert RULES.result(solo)["winner"] is None and RULES.result(solo)["winners"] == []
