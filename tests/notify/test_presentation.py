"""narrate_event: generic sentences for service events, the game's hook for moves and timeouts."""

from __future__ import annotations

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.service.narration import narrate_event, result_sentence

NAMES = ["Ada", "Bo", "Cy"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_service_events_are_told_generically(game):
    rules = rules_for(game)
    told = {f"{t}{s}": narrate_event(rules, {"seq": 5, "type": t, "seat": s, "payload": p}, NAMES) for t, s, p in [
        ("game_created", None, {"game": game}),
        ("resigned", 1, {}),
        ("pause_requested", 0, {"reason": "holiday"}),
        ("paused", 0, {"pause": {"kind": "vacation", "seat": 0, "until": 1_800_000_000}}),
        ("paused", None, {"pause": {"kind": "agreed"}}),
        ("resumed", 0, {}),
        ("resumed", None, {"reason": "vacation allowance used up"}),
        ("game_ended", None, {"result": {"winner": 1, "winners": [1], "scores": [3, 7], "reason": "end"}}),
        ("seed_revealed", None, {"seed": "ab"}),
    ]}
    assert told["game_createdNone"].startswith("A game of ") and "Ada, Bo and Cy" in told["game_createdNone"]
    assert told["resigned1"] == "Bo resigned."
    assert "Ada" in told["pause_requested0"] and "holiday" in told["pause_requested0"]
    assert "2027-01-15" in told["paused0"]
    assert "Bo won (the last round was played); scores: Ada 3, Bo 7." == told["game_endedNone"]
    assert "seed" in told["seed_revealedNone"]
    assert "agreed" in told["pausedNone"] and "allowance" in told["resumedNone"] and "Ada" in told["resumed0"]
    assert all(s and "{" not in s for s in told.values())


def test_a_failing_hook_still_gives_a_sentence():
    class Broken:
        title = "Broken"

        def narrate(self, event, names):
            raise RuntimeError("boom")

        def format_move(self, move):
            return "end"

    e = {"seq": 2, "type": "timeout", "seat": 0, "payload": {"move": {"type": "end_turn"}}}
    assert narrate_event(Broken(), e, NAMES) == "Ada's deadline passed, so the referee played the default: Ada played end."


def test_draws_and_shared_wins():
    assert result_sentence({"winner": None, "winners": [], "reason": "supply_exhausted"}, NAMES) \
        == "The game ended in a draw (the supply ran out)."
    assert result_sentence({"winner": None, "winners": [0, 2]}, NAMES) == "Ada and Cy shared the win."
