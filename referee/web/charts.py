"""Small standalone SVG bar charts for the statistics (no script, no inline style: the pages'
Content-Security-Policy allows neither; site.css colours them). Each bar is labelled with its
value, so the chart reads without colour and a screen reader gets the title and the labels."""

from __future__ import annotations

from markupsafe import Markup, escape

WIDTH, ROW, LEFT, RIGHT = 340, 20, 100, 44


def bars(rows: list[tuple[str, float]], label: str, unit: str = "") -> Markup:
    """Horizontal bars, one per (label, value), scaled to the largest value."""
    if not rows:
        return Markup("")
    top = max(v for _, v in rows) or 1
    span = WIDTH - LEFT - RIGHT
    height = ROW * len(rows) + 4
    parts = [f'<svg class="bar-chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(label)}">'
             f"<title>{escape(label)}</title>"]
    for i, (name, value) in enumerate(rows):
        y = 2 + i * ROW
        w = max(1.0, value / top * span) if value else 0.0
        shown = f"{value:.0f}{unit}" if unit == "%" else f"{value:g}{unit}"
        parts.append(f'<text class="bar-label" x="{LEFT - 6}" y="{y + 14}">{escape(name)}</text>'
                     f'<rect x="{LEFT}" y="{y + 3}" width="{w:.1f}" height="{ROW - 6}"/>'
                     f'<text class="bar-value" x="{LEFT + w + 4:.1f}" y="{y + 14}">{escape(shown)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
