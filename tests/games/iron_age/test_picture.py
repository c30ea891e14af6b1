"""The Iron Age picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, and every board
element a step offers is there to click (its `data-el`)."""

from __future__ import annotations

import random
import re

import pytest

from referee.engine.drawing import MIN_FONT
from tests.games.iron_age.test_steps import RULES, _positions

NAMES = ["Ada", "Bo", "Cy", "Di"]


def _offered_elements(state: dict, seat: int, kind: str, pick: random.Random) -> set[str]:
    out: set[str] = set()
    for _ in range(6):
        path: list[str] = []
        for _ in range(8):
            step = RULES.steps(state, seat, kind, path)
            out |= {o.element for o in step.options if o.element}
            if not step.options:
                break
            path.append(pick.choice(step.options).id)
    return out


@pytest.mark.parametrize("seats", [1, 4])
def test_picture_is_readable_named_and_has_every_offered_element_IA_1_2_IA_5_2_IA_6_1(seats):
    pick = random.Random(seats)
    n = 0
    for state in _positions(seats, 7, every=5):
        for p in RULES.prompts(state):
            view = RULES.view(state, p.seat)
            svg = RULES.picture(view, p.seat, NAMES[:seats])
            width = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
            assert width <= 760
            sizes = re.findall(r"<text [^>]*?font-size=\"(\d+(?:\.\d+)?)\"", svg)
            assert len(sizes) == svg.count("<text "), "every text has its own font size"
            assert min(float(s) for s in sizes) >= MIN_FONT
            assert "Seat " not in svg and "seat " not in svg
            assert NAMES[p.seat] + " (you)" in svg
            els = re.findall(r'<g data-el="([^"]+)"><title>[^<]+</title>', svg)
            assert len(els) == svg.count("data-el="), "every element has a title"
            assert len(els) == len(set(els)), "element ids are unique"
            missing = _offered_elements(state, p.seat, p.kind, pick) - set(els)
            assert not missing, (p.kind, missing)
            n += 1
    assert n > 5
    assert "Legend" in svg and "Navy (cost 20, 4 points)" in svg  # effects in words from the data


def test_a_spectator_picture_names_every_player_IA_S1():
    state = next(iter(_positions(2, 1)))
    svg = RULES.picture(RULES.view(state, None), None, ["Ada", "Bo"])
    assert "Ada" in svg and "Bo" in svg and "(you)" not in svg
