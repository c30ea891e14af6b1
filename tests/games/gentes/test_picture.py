"""The Gentes picture (issue 20): drawn with engine/drawing.py, readable at 1280 px (viewBox at
most 760 wide, no text below 11), names instead of seat numbers, a <title> on every element,
every board element a step can name present, the own hand in words, and nothing another seat
holds."""

from __future__ import annotations

import random
import re

from referee.games.gentes.words import card_line
from tests.games.gentes.test_steps import RULES, game_positions
from tests.picturecheck import check_picture, elements

NAMES = ["Alexandra", "Ben", "Carolina", "Dmitri"]


def shows(svg: str, cid: str) -> bool:
    """The card id appears as a word (I-01 is not inside II-01)."""
    return re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w])", svg) is not None


def test_picture_is_readable_names_players_and_draws_every_element_a_step_names():
    seen = 0
    for seats in (2, 4):
        pick = random.Random(seats)
        names = NAMES[:seats]
        for state in game_positions(seats, 900 + seats, every=9):
            for p in RULES.prompts(state):
                svg, els = check_picture(RULES, state, p.seat, p.kind, names, pick)
                for cid in state["players"][p.seat]["hand"]:  # own hand in words: name, needs, VP, effects
                    assert els[f"card-{cid}"][0].text == card_line(RULES.data, cid)
                for other, q in enumerate(state["players"]):
                    if other != p.seat:
                        for cid in q["hand"]:
                            assert f"card-{cid}" not in els and not shows(svg, cid), cid
                seen += 1
    assert seen > 10


def test_a_spectator_sees_no_hand_and_the_picture_is_pure():
    for state in game_positions(3, 77, every=25):
        view = RULES.view(state, None)
        svg = RULES.picture(view, None, NAMES[:3])
        assert svg == RULES.picture(view, None, NAMES[:3])
        assert "Your hand" not in svg and not any(k.startswith(("pop-", "track-")) for k in elements(svg))
        for p in state["players"]:
            assert not any(shows(svg, c) for c in p["hand"])
