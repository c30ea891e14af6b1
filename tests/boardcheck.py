"""Cheap checks of a picture drawn as a board in sections (engine/drawing.py `board`, issue 39),
without a browser: every section fits a phone (at most SECTION_WIDTH units, shown 1:1), no text
under MIN_FONT, symbols defined once and drawn with <use>, and, with the text widths estimated as
drawing.py estimates them, no two texts overlap, none leaves its section, and none leaves the box
it is drawn in (a <g> whose first shape is a <rect> or a <use> of a frame). Pick targets: at least 44×44 units."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from referee.engine.drawing import MIN_FONT, SECTION_WIDTH, text_width

NS = "{http://www.w3.org/2000/svg}"
TAP = 44


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    what: str = ""

    def meets(self, other: Box, slack: float = 0.5) -> bool:
        return (self.x0 < other.x1 - slack and other.x0 < self.x1 - slack
                and self.y0 < other.y1 - slack and other.y0 < self.y1 - slack)

    def inside(self, other: Box, slack: float = 0.5) -> bool:
        return (self.x0 >= other.x0 - slack and self.y0 >= other.y0 - slack
                and self.x1 <= other.x1 + slack and self.y1 <= other.y1 + slack)


def _shown(t: ET.Element) -> str:
    """A <text>'s visible words (its <title> is not drawn)."""
    return (t.text or "") + "".join((c.tail or "") for c in t)


def text_box(t: ET.Element, inherited: float = 13) -> Box:
    size = float(t.get("font-size", inherited))
    words = _shown(t)
    w = text_width(words, size, t.get("font-weight") == "bold")
    x, y = float(t.get("x", 0)), float(t.get("y", 0))
    anchor = t.get("text-anchor", "start")
    x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return Box(x0, y - 0.76 * size, x0 + w, y + 0.24 * size, words)


def _rect(r: ET.Element) -> Box:
    x, y = float(r.get("x", 0)), float(r.get("y", 0))
    return Box(x, y, x + float(r.get("width", 0)), y + float(r.get("height", 0)), r.get("data-el", ""))


def sections(picture: str) -> list[ET.Element]:
    root = ET.fromstring(picture)
    return [s for s in root.iter(f"{NS}svg") if s.get("class") == "section"]


def problems(picture: str, tap_exempt: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with a board (empty: nothing). `tap_exempt`: prefixes of element ids allowed
    under 44×44 (a map's squares, each also offered as a button beside the board)."""
    root = ET.fromstring(picture)
    out: list[str] = []
    if root.tag != "div" or root.get("class") != "board":
        return ["not a board in sections"]
    defined = [e.get("id") for d in root.iter(f"{NS}svg") if d.get("class") == "symbols"
               for e in d.iter() if e.get("id")]  # symbols, and shapes a <use> places unscaled
    out += [f"symbol {d} defined twice" for d in set(defined) if defined.count(d) > 1]
    for sym in root.iter(f"{NS}symbol"):
        out += ["text inside a symbol (its size would follow the use)"] if sym.find(f".//{NS}text") is not None else []
    secs = [s for s in root.iter(f"{NS}svg") if s.get("class") == "section"]
    if not secs:
        out.append("no sections")
    for s in secs:
        key = s.get("data-section")
        w, h = float(s.get("width")), float(s.get("height"))
        if w > SECTION_WIDTH or s.get("viewBox") != f"0 0 {s.get('width')} {s.get('height')}":
            out.append(f"{key}: {w} wide or not drawn 1:1")
        if s.find(f".//{NS}symbol") is not None:
            out.append(f"{key}: a symbol defined in a section")
        for u in s.iter(f"{NS}use"):
            if (u.get("href") or "#")[1:] not in defined:
                out.append(f"{key}: <use> of an undefined symbol {u.get('href')}")
        for el in s.iter():
            if el.get("transform"):
                out.append(f"{key}: a transform (the estimates would not follow it)")
        boxes = []
        base = float(s.get("font-size", 13))  # a text that names no size has its section's
        for t in s.iter(f"{NS}text"):
            b = text_box(t, base)
            if float(t.get("font-size", base)) < MIN_FONT:
                out.append(f"{key}: {b.what!r} under {MIN_FONT}")
            if not b.inside(Box(0, 0, w, h)):
                out.append(f"{key}: {b.what!r} leaves the section ({b})")
            boxes.append(b)
        for i, a in enumerate(boxes):
            out += [f"{key}: {a.what!r} overlaps {b.what!r}" for b in boxes[i + 1:] if a.meets(b)]
        for g in s.iter(f"{NS}g"):
            b = _extent(g)
            if g.get("data-el") and b is not None and not b.inside(Box(0, 0, w, h)):
                out.append(f"{key}: element {g.get('data-el')} leaves the section ({b})")
        out += _in_boxes(s, key)
        out += _taps(s, key, tap_exempt)
    return out


def _first_shape(g: ET.Element) -> ET.Element | None:
    for c in g:
        if c.tag == f"{NS}title":
            continue
        return c if c.tag in (f"{NS}rect", f"{NS}use") else None
    return None


def _in_boxes(section: ET.Element, key: str) -> list[str]:
    out = []
    for g in section.iter(f"{NS}g"):
        r = _first_shape(g)
        if r is None:
            continue
        box = _rect(r)
        for t in g.iter(f"{NS}text"):
            b = text_box(t, float(section.get("font-size", 13)))
            if not b.inside(box):
                out.append(f"{key}: {b.what!r} leaves its box {g.get('data-el') or ''} ({b} in {box})")
    return out


def _extent(g: ET.Element) -> Box | None:
    shapes = [_rect(e) for e in g.iter() if e.tag in (f"{NS}rect", f"{NS}use")]
    if not shapes:
        return None
    return Box(min(b.x0 for b in shapes), min(b.y0 for b in shapes), max(b.x1 for b in shapes),
               max(b.y1 for b in shapes))


def _taps(section: ET.Element, key: str, exempt: tuple[str, ...]) -> list[str]:
    out = []
    for g in section.iter(f"{NS}g"):
        el = g.get("data-el")
        if not el or el.startswith(exempt):
            continue
        b = _extent(g)
        if b is None or b.x1 - b.x0 < TAP - 0.5 or b.y1 - b.y0 < TAP - 0.5:
            out.append(f"{key}: element {el} is smaller than {TAP}×{TAP} ({b})")
    return out


LONG_NAMES = ["Maximiliane Schwarzenberger-Lindqvist", "Bo", "Friedrich Wilhelm von Hohenzollern",
              "Wolfgang Amadeus Mozart-Gesellschaft", "Eve"]


def board_problems(rules, state, seats: int, tap_exempt: tuple[str, ...] = ()) -> list[str]:
    """`problems` of every viewer's picture (each seat and a spectator) in English and German, with
    long names, as the page shows it (component ids named: engine/naming.py)."""
    from referee.engine.naming import named_svg
    from referee.plumbing.i18n import translator
    out = []
    names = LONG_NAMES[:seats]
    for lang in ("en", "de"):
        tr = translator(lang)
        for viewer in (None, *range(seats)):
            shown = named_svg(rules.picture(rules.view(state, viewer), viewer, names, tr), rules.id, tr)
            out += [f"{lang} viewer {viewer}: {p}" for p in problems(shown, tap_exempt)]
    return out


def played(rules, seats: int, seed: int, moves: int):
    """A state after up to `moves` moves of a random game (choices at random, else defaults)."""
    import random

    from referee.engine.replay import advance, initial
    key = bytes([seed % 256]) * 32
    state = initial(rules, key, seats, {}, None).state
    pick, seq = random.Random(seed), 1
    while rules.result(state) is None and seq < moves:
        prompt = pick.choice(rules.prompts(state))
        move = pick.choice(prompt.choices) if prompt.choices else prompt.default
        seq += 1
        state = advance(rules, key, state, seq, "move", prompt.seat, {"move": move}).state
    return state
