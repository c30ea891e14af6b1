"""The four schemas and the component data: shapes, strictness, and numbers read from data."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from referee.engine.base import ComponentError
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.babel.rules import GameRules
from tests.games.babel.builder import H, M, P, RULES, make_state, play, player

SHARED = Path("/work/shared/games/babel/components.json")


def test_bundled_components_match_the_shared_file_and_schema():
    bundled = GameRules.bundled_components()
    if SHARED.exists():
        assert bundled == json.loads(SHARED.read_text())
    assert check("games/babel/components.json", bundled) == []


@pytest.mark.parametrize("path,value", [
    (("peoples", 0, "id"), "egyptians"),
    (("temple_cards", "max_level", "value"), 7),
    (("constants", "goal_points", "value"), "15"),
    (("constants", "migrations_per_turn", "value"), 2),
    (("players", "max"), 3),
    (("surprise",), 1),
])
def test_components_schema_rejects_malformed_data(path, value):
    data = copy.deepcopy(RULES.components)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ComponentError):
        GameRules(data)


def test_components_with_inconsistent_totals_are_rejected():
    data = copy.deepcopy(RULES.components)
    data["peoples"][0]["cards"] = 11
    with pytest.raises(ComponentError, match="people_cards_total"):
        GameRules(data)
    data = copy.deepcopy(RULES.components)
    data["temple_supply_at_setup"]["levels"]["1"] = 9
    with pytest.raises(ComponentError, match="supply"):
        GameRules(data)


def test_engine_reads_numbers_from_the_component_data():
    data = copy.deepcopy(RULES.components)
    data["constants"]["people_draw_per_turn"]["value"] = 2
    data["constants"]["goal_points"]["value"] = 12
    data["constants"]["migration_cards"]["value"] = 2
    rules = GameRules(data)
    state = rules.setup(2, {"first_seat": 0}, Rng(b"data", 1))
    assert sum(state["players"][0]["hand"].values()) == 5 + 2
    state = make_state(player(pawn=P, columns={P: [H] * 6, H: [M, M]}, sites={M: [6], P: [5]}),
                       player(sites={M: [5]}), yards=[[6], []])
    moved = rules.apply(state, 0, {"type": "migrate", "from": H, "to": M}, Rng(b"x", 2))
    assert moved["players"][0]["columns"][M] == [M, M]
    won = rules.apply(state, 0, {"type": "build", "source": "yard", "yard": 0}, Rng(b"x", 2))
    assert won["result"]["winner"] == 0 and won["result"]["scores"] == [12, 5]
    assert play(state, 0, {"type": "build", "source": "yard", "yard": 0})[0]["result"] is None


def test_options_schema():
    for ok in ({}, {"first_seat": 0}, {"first_seat": 1}):
        assert check("games/babel/options.json", ok) == []
    for bad in ({"first_seat": 2}, {"first_seat": "0"}, {"first_seat": True}, {"long": True}):
        assert check("games/babel/options.json", bad) != []


def test_move_schema_accepts_every_listed_choice_and_rejects_malformed_moves():
    state = RULES.setup(2, {}, Rng(b"schema", 1))
    for n in range(2, 60):
        (prompt,) = RULES.prompts(state)
        for move in prompt.choices or [prompt.default]:
            assert check("games/babel/move.json", move) == [], move
        state = RULES.apply(state, prompt.seat, prompt.choices[n % len(prompt.choices)], Rng(b"schema", n))
    for bad in ({"type": "travel"}, {"type": "travel", "people": "medes", "extra": 1},
                {"type": "build", "source": "start", "yard": 0}, {"type": "build", "source": "yard"},
                {"type": "ability", "power": "persians", "index": 0},
                {"type": "ability", "power": "hittites", "index": 0, "target": "medes"},
                {"type": "ability", "power": "medes", "index": -1, "target": "medes"},
                {"type": "discard", "cards": []}, {"type": "end_turn", "at": "medes"}, {"people": "medes"}):
        assert check("games/babel/move.json", bad) != [], bad


def test_state_schema_rejects_malformed_positions():
    good = make_state()
    assert check("games/babel/state.json", good) == []
    mutations = [
        lambda s: s.update(extra=1),
        lambda s: s.update(phase="lunch"),
        lambda s: s.update(pending={"seat": 1, "count": 1}),  # phase is not halve_response
        lambda s: s["players"][0]["hand"].update(gold=1),
        lambda s: s["players"][0]["hand"].update(medes=-1),
        lambda s: s["players"][0].update(pawn="babylon"),
        lambda s: s["players"][0]["sites"].update(medes=[1, 7]),
        lambda s: s["players"][0]["columns"].update(medes=["medes", 3]),
        lambda s: s["yards"].append([]),
        lambda s: s.update(result={"winner": 0, "reason": "goal_15", "scores": [15, 0], "hand_sizes": [0, 0]}),
        lambda s: s.update(phase="over", result={"winner": None, "reason": "resigned", "scores": [0, 0],
                                                  "hand_sizes": [0, 0]}),
        lambda s: s.update(phase="over", result={"winner": 0, "reason": "supply_exhausted", "scores": [0, 0],
                                                  "hand_sizes": [0, 0]}),
        lambda s: s.update(turn=0),
        lambda s: s.pop("mode"),
    ]
    for mutate in mutations:
        bad = copy.deepcopy(good)
        mutate(bad)
        assert check("games/babel/state.json", bad) != [], bad


def test_rules_registry_and_identity():
    rules = rules_for("babel")
    assert (rules.id, rules.rules_version, rules.min_players, rules.max_players) == ("babel", "3", 2, 2)
    assert rules_for("babel", version="1").rules_version == "1"
    assert rules.move_schema["oneOf"] and rules.options_schema and rules.state_schema
    play(make_state(player(hand={M: 1})), 0, {"type": "travel", "people": M})
