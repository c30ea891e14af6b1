"""The Gentes picture (issue 20): drawn with engine/drawing.py, readable at 1280 px (viewBox at
most 760 wide, no text below 11), names instead of seat numbers, a <title> on every element,
every board element a step can name present, the own hand in words, and nothing another seat
holds."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from referee.engine.drawing import MIN_FONT
from referee.games.gentes.words import card_line
from tests.games.gentes.test_steps import RULES, game_positions

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Alexandra", "Ben", "Carolina", "Dmitri"]


def shows(svg: str, cid: str) -> bool:
    """The card id appears as a word (I-01 is not inside II-01)."""
    return re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w])", svg) is not None


def elements(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.attrib["data-el"]: g for g in root.iter(f"{NS}g") if "data-el" in g.attrib}


def step_elements(state, seat, kind, pick) -> set[str]:
    """The elements named along a few random step paths."""
    out: set[str] = set()
    for _ in range(3):
        path: list[str] = []
        while True:
            step = RULES.steps(state, seat, kind, path)
            out |= {o.element for o in step.options if o.element}
            if not step.options:
                break
            path.append(pick.choice(step.options).id)
    return out


def test_picture_is_readable_names_players_and_draws_every_element_a_step_names():
    seen = 0
    for seats in (2, 4):
        pick = random.Random(seats)
        names = NAMES[:seats]
        for state in game_positions(seats, 900 + seats, every=9):
            for p in RULES.prompts(state):
                svg = RULES.picture(RULES.view(state, p.seat), p.seat, names)
                root = ET.fromstring(svg)
                assert int(root.attrib["viewBox"].split()[2]) <= 760
                texts = list(root.iter(f"{NS}text"))
                assert texts and all(float(t.attrib["font-size"]) >= MIN_FONT for t in texts)
                assert "seat " not in svg.lower() and names[p.seat] in svg
                els = elements(svg)
                for el_id, g in els.items():
                    assert g[0].tag == f"{NS}title" and g[0].text, el_id
                missing = step_elements(state, p.seat, p.kind, pick) - set(els)
                assert not missing, (p.kind, sorted(missing)[:5])
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
