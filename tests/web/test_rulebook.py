"""The rules pages: a game's player page as escaped HTML with exactly one anchor per rule id, in
English and German (README.de.md, with the same rule ids), and the rule texts a refusal quotes."""

from __future__ import annotations

import re

import pytest

from referee.engine import playerpage
from referee.engine.registry import GAME_IDS
from referee.web.rulebook import RULE_ID, player_page, render


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_one_anchor_per_rule_id(game, lang):
    html, ids = player_page(game, lang)
    anchors = re.findall(r'<span class="anchor" id="([^"]+)"></span>', html)
    assert sorted(anchors) == sorted(set(anchors)) == sorted(ids)
    for rid in ids:
        assert RULE_ID.fullmatch(rid)


def test_defining_item_gets_the_anchor_and_text_is_escaped():
    md = "See B-R1 first.\n\n- **B-R1** start player: `<b>` & co\n- B-2 *x*\n"
    html, ids = render(md, "babel")
    assert set(ids) == {"B-R1", "B-2"}
    li = re.search(r"<li>(.*?)</li>", html).group(1)
    assert li.startswith('<span class="anchor" id="B-R1">')  # the ruling, not the first mention
    assert "<code>&lt;b&gt;</code> &amp; co" in li and "<b>" not in html


GERMAN = [g for g in GAME_IDS if playerpage.path(g, "de").exists()]


def test_babel_and_iron_age_have_german_player_pages():
    assert {"babel", "iron_age"} <= set(GERMAN)


@pytest.mark.parametrize("game", GERMAN)
def test_the_german_player_page_has_the_english_pages_rule_ids_and_headings(game):
    """No rule is lost in translation: the same rule ids, anchored alike, each defined where the
    English page defines one, under the same outline of headings."""
    en, de = playerpage.source(game, "en"), playerpage.source(game, "de")
    assert en != de
    assert set(playerpage.rule_ids(de)) == set(playerpage.rule_ids(en))
    assert set(player_page(game, "de")[1]) == set(player_page(game, "en")[1])
    assert set(playerpage.rule_texts(game, "de")) == set(playerpage.rule_texts(game, "en"))
    outline = [[b.tag for b in playerpage.blocks(md) if b.tag.startswith("h")] for md in (en, de)]
    assert outline[0] == outline[1]


def test_a_game_without_a_german_page_is_shown_in_english():
    assert playerpage.page_lang("babel", "de") == "de" and playerpage.page_lang("babel", "en") == "en"
    untranslated = [g for g in GAME_IDS if g not in GERMAN]
    for game in untranslated:
        assert playerpage.page_lang(game, "de") == "en"
        assert player_page(game, "de") == player_page(game, "en")


def test_a_rule_text_is_the_first_sentence_of_its_definition_in_the_readers_language():
    assert playerpage.rule_text("babel", "B-17") == "travel: you need a card of that people in hand."
    assert playerpage.rule_text("babel", "B-17", "de") == "Reisen: du brauchst eine Karte dieses Volkes auf der Hand."
    # a titled ruling keeps its title; a ruling set in bold inside another item starts at its id
    assert playerpage.rule_text("babel", "B-X5").startswith("Discard order. A halving discard may list")
    assert playerpage.rule_text("iron_age", "IA-R13").startswith("Navy: +1 strength per ship")
    assert playerpage.rule_text("iron_age", "IA-R12") == "Divisions: +2 strength."
    # plain text, at most 200 characters; an id the page only mentions has none
    assert all(len(t) <= 200 and "**" not in t and "`" not in t
               for g in GAME_IDS for lang in ("en", "de") for t in playerpage.rule_texts(g, lang).values())
    assert playerpage.rule_text("babel", "B-33") is None and playerpage.rule_text("babel", "B-99") is None
