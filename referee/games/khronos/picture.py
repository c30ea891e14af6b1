"""The three boards as one inline SVG (contract hook `picture`), drawn from a view only.

Each age is a grid; terrain is shaded and lettered (F forest, M mountain, ~ river) so it reads
without colour; every building is a labelled rectangle over its footprint (type letter and rank,
owner, "ruin", Reason cubes), printed hamlets are small circles marked "h". Every building has a
<title> naming it in words for screen readers. Pure: same view, same bytes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from referee.games.khronos.data import NAMES

CELL = 22
GAP = 24
TOP = 46
FILL = {"P": "#f5f1e3", "F": "#b7d7a0", "M": "#c9c2b8", "R": "#a8d4ec"}
MARK = {"F": "F", "M": "M", "R": "~"}
TYPE_FILL = {"military": "#f4a259", "religious": "#b38bd6", "civil": "#6fa8dc"}
LETTER = {"military": "M", "religious": "R", "civil": "C"}


def _text(x: float, y: float, s: str, size: int = 10, anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-family="sans-serif"{extra}>{escape(s)}</text>')


def _tile(t: dict, size: int, ox: int, age: str) -> str:
    r, c = t["anchor"]
    x, y, w = ox + c * CELL, TOP + r * CELL, size * CELL
    name = NAMES.get((t["type"], t["rank"]), t["type"])
    words = f"{'ruined ' if t.get('ruin') else ''}{name} at row {r}, column {c} in {age}"
    label = f"{LETTER[t['type']]}{t['rank']}"
    lines = [label]
    if t.get("owner") is not None:
        words += f", owned by seat {t['owner']}"
        lines.append(f"P{t['owner']}")
    if t.get("ruin"):
        lines.append("ruin")
    if t.get("restore_cube") is not None:
        words += f", restoration cube of seat {t['restore_cube']}"
        lines.append(f"r{t['restore_cube']}")
    if t.get("cubes"):
        words += ", cubes of seats " + ", ".join(map(str, t["cubes"]))
        lines.append("".join(map(str, t["cubes"])))
    dash = ' stroke-dasharray="4 2"' if t.get("ruin") else ""
    out = [f'<g><title>{escape(words)}</title>',
           f'<rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{w - 2}" fill="{TYPE_FILL[t["type"]]}" '
           f'fill-opacity="0.85" stroke="#222" stroke-width="1.5"{dash}/>']
    font, step = (8, 9) if size == 1 else (9, 10)
    for i, s in enumerate(lines[: size * 2 + (size == 1)]):
        out.append(_text(x + w / 2, y + 9 + i * step, s, font))
    out.append("</g>")
    return "".join(out)


def _board(view: dict, age: str, ox: int) -> str:
    b = view["board"][age]
    out = [_text(ox + b["cols"] * CELL / 2, TOP - 10, age.capitalize(), 14, extra=' font-weight="bold"')]
    for r, row in enumerate(b["terrain"]):
        for c, t in enumerate(row):
            x, y = ox + c * CELL, TOP + r * CELL
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FILL.get(t, "#fff")}" '
                       f'stroke="#999" stroke-width="0.5"/>')
            if t in MARK:
                out.append(_text(x + CELL - 4, y + CELL - 3, MARK[t], 7, "end", ' fill="#555"'))
    for i in range(max(b["rows"], b["cols"])):
        if i < b["cols"]:
            out.append(_text(ox + i * CELL + CELL / 2, TOP - 1, str(i), 7, extra=' fill="#666"'))
        if i < b["rows"]:
            out.append(_text(ox - 3, TOP + i * CELL + 14, str(i), 7, "end", ' fill="#666"'))
    tiles = view["boards"][age]["tiles"]
    covered = set()
    for t in tiles.values():
        size = _size(view, t)
        r, c = t["anchor"]
        covered.update((r + i, c + j) for i in range(size) for j in range(size))
    cubes = view["boards"][age].get("hamlet_cubes", {})
    for r, c in b["printed_hamlets"]:
        if (r, c) in covered:
            continue
        x, y = ox + c * CELL + CELL / 2, TOP + r * CELL + CELL / 2
        on = cubes.get(f"{r},{c}", [])
        words = f"printed hamlet at row {r}, column {c} in {age}" + (f", cube of seat {on[0]}" if on else "")
        out.append(f'<g><title>{escape(words)}</title><circle cx="{x}" cy="{y}" r="8" fill="#6fa8dc" '
                   f'stroke="#222"/>' + _text(x, y + 3, "h" + "".join(map(str, on)), 8) + "</g>")
    for t in sorted(tiles.values(), key=lambda t: (t["anchor"], t["id"])):
        out.append(_tile(t, _size(view, t), ox, age))
    return "".join(out)


def _size(view: dict, t: dict) -> int:
    return int(view["kinds"][f"{t['type']}_{t['rank']}"]["size"])


def _status(view: dict, seat: int | None, y: int) -> list[str]:
    lines = [f"Round {view['round']}, " + ("game over" if view["phase"] == "finished"
                                          else f"seat {view['active_seat']} to play ({view['phase']})")]
    for i, p in enumerate(view["players"]):
        coins = "hidden" if p["coins"] is None else str(p["coins"])
        advs = " and ".join(p["adventurers"])
        me = " (you)" if i == seat else ""
        lines.append(f"Seat {i}{me}: coins {coins}, {p['hand_count']} cards, {p['free_cubes']} free cubes, "
                     f"adventurers in {advs}")
    if view.get("pending"):
        d = view["pending"][0]
        lines.append(f"Waiting for seat {d['seat']}: {d['decision'].replace('_', ' ')} in {d['age']}")
    return [_text(10, y + 14 * i, s, 11, "start") for i, s in enumerate(lines)]


def svg(view: dict[str, Any], seat: int | None) -> str:
    ages = list(view["board"])
    widths = [view["board"][a]["cols"] * CELL for a in ages]
    height = max(view["board"][a]["rows"] for a in ages) * CELL
    width = sum(widths) + GAP * (len(ages) + 1)
    status_y = TOP + height + 22
    total_h = status_y + 14 * (len(view["players"]) + 3)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {total_h}" width="{width}" '
             f'height="{total_h}" role="img">',
             f"<title>Khronos, round {view['round']}: the ages of "
             f"{', '.join(a.capitalize() for a in ages)}</title>"]
    ox = GAP
    for age, w in zip(ages, widths):
        parts.append(_board(view, age, ox))
        ox += w + GAP
    parts += _status(view, seat, status_y)
    parts.append("</svg>")
    return "".join(parts)
