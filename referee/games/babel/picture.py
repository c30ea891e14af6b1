"""Babel's board as SVG, drawn from a seat's view only (RULES.md §9): it cannot show what the
seat may not see, because the view does not hold it.

The five locations stacked as bands: the location (with the pawns there), then each player's
temple and column of people cards, the viewer's below. Then the build yards, the start cards,
the viewer's hand card by card, the opponent's hand size, the piles and a legend. Things a step
may name are `element`s whose ids are listed in steps.py; every text is at least MIN_FONT.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.engine.glossary import term
from referee.games.babel.steps import POWER_WORDS, name
from referee.plumbing.i18n import EN, Translator

WIDTH = 760
LEFT = 150           # the location block
SIDE_X = 158         # a player's name and temple
CARDS_X = 318        # first card of a column
CARD_W, CARD_H, GAP = 40, 20, 2
PER_LINE = (WIDTH - CARDS_X - 6) // (CARD_W + GAP)
FILL = {"medes": "#f3e3a2", "sumerians": "#c9dcf7", "hittites": "#f4c7c0", "persians": "#c8ecd2",
        "assyrians": "#e2cdf0"}


def _n(p: Any, tr: Translator) -> str:
    """A people's or location's name in the reader's language (the German rulebook's, glossary)."""
    return term("babel", name(p), tr.lang)


def short(people: str, tr: Translator = EN) -> str:
    """The three letters a card shows ("Hit", "Het" in German)."""
    return _n(people, tr)[:3].capitalize()


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


def _lines(n: int) -> int:
    return max(1, -(-n // PER_LINE))


def _row(view: dict, seat: int, loc: str, y: float, names: list[str], tr: Translator) -> tuple[str, float]:
    """One player's temple and column at one location; returns the drawing and its height."""
    _ = tr.gettext
    player = view["players"][seat]
    column, site = player["columns"][loc], player["sites"][loc]
    who = _who(view, seat, names, tr)
    mine = _mine(view, seat)
    h = _lines(len(column)) * (CARD_H + GAP) + 4
    parts = [text(SIDE_X, y + 14, who, font_size=12, font_weight="bold"),
             text(SIDE_X, y + 28, _temple(site, tr), font_size=11)]
    for i, people in enumerate(column):
        line, col = divmod(i, PER_LINE)
        cx, cy = CARDS_X + col * (CARD_W + GAP), y + 2 + line * (CARD_H + GAP)
        body = (rect(cx, cy, CARD_W, CARD_H, fill=FILL.get(people, "#eee"), stroke="#555", rx=3)
                + text(cx + CARD_W / 2, cy + 14, short(people, tr), text_anchor="middle", font_size=11))
        label = (_("Card %(i)s of your column at the %(location)s: %(people)s", i=i, location=_n(loc, tr),
                   people=_n(people, tr)) if mine else
                 _("Card %(i)s of %(who)s's column at the %(location)s: %(people)s", i=i, who=who,
                   location=_n(loc, tr), people=_n(people, tr)))
        parts.append(element(f"card-{seat}-{loc}-{i}", label, body))
    if not column:
        parts.append(text(CARDS_X, y + 15, _("no cards"), font_size=11, fill="#555"))
    cards = ", ".join(_n(c, tr) for c in column) or _("empty")
    desc = (_("Your column at the %(location)s: %(cards)s; %(temple)s", location=_n(loc, tr), cards=cards,
              temple=_temple(site, tr)) if mine else
            _("%(who)s's column at the %(location)s: %(cards)s; %(temple)s", who=_up(who), location=_n(loc, tr),
              cards=cards, temple=_temple(site, tr)))
    return element(f"col-{seat}-{loc}", desc, "".join(parts)), max(h, 32)


def _band(view: dict, loc: str, y: float, order: tuple[int, int], names: list[str],
          tr: Translator) -> tuple[str, float]:
    """A location: its block on the left, both players' rows on the right."""
    rows, hs = [], []
    yy = y + 4
    for seat in order:
        body, h = _row(view, seat, loc, yy, names, tr)
        rows.append(body)
        hs.append(h)
        yy += h + 2
    height = sum(hs) + 10
    pawns = [_who(view, s, names, tr) for s in (0, 1) if view["players"][s]["pawn"] == loc]
    block = (rect(4, y, LEFT - 8, height - 2, fill=FILL.get(loc, "#ddd"), stroke="#777", rx=5)
             + text(12, y + 18, _n(loc, tr), font_size=14, font_weight="bold")
             + "".join(text(12, y + 34 + 14 * k, f"♟ {w}", font_size=11) for k, w in enumerate(pawns)))
    where = (tr.gettext("The %(location)s; pawn of %(who)s here", location=_n(loc, tr), who=", ".join(pawns))
             if pawns else tr.gettext("The %(location)s", location=_n(loc, tr)))
    parts = [rect(4, y, WIDTH - 8, height - 2, fill="#fafaf5", stroke="#bbb", rx=5),
             element(f"loc-{loc}", where, block), *rows]
    return group("".join(parts), tr.gettext("Location %(location)s", location=_n(loc, tr))), height


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


def _box(el: str | None, label: str, x: float, y: float, w: float, lines: list[str], fill: str) -> str:
    body = rect(x, y, w, 18 + 15 * len(lines), fill=fill, stroke="#555", rx=4) + "".join(
        text(x + 6, y + 15 + 15 * k, line, font_size=12 if k == 0 else 11, font_weight="bold" if k == 0 else None)
        for k, line in enumerate(lines))
    return element(el, label, body) if el else group(body, label)


def _yard(view: dict, s: int, names: list[str], tr: Translator) -> tuple[str, list[str]]:
    """A build yard's label and its lines."""
    _ = tr.gettext
    yard = view["yards"][s]
    mine, who = _mine(view, s), _up(_who(view, s, names, tr))
    if yard:
        what = tr.ngettext("top card level %(level)s, %(n)s cards (bottom to top %(levels)s)",
                           "top card level %(level)s, %(n)s cards (bottom to top %(levels)s)", len(yard),
                           level=yard[-1], levels=str(yard))
    else:
        what = _("empty")
    label = _("Your build yard: %(what)s", what=what) if mine else _("%(who)s's build yard: %(what)s", who=who,
                                                                       what=what)
    lines = [_("Your yard") if mine else _("%(who)s's yard", who=who),
             _("top: level %(level)s", level=yard[-1]) if yard else _("empty"),
             tr.ngettext("%(n)d card: %(levels)s", "%(n)d cards: %(levels)s", len(yard),
                         levels=" ".join(map(str, yard))) if yard else ""]
    return label, [ln for ln in lines if ln]


def _tables(view: dict, y: float, order: tuple[int, int], names: list[str], tr: Translator) -> tuple[str, float]:
    """Yards, start cards, the viewer's hand, the opponent's hand size, the piles."""
    _ = tr.gettext
    parts: list[str] = []
    x = 4.0
    for s in (0, 1):
        label, lines = _yard(view, s, names, tr)
        parts.append(_box(f"yard-{s}", label, x, y, 180, lines, "#f4efe0"))
        x += 186
    for s in (0, 1):
        if view["players"][s]["start_card"]:
            who = _who(view, s, names, tr)
            if _mine(view, s):
                label = _("Your unbuilt start card (level 1; only %(who)s can build it)", who=who)
                head = _("Your start card")
            else:
                label = _("%(owner)s's unbuilt start card (level 1; only %(who)s can build it)", owner=_up(who),
                          who=who)
                head = _("%(owner)s's start card", owner=_up(who))
            parts.append(_box(f"start-{s}", label, x, y, 180, [head, _("level 1, not built yet")], "#fff4c2"))
            x += 186
    y += 70
    me = view.get("viewer")
    hand = view["players"][me].get("hand") if me in (0, 1) else None
    if hand is not None:
        size = sum(hand.values())
        parts.append(text(6, y + 13, tr.ngettext("Your hand (%(n)d card):", "Your hand (%(n)d cards):", size),
                          font_size=13, font_weight="bold"))
        cx = 150
        for people, n in hand.items():
            if n:
                body = (rect(cx, y, 112, 22, fill=FILL.get(people, "#eee"), stroke="#333", rx=4)
                        + text(cx + 6, y + 15, f"{_n(people, tr)} ×{n}", font_size=12))
                parts.append(element(f"hand-{people}", tr.ngettext(
                    "%(n)d %(people)s card in your hand", "%(n)d %(people)s cards in your hand", n,
                    people=_n(people, tr)), body))
                cx += 118
        if not size:
            parts.append(text(cx, y + 13, _("empty"), font_size=12))
        y += 30
    for s in (0, 1):
        if s != me:
            n = view["hand_sizes"][s]
            parts.append(text(6, y + 13, tr.ngettext("%(who)s holds %(n)d card (hidden)",
                                                     "%(who)s holds %(n)d cards (hidden)", n,
                                                     who=_who(view, s, names, tr)), font_size=12))
            y += 18
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
    for line in piles:
        parts.append(text(6, y + 13, line, font_size=12))
        y += 18
    return "".join(parts), y


def _legend(tr: Translator) -> list[tuple[str, str]]:
    _ = tr.gettext
    words = partial(term, "babel")
    return [(_("Med Sum Hit Per Ass:"), _("people cards: Medes, Sumerians, Hittites, Persians, Assyrians")),
            (_("♟ name:"), _("that player's pawn stands at this location")),
            (_("temple 1-2-4 (worth 4):"), _("temple levels bottom to top; a temple is worth its top level")),
            (_("cards:"), _("each column from its first card (left) to its open end (right, where cards are added)")),
            (_("triple:"), _("3 or more equal cards in a row in your column at your pawn: discard one for its ability")),
            *[(_("  %(people)s:", people=_n(k, tr) if k != "halve" else _("any triple")),
               tr.text(v, words).split(": ", 1)[1]) for k, v in POWER_WORDS.items()],
            (_("goal:"), _("15 points while the opponent has under 10; otherwise a race to 20 (or push them below 10)"))]



def draw(view: dict[str, Any], viewer: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it; players called by `names`; its
    words in `tr`'s language (the peoples as the German rulebook names them)."""
    _ = tr.gettext
    names = list(names) if names else [_("Player %(n)s", n=1), _("Player %(n)s", n=2)]
    view = {**view, "viewer": viewer}
    locations = list(view["players"][0]["columns"])
    order = (1 - viewer, viewer) if viewer in (0, 1) else (0, 1)
    scores = ", ".join(f"{_who(view, s, names, tr)} {view['scores'][s]}" for s in (0, 1))
    head = [_status(view, names, tr),
            _("Scores: %(scores)s · race to 20 (mode race)", scores=scores) if view.get("mode") == "race"
            else _("Scores: %(scores)s", scores=scores)]
    parts = [text(6, 20, head[0], font_size=15, font_weight="bold"), text(6, 40, head[1], font_size=13)]
    y = 52.0
    for loc in locations:
        band, h = _band(view, loc, y, order, names, tr)
        parts.append(band)
        y += h + 4
    tables, y = _tables(view, y + 6, order, names, tr)
    parts.append(tables)
    items = _legend(tr)
    parts.append(text(6, y + 18, _("Legend"), font_size=13, font_weight="bold"))
    parts.append(legend(6, y + 36, items, size=MIN_FONT, line=15))
    y += 36 + 15 * len(items)
    title = (_("Babel board as a spectator sees it") if viewer is None
             else _("Babel board as %(who)s sees it", who=_who(view, viewer, names, tr)))
    desc = f"{head[0]}. {head[1]}."
    return document(WIDTH, int(y + 4), title, desc, "".join(parts), "babel")
