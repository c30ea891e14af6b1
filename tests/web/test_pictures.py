"""The games' pictures over whole random games: every view (each seat, a spectator, running and
finished) draws, as well-formed SVG with a <title>, and a running game's picture shows no hand
the viewer may not see. Fast: the engine only, no server, no browser."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from tests.web.checks import hand_contents_shown, hand_text

SVG_NS = "{http://www.w3.org/2000/svg}"


def _draws(rules, view, seat) -> str:
    svg = rules.picture(view, seat)
    root = ET.fromstring(svg)
    if root.tag == "div":  # a board in sections: its title a paragraph, each section titled
        assert root.get("class") == "board" and root.find("p").text
        assert all(s.find(SVG_NS + "title") is not None for s in root.iter(SVG_NS + "svg") if s.get("class") == "section")
    else:
        assert root.tag == SVG_NS + "svg" and root.find(SVG_NS + "title") is not None
    assert root.findall(f".//{SVG_NS}text"), "labels in text, readable without colour"
    return svg


@pytest.mark.parametrize("game,seats", [("babel", 2), ("iron_age", 3), ("iron_age", 1)])
def test_pictures_of_whole_games(game, seats):
    rules = rules_for(game)
    seed = bytes([seats]) * 32
    state = initial(rules, seed, seats, {}, None).state
    pick = random.Random(seats)
    seq, steps = 1, 0
    while rules.result(state) is None and steps < 600:
        # Babel hides hands: every viewer at every move. In Iron Age all is public: the spectator
        # and one seat in turn (every seat's view every `seats` moves; a board in sections is
        # twice the XML of the old picture, and this is the suite's longest engine test)
        for viewer in (None, *range(seats)) if game == "babel" else (None, steps % seats):
            svg = _draws(rules, rules.view(state, viewer), viewer)
            if game == "babel":  # only the viewer's own hand is spelled out, card by card
                assert hand_contents_shown(svg) <= ({hand_text(state, viewer)} if viewer is not None else set())
                own = state["players"][viewer]["hand"] if viewer is not None else {}
                assert set(re.findall(r'data-el="(hand-\w+)"', svg)) == {f"hand-{p}" for p, n in own.items() if n}
        prompt = pick.choice(rules.prompts(state))
        move = pick.choice(prompt.choices) if prompt.choices else prompt.default
        seq += 1
        state = advance(rules, seed, state, seq, "move", prompt.seat, {"move": move}).state
        steps += 1
    if rules.result(state) is not None:
        for viewer in (None, *range(seats)):
            _draws(rules, rules.view(state, viewer), viewer)


def test_pictures_escape_text():
    """Names and labels go through XML escaping (a picture is inlined into the page)."""
    from referee.engine.drawing import text
    assert text(0, 0, "<b>&") == '<text x="0" y="0">&lt;b&gt;&amp;</text>'
    assert set(GAME_IDS) >= {"babel", "iron_age"}
