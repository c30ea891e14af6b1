"""The Iron Age picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, and every board
element a step offers is there to click (its `data-el`)."""

from __future__ import annotations

import random

import pytest

from tests.games.iron_age.test_steps import RULES, _positions
from tests.picturecheck import check_picture

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("seats", [1, 4])
def test_picture_is_readable_named_and_has_every_offered_element_IA_1_2_IA_5_2_IA_6_1(seats):
    pick = random.Random(seats)
    n = 0
    for state in _positions(seats, 7, every=5):
        for p in RULES.prompts(state):
            svg, _ = check_picture(RULES, state, p.seat, p.kind, NAMES[:seats], pick)
            assert NAMES[p.seat] + " (you)" in svg
            n += 1
    assert n > 5
    assert "Legend" in svg and "Navy (cost 20, 4 points)" in svg  # effects in words from the data


def test_a_spectator_picture_names_every_player_IA_S1():
    state = next(iter(_positions(2, 1)))
    svg = RULES.picture(RULES.view(state, None), None, ["Ada", "Bo"])
    assert "Ada" in svg and "Bo" in svg and "(you)" not in svg
