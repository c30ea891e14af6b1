"""The Babel picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, every board
element a step offers is there to click (its `data-el`), and the opponent's hand never shows."""

from __future__ import annotations

import random
import re

from referee.engine.drawing import MIN_FONT
from tests.games.babel.test_steps import RULES, _positions

NAMES = ["Ada", "Bo"]


def _offered_elements(state: dict, seat: int, kind: str, pick: random.Random) -> set[str]:
    out: set[str] = set()
    for _ in range(8):
        path: list[str] = []
        for _ in range(6):
            step = RULES.steps(state, seat, kind, path)
            out |= {o.element for o in step.options if o.element}
            if not step.options:
                break
            path.append(pick.choice(step.options).id)
    return out


def test_picture_is_readable_named_and_has_every_offered_element_B_17_B_19_B_20_B_21():
    pick = random.Random(3)
    n = 0
    for g in range(2):
        for state in _positions(g, every=3):
            for p in RULES.prompts(state):
                svg = RULES.picture(RULES.view(state, p.seat), p.seat, NAMES)
                assert int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1)) <= 760
                sizes = re.findall(r"<text [^>]*?font-size=\"(\d+(?:\.\d+)?)\"", svg)
                assert len(sizes) == svg.count("<text ") and min(map(float, sizes)) >= MIN_FONT
                assert "Seat " not in svg and NAMES[p.seat] + " (you)" in svg
                els = re.findall(r'<g data-el="([^"]+)"><title>[^<]+</title>', svg)
                assert len(els) == svg.count("data-el=") and len(els) == len(set(els))
                missing = _offered_elements(state, p.seat, p.kind, pick) - set(els)
                assert not missing, (p.kind, missing)
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
