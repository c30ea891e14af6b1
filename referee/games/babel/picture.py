"""Babel's board as a board in sections (engine/drawing.py `board`), drawn from a seat's view
only (RULES.md §9): it cannot show what the seat may not see, because the view does not hold it.

The seat's own things first: the turn and the hand, as people cards (colour, emblem and name, how
many of each), the opponent's hand as a card back with its size; then the build yards, start
cards and piles; then one section per location, with the pawns there, and each player's temple
(stacked blocks, one per level) beside its column of cards; then the legend. Each section fits a
phone (360 units) and every label is measured. Things a step may name are `element`s whose ids
are listed in steps.py, each at least 44×44 units; every text is at least MIN_FONT.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from referee.engine.drawing import (PAPER, SECTION_WIDTH, board, element, group, label, lines, rect, section, symbol,
                                    text, use, wrap)
from referee.engine.glossary import term
from referee.games.babel.steps import POWER_WORDS, name
from referee.plumbing.i18n import EN, Translator

W = SECTION_WIDTH
PAD = 8
INNER = W - 2 * PAD
SIDE_W = 80                        # a player's name and temple, left of the column
CARDS_X = PAD + SIDE_W             # first card of a column
CARD_W, CARD_H, STEP = 66, 44, 68  # a people card: at least 44×44, a tap target
PER_LINE = (W - CARDS_X) // STEP
FILL = {"medes": "#f3e3a2", "sumerians": "#c9dcf7", "hittites": "#f4c7c0", "persians": "#c8ecd2",
        "assyrians": "#e2cdf0"}
# each people's emblem, so a card is told by its shape and name as well as its colour
EMBLEM = {"medes": '<path d="M12 3l9 17H3z" fill="#7a5c00"/>',
          "sumerians": '<path d="M3 21h18v-4h-3v-4h-3V9h-6v4H6v4H3z" fill="#1d3f70"/>',
          "hittites": ('<circle cx="12" cy="12" r="8.5" fill="none" stroke="#8a2a1a" stroke-width="2.5"/>'
                       '<path d="M12 3.5v17M3.5 12h17M6 6l12 12M18 6L6 18" stroke="#8a2a1a" stroke-width="1.6"/>'),
          "persians": '<path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5L5.5 21l2-7.5L2 9h7z" fill="#1d6b35"/>',
          "assyrians": '<path d="M12 2l9 10-9 10-9-10z" fill="#5b3d7a"/>'}
PLAYER = ("#b33a3a", "#2f5f9e")


def _defs() -> str:
    back = symbol("bb-back", CARD_W, CARD_H, rect(1, 1, CARD_W - 2, CARD_H - 2, rx=5, fill="#6b5a44", stroke="#333")
                  + rect(6, 6, CARD_W - 12, CARD_H - 12, rx=3, fill="none", stroke="#d9c9a8", stroke_dasharray="3 2"))
    pawns = "".join(symbol(f"bb-pawn-{i}", 20, 28, f'<circle cx="10" cy="7" r="6" fill="{c}" stroke="#222"/>'
                                                   f'<path d="M3 27l3-14h8l3 14z" fill="{c}" stroke="#222"/>')
                    for i, c in enumerate(PLAYER))
    block = symbol("bb-block", 60, 14, rect(0.5, 0.5, 59, 13, rx=1.5, fill="#d8c7a0", stroke="#6b5a44"))
    emblems = "".join(symbol(f"bb-em-{p}", 24, 24, e) for p, e in EMBLEM.items())
    return back + pawns + block + emblems


def _n(p: Any, tr: Translator) -> str:
    """A people's or location's name in the reader's language (the German rulebook's, glossary)."""
    return term("babel", name(p), tr.lang)


def _up(s: str) -> str:
    """The first letter upper case (a sentence that starts with a player's name)."""
    return s[:1].upper() + s[1:]


def _who(view: dict, seat: int, names: list[str], tr: Translator) -> str:
    n = names[seat] if seat < len(names) else tr.gettext("Player %(n)s", n=seat + 1)
    return tr.gettext("%(name)s (you)", name=n) if seat == view.get("viewer") else n


def _mine(view: dict, seat: int) -> bool:
    return seat == view.get("viewer")


def _temple(site: list[int], tr: Translator) -> str:
    if not site:
        return tr.gettext("no temple")
    return tr.gettext("temple %(levels)s (worth %(worth)s)", levels="-".join(map(str, site)), worth=site[-1])


def _card(people: str, x: float, y: float, tr: Translator, count: int | None = None) -> str:
    """A people card: its colour, its emblem and its name (and, in a hand, how many); its edge a
    <rect> of its own, so the page's highlight of a card to pick reaches it."""
    many = label(x + CARD_W - 5, y + 16, f"×{count}", 36, 12, font_weight="bold", text_anchor="end") if count else ""
    return (rect(x, y, CARD_W, CARD_H, rx=5, fill=FILL.get(people, "#eee"), stroke="#333")
            + use(f"bb-em-{people}", x + 5, y + 5, 16, 16) + many + label(x + 3, y + 36, _n(people, tr), CARD_W - 6, 11))


def _temple_blocks(site: list[int], x: float, bottom: float) -> str:
    """A temple as stacked blocks, bottom level first, each narrower, its level written on it."""
    out = []
    for k, level in enumerate(site):
        w = max(30, 72 - 6 * k)
        bx, by = x + (72 - w) / 2, bottom - 15 * (k + 1)
        out.append(use("bb-block", bx, by, w, 14)
                   + text(bx + w / 2, by + 11, level, font_size=11, font_weight="bold", text_anchor="middle"))
    return "".join(out)


def _row(view: dict, seat: int, loc: str, y: float, names: list[str], tr: Translator) -> tuple[str, float]:
    """One player's temple and column at one location; returns the drawing and its height."""
    _ = tr.gettext
    player = view["players"][seat]
    column, site = player["columns"][loc], player["sites"][loc]
    who = _who(view, seat, names, tr)
    mine = _mine(view, seat)
    lines_ = max(1, -(-len(column) // PER_LINE))
    h = max(lines_ * (CARD_H + 4) + 4, 22 + 15 * len(site) + 18)
    parts = [rect(CARDS_X - 4, y, W - CARDS_X, h, rx=4, fill="#fff", stroke="#ccc")]
    for i, people in enumerate(column):
        line, col = divmod(i, PER_LINE)
        cx, cy = CARDS_X + col * STEP, y + 3 + line * (CARD_H + 4)
        title = (_("Card %(i)s of your column at the %(location)s: %(people)s", i=i, location=_n(loc, tr),
                   people=_n(people, tr)) if mine else
                 _("Card %(i)s of %(who)s's column at the %(location)s: %(people)s", i=i, who=who,
                   location=_n(loc, tr), people=_n(people, tr)))
        parts.append(element(f"card-{seat}-{loc}-{i}", title, _card(people, cx, cy, tr)))
    if not column:
        parts.append(text(CARDS_X + 4, y + 26, _("no cards"), font_size=11, fill="#555"))
    cards = ", ".join(_n(c, tr) for c in column) or _("empty")
    desc = (_("Your column at the %(location)s: %(cards)s; %(temple)s", location=_n(loc, tr), cards=cards,
              temple=_temple(site, tr)) if mine else
            _("%(who)s's column at the %(location)s: %(cards)s; %(temple)s", who=_up(who), location=_n(loc, tr),
              cards=cards, temple=_temple(site, tr)))
    side = (label(PAD, y + 14, who, SIDE_W - 6, 12, font_weight="bold")
            + (_temple_blocks(site, PAD, y + h - 4) if site else
               text(PAD, y + 32, _("no temple"), font_size=11, fill="#555")))
    return group(side, _temple(site, tr)) + element(f"col-{seat}-{loc}", desc, "".join(parts)), h


def _location(view: dict, loc: str, order: tuple[int, int], names: list[str], tr: Translator) -> str:
    """A location: its block with the pawns there, then each player's temple and column."""
    _ = tr.gettext
    pawns = [s for s in (0, 1) if view["players"][s]["pawn"] == loc]
    who = [_who(view, s, names, tr) for s in pawns]
    block = (rect(PAD - 4, 4, W - 2 * PAD + 8, 44, rx=6, fill=FILL.get(loc, "#ddd"), stroke="#555")
             + (use(f"bb-em-{loc}", PAD + 2, 14, 24, 24) if loc in EMBLEM else "")
             + label(PAD + 32, 32, _n(loc, tr), 110, 15, font_weight="bold"))
    x = PAD + 150
    room = (W - PAD - x) / max(1, len(pawns))
    for s, w in zip(pawns, who):
        block += use(f"bb-pawn-{s}", x, 12, 20, 28) + label(x + 24, 31, w, room - 30, 12)
        x += room
    where = (tr.gettext("The %(location)s; pawn of %(who)s here", location=_n(loc, tr), who=", ".join(who))
             if pawns else tr.gettext("The %(location)s", location=_n(loc, tr)))
    parts = [element(f"loc-{loc}", where, block)]
    y = 54.0
    for seat in order:
        body, h = _row(view, seat, loc, y, names, tr)
        parts.append(body)
        y += h + 6
    return section(f"loc-{loc}", W, int(y), _("Location %(location)s", location=_n(loc, tr)), "".join(parts), PAPER)


def _reason(reason: Any, tr: Translator) -> str:
    """Why the game ended, in words (an unknown reason as it is written)."""
    _ = tr.gettext
    words = {"goal_15": _("goal 15"), "race_20": _("race 20"), "race_below_10": _("race below 10"),
             "supply_exhausted": _("supply exhausted"), "resigned": _("resigned"), "draw": _("draw"),
             "end": _("end")}
    return words.get(str(reason), str(reason).replace("_", " "))


def _status(view: dict, names: list[str], tr: Translator) -> str:
    _ = tr.gettext
    if view["phase"] == "over":
        r = view.get("result") or {}
        w = r.get("winner")
        reason = _reason(r.get("reason", "end"), tr)
        if isinstance(w, int):
            return _("Game over: %(who)s won (%(reason)s)", who=_who(view, w, names, tr), reason=reason)
        return _("Game over: a draw (%(reason)s)", reason=reason)
    head = _("Turn %(turn)s: %(who)s to act", turn=view["turn"], who=_who(view, view["active"], names, tr))
    pending = view.get("pending")
    if pending:
        k = pending["count"]
        head = tr.ngettext("%(head)s; %(who)s must discard %(n)d card (halving)",
                           "%(head)s; %(who)s must discard %(n)d cards (halving)", k, head=head,
                           who=_who(view, pending["seat"], names, tr))
    return head


def _yard_box(view: dict, s: int, x: float, y: float, names: list[str], tr: Translator) -> str:
    """A build yard: its temple cards stacked as blocks, the top one's level written large."""
    _ = tr.gettext
    yard = view["yards"][s]
    mine, who = _mine(view, s), _up(_who(view, s, names, tr))
    if yard:
        what = tr.ngettext("top card level %(level)s, %(n)s cards (bottom to top %(levels)s)",
                           "top card level %(level)s, %(n)s cards (bottom to top %(levels)s)", len(yard),
                           level=yard[-1], levels=str(yard))
    else:
        what = _("empty")
    title = _("Your build yard: %(what)s", what=what) if mine else _("%(who)s's build yard: %(what)s", who=who,
                                                                       what=what)
    w = INNER / 2 - 3
    body = [rect(x, y, w, 96, rx=5, fill="#f4efe0", stroke="#555"),
            label(x + 6, y + 16, _("Your yard") if mine else _("%(who)s's yard", who=who), w - 12, 12,
                  font_weight="bold")]
    if yard:
        body.append(label(x + 6, y + 34, _("top: level %(level)s", level=yard[-1]), w - 12, 12))
        rows = wrap(tr.ngettext("%(n)d card: %(levels)s", "%(n)d cards: %(levels)s", len(yard),
                                levels=" ".join(map(str, yard))), w - 12, 11, lines=3)
        body += [text(x + 6, y + 52 + 14 * i, r, font_size=11) for i, r in enumerate(rows)]
    else:
        body.append(text(x + 6, y + 34, _("empty"), font_size=12))
    return element(f"yard-{s}", title, "".join(body))


def _start_box(view: dict, s: int, x: float, y: float, names: list[str], tr: Translator) -> str:
    _ = tr.gettext
    who = _who(view, s, names, tr)
    if _mine(view, s):
        title = _("Your unbuilt start card (level 1; only %(who)s can build it)", who=who)
        head = _("Your start card")
    else:
        title = _("%(owner)s's unbuilt start card (level 1; only %(who)s can build it)", owner=_up(who), who=who)
        head = _("%(owner)s's start card", owner=_up(who))
    w = INNER / 2 - 3
    rows = wrap(_("level 1, not built yet"), w - 12, 11, lines=2)
    body = (rect(x, y, w, 52, rx=5, fill="#fff4c2", stroke="#555")
            + label(x + 6, y + 16, head, w - 12, 12, font_weight="bold")
            + "".join(text(x + 6, y + 32 + 13 * i, r, font_size=11) for i, r in enumerate(rows)))
    return element(f"start-{s}", title, body)


def _hand(view: dict, status: list[str], names: list[str], tr: Translator) -> str:
    """The turn, the viewer's hand as cards (grouped by people, with how many), the other hand's
    size as a card back: the viewer's own cards first."""
    _ = tr.gettext
    parts = []
    head, y = lines(PAD, 18, status[0], INNER, 15, font_weight="bold")
    body, y = lines(PAD, y + 2, status[1], INNER, 13)
    parts += [head, body]
    me = view.get("viewer")
    hand = view["players"][me].get("hand") if me in (0, 1) else None
    if hand is not None:
        size = sum(hand.values())
        head, y = lines(PAD, y + 8, tr.ngettext("Your hand (%(n)d card):", "Your hand (%(n)d cards):", size), INNER, 13,
                        font_weight="bold")
        parts.append(head)
        k = 0
        for people, n in hand.items():
            if n:
                x, yy = PAD + (k % 5) * (CARD_W + 4), y - 6 + (k // 5) * (CARD_H + 6)
                parts.append(element(f"hand-{people}", tr.ngettext(
                    "%(n)d %(people)s card in your hand", "%(n)d %(people)s cards in your hand", n,
                    people=_n(people, tr)), _card(people, x, yy, tr, n)))
                k += 1
        if k:
            y += -(-k // 5) * (CARD_H + 6)
        else:
            parts.append(text(PAD, y + 8, _("empty"), font_size=12))
            y += 18
    for s in (0, 1):
        if s != me:
            n = view["hand_sizes"][s]
            words = tr.ngettext("%(who)s holds %(n)d card (hidden)", "%(who)s holds %(n)d cards (hidden)", n,
                                who=_who(view, s, names, tr))
            rows = wrap(words, INNER - CARD_W - 10, 12)
            parts.append(group(use("bb-back", PAD, y, CARD_W, CARD_H), words) + "".join(
                text(PAD + CARD_W + 8, y + 18 + 15 * i, r, font_size=12) for i, r in enumerate(rows)))
            y += max(CARD_H, 15 * len(rows) + 8) + 6
    return section("hand", W, int(y + 2), status[0], "".join(parts), PAPER)


def _yards(view: dict, names: list[str], tr: Translator) -> str:
    """Both build yards, the unbuilt start cards, the piles."""
    _ = tr.gettext
    me = view.get("viewer")
    order = (me, 1 - me) if me in (0, 1) else (0, 1)
    parts = [_yard_box(view, s, PAD + k * (INNER / 2 + 3), 6, names, tr) for k, s in enumerate(order)]
    y = 108.0
    starts = [s for s in order if view["players"][s]["start_card"]]
    for k, s in enumerate(starts):
        parts.append(_start_box(view, s, PAD + k * (INNER / 2 + 3), y, names, tr))
    if starts:
        y += 58
    draw = view.get("people_draw_count", len(view.get("people_draw", [])))
    discard = view["people_discard"]
    supply = view.get("temple_supply_count", len(view.get("temple_supply", [])))
    known = view.get("temple_supply_top") or []
    piles = [_("People draw pile: %(draw)s cards · discard pile (face up): %(discard)s cards, top %(top)s",
               draw=draw, discard=len(discard), top=_n(discard[-1], tr)) if discard else
             _("People draw pile: %(draw)s cards · discard pile (face up): %(discard)s cards", draw=draw,
               discard=len(discard)),
             _("Temple supply: %(n)s cards face down; known on top: %(levels)s", n=supply,
               levels=", ".join(map(str, known))) if known else
             _("Temple supply: %(n)s cards face down", n=supply)]
    y += 12
    for line in piles:
        body, y = lines(PAD, y, line, INNER, 12)
        parts.append(body)
        y += 4
    return section("yards", W, int(y), _("Build yards and piles"), "".join(parts), PAPER)


def _legend(tr: Translator) -> list[tuple[str, str]]:
    _ = tr.gettext
    words = partial(term, "babel")
    return [(_("♟ name:"), _("that player's pawn stands at this location")),
            (_("temple 1-2-4 (worth 4):"), _("temple levels bottom to top; a temple is worth its top level")),
            (_("cards:"), _("each column from its first card (left) to its open end (right, where cards are added)")),
            (_("triple:"), _("3 or more equal cards in a row in your column at your pawn: discard one for its ability")),
            *[(_("  %(people)s:", people=_n(k, tr) if k != "halve" else _("any triple")),
               tr.text(v, words).split(": ", 1)[1]) for k, v in POWER_WORDS.items()],
            (_("goal:"), _("15 points while the opponent has under 10; otherwise a race to 20 (or push them below 10)"))]


@lru_cache(maxsize=8)  # the same for every position: a page draws it once per language
def _legend_section(tr: Translator) -> str:
    parts = [text(PAD, 18, tr.gettext("Legend"), font_size=13, font_weight="bold")]
    y = 36.0
    for k, p in enumerate(FILL):
        parts.append(_card(p, PAD + k * (CARD_W + 5), y - 12, tr))
    y += CARD_H + 6
    for sym, meaning in _legend(tr):
        body, y = lines(PAD, y, f"{sym.strip()} {meaning}", INNER, 11)
        parts.append(body)
        y += 3
    return section("legend", W, int(y), tr.gettext("Legend"), "".join(parts), PAPER)


def draw(view: dict[str, Any], viewer: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    """The board of `view` as `viewer` (None: a spectator) sees it; players called by `names`; its
    words in `tr`'s language (the peoples as the German rulebook names them)."""
    _ = tr.gettext
    names = list(names) if names else [_("Player %(n)s", n=1), _("Player %(n)s", n=2)]
    view = {**view, "viewer": viewer}
    locations = list(view["players"][0]["columns"])
    order = (viewer, 1 - viewer) if viewer in (0, 1) else (0, 1)
    scores = ", ".join(f"{_who(view, s, names, tr)} {view['scores'][s]}" for s in (0, 1))
    head = [_status(view, names, tr),
            _("Scores: %(scores)s · race to 20 (mode race)", scores=scores) if view.get("mode") == "race"
            else _("Scores: %(scores)s", scores=scores)]
    sections = [_hand(view, head, names, tr), _yards(view, names, tr)]
    sections += [_location(view, loc, order, names, tr) for loc in locations]
    sections.append(_legend_section(tr))
    title = (_("Babel board as a spectator sees it") if viewer is None
             else _("Babel board as %(who)s sees it", who=_who(view, viewer, names, tr)))
    return board(title, f"{head[0]}. {head[1]}.", sections, "babel", _defs())
