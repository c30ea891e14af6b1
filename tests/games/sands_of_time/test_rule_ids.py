"""Issue 20's rule-id audit: each refusal cites the rule that states that limit (every rule id of
the spec is named in a test: tests/games/test_rule_ids_documented.py)."""

from __future__ import annotations

from tests.games.sands_of_time.positions import play, rejected, scene
from tests.games.sands_of_time.test_actions import home


def test_ST_51_a_soldier_beyond_the_supply_cites_the_muster_soldier_rule():
    st = scene(["muster", "tribute"], lambda s: home(s, gold=3))
    st["players"][0]["supply"]["soldiers"] = 0  # the supply holds no soldier
    rejected(st, 0, {"type": "act", "card": "muster", "soldiers": ["hispania"]}, "ST-51", "SUPPLY_EMPTY")


def test_ST_53_irrigation_beyond_the_farmer_supply_cites_irrigation():
    from tests.games.sands_of_time.positions import building

    def edit(st):
        home(st, gold=3)
        building(st, "hispania", "irrigation")
    st = scene(["muster", "focus_civil"], edit)
    st["players"][0]["supply"]["farmers"] = 0
    rejected(st, 0, {"type": "act", "card": "muster", "soldiers": [], "conversions": [], "irrigation": ["hispania"]},
             "ST-53", "SUPPLY_EMPTY")


def test_ST_56_the_die_value_refusal_says_die_value():
    from tests.games.sands_of_time import test_combat as tc
    st = tc.attack(scene(["conquest", "tribute"], tc.board))
    e = rejected(st, 1, {"type": "combat_value", "value": 6}, "ST-56", "DIE_OUT_OF_RANGE")
    assert "die value" in e.message and "combat value" not in e.message
    st = play(st, 1, {"type": "combat_value", "value": 0})
    e = rejected(st, 1, {"type": "combat_value", "value": 0}, "ST-56", "ACTION_ALREADY_DONE")
    assert "die value" in e.message
