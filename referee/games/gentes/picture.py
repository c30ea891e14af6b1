"""The picture hook: a view drawn as one inline SVG (display, training queue, map, hometown
and each player's board with the time track). Text labels carry everything, so it reads
without colour and with a screen reader; it works from the view only."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from referee.games.gentes.data import GameData

W = 900
CELL = {"locked": "lock", "empty": "", "hg1": "1 hg", "hg2": "2 hg"}


def _text(x: float, y: float, s: Any, size: int = 12, anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'font-family="sans-serif">{escape(str(s))}</text>')


def _box(x: float, y: float, w: float, h: float, fill: str = "#fff", dash: bool = False) -> str:
    extra = ' stroke-dasharray="4 3"' if dash else ""
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="#333"{extra}/>'


def draw(data: GameData, view: dict[str, Any], seat: int | None) -> str:
    parts: list[str] = []
    y = 24
    phase = view.get("phase")
    parts.append(_text(10, y, f"Gentes - round {view.get('round')} (epoch {view.get('epoch')}), phase {phase}", 16, weight="bold"))
    y += 18
    sizes = view.get("deck_sizes") or {k: len(v) for k, v in (view.get("decks") or {}).items()}
    stacks = "; ".join(f"{k} {'/'.join(map(str, v)) or 'none'}" for k, v in (view.get("bonus_stacks") or {}).items())
    parts.append(_text(10, y, f"Start player: seat {view.get('start_player')}. Supply cubes {view.get('supply_cubes')}. "
                              f"Decks {', '.join(f'{k}: {n}' for k, n in sizes.items())}. Discard {len(view.get('discard', []))}, "
                              f"box {len(view.get('box', []))}.", 11))
    y += 16
    parts.append(_text(10, y, f"Bonus tiles left: {stacks}.", 11))
    # display
    y += 16
    parts.append(_text(10, y, "Card display (slot: card)", 13, weight="bold"))
    y += 6
    for i, cell in enumerate(view.get("display", [])):
        x = 10 + i * 108
        parts.append(_box(x, y, 100, 40, "#f4efe1" if cell else "#fff", dash=cell is None))
        parts.append(_text(x + 50, y + 16, f"slot {i + 1}", 10, "middle"))
        if cell:
            label = cell["card"] + (" +cube" if cell.get("cube") else "")
            parts.append(_text(x + 50, y + 32, label, 12, "middle", "bold"))
    y += 58
    # training queue
    parts.append(_text(10, y, "Training queue (column: meeple, cost 1 / 2 persons)", 13, weight="bold"))
    y += 6
    for i, prof in enumerate(view.get("training_queue", [])):
        x = 10 + i * 145
        parts.append(_box(x, y, 138, 24, "#eef"))
        parts.append(_text(x + 69, y + 16, f"{i + 1}: {prof} {data.cost_one[i]}/{data.cost_two[i]}", 11, "middle"))
    y += 42
    # map and hometown
    owner = view.get("city_owner", {})
    marked = set(view.get("hometown_marked", []))
    parts.append(_text(10, y, "Map (space symbol: owner seat)", 13, weight="bold"))
    y += 6
    for r, region in enumerate(data.regions):
        spaces = [s for s in data.map_order if data.map_spaces[s]["region"] == region]
        parts.append(_text(10, y + 16 + r * 26, region, 12, weight="bold"))
        for k, sid in enumerate(spaces):
            x = 70 + k * 102
            o = owner.get(sid)
            parts.append(_box(x, y + 2 + r * 26, 98, 22, "#dfd" if o is not None else "#fff"))
            who = f"seat {o}" if o is not None else "-"
            parts.append(_text(x + 4, y + 17 + r * 26, f"{sid} {data.map_spaces[sid]['symbol']}: {who}", 10))
    y += 26 * len(data.regions) + 18
    parts.append(_text(10, y, "Hometown (space symbol: owner seat)", 13, weight="bold"))
    for k, sid in enumerate(data.home_order):
        x = 10 + (k % 9) * 98
        yy = y + 6 + (k // 9) * 26
        o = owner.get(sid)
        parts.append(_box(x, yy, 94, 22, "#dfd" if o is not None else "#fff"))
        label = f"{sid}: {'seat ' + str(o) if o is not None else '-'}{' +cube' if sid in marked else ''}"
        parts.append(_text(x + 4, yy + 15, label, 10))
    y += 6 + 26 * ((len(data.home_order) + 8) // 9) + 16
    # players
    for i, p in enumerate(view.get("players", [])):
        turn = " (to move)" if view.get("turn_seat") == i else ""
        passed = " (passed)" if view.get("passed") and view["passed"][i] else ""
        hand = p.get("hand")
        hand_txt = (", ".join(hand) or "0 card(s)") if hand is not None else f"{p.get('hand_size', 0)} card(s)"
        parts.append(_text(10, y, f"Seat {i}{turn}{passed}: {p['vp']} VP, {p['coins']} coins, cubes eye {p['cubes']['eye']} "
                                  f"temple {p['cubes']['temple']}, cities in supply {p['cities_in_supply']}", 12, weight="bold"))
        y += 16
        pops = ", ".join(f"{k} {v}" for k, v in p["pop"].items())
        parts.append(_text(10, y, f"Population: {pops}", 11))
        y += 14
        parts.append(_text(10, y, f"Hand: {hand_txt}. Tableau: {', '.join(p['tableau']) or 'none'}", 11))
        y += 6
        parts.append(_text(10, y + 15, "Time:", 11))
        for k, c in enumerate(p["track"]):
            x = 50 + k * 62
            fill = "#ccc" if c == "locked" else "#fff" if c == "empty" else "#fde"
            parts.append(_box(x, y + 2, 58, 20, fill, dash=c == "locked"))
            parts.append(_text(x + 29, y + 16, CELL.get(c, c.replace("tile:", "")), 10, "middle"))
        y += 36
    height = y + 10
    title = f"Gentes board, round {view.get('round')}, seen by {'seat ' + str(seat) if seat is not None else 'a spectator'}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img">'
            f"<title>{escape(title)}</title>" + "".join(parts) + "</svg>")
