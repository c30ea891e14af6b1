"""The one drawing helper of every game's `picture` hook: escaped SVG elements, no styles (the
pages' Content-Security-Policy forbids inline style, so colours are presentation attributes).

Conventions every picture follows, so pages treat all five games alike:
- the picture is one `document(...)` with a <title> and <desc>;
- each thing a step may name (a square, a region, a card, a tile, a die) is an `element(...)`:
  a <g> with `data-el` (the id an `Option.element` of engine/steps.py names) and a <title> in
  words, so the page can highlight it, take a click on it, and a screen reader can name it;
- no text smaller than MIN_FONT (11 px at a 1280 px window); `legend(...)` explains symbols;
- players are named by their names (`names[seat]`), never "seat N".
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr
from xml.sax.saxutils import escape as _escape


def esc(text: object) -> str:
    return _escape(str(text))


def _attrs(attrs: dict[str, object]) -> str:
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)


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


def section(key: str, width: int, height: int, title: str, body: str) -> str:
    """One part of a board (a player's hand, one age, one region) that fits a phone's width.

    `key` is stable across moves (`data-section`), so pages and tests can find the part again."""
    if width > SECTION_WIDTH:
        raise ValueError(f"section {key!r} is {width} wide; a phone fits {SECTION_WIDTH}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="section" data-section={quoteattr(key)} '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label={quoteattr(title)} font-family="sans-serif" font-size="13">'
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
