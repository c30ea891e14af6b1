"""Tiny helpers for the games' `picture` hooks: escaped SVG elements, no styles (the pages'
Content-Security-Policy forbids inline style, so colours are presentation attributes)."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr
from xml.sax.saxutils import escape as _escape


def esc(text: object) -> str:
    return _escape(str(text))


def _attrs(attrs: dict[str, object]) -> str:
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)


def text(x: float, y: float, content: object, **attrs: object) -> str:
    return f"<text x=\"{x:g}\" y=\"{y:g}\"{_attrs(attrs)}>{esc(content)}</text>"


def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return f"<rect x=\"{x:g}\" y=\"{y:g}\" width=\"{w:g}\" height=\"{h:g}\"{_attrs(attrs)}/>"


def group(body: str, label: str | None = None, **attrs: object) -> str:
    """A <g>; with `label`, a <title> a screen reader reads for the group."""
    title = f"<title>{esc(label)}</title>" if label else ""
    return f"<g{_attrs(attrs)}>{title}{body}</g>"


def document(width: int, height: int, title: str, desc: str, body: str, label_id: str) -> str:
    """A standalone, scalable SVG with a <title> and <desc> announced by screen readers."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-labelledby="{label_id}-t {label_id}-d" font-family="sans-serif" font-size="13">'
            f'<title id="{label_id}-t">{esc(title)}</title><desc id="{label_id}-d">{esc(desc)}</desc>'
            f"{body}</svg>")
