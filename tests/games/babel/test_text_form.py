"""The short text form for mail (§10): every form, tolerant spelling, clear errors."""

from __future__ import annotations

import pytest

from referee.engine.schemas import check
from tests.games.babel.builder import RULES

CASES = {
    "travel hittites": {"type": "travel", "people": "hittites"},
    "  SETTLE   Medes \n": {"type": "settle", "people": "medes"},
    "settle medes at persians": {"type": "settle", "people": "medes", "at": "persians"},
    "build start": {"type": "build", "source": "start"},
    "build yard 1": {"type": "build", "source": "yard", "yard": 1},
    "build yard 0 at assyrians": {"type": "build", "source": "yard", "yard": 0, "at": "assyrians"},
    "migrate medes sumerians": {"type": "migrate", "from": "medes", "to": "sumerians"},
    "ability hittites 2": {"type": "ability", "power": "hittites", "index": 2},
    "ability persians 0 yard 1": {"type": "ability", "power": "persians", "index": 0, "yard": 1},
    "ability medes 3 target sumerians": {"type": "ability", "power": "medes", "index": 3, "target": "sumerians"},
    "ability halve 4 at medes": {"type": "ability", "power": "halve", "index": 4, "at": "medes"},
    "end": {"type": "end_turn"},
    "End_Turn": {"type": "end_turn"},
    "finish": {"type": "finish_first_turn"},
    "finish_first_turn": {"type": "finish_first_turn"},
    "discard medes sumerians": {"type": "discard", "cards": ["medes", "sumerians"]},
}


@pytest.mark.parametrize("text,move", CASES.items())
def test_parse_text_maps_one_to_one_onto_json(text, move):
    assert RULES.parse_text(text) == move
    assert check("games/babel/move.json", move) == []


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"),
    ("   ", "empty"),
    ("fly medes", "unknown move"),
    ("travel", "missing"),
    ("travel babylon", "unknown people"),
    ("build", "missing"),
    ("build tower", "start"),
    ("build yard 2", "0 or 1"),
    ("build yard x", "whole number"),
    ("ability hittites", "missing index"),
    ("ability hittites -1", "whole number"),
    ("ability wizards 1", "unknown power"),
    ("ability hittites 1²", "whole number"),
    ("ability medes 1 target", "missing target"),
    ("migrate medes", "missing"),
    ("end now", "unexpected"),
    ("discard", "missing card"),
    ("discard medes gold", "unknown card"),
    ("settle medes at", "missing location"),
])
def test_parse_text_rejects_with_a_clear_message(text, fragment):
    with pytest.raises(ValueError) as info:
        RULES.parse_text(text)
    assert fragment in str(info.value)
