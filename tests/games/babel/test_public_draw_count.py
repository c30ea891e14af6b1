"""C-2 / C-4: the other seat sees how many people cards were drawn, never which (rules v2).

Games created under rules version 1 keep replaying under version 1, whose records had no
public part: a running game never changes under its players (README, "Upgrades")."""

from __future__ import annotations

import pytest

from referee.engine.base import UnknownRulesVersion
from referee.engine.registry import rules_for
from referee.engine.replay import advance, initial
from referee.engine.rng import redact_records

SEED = b"public-count".ljust(32, b"\0")


def _setup(version: str | None):
    rules = rules_for("babel", version=version)
    return rules, initial(rules, SEED, 2, {"first_seat": 0}, None)


def test_C_2_setup_deal_shows_its_count_to_the_other_seat():
    _, step = _setup(None)
    deals = [r for r in step.chance if r["label"] == "C-2" and r["kind"] == "note"]
    assert len(deals) == 2
    for r in deals:
        (owner,) = r["visible_to"]
        seen_by_other = redact_records([r], 1 - owner)[0]
        assert seen_by_other["value"] is None and seen_by_other["withheld"]
        assert seen_by_other["public"] == {"count": len(r["value"])} == {"count": 5}
        assert redact_records([r], owner)[0]["value"] == r["value"]
        assert redact_records([r], None)[0]["value"] is None  # a spectator too sees only the count


def test_C_4_turn_draw_shows_its_count():
    rules, step = _setup(None)
    state = step.state
    move = rules.prompts(state)[0].default  # seat 0 ends its first turn: seat 1 draws
    after = advance(rules, SEED, state, 2, "move", 0, {"move": move})
    draws = [r for r in after.chance if r["label"] == "C-4"]
    assert draws and all(r["public"] == {"count": len(r["value"])} for r in draws)
    assert all(redact_records([r], 0)[0]["value"] is None for r in draws if r["visible_to"] == [1])


def test_version_1_games_replay_without_the_public_part():
    _, old = _setup("1")
    _, new = _setup("2")
    assert all("public" not in r for r in old.chance)
    assert [r["value"] for r in old.chance] == [r["value"] for r in new.chance]  # same draws
    assert old.state_hash == new.state_hash


def test_an_unknown_rules_version_is_refused():
    with pytest.raises(UnknownRulesVersion):
        rules_for("babel", version="99")
