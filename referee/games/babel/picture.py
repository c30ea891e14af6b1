"""Babel's board as SVG, drawn from a seat's view only (RULES.md §9): it cannot show what the
seat may not see, because the view does not hold it.

The five locations stacked as bands: the location (with the pawns there), then each player's
temple and column of people cards, the viewer's below. Then the build yards, the start cards,
the viewer's hand card by card, the opponent's hand size, the piles and a legend. Things a step
may name are `element`s whose ids are listed in steps.py; every text is at least MIN_FONT.
"""

from __future__ import annotations

from referee.plumbing.i18n import EN, Translator

from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.games.babel.steps import POWER_WORDS, name

WIDTH = 760
LEFT = 150           # the location block
SIDE_X = 158         # a player's name and temple
CARDS_X = 318        # first card of a column
CARD_W, CARD_H, GAP = 40, 20, 2
PER_LINE = (WIDTH - CARDS_X - 6) // (CARD_W + GAP)
FILL = {"medes": "#f3e3a2", "sumerians": "#c9dcf7", "hittites": "#f4c7c0", "persians": "#c8ecd2",
        "assyrians": "#e2cdf0"}


def short(people: str) -> str:
    return people[:3].capitalize()


def _who(view: dict, seat: int, names: list[str]) -> str:
    n = names[seat] if seat < len(names) else f"Player {seat + 1}"
    return f"{n} (you)" if seat == view.get("viewer") else n


def _whose(view: dict, seat: int, names: list[str]) -> str:
    return "your" if seat == view.get("viewer") else f"{_who(view, seat, names)}'s"


def _temple(site: list[int]) -> str:
    return f"temple {'-'.join(map(str, site))} (worth {site[-1]})" if site else "no temple"


def _lines(n: int) -> int:
    return max(1, -(-n // PER_LINE))


def _row(view: dict, seat: int, loc: str, y: float, names: list[str]) -> tuple[str, float]:
    """One player's temple and column at one location; returns the drawing and its height."""
    player = view["players"][seat]
    column, site = player["columns"][loc], player["sites"][loc]
    who = _who(view, seat, names)
    h = _lines(len(column)) * (CARD_H + GAP) + 4
    parts = [text(SIDE_X, y + 14, who, font_size=12, font_weight="bold"),
             text(SIDE_X, y + 28, _temple(site), font_size=11)]
    for i, people in enumerate(column):
        line, col = divmod(i, PER_LINE)
        cx, cy = CARDS_X + col * (CARD_W + GAP), y + 2 + line * (CARD_H + GAP)
        body = (rect(cx, cy, CARD_W, CARD_H, fill=FILL.get(people, "#eee"), stroke="#555", rx=3)
                + text(cx + CARD_W / 2, cy + 14, short(people), text_anchor="middle", font_size=11))
        parts.append(element(f"card-{seat}-{loc}-{i}", f"Card {i} of {_whose(view, seat, names)} column at the {name(loc)}: {name(people)}",
                             body))
    if not column:
        parts.append(text(CARDS_X, y + 15, "no cards", font_size=11, fill="#555"))
    desc = (f"{_whose(view, seat, names).capitalize()} column at the {name(loc)}: {', '.join(name(c) for c in column) or 'empty'}; {_temple(site)}")
    return element(f"col-{seat}-{loc}", desc, "".join(parts)), max(h, 32)


def _band(view: dict, loc: str, y: float, order: tuple[int, int], names: list[str]) -> tuple[str, float]:
    """A location: its block on the left, both players' rows on the right."""
    rows, hs = [], []
    yy = y + 4
    for seat in order:
        body, h = _row(view, seat, loc, yy, names)
        rows.append(body)
        hs.append(h)
        yy += h + 2
    height = sum(hs) + 10
    pawns = [_who(view, s, names) for s in (0, 1) if view["players"][s]["pawn"] == loc]
    block = (rect(4, y, LEFT - 8, height - 2, fill=FILL.get(loc, "#ddd"), stroke="#777", rx=5)
             + text(12, y + 18, name(loc), font_size=14, font_weight="bold")
             + "".join(text(12, y + 34 + 14 * k, f"♟ {w}", font_size=11) for k, w in enumerate(pawns)))
    where = f"The {name(loc)}" + (f"; pawn of {', '.join(pawns)} here" if pawns else "")
    parts = [rect(4, y, WIDTH - 8, height - 2, fill="#fafaf5", stroke="#bbb", rx=5),
             element(f"loc-{loc}", where, block), *rows]
    return group("".join(parts), f"Location {name(loc)}"), height


def _status(view: dict, names: list[str]) -> str:
    if view["phase"] == "over":
        r = view.get("result") or {}
        w = r.get("winner")
        who = f"{_who(view, w, names)} won" if isinstance(w, int) else "a draw"
        return f"Game over: {who} ({str(r.get('reason', 'end')).replace('_', ' ')})"
    head = f"Turn {view['turn']}: {_who(view, view['active'], names)} to act"
    pending = view.get("pending")
    if pending:
        k = pending["count"]
        head += f"; {_who(view, pending['seat'], names)} must discard {k} card{'s' if k != 1 else ''} (halving)"
    return head


def _box(el: str | None, label: str, x: float, y: float, w: float, lines: list[str], fill: str) -> str:
    body = rect(x, y, w, 18 + 15 * len(lines), fill=fill, stroke="#555", rx=4) + "".join(
        text(x + 6, y + 15 + 15 * k, line, font_size=12 if k == 0 else 11, font_weight="bold" if k == 0 else None)
        for k, line in enumerate(lines))
    return element(el, label, body) if el else group(body, label)


def _tables(view: dict, y: float, order: tuple[int, int], names: list[str]) -> tuple[str, float]:
    """Yards, start cards, the viewer's hand, the opponent's hand size, the piles."""
    parts: list[str] = []
    x = 4.0
    for s in (0, 1):
        yard = view["yards"][s]
        who = _who(view, s, names)
        lines = [f"{_whose(view, s, names).capitalize()} yard", f"top: level {yard[-1]}" if yard else "empty",
                 f"{len(yard)} card{'s' if len(yard) != 1 else ''}: {' '.join(map(str, yard))}" if yard else ""]
        label = f"{_whose(view, s, names).capitalize()} build yard: " + (f"top card level {yard[-1]}, {len(yard)} cards (bottom to top {yard})"
                                          if yard else "empty")
        parts.append(_box(f"yard-{s}", label, x, y, 180, [ln for ln in lines if ln], "#f4efe0"))
        x += 186
    for s in (0, 1):
        if view["players"][s]["start_card"]:
            who = _who(view, s, names)
            whose = _whose(view, s, names)
            parts.append(_box(f"start-{s}", f"{whose.capitalize()} unbuilt start card (level 1; only {who} can build it)",
                              x, y, 180, [f"{whose.capitalize()} start card", "level 1, not built yet"], "#fff4c2"))
            x += 186
    y += 70
    me = view.get("viewer")
    hand = view["players"][me].get("hand") if me in (0, 1) else None
    if hand is not None:
        size = sum(hand.values())
        parts.append(text(6, y + 13, f"Your hand ({size} card{'s' if size != 1 else ''}):", font_size=13,
                          font_weight="bold"))
        cx = 150
        for people, n in hand.items():
            if n:
                body = (rect(cx, y, 112, 22, fill=FILL.get(people, "#eee"), stroke="#333", rx=4)
                        + text(cx + 6, y + 15, f"{name(people)} ×{n}", font_size=12))
                parts.append(element(f"hand-{people}", f"{n} {name(people)} card{'s' if n != 1 else ''} in your hand",
                                     body))
                cx += 118
        if not size:
            parts.append(text(cx, y + 13, "empty", font_size=12))
        y += 30
    for s in (0, 1):
        if s != me:
            n = view["hand_sizes"][s]
            parts.append(text(6, y + 13, f"{_who(view, s, names)} holds {n} card{'s' if n != 1 else ''} (hidden)",
                              font_size=12))
            y += 18
    draw = view.get("people_draw_count", len(view.get("people_draw", [])))
    discard = view["people_discard"]
    supply = view.get("temple_supply_count", len(view.get("temple_supply", [])))
    known = view.get("temple_supply_top") or []
    piles = [f"People draw pile: {draw} cards · discard pile (face up): {len(discard)} cards"
             + (f", top {name(discard[-1])}" if discard else ""),
             f"Temple supply: {supply} cards face down" + (f"; known on top: {', '.join(map(str, known))}" if known else "")]
    for line in piles:
        parts.append(text(6, y + 13, line, font_size=12))
        y += 18
    return "".join(parts), y


LEGEND = [("Med Sum Hit Per Ass:", "people cards: Medes, Sumerians, Hittites, Persians, Assyrians"),
          ("♟ name:", "that player's pawn stands at this location"),
          ("temple 1-2-4 (worth 4):", "temple levels bottom to top; a temple is worth its top level"),
          ("cards:", "each column from its first card (left) to its open end (right, where cards are added)"),
          ("triple:", "3 or more equal cards in a row in your column at your pawn: discard one for its ability"),
          *[(f"  {name(k) if k != 'halve' else 'any triple'}:", v.split(': ', 1)[1]) for k, v in POWER_WORDS.items()],
          ("goal:", "15 points while the opponent has under 10; otherwise a race to 20 (or push them below 10)")]


def draw(view: dict[str, Any], viewer: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it; players called by `names`."""
    names = list(names) if names else ["Player 1", "Player 2"]
    view = {**view, "viewer": viewer}
    locations = list(view["players"][0]["columns"])
    order = (1 - viewer, viewer) if viewer in (0, 1) else (0, 1)
    scores = view["scores"]
    mode = " · race to 20 (mode race)" if view.get("mode") == "race" else ""
    head = [_status(view, names),
            "Scores: " + ", ".join(f"{_who(view, s, names)} {scores[s]}" for s in (0, 1)) + mode]
    parts = [text(6, 20, head[0], font_size=15, font_weight="bold"), text(6, 40, head[1], font_size=13)]
    y = 52.0
    for loc in locations:
        band, h = _band(view, loc, y, order, names)
        parts.append(band)
        y += h + 4
    tables, y = _tables(view, y + 6, order, names)
    parts.append(tables)
    parts.append(text(6, y + 18, "Legend", font_size=13, font_weight="bold"))
    parts.append(legend(6, y + 36, LEGEND, size=MIN_FONT, line=15))
    y += 36 + 15 * len(LEGEND)
    who = "a spectator" if viewer is None else _who(view, viewer, names)
    desc = f"{head[0]}. {head[1]}."
    return document(WIDTH, int(y + 4), f"Babel board as {who} sees it", desc, "".join(parts), "babel")
