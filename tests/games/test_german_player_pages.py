"""The German player pages of Khronos, The Sands of Time and Gentes (issue 29) promise what the
service does: the moves they give in German words play the same move as the English text form,
every German word they list is read by the text form, and each page anchors the same rule ids at
the same places as the English page, so a link to a rule lands on its German explanation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engine.glossary import english_words, parse_text
from referee.engine.playerpage import anchor_places, blocks, units
from referee.engine.registry import rules_for

GAMES = Path(__file__).resolve().parents[2] / "referee" / "games"
PAGES = ["khronos", "sands_of_time", "gentes"]
SAME_MOVE = re.compile(r"`([^`]+)`\s+ist\s+derselbe\s+Zug\s+wie\s+`([^`]+)`|`([^`]+)`\s+wie\s+`([^`]+)`")
ALSO = re.compile(r"\(ebenso ([^)]*)\)")


def _page(game: str, name: str) -> str:
    return (GAMES / game / name).read_text(encoding="utf-8")


def _anchors(md: str) -> dict[str, tuple[int, int]]:
    return {rid: place for place, ids in anchor_places(units(blocks(md))).items() for rid in ids}


@pytest.mark.parametrize("game", PAGES)
def test_the_german_page_anchors_every_rule_id_where_the_english_page_does(game):
    en, de = _page(game, "README.md"), _page(game, "README.de.md")
    assert [b.tag for b in blocks(de)] == [b.tag for b in blocks(en)]
    assert _anchors(de) == _anchors(en) and len(_anchors(en)) > 40


@pytest.mark.parametrize("game", ["khronos", "sands_of_time"])
def test_the_german_moves_the_page_gives_play_as_their_english_text(game):
    rules, de = rules_for(game), _page(game, "README.de.md")
    pairs = [(m[0] or m[2], m[1] or m[3]) for m in SAME_MOVE.findall(de)]
    assert len(pairs) >= (1 if game == "khronos" else 2)
    for german, english in pairs:
        assert german != english and parse_text(rules, german) == rules.parse_text(english), german
    listed = [w for group in ALSO.findall(de) for w in re.findall(r"`([^`]+)`", group)]
    assert len(listed) >= 6
    for word in listed:  # each word the page names is one the text form reads as English
        assert english_words(game, word) != word or word == "gold", word

