"""Every game ends with one result shape (README, "Shared vocabulary"): `winner`, `winners`,
`scores`, `ranking` and `reason`, checked against one schema; and once a game is over no seat is
active (`facts.active_seat` is null), for every viewer."""

from __future__ import annotations

import random

import jsonschema
import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from tests.playout import random_playout

SEED = b"results".ljust(32, b"\0")


def result_schema(seats: int) -> dict:
    seat = {"type": "integer", "minimum": 0, "maximum": seats - 1}
    return {
        "type": "object",
        "required": ["winner", "winners", "scores", "ranking", "reason"],
        "properties": {
            "winner": {"oneOf": [{"type": "null"}, seat]},
            "winners": {"type": "array", "items": seat, "uniqueItems": True},
            "scores": {"type": "array", "minItems": seats, "maxItems": seats,
                       "items": {"type": ["integer", "null"]}},
            "ranking": {"type": "array", "items": seat, "minItems": seats, "maxItems": seats, "uniqueItems": True},
            "reason": {"type": "string", "minLength": 1},
        },
    }


def check_result(rules, state: dict, seats: int) -> dict:
    result = rules.result(state)
    assert result is not None
    jsonschema.validate(result, result_schema(seats))
    assert set(result["winners"]) <= set(result["ranking"][:len(result["winners"])] or [])
    if result["winner"] is not None:
        assert result["winners"] == [result["winner"]] and result["ranking"][0] == result["winner"]
    for viewer in (None, *range(seats)):
        assert rules.facts(rules.view(state, viewer))["active_seat"] is None, (rules.id, viewer)
    return result


def _played(rules, seats: int, moves: int) -> dict:
    state, rnd = initial(rules, SEED, seats, {"first_seat": 0}, None).state, random.Random(rules.id)
    for seq in range(2, 2 + moves):
        prompts = rules.prompts(state)
        prompt = rnd.choice(prompts)
        move = rnd.choice(prompt.choices) if prompt.choices else prompt.default
        state = advance(rules, SEED, state, seq, "move", prompt.seat, {"move": move}).state
    return state


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_resigned_game_has_the_shared_result_shape(game):
    rules = rules_for(game)
    seats = max(2, rules.min_players)
    state = rules.resign(_played(rules, seats, 6), 0)
    result = check_result(rules, state, seats)
    assert 0 not in result["winners"]


def test_babel_played_to_its_end_has_the_shared_result_shape():
    rules = rules_for("babel")
    for n in range(6):
        played = random_playout(rules, 2, {}, SEED[:-1] + bytes([n]), random.Random(n))
        result = check_result(rules, played["state"], 2)
        if result["winner"] is None:
            assert result["winners"] == [0, 1]


def test_babel_games_of_earlier_versions_keep_their_recorded_result():
    """A log's game_ended holds the result of its rules version (tests/corpus still verifies)."""
    rules = rules_for("babel", version="2")
    state = rules.resign(_played(rules, 2, 4), 1)
    assert set(rules.result(state)) == {"winner", "reason", "scores", "hand_sizes"}
