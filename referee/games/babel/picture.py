"""Babel's board as SVG, drawn from a seat's view only (RULES.md §9): it cannot show what the
seat may not see, because the view does not hold it.

Five locations side by side, each with both players' columns of people cards and their temple
sites (levels bottom to top); the pawns; both build yards (top card and size); the piles; the
viewer's own hand and the opponent's hand size. Every shape carries a text label, so the
picture reads without colour and with a screen reader.
"""

from __future__ import annotations

from typing import Any

from referee.engine.drawing import document, group, rect, text

WIDTH = 900
PANEL_W = 172
GAP = (WIDTH - 5 * PANEL_W) / 6
CARD_W, CARD_H, PER_ROW = 80, 20, 2
FILL = {"medes": "#f3e3a2", "sumerians": "#c9dcf7", "hittites": "#f4c7c0", "persians": "#c8ecd2", "assyrians": "#e2cdf0"}


def _short(people: str) -> str:
    return people[:3].capitalize()


def _who(seat: int, viewer: int | None) -> str:
    return f"Seat {seat} (you)" if seat == viewer else f"Seat {seat}"


def _column(x: float, y: float, cards: list[str], up: bool) -> str:
    """Cards in placing order (index 0 first); rows grow away from the location's name."""
    out = []
    for i, people in enumerate(cards):
        row, col = divmod(i, PER_ROW)
        cy = y - (row + 1) * (CARD_H + 2) if up else y + row * (CARD_H + 2)
        cx = x + 5 + col * (CARD_W + 2)
        out.append(rect(cx, cy, CARD_W, CARD_H, fill=FILL.get(people, "#eee"), stroke="#555", rx=3))
        out.append(text(cx + CARD_W / 2, cy + 15, f"{i}: {_short(people)}", text_anchor="middle", font_size=14))
    return "".join(out)


def _rows(n: int) -> int:
    return max(1, -(-n // PER_ROW))


def _side(view: dict, seat: int, loc: str, x: float, base: float, up: bool, viewer: int | None) -> str:
    """One player's temple site and column at one location."""
    player = view["players"][seat]
    site = player["sites"][loc]
    column = player["columns"][loc]
    temple = "temple " + ("-".join(str(v) for v in site) + f" = {site[-1]}" if site else "none")
    pawn = player["pawn"] == loc
    name_y, temple_y = (base - 40, base - 22) if up else (base + 18, base + 36)
    parts = [text(x + 6, name_y, _who(seat, viewer) + (" ♟ pawn" if pawn else ""), font_size=15,
                  font_weight="bold" if pawn else None),
             text(x + 6, temple_y, temple, font_size=15)]
    parts.append(_column(x, base - 58 if up else base + 44, column, up))
    desc = (f"{_who(seat, viewer)} at {loc}: temple {'levels ' + ', '.join(map(str, site)) if site else 'not built'}; "
            f"column {', '.join(column) if column else 'empty'}{'; pawn here' if pawn else ''}")
    return group("".join(parts), desc)


def _panel(view: dict, loc: str, i: int, top: float, top_rows: int, bottom_rows: int, viewer: int | None) -> tuple[str, float]:
    x = GAP + i * (PANEL_W + GAP)
    upper_seat, lower_seat = (1 - viewer, viewer) if viewer in (0, 1) else (1, 0)
    upper_h = 64 + top_rows * (CARD_H + 2)
    lower_h = 56 + bottom_rows * (CARD_H + 2)
    mid = top + upper_h
    height = upper_h + 26 + lower_h
    body = [rect(x, top, PANEL_W, height, fill="#fafaf5", stroke="#888", rx=6),
            rect(x, mid, PANEL_W, 26, fill=FILL.get(loc, "#ddd"), stroke="#888"),
            text(x + PANEL_W / 2, mid + 19, loc.capitalize(), text_anchor="middle", font_weight="bold", font_size=16),
            _side(view, upper_seat, loc, x, mid, True, viewer),
            _side(view, lower_seat, loc, x, mid + 26, False, viewer)]
    return group("".join(body), f"Location {loc}"), height


def _hand_text(view: dict, seat: int, viewer: int | None) -> str:
    player = view["players"][seat]
    if "hand" in player:
        cards = [f"{n} {p}" for p, n in player["hand"].items() if n]
        return f"{_who(seat, viewer)} hand ({view['hand_sizes'][seat]}): {', '.join(cards) if cards else 'empty'}"
    return f"{_who(seat, viewer)} hand: {view['hand_sizes'][seat]} cards (hidden)"


def _yard_text(view: dict, s: int) -> str:
    yard = view["yards"][s]
    return f"Yard {s}: " + (f"top level {yard[-1]}, {len(yard)} cards" if yard else "empty")


def draw(view: dict[str, Any], viewer: int | None) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it."""
    locations = list(view["players"][0]["columns"])
    upper_seat, lower_seat = (1 - viewer, viewer) if viewer in (0, 1) else (1, 0)
    top_rows = max(_rows(len(view["players"][upper_seat]["columns"][loc])) for loc in locations)
    bottom_rows = max(_rows(len(view["players"][lower_seat]["columns"][loc])) for loc in locations)
    scores = view["scores"]
    over = view["phase"] == "over"
    status = ("game over" if over else
              f"turn {view['turn']}, seat {view['active']} to act" + (", halving discard pending" if view.get("pending") else ""))
    head = f"Babel — {status} · score seat 0: {scores[0]}, seat 1: {scores[1]}"
    parts = [text(GAP, 22, head, font_size=18, font_weight="bold")]
    height = 0.0
    for i, loc in enumerate(locations):
        panel, height = _panel(view, loc, i, 36, top_rows, bottom_rows, viewer)
        parts.append(panel)
    y = 36 + height + 24
    facts = [
        _yard_text(view, 0) + " · " + _yard_text(view, 1),
        f"People draw pile: {view.get('people_draw_count', len(view.get('people_draw', [])))} cards · discard pile: "
        f"{len(view['people_discard'])} cards" + (f" (top: {view['people_discard'][-1]})" if view["people_discard"] else ""),
        f"Temple supply: {view.get('temple_supply_count', len(view.get('temple_supply', [])))} cards"
        + (f" (known on top: {', '.join(map(str, view['temple_supply_top']))})" if view.get("temple_supply_top") else ""),
        _hand_text(view, lower_seat, viewer),
        _hand_text(view, upper_seat, viewer),
        "Start cards unbuilt: " + (", ".join(f"seat {s}" for s, p in enumerate(view["players"]) if p["start_card"]) or "none"),
    ]
    for line in facts:
        parts.append(text(GAP, y, line, font_size=17))
        y += 25
    if over and view.get("result"):
        parts.append(text(GAP, y, f"Result: {esc_result(view['result'])}", font_size=16, font_weight="bold"))
        y += 22
    who = "a spectator" if viewer is None else f"seat {viewer}"
    desc = f"{head}. " + ". ".join(facts) + "."
    return document(WIDTH, int(y + 6), f"Babel board as {who} sees it", desc, "".join(parts), "babel")


def esc_result(result: dict) -> str:
    winner = result.get("winner")
    return f"{'seat ' + str(winner) + ' wins' if winner is not None else 'draw'} ({result.get('reason', 'end')})"
