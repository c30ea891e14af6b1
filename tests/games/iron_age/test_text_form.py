"""The e-mail text form (README "Text form"): every documented form parses to its JSON move."""

from __future__ import annotations

import json
import re

import pytest

from referee.engine.schemas import check
from tests.games.iron_age.positions import RULES

CASES = [
    ("port", {"type": "initial_choice", "choice": "port"}),
    ("Province", {"type": "initial_choice", "choice": "province"}),
    ("reroll 0 2 fate", {"type": "reroll", "empire": [0, 2], "fate": True}),
    ("reroll 1", {"type": "reroll", "empire": [1], "fate": False}),
    ("reroll fate", {"type": "reroll", "empire": [], "fate": True}),
    ("stop", {"type": "stop_rolling"}),
    ("omen 3 workers", {"type": "omen", "die": 3, "face": "workers"}),
    ("omen fate tribute_1", {"type": "omen", "die": "fate", "face": "tribute_1"}),
    ("omen 0 food or workers", {"type": "omen", "die": 0, "face": "food_or_workers"}),
    ("no omen", {"type": "omen_decline"}),
    ("assign 0 food 2 workers", {"type": "assign", "choices": {"0": "food", "2": "workers"}}),
    ("assign 0=food, 2:workers", {"type": "assign", "choices": {"0": "food", "2": "workers"}}),
    ("attack", {"type": "conquest", "attack": True}),
    ("no attack", {"type": "conquest", "attack": False}),
    ("deny", {"type": "tribute_response", "deny": True}),
    ("accept", {"type": "tribute_response", "deny": False}),
    ("build nothing", {"type": "build", "actions": []}),
    ("build province 3 2, port 4, amphora 4 2, monument colossus 3, military 1, ship 2",
     {"type": "build", "actions": [{"kind": "province_box", "province": 3, "count": 2},
                                   {"kind": "port_box", "port": 4},
                                   {"kind": "amphora", "port": 4, "count": 2},
                                   {"kind": "monument_box", "monument": "colossus", "count": 3},
                                   {"kind": "military", "count": 1}, {"kind": "ship", "count": 2}]}),
    ("build province 2; monument Great Library 4; ships 1",
     {"type": "build", "actions": [{"kind": "province_box", "province": 2, "count": 1},
                                   {"kind": "monument_box", "monument": "great_library", "count": 4},
                                   {"kind": "ship", "count": 1}]}),
    ("buy coinage 10 goods 2 inventions 1 wealth",
     {"type": "buy", "development": "coinage", "payment": {"goods": 10, "inventions": 2, "wealth": 1}}),
    ("buy Münzwesen 10g 2i 1w",
     {"type": "buy", "development": "coinage", "payment": {"goods": 10, "inventions": 2, "wealth": 1}}),
    ("buy none", {"type": "buy_none"}),
    ("convert 2", {"type": "convert", "wealth": 2}),
    ("end turn", {"type": "end_turn"}),
    ('{"type": "convert", "wealth": 1}', {"type": "convert", "wealth": 1}),
]


@pytest.mark.parametrize("text,move", CASES)
def test_text_form_parses_to_the_json_move(text, move):
    assert RULES.parse_text(text) == move
    assert not check("games/iron_age/move.json", move)


@pytest.mark.parametrize("text", ["", "dance", "reroll", "reroll two", "omen 3", "assign 0", "build tower 3",
                                  "build monument pyramid 2", "buy nothing-at-all", "buy coinage 10 apples",
                                  "convert", "convert lots", "{not json", "[1, 2]"])
def test_text_form_rejects_nonsense_with_a_value_error(text):
    with pytest.raises(ValueError):
        RULES.parse_text(text)


def test_readme_documents_every_text_form_example():
    readme = (RULES.package_dir / "README.md").read_text()
    variants = {"Province", "reroll 1", "assign 0=food, 2:workers", "buy Münzwesen 10g 2i 1w", "reroll fate",
                "build province 2; monument Great Library 4; ships 1", "omen 0 food or workers"}
    for text, _ in CASES[:-1]:
        if text not in variants:
            assert f"`{text}`" in readme, text


def test_readme_json_examples_are_valid_moves():
    readme = (RULES.package_dir / "README.md").read_text()
    spans = re.findall(r"`(\{\"(?:type|kind)\"[^`]*\})`", readme)
    examples = [json.loads(x) for x in spans if "..." not in x]  # "[...]" stands for the action list
    moves = [m for m in examples if "type" in m]
    assert len(moves) >= 13
    for m in moves:
        assert not check("games/iron_age/move.json", m), m
    for a in (m for m in examples if "kind" in m):
        assert not check("games/iron_age/move.json", {"type": "build", "actions": [a]}), a
