"""Checks every game's picture passes (issue 20, engine/drawing.py's conventions), shared by the
games' picture tests: readable at a 1280 px window (viewBox at most 760 wide, no text under
MIN_FONT), players by name, a <title> on every board element, and every element a step offers
drawn so that the page can highlight it. A board in sections (issue 39) passes `check_board`
too: every section fits a phone, every symbol is defined once and drawn with <use>, and no two
texts' measured boxes (drawing.text_width) overlap or leave their section."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from referee.engine.contract import Rules
from referee.engine.drawing import MIN_FONT, SECTION_WIDTH, text_width

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
    if root.tag == "div":
        check_board(svg)
    else:
        assert int(root.attrib["viewBox"].split()[2]) <= MAX_WIDTH
    texts = list(root.iter(f"{NS}text"))
    assert texts and all(float(t.attrib["font-size"]) >= MIN_FONT for t in texts), "a text under 11 px"
    assert "seat " not in svg.lower() and names[seat] in svg, "players are called by their names"
    svg_elements = [g for g in root.iter(f"{NS}g") if "data-el" in g.attrib]
    els = elements(svg)
    assert len(els) == len(svg_elements), "board element ids are unique"
    for el_id, g in els.items():
        assert g[0].tag == f"{NS}title" and g[0].text, f"{el_id} has no <title>"
    missing = offered_elements(rules, state, seat, kind, pick) - set(els)
    assert not missing, (kind, sorted(missing)[:5])
    return svg, els


def flat(svg: str) -> str:
    """A picture's words, visible and in <title>s, one space apart: a phrase a board wraps over
    two lines is still found (and a hidden one still caught)."""
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())


def text_boxes(section: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Each visible text of a section with its measured box (words, x, y, width, height)."""
    out = []
    for t in section.iter(f"{NS}text"):
        words = "".join(t.itertext())
        if not words.strip():
            continue
        size = float(t.attrib.get("font-size", section.attrib.get("font-size", 13)))
        w = text_width(words, size, t.attrib.get("font-weight") == "bold")
        x = float(t.attrib["x"]) - {"middle": w / 2, "end": w}.get(t.attrib.get("text-anchor", ""), 0)
        out.append((words, x, float(t.attrib["y"]) - 0.76 * size, w, size * 0.96))
    return out


def check_board(html: str) -> list[ET.Element]:
    """A board in sections passes issue 39's checks without a browser; returns its sections."""
    root = ET.fromstring(html)
    sections = [s for s in root if s.get("class") == "section"]
    assert sections, "a board has sections"
    defined = [s.attrib["id"] for s in root.iter(f"{NS}symbol")]
    assert len(defined) == len(set(defined)), "every symbol is defined once"
    used = {u.attrib["href"].lstrip("#") for u in root.iter(f"{NS}use")}
    assert used and used <= set(defined), sorted(used - set(defined))
    keys = [s.attrib["data-section"] for s in sections]
    assert len(keys) == len(set(keys)), "section keys are unique"
    for s in sections:
        width, height = float(s.attrib["width"]), float(s.attrib["height"])
        assert width <= SECTION_WIDTH and s.attrib["viewBox"] == f"0 0 {s.attrib['width']} {s.attrib['height']}"
        assert not list(s.iter(f"{NS}symbol")), "symbols live in the board's defs, once"
        boxes = text_boxes(s)
        for t in s.iter(f"{NS}text"):
            assert float(t.attrib.get("font-size", 13)) >= MIN_FONT, "".join(t.itertext())
        for words, x, y, w, h in boxes:
            assert -0.5 <= x and x + w <= width + 0.5 and -0.5 <= y and y + h <= height + 0.5, \
                (s.attrib["data-section"], words, x, y, w, h)
        for i, (a, ax, ay, aw, ah) in enumerate(boxes):
            for b, bx, by, bw, bh in boxes[i + 1:]:
                assert not (ax < bx + bw - 0.5 and bx < ax + aw - 0.5 and ay < by + bh - 0.5 and by < ay + ah - 0.5), \
                    (s.attrib["data-section"], a, b)
    return sections
