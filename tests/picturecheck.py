"""Checks every game's picture passes (issue 20, engine/drawing.py's conventions), shared by the
games' picture tests: readable at a 1280 px window (viewBox at most 760 wide, or a board in
sections each at most SECTION_WIDTH wide; no text under MIN_FONT), players by name, a <title> on every board element, and every element a step offers
drawn so that the page can highlight it."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from referee.engine.contract import Rules
from referee.engine.drawing import MIN_FONT, SECTION_WIDTH

NS = "{http://www.w3.org/2000/svg}"
MAX_WIDTH = 760


def elements(svg: str) -> dict[str, ET.Element]:
    """The picture's board elements by their `data-el` id."""
    root = ET.fromstring(svg)
    return {g.attrib["data-el"]: g for g in root.iter(f"{NS}g") if "data-el" in g.attrib}


def offered_elements(rules: Rules, state: dict, seat: int, kind: str, pick: random.Random,
                     walks: int = 4, depth: int = 12) -> set[str]:
    """The board elements named along a few random step paths of one prompt."""
    out: set[str] = set()
    for _ in range(walks):
        path: list[str] = []
        for _ in range(depth):
            step = rules.steps(state, seat, kind, path)
            out |= {o.element for o in step.options if o.element}
            if not step.options:
                break
            path.append(pick.choice(step.options).id)
    return out


def check_picture(rules: Rules, state: dict, seat: int, kind: str, names: list[str],
                  pick: random.Random) -> tuple[str, dict[str, ET.Element]]:
    """The seat's picture of `state` passes every convention; returns it and its elements."""
    svg = rules.picture(rules.view(state, seat), seat, names)
    root = ET.fromstring(svg)
    if root.tag == "div":  # a board in sections (issue 39): each fits a phone, drawn 1:1
        sections = [s for s in root.iter(f"{NS}svg") if s.get("class") == "section"]
        assert sections and all(int(s.attrib["width"]) <= SECTION_WIDTH for s in sections)
    else:
        assert int(root.attrib["viewBox"].split()[2]) <= MAX_WIDTH
    texts = list(root.iter(f"{NS}text"))
    sizes = [float(t.attrib.get("font-size", 13)) for t in texts]  # else its section's (>= MIN_FONT)
    assert texts and min(sizes) >= MIN_FONT, "a text under 11 px"
    assert "seat " not in svg.lower() and names[seat] in svg, "players are called by their names"
    svg_elements = [g for g in root.iter(f"{NS}g") if "data-el" in g.attrib]
    els = elements(svg)
    assert len(els) == len(svg_elements), "board element ids are unique"
    for el_id, g in els.items():
        assert g[0].tag == f"{NS}title" and g[0].text, f"{el_id} has no <title>"
    missing = offered_elements(rules, state, seat, kind, pick) - set(els)
    assert not missing, (kind, sorted(missing)[:5])
    return svg, els


def words_of(svg: str) -> str:
    """A picture's words, visible and in <title>s, one space apart: a phrase a board wraps over
    two lines is still found (and a hidden one still caught)."""
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())
