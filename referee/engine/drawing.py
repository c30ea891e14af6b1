"""The one drawing helper of every game's `picture` hook: escaped SVG elements, no styles (the
pages' Content-Security-Policy forbids inline style, so colours are presentation attributes).

Conventions every picture follows, so pages treat all five games alike:
- the picture is one `document(...)` with a <title> and <desc>, or (issue 39) a `board(...)` of
  `section(...)`s that each fit a phone, drawn 1:1, components defined once as `symbol`s;
- each thing a step may name (a square, a region, a card, a tile, a die) is an `element(...)`:
  a <g> with `data-el` (the id an `Option.element` of engine/steps.py names) and a <title> in
  words, so the page can highlight it, take a click on it, and a screen reader can name it;
- no text smaller than MIN_FONT (11 px at a 1280 px window); `legend(...)` explains symbols;
- players are named by their names (`names[seat]`), never "seat N";
- every label is measured (`text_width`, `fit`, `wrap`, `label`, `lines`) so that no text leaves
  its box or meets another, in any language, whatever the names (tests/boardcheck.py checks).
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr


def esc(text: object) -> str:
    return _escape(str(text))


@lru_cache(maxsize=None)
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _attrs(attrs: dict[str, object]) -> str:
    """Attributes from keywords (`font_size` -> font-size); numbers need no escaping, and a board
    writes thousands of them on every page."""
    return "".join(f' {_attr_name(k)}="{v}"' if isinstance(v, (int, float)) else f" {_attr_name(k)}={quoteattr(str(v))}"
                   for k, v in attrs.items() if v is not None)


MIN_FONT = 11


def text(x: float, y: float, content: object, **attrs: object) -> str:
    return f"<text x=\"{x:g}\" y=\"{y:g}\"{_attrs(attrs)}>{esc(content)}</text>"


def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return f"<rect x=\"{x:g}\" y=\"{y:g}\" width=\"{w:g}\" height=\"{h:g}\"{_attrs(attrs)}/>"


def group(body: str, label: str | None = None, **attrs: object) -> str:
    """A <g>; with `label`, a <title> a screen reader reads for the group."""
    title = f"<title>{esc(label)}</title>" if label else ""
    return f"<g{_attrs(attrs)}>{title}{body}</g>"


def element(el_id: str, label: str, body: str, **attrs: object) -> str:
    """A thing on the board that a step may name: `data-el` for the page, <title> for people."""
    return f"<g data-el={quoteattr(el_id)}{_attrs(attrs)}><title>{esc(label)}</title>{body}</g>"


def legend(x: float, y: float, items: list[tuple[str, str]], size: int = MIN_FONT, line: int = 16) -> str:
    """A legend: one line per (symbol, meaning), starting at (x, y)."""
    return "".join(text(x, y + i * line, f"{sym}  {meaning}", font_size=size) for i, (sym, meaning) in enumerate(items))


def document(width: int, height: int, title: str, desc: str, body: str, label_id: str) -> str:
    """A standalone, scalable SVG with a <title> and <desc> announced by screen readers."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-labelledby="{label_id}-t {label_id}-d" font-family="sans-serif" font-size="13">'
            f'<title id="{label_id}-t">{esc(title)}</title><desc id="{label_id}-d">{esc(desc)}</desc>'
            f"{body}</svg>")


# --- Boards in sections (issue 39) -------------------------------------------------------------
# A phone is 390 CSS px wide. A picture drawn as one wide SVG is scaled down there, and its text
# becomes unreadable. So a board is a sequence of sections, each an SVG at most SECTION_WIDTH
# user units wide, shown at its natural size (1 unit = 1 CSS px): text drawn at >= MIN_FONT units
# is >= MIN_FONT px on every screen. Wide screens put sections side by side; phones stack them.
# Symbols (dice faces, card frames, figures) are defined once per board and drawn with <use>.

SECTION_WIDTH = 360


def use(symbol_id: str, x: float, y: float, w: float, h: float, **attrs: object) -> str:
    """One drawn component: a <use> of a symbol the board defines once."""
    return f'<use href="#{symbol_id}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{_attrs(attrs)}/>'


def symbol(symbol_id: str, view_w: float, view_h: float, body: str) -> str:
    """A reusable component for `board(defs=...)`: its own viewBox, drawn by `use` at any size."""
    return f'<symbol id="{symbol_id}" viewBox="0 0 {view_w:g} {view_h:g}">{body}</symbol>'


PAPER = "#fffdf8"  # a section's own ground: its dark text stays readable on a page in a dark theme


def section(key: str, width: int, height: int, title: str, body: str, background: str | None = None,
            font_size: int = 13) -> str:
    """One part of a board (a player's hand, one age, one region) that fits a phone's width.

    `key` is stable across moves (`data-section`), so pages and tests can find the part again.
    `background` (e.g. PAPER): a ground under the whole section, so its colours and dark text do
    not depend on the page's (a dark theme). `font_size`: the size of a text that names none (a
    section of small words leaves it out of each: a lighter page)."""
    if width > SECTION_WIDTH or font_size < MIN_FONT:
        raise ValueError(f"section {key!r} is {width} wide; a phone fits {SECTION_WIDTH}")
    if background:
        body = rect(0, 0, width, height, fill=background) + body
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="section" data-section={quoteattr(key)} '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label={quoteattr(title)} font-family="sans-serif" font-size="{font_size}">'
            f"<title>{esc(title)}</title>{body}</svg>")


def board(title: str, desc: str, sections: list[str], label_id: str, defs: str = "") -> str:
    """A whole picture: its sections in reading order (for a seat: its own hand and pieces
    first, then the shared board), with the symbols they use defined once."""
    symbols = (f'<svg xmlns="http://www.w3.org/2000/svg" class="symbols" width="0" height="0" '
               f'aria-hidden="true" focusable="false"><defs>{defs}</defs></svg>') if defs else ""
    return (f'<div class="board" role="group" aria-labelledby="{label_id}-t" aria-describedby="{label_id}-d">'
            f'<p class="board-title" id="{label_id}-t">{esc(title)}</p>'
            f'<p class="board-desc" id="{label_id}-d">{esc(desc)}</p>'
            f"{symbols}{''.join(sections)}</div>")


# --- Measuring text (issue 39) -----------------------------------------------------------------
# SVG text does not wrap, and a picture is drawn on the server, which cannot ask the browser how
# wide a word is. So every label is measured with the advance widths of DejaVu Sans (what
# "sans-serif" is on Linux, and wider than Arial or Helvetica elsewhere, so an estimate that fits
# here fits there), in hundredths of an em; a character not in the table counts a whole em.
_MEASURED = ("".join(chr(i) for i in range(32, 127)) + "äöüÄÖÜßéèàç·×…—–’“”„✓♟°²³½")
_REGULAR = (32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64,
            64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69,
            63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28,
            97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84, 61, 61, 63, 68, 79, 73, 63, 62,
            62, 61, 55, 32, 84, 100, 100, 50, 32, 52, 52, 52, 84, 90, 50, 40, 40, 97)
_BOLD = (35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70,
         40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72,
         68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104,
         71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84, 67, 69, 71, 77, 85, 81, 72, 68, 68, 67,
         59, 38, 84, 100, 100, 50, 38, 66, 66, 66, 84, 90, 50, 44, 44, 104)
_EM = {False: dict(zip(_MEASURED, _REGULAR)), True: dict(zip(_MEASURED, _BOLD))}


@lru_cache(maxsize=8192)
def _ems(content: str, bold: bool) -> int:
    """The advance of `content` in hundredths of an em (a board draws the same words move after move)."""
    em = _EM[bold]
    return sum(em.get(c, 100) for c in content)


def text_width(content: object, size: float = MIN_FONT, bold: bool = False) -> float:
    """How wide `content` is drawn in sans-serif at `size` units (an estimate on the wide side)."""
    s = str(content)
    # + 1 unit: a browser rounds each glyph's advance to its pixel grid (Chromium measured up to
    # 0.6 units wider than the font's own widths on these boards)
    return _ems(s, bold) * size / 100 + 1 if s else 0.0


def fit(content: object, width: float, size: float = MIN_FONT, bold: bool = False) -> str:
    """`content` as it fits in `width` units: whole, or cut with an ellipsis (put the whole in a
    <title>: `label` does)."""
    s = str(content)
    if text_width(s, size, bold) <= width:
        return s
    em, room = _EM[bold], (width - 1) * 100 / size - _EM[bold]["…"]
    used, cut = 0, 0
    for cut, c in enumerate(s):
        used += em.get(c, 100)
        if used > room:
            break
    s = s[:cut].rstrip()
    return s + "…" if s else ""


def wrap(content: object, width: float, size: float = MIN_FONT, bold: bool = False,
         lines: int | None = None) -> list[str]:
    """`content` broken at spaces into lines of at most `width` units (a word wider than a line
    is cut); with `lines`, at most that many, the last one ending in an ellipsis if cut."""
    room = (width - 1) * 100 / size  # in hundredths of an em, as _ems counts
    space = _EM[bold][" "]
    out: list[str] = []
    used = 0
    for word in str(content).split():
        w = _ems(word, bold)
        if out and used + space + w <= room:
            out[-1] += " " + word
            used += space + w
        else:
            out.append(fit(word, width, size, bold))
            used = _ems(out[-1], bold)
    if lines is not None and len(out) > lines:
        out = out[:lines - 1] + [fit(" ".join(out[lines - 1:]) + " …", width, size, bold)]
    return out or [""]


def label(x: float, y: float, content: object, width: float, size: float = MIN_FONT, **attrs: object) -> str:
    """A text at most `width` units wide: shortened if it must be, with the whole in a <title>."""
    bold = attrs.get("font_weight") == "bold"
    shown = fit(content, width, size, bold)
    if shown == str(content):
        return text(x, y, shown, font_size=size, **attrs)
    return (f"<text x=\"{x:g}\" y=\"{y:g}\"{_attrs({'font_size': size, **attrs})}><title>{esc(content)}</title>"
            f"{esc(shown)}</text>")


def lines(x: float, y: float, content: object, width: float, size: float = MIN_FONT, line: float | None = None,
          most: int | None = None, **attrs: object) -> tuple[str, float]:
    """A paragraph wrapped to `width` units from baseline `y`; returns it and the y under it."""
    step = line or round(size * 1.35)
    rows = wrap(content, width, size, attrs.get("font_weight") == "bold", most)
    return "".join(text(x, y + i * step, r, font_size=size, **attrs) for i, r in enumerate(rows)), y + len(rows) * step
