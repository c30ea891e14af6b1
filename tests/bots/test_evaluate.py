"""The contract's optional `evaluate(state, seat)` (engine/contract.py): a value in [0, 1],
pure, and what the search scores an unfinished playout with. Iron Age's weighs disasters
(skulls taken, the immunity of Religion) and the points still to come (half-built monuments);
The Sands of Time's the chronicle points of this dynasty and the later ones, the final awards
and the tie-break (ST-42, ST-43, ST-110, ST-111)."""

from __future__ import annotations

import copy
import functools

import pytest

from referee.bots.search import reward
from referee.engine.contract import evaluator
from referee.engine.registry import GAME_IDS, rules_for
from tests.bots.test_decisions import midgame


EVALUATED = ("iron_age", "sands_of_time")


def test_evaluate_is_optional_and_iron_age_and_sands_have_one():
    assert all(evaluator(rules_for(g)) is not None for g in EVALUATED)
    assert all(evaluator(rules_for(g)) is None for g in GAME_IDS if g not in EVALUATED)


@pytest.mark.parametrize("game,n", [("iron_age", 5), ("iron_age", 25), ("iron_age", 60),
                                    ("sands_of_time", 20), ("sands_of_time", 70)])
def test_values_lie_in_zero_one_pure_and_complementary(game, n):
    rules = rules_for(game)
    state = midgame(game, n, b"evaluate")
    assert rules.result(state) is None
    before = copy.deepcopy(state)
    values = [rules.evaluate(state, s) for s in (0, 1)]
    assert state == before and all(0.0 <= v <= 1.0 for v in values)
    assert values[0] + values[1] == pytest.approx(1.0)  # two seats: one's margin is the other's loss
    assert reward(rules, state, 0) == values[0]        # the search scores an unfinished playout with it


def test_iron_age_values_disasters_and_points_to_come():
    rules = rules_for("iron_age")
    state = midgame("iron_age", 30, b"evaluate-parts")
    base = rules.evaluate(state, 0)
    hurt = copy.deepcopy(state)
    hurt["players"][0]["skulls"] += 5
    assert rules.evaluate(hurt, 0) < base
    devout = copy.deepcopy(state)
    devout["players"][0]["developments"] = [d for d in devout["players"][0]["developments"] if d["id"] != "religion"]
    without = rules.evaluate(devout, 0)
    devout["players"][0]["developments"].append({"id": "religion", "round": devout["round"]})
    assert rules.evaluate(devout, 0) > without  # its points, and no unrest to come
    building = copy.deepcopy(state)
    monument = next(m for m, v in building["players"][0]["monuments"].items() if not v["complete"])
    building["players"][0]["monuments"][monument]["boxes_filled"] += 1
    assert rules.evaluate(building, 0) > base


@functools.lru_cache(maxsize=1)
def _sands_midgame() -> dict:
    return midgame("sands_of_time", 60, b"ev")


def sands_midgame() -> dict:
    """Dynasty 2 under way (dynasty space 12), every chronicle card in hand, nothing scored yet
    (played once, a fresh copy each time)."""
    state = copy.deepcopy(_sands_midgame())
    assert state["phase"] == "SELECT" and state["dynasties_scored"] == [1] and state["dynasty_space"] < 19
    for p in state["players"]:
        assert all(v is None for v in p["chronicle_board"].values()) and len(p["chronicle_hand"]) == 7
    return state


def test_sands_st42_a_chronicle_card_that_will_score_counts_more_placed_than_in_hand():
    rules = rules_for("sands_of_time")
    state = sands_midgame()
    state["players"][0]["heritage"]["political"] = 1  # card 1 on D: 12 citizens, heritage 1 (2.11)
    in_hand = rules.evaluate(state, 0)
    placed = copy.deepcopy(state)
    placed["players"][0]["chronicle_hand"].remove(1)
    placed["players"][0]["chronicle_board"]["D"] = 1
    assert rules.evaluate(placed, 0) > in_hand
    wasted = copy.deepcopy(state)  # card 7 cannot score on D with heritage 1: it only blocks the field
    wasted["players"][0]["chronicle_hand"].remove(7)
    wasted["players"][0]["chronicle_board"]["D"] = 7
    assert rules.evaluate(wasted, 0) < in_hand


def test_sands_st43_heritage_is_worth_the_chronicle_points_it_lets_score_later():
    rules = rules_for("sands_of_time")
    state = sands_midgame()
    richer = copy.deepcopy(state)
    richer["players"][0]["heritage"]["political"] += 2
    assert rules.evaluate(richer, 0) > rules.evaluate(state, 0)
    last = copy.deepcopy(state)  # no later dynasty: only this one's cards still count
    last["dynasties_scored"], last["dynasty_space"] = [1, 2], 20
    richer_last = copy.deepcopy(last)
    richer_last["players"][0]["heritage"]["political"] += 2
    gain_late = rules.evaluate(richer_last, 0) - rules.evaluate(last, 0)
    assert 0 < gain_late < rules.evaluate(richer, 0) - rules.evaluate(state, 0)


def test_sands_st110_awards_count_as_they_stand_and_one_short_is_in_reach():
    rules = rules_for("sands_of_time")
    state = sands_midgame()
    calm = copy.deepcopy(state)
    calm["players"][0]["unrest"], calm["players"][1]["unrest"] = 2, 5
    one_short = copy.deepcopy(calm)
    one_short["players"][0]["unrest"] = 6
    far = copy.deepcopy(calm)
    far["players"][0]["unrest"] = 7
    values = [rules.evaluate(s, 0) for s in (calm, one_short, far)]
    assert values[0] > values[1] > values[2]


def test_sands_st111_the_dynasty_3_chronicle_points_break_an_equal_total():
    rules = rules_for("sands_of_time")
    state = sands_midgame()
    state["dynasties_scored"] = [1, 2, 3]
    for p in state["players"]:
        p["vp"] = 10
    state["players"][1]["chronicle_vp_by_dynasty"]["3"] = 3
    state["players"][0]["chronicle_vp_by_dynasty"]["3"] = 3
    equal = rules.evaluate(state, 0)
    state["players"][0]["chronicle_vp_by_dynasty"]["3"] = 6
    assert rules.evaluate(state, 0) > equal


def test_sands_best_pair_keeps_a_category_within_its_heritage():
    from referee.games.sands_of_time.evaluation import best_pair
    vps = (0, 1, 3, 6, 10, 15, 21, 28)
    assert best_pair(3, ((0, 1, 2, 3), (0, 1, 2, 3)), vps, 0) == 6   # card 3 alone beats 1 + 2
    assert best_pair(3, ((0, 1), (0, 2)), vps, 0) == 4                # 1 + 2, sum 3
    assert best_pair(3, ((0, 1), (0, 2)), vps, 1) == 6                # + chronicle_vp_bonus per card
    assert best_pair(0, ((0, 1), (0,)), vps, 0) == 0
