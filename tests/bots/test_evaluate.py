"""The contract's optional `evaluate(state, seat)` (engine/contract.py): a value in [0, 1],
pure, and what the search scores an unfinished playout with. Iron Age's weighs disasters
(skulls taken, the immunity of Religion) and the points still to come (half-built monuments)."""

from __future__ import annotations

import copy

import pytest

from referee.bots.search import reward
from referee.engine.contract import evaluator
from referee.engine.registry import GAME_IDS, rules_for
from tests.bots.test_decisions import midgame


def test_evaluate_is_optional_and_iron_age_has_one():
    assert evaluator(rules_for("iron_age")) is not None
    assert all(evaluator(rules_for(g)) is None for g in GAME_IDS if g != "iron_age")


@pytest.mark.parametrize("n", [5, 25, 60])
def test_values_lie_in_zero_one_pure_and_complementary(n):
    rules = rules_for("iron_age")
    state = midgame("iron_age", n, b"evaluate")
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
