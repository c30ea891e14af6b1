"""The Babel picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, every board
element a step offers is there to click (its `data-el`), and the opponent's hand never shows."""

from __future__ import annotations

import random

from tests.games.babel.test_steps import RULES, _positions
from tests.picturecheck import check_picture

NAMES = ["Ada", "Bo"]


def test_picture_is_readable_named_and_has_every_offered_element_B_17_B_19_B_20_B_21():
    pick = random.Random(3)
    n = 0
    for g in range(2):
        for state in _positions(g, every=3):
            for p in RULES.prompts(state):
                svg, _ = check_picture(RULES, state, p.seat, p.kind, NAMES, pick)
                assert NAMES[p.seat] + " (you)" in svg
                n += 1
    assert n > 20 and "Legend" in svg


def test_the_picture_shows_only_the_own_hand_B_7_B_R23():
    state = next(iter(_positions(0)))
    mine = RULES.picture(RULES.view(state, 0), 0, NAMES)
    theirs = RULES.picture(RULES.view(state, 1), 1, NAMES)
    spectator = RULES.picture(RULES.view(state, None), None, NAMES)
    assert 'data-el="hand-' in mine and 'data-el="hand-' in theirs and 'data-el="hand-' not in spectator
    hand0 = state["players"][0]["hand"]
    for people, n in hand0.items():
        if n:
            assert f'data-el="hand-{people}"' in mine
    assert "Bo holds" in mine and "Ada holds" in theirs and "Ada holds" in spectator and "Bo holds" in spectator
