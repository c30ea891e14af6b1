"""Issue 20's rule-id audit: each refusal cites the rule that states that limit, and every rule
id of the spec (RULES.md) is named in this game's tests."""

from __future__ import annotations

import re
from pathlib import Path

from tests.games.sands_of_time.positions import play, rejected, scene
from tests.games.sands_of_time.test_actions import home

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "games" / "sands_of_time" / "RULES.md"


def _spec_text() -> str:
    for path in (SPEC, Path("/work/shared/games/sands_of_time/RULES.md")):
        if path.exists():
            return path.read_text(encoding="utf-8")
    import pytest
    pytest.fail(f"RULES.md not found at {SPEC}")


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


def test_every_rule_id_of_the_spec_is_named_in_the_tests():
    """In addition to the rule tests themselves: no id of RULES.md goes untested by name."""
    ids = set(re.findall(r"\*\*(ST-R?\d+)", _spec_text()))
    assert len(ids) > 100
    here = Path(__file__).parent
    named = set()
    for path in here.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        named |= {m.replace("_", "-") for m in re.findall(r"ST[-_]R?\d+(?![\d])", src)}
    assert not ids - named, sorted(ids - named)
