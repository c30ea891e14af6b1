"""The Khronos picture (issue 20): drawn with engine/drawing.py, readable at 1280 px (viewBox at
most 760 wide, no text below 11), names instead of seat numbers, a <title> on every element,
every board element a step can name present, and nothing another seat holds."""

from __future__ import annotations

import random
import re

import pytest

from tests.games.khronos.test_steps import _positions
from referee.engine.naming import named
from referee.plumbing.i18n import EN
from tests.picturecheck import check_picture, elements


def _words(svg: str) -> str:
    """A picture's texts and titles, without attributes (a path's "M10 22" is no card)."""
    return re.sub(r'\s[\w:-]+="[^"]*"', "", svg)

NAMES = ["Alexandra", "Ben", "Carolina", "Dmitri", "Eve"]


@pytest.mark.parametrize("seats,holdem", [(2, True), (5, False)])
def test_picture_is_readable_names_players_and_draws_every_element_a_step_names(seats, holdem):
    pick = random.Random(seats)
    names = NAMES[:seats]
    seen = 0
    for n, (rules, state) in enumerate(_positions(seats, holdem, 40 + seats, every=6)):
        for p in rules.prompts(state):
            svg, els = check_picture(rules, state, p.seat, p.kind, names, pick)
            for other, q in enumerate(state["players"]):
                if other != p.seat:
                    for card in q["hand"]:
                        assert f"card-{card}" not in els and card not in _words(svg), card
                        assert not re.search(rf"\b{named(card, 'khronos', EN, short=True)}\b", svg), card
            seen += 1
    assert seen > 10


def test_a_spectator_sees_no_hand_and_the_picture_is_pure():
    for rules, state in _positions(3, True, 5, every=20):
        view = rules.view(state, None)
        svg = rules.picture(view, None, NAMES[:3])
        assert svg == rules.picture(view, None, NAMES[:3])
        assert "Your hand" not in svg and not any(k.startswith("card-") for k in elements(svg))
        for p in state["players"]:
            assert not any(c in _words(svg) for c in p["hand"] if c not in state["display"])


def test_the_squares_a_reduced_tile_may_take_are_drawn_while_its_owner_decides():
    from tests.games.khronos.test_resolve import split_position
    pos = split_position()
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": pos.hand(0, "M")[0]})
    st = pos.play(0, {"type": "choose_reduction", "at": [0, 0]}, st)
    svg = pos.rules.picture(pos.rules.view(st, 1), 1, NAMES[:3])
    els = elements(svg)
    assert {"anchor-might-0-0", "anchor-might-1-1", "b-might-0-0"} <= set(els)
    assert "Waiting for Ben to place a reduced building in Might" in svg
    assert els["b-might-3-0"][0].text.startswith("fortress (military, rank 3) at row 3, column 0 in Might, Ben's")
