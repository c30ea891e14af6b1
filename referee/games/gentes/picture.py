"""The picture hook: a seat's view drawn with engine/drawing.py as sections a phone shows one
under another at their natural size (issue 39): the turn; for a seat its own board first
(population as figures, the time track as hourglasses, played cards and hand); then the action
tiles (each with its profession's symbol, its cost in coins and its hourglasses as icons), the
training queue, the card display and its cost indicators, the map by region, the hometown,
the discard pile, every other player's board and a legend. What a tile, card or space does is
in its element's <title> (and the legend); the board shows numbers and icons, and what only
words can say, measured (drawing.text_width) so no text leaves its box. Things a step can name
are `element`s whose `data-el` is the step option's `element` (steps_moves.py):

    tile-<tile>  tax  meeple-<prof>  slot-<n>  ind-<D>  space-<space>  region-<region>
    card-<card> (draft pool, discard pile, own hand, tableaus)  pop-<prof>  track-<i> (own board)

Drawn from the view only (pure). Its words are in the reader's language (`tr`), the game's
terms from its glossary (texts.py); component ids read as their names (engine/naming.py)."""

from __future__ import annotations

from typing import Any

from referee.engine.drawing import (MIN_FONT, SECTION_WIDTH, board, element, fit, group, lines, rect, section,
                                    symbol, text, text_width, use, wrap)
from referee.engine.naming import named
from referee.games.gentes.data import GameData
from referee.games.gentes.texts import (BONUS_WORDS, CELL_WORDS, card_line, card_name, card_parts, cards, cities,
                                        coins, home_option, hourglasses, indicator_line, say, space_line, tile_line)
from referee.plumbing.i18n import EN, N_, Text, Translator

W = SECTION_WIDTH
PAD = 8
GAP = 6
LINE = 14
SEAT_FILL = ["#cfe3ff", "#ffd9c2", "#d5f0c8", "#eed6f5"]
SEAT_DARK = ["#1f5fa8", "#a84a0c", "#2e7d32", "#7b3fa0"]
REGION_FILL = {"yellow": "#fff6c8", "red": "#ffdede", "green": "#e0f4dc"}
PHASES = {"draft": N_("starting-hand draft"), "heyday": N_("Heyday"), "decline": N_("Decline"),
          "final": N_("final scoring"), "over": N_("game over")}
KIND_ICON = {"philosopher": "gph", "scribe": "gsc", "navigator": "gnv",
             "chronicler": "gch", "leader": "gld"}
SYMBOL_ICON = {"goods": "ggd", "eye": "ge", "temple": "gt", "spiral": "gsp"}

_PERSON = '<circle cx="6" cy="3.2" r="3" fill="{c}"/><path d="M1 16 L1.8 8.5 Q6 5.5 10.2 8.5 L11 16 Z" fill="{c}"/>'
DEFS = "".join([
    symbol("gc", 14, 14, '<circle cx="7" cy="7" r="6.2" fill="#f4d03f" stroke="#9a7d0a" stroke-width="1.2"/>'
           '<circle cx="7" cy="7" r="3" fill="none" stroke="#9a7d0a"/>'),
    symbol("gh", 12, 16, '<path d="M1 1 H11 M1 15 H11" stroke="#5d4037" stroke-width="1.6"/>'
           '<path d="M2 1.5 C2 6 6 7 6 8 C6 9 2 10 2 14.5 H10 C10 10 6 9 6 8 C6 7 10 6 10 1.5 Z" fill="#f6ddb0" '
           'stroke="#5d4037"/><path d="M4 13.5 L6 10.5 L8 13.5 Z" fill="#c68a2e"/>'),
    symbol("gv", 14, 14, '<path d="M7 0.5 L8.9 5 L13.6 5.2 L9.9 8.2 L11.2 13 L7 10.3 L2.8 13 L4.1 8.2 L0.4 5.2 '
           'L5.1 5 Z" fill="#1f618d"/>'),
    symbol("gp", 12, 16, _PERSON.format(c="#5d4037")),
    symbol("gl", 12, 14, '<path d="M3 6 V4 A3 3 0 0 1 9 4 V6" fill="none" stroke="#555" stroke-width="1.6"/>'
           '<rect x="1.5" y="6" width="9" height="7.5" rx="1" fill="#777"/>'),
    symbol("ggd", 16, 14, '<path d="M1 13 L2 6 Q4 3 6 5 L7 13 Z" fill="#a0522d"/><rect x="7.5" y="6" width="7.5" '
           'height="7" fill="#c68a2e" stroke="#6b4423"/>'),
    symbol("ge", 16, 12, '<path d="M1 6 Q8 -2 15 6 Q8 14 1 6 Z" fill="#fff" stroke="#1a5276" stroke-width="1.3"/>'
           '<circle cx="8" cy="6" r="2.6" fill="#1a5276"/>'),
    symbol("gt", 16, 14, '<path d="M1 5 L8 1 L15 5 Z" fill="#7f8c8d"/><path d="M3 6 V12 M6.3 6 V12 M9.7 6 V12 '
           'M13 6 V12" stroke="#7f8c8d" stroke-width="1.6"/><rect x="1" y="12" width="14" height="2" fill="#7f8c8d"/>'),
    symbol("gsp", 14, 14, '<path d="M7 7 m0 0 a1.5 1.5 0 0 1 3 0 a3 3 0 0 1 -6 0 a4.5 4.5 0 0 1 9 0 '
           'a6 6 0 0 1 -12 0" fill="none" stroke="#6c3483" stroke-width="1.3"/>'),
    symbol("gph", 20, 20, '<rect x="3" y="2" width="14" height="16" rx="2" fill="#fdebd0" stroke="#7e5109"/>'
           '<path d="M6 7 H14 M6 10 H14 M6 13 H11" stroke="#7e5109"/>'),
    symbol("gsc", 20, 20, '<path d="M4 18 L16 2 Q19 4 16 7 L6 18 Z" fill="#d5dbdb" stroke="#34495e"/>'
           '<path d="M3 19 H12" stroke="#34495e" stroke-width="1.4"/>'),
    symbol("gnv", 20, 20, '<path d="M2 13 H18 L15 18 H5 Z" fill="#a04000"/><path d="M10 2 V13" '
           'stroke="#333"/><path d="M10 3 L17 11 H10 Z" fill="#f8f9f9" stroke="#333"/>'),
    symbol("gch", 20, 20, '<path d="M2 4 Q6 2 10 4 Q14 2 18 4 V17 Q14 15 10 17 Q6 15 2 17 Z" fill="#e8daef" '
           'stroke="#512e5f"/><path d="M10 4 V17" stroke="#512e5f"/>'),
    symbol("gld", 20, 20, '<path d="M2 16 L3 6 L7 10 L10 3 L13 10 L17 6 L18 16 Z" fill="#f1c40f" '
           'stroke="#7d6608"/>'),
    symbol("gtx", 20, 20, '<circle cx="8" cy="11" r="6" fill="#f4d03f" stroke="#9a7d0a"/><circle cx="12" cy="8" '
           'r="6" fill="#f7dc6f" stroke="#9a7d0a"/>'),
    symbol("gcb", 12, 12, '<rect x="1" y="1" width="10" height="10" rx="1.5" fill="#8d6e63" stroke="#4e342e"/>'),
])


def phase_words(tr: Translator, phase: Any) -> str:
    """The phase in words (the picture and the mail summary)."""
    return tr.gettext(PHASES[phase]) if phase in PHASES else str(phase)


def name_of(names: list[str] | None, seat: int | None, tr: Translator = EN) -> str:
    if seat is None:
        return tr.gettext("nobody")
    return names[seat] if names and 0 <= seat < len(names) else tr.gettext("Seat %(seat)s", seat=seat)


class Sheet:
    """One section drawn top to bottom (`y`: the bottom of what is drawn), its words in `tr`'s
    language, component ids read as names (`seen`)."""

    def __init__(self, tr: Translator) -> None:
        self.parts: list[str] = []
        self.y = 0.0
        self.tr = tr

    def say(self, value: Any) -> str:
        return say(self.tr, value)

    def seen(self, value: Any) -> str:
        """Words as the page shows them: ids as their short names (engine/naming.py)."""
        return named(say(self.tr, value), "gentes", self.tr, short=True)

    def heading(self, words: str, size: int = 13) -> None:
        svg, under = lines(PAD, self.y + size + 6, words, W - 2 * PAD, size, line=size + 6, font_weight="bold")
        self.parts.append(svg)
        self.y = under - size - 2

    def lines(self, words: str) -> None:
        svg, under = lines(PAD, self.y + LINE, words, W - 2 * PAD, MIN_FONT, line=LINE)
        self.parts.append(svg)
        self.y = under + 4 - LINE

    def done(self, key: str, title_words: str) -> str:
        return section(key, W, int(self.y + PAD), title_words, "".join(self.parts), font_size=MIN_FONT)


def _cols(n: int) -> float:
    """The width of one of `n` columns across a section."""
    return (W - 2 * PAD - (n - 1) * GAP) / n


def _icons(x: float, y: float, items: list[tuple[str, object]], size: int = 14) -> tuple[str, float]:
    """Icons each followed by its number from (x, y) (y: the top); returns the svg and the end x."""
    out = []
    for sym, value in items:  # each number before its icon: a group of them starts with words, not a box
        icon = use(sym, x, y, size, size)
        x += size + 2
        if value != "":
            out.append(text(x, y + size - 2, value, font_weight="bold"))
            x += text_width(value, MIN_FONT, True) + 6
        else:
            x += 2
        out.append(icon)
    return "".join(out), x


def _status(data: GameData, view: dict[str, Any], names: list[str] | None, tr: Translator = EN) -> str:
    _ = tr.gettext
    phase = view.get("phase")
    head = _("Round %(round)s of %(rounds)s (epoch %(epoch)s), %(phase)s", round=view.get("round"),
             rounds=data.rounds, epoch=view.get("epoch"), phase=phase_words(tr, phase))
    if phase in ("heyday", "draft") and view.get("turn_seat") is not None:
        return _("%(head)s: %(who)s to move.", head=head, who=name_of(names, view["turn_seat"], tr))
    if phase == "decline":
        waiting = [name_of(names, s, tr) for s in view.get("decline_pending", [])]
        return _("%(head)s: waiting for %(who)s to choose cities and moon abilities.", head=head,
                 who=", ".join(waiting) or _("nobody"))
    if phase == "final":
        waiting = [name_of(names, s, tr) for s in view.get("final_pending", [])]
        return _("%(head)s: waiting for %(who)s to claim hand cards.", head=head, who=", ".join(waiting) or _("nobody"))
    if phase == "over":
        res = view.get("result") or {}
        won = ", ".join(name_of(names, s, tr) for s in res.get("winners", []))
        return _("Game over: %(who)s won.", who=won or _("nobody"))
    return _("%(head)s.", head=head)


def _turn(data: GameData, view: dict[str, Any], names: list[str] | None, tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Gentes - %(status)s", status=_status(data, view, names, tr)))
    if view.get("start_player") is not None:
        scores = [_("%(name)s %(vp)s VP", name=name_of(names, i, tr), vp=p["vp"])
                  for i, p in enumerate(view.get("players", []))]
        s.lines(_("Start player: %(who)s. Scores: %(scores)s.", who=name_of(names, view["start_player"], tr),
                  scores=", ".join(scores)))
    if view.get("leader_holder") is not None:
        s.lines(_("The Leader tile was taken this round: that player becomes start player in the Decline."))
    return s.done("turn", _("Phase"))


def _tiles(data: GameData, view: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Action tiles on offer (cost in coins, hourglasses)"))
    on = [t for t in data.tile_order if t in view.get("tiles_on_board", [])]
    w, h = _cols(4), 50
    top = s.y
    for i, tid in enumerate(on + ["tax"]):
        x, y = PAD + (i % 4) * (w + GAP), top + (i // 4) * (h + GAP)
        if tid == "tax":
            label = _("Tax collector: %(options)s", options=", ".join(
                _("%(hourglasses)s for %(n)s coins", hourglasses=s.say(hourglasses(k)), n=v)
                for k, v in sorted(data.tax_options.items())))
            body = rect(x, y, w, h, rx=5, fill="#f3f3f3", stroke="#333") + use("gtx", x + 4, y + 4, 20, 20)
            gains = "/".join(f"+{v}" for _k, v in sorted(data.tax_options.items()))
            body += text(x + 28, y + 19, gains, font_weight="bold")
            icons, _end = _icons(x + 4, y + 30, [("gh", "/".join(str(k) for k in sorted(data.tax_options)))])
            s.parts.append(element("tax", label, body + icons))
            continue
        t = data.tiles[tid]
        body = rect(x, y, w, h, rx=5, fill="#f7f1e3", stroke="#333")
        body += use(KIND_ICON.get(t["action"], "gld"), x + 4, y + 4, 20, 20)
        number = "".join(ch for ch in tid if ch.isdigit())
        if number:
            body += text(x + 28, y + 19, number, font_size=13, font_weight="bold")
        if t.get("symbol"):
            body += use(SYMBOL_ICON.get(t["symbol"], "gsp"), x + w - 22, y + 6, 18, 16)
        items: list[tuple[str, object]] = [("gc", t["cost"])] + [("gh", "")] * t["hourglasses"]
        icons, end = _icons(x + 4, y + 30, items)
        body += icons
        s.parts.append(element(f"tile-{tid}", s.say(tile_line(data, tid)), body))
    s.y = top + ((len(on) + 4) // 4) * (h + GAP)
    return s.done("tiles", _("Action tiles on offer (cost in coins, hourglasses)"))


def _training(data: GameData, view: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Training queue (meeple: cost to train 1 person / 2 persons)"))
    w, h = _cols(3), 48
    top = s.y
    for i, prof in enumerate(view.get("training_queue", [])):
        x, y = PAD + (i % 3) * (w + GAP), top + (i // 3) * (h + GAP)
        body = rect(x, y, w, h, rx=5, fill="#eef", stroke="#333")
        body += text(x + 5, y + 15, fit(f"{i + 1}. {s.say(prof)}", w - 10, MIN_FONT, True),
                     font_weight="bold")
        one, end = _icons(x + 5, y + 24, [("gp", data.cost_one[i])], 13)
        two, _end = _icons(end + 4, y + 24, [("gp", ""), ("gp", data.cost_two[i])], 13)
        body += one + two
        s.parts.append(element(f"meeple-{prof}", _("%(prof)s meeple in column %(column)s: training 1 person needs "
                                                   "cost %(one)s, 2 persons %(two)s", prof=s.say(prof), column=i + 1,
                                                   one=data.cost_one[i], two=data.cost_two[i]), body))
    s.y = top + 2 * (h + GAP)
    return s.done("training", _("Training queue (meeple: cost to train 1 person / 2 persons)"))


def _card_lines(s: Sheet, data: GameData, cid: str, w: float, head: str = "") -> tuple[list[str], list[str]]:
    """A card's name lines (bold, beside its VP) and its other lines: needs, then what it does."""
    card = data.cards.get(cid, {})
    vp_w = text_width(str(card.get("vp", 0)), MIN_FONT, True) + 18
    name = wrap((f"{head} " if head else "") + s.seen(card_name(data, cid)), w - vp_w - 10, MIN_FONT, True, lines=2)
    if not card:
        return name, []
    does = card_parts(card, vp=False)
    rest = [line for part in does for line in wrap(s.seen(part), w - 10, MIN_FONT)]
    return name, rest if len(rest) <= 5 else rest[:4] + [fit(rest[4] + " …", w - 10)]


def _card_height(lines: tuple[list[str], list[str]]) -> float:
    return max(44.0, 8 + 13 * (len(lines[0]) + len(lines[1])))


def _card_box(s: Sheet, data: GameData, cid: str, x: float, y: float, w: float, h: float,
              lines: tuple[list[str], list[str]], fill: str = "#f4efe1") -> str:
    """A civilization card: its name in bold with its VP, what it needs, then what it does."""
    card = data.cards.get(cid, {})
    body = rect(x, y, w, h, rx=5, fill=fill, stroke="#6b5b3e")
    vp = str(card.get("vp", 0))
    vp_w = text_width(vp, MIN_FONT, True) + 18
    body += use("gv", x + w - vp_w, y + 4, 13, 13) + text(x + w - vp_w + 15, y + 15, vp,
                                                             font_weight="bold")
    yy = y + 15
    for k, line in enumerate(lines[0] + lines[1]):
        body += text(x + 5, yy, line, font_weight="bold" if k < len(lines[0]) else None)
        yy += 13
    return body


def _display(data: GameData, view: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Card display (slots 1-8) and cost indicators"))
    w = _cols(2)
    cells = view.get("display", [])
    lines = [_card_lines(s, data, c["card"], w, f"{i + 1}.") if c else ([], []) for i, c in enumerate(cells)]
    y = s.y
    for i, cell in enumerate(cells):
        x = PAD + (i % 2) * (w + GAP)
        h = max(_card_height(lines[k]) for k in range(i - i % 2, min(len(cells), i - i % 2 + 2)))
        if cell is None:
            body = rect(x, y, w, h, rx=5, fill="#fff", stroke="#999", stroke_dasharray="4 3")
            body += text(x + 5, y + 15, fit(_("Slot %(n)s: empty", n=i + 1), w - 10))
            s.parts.append(element(f"slot-{i + 1}", _("Display slot %(n)s, empty", n=i + 1), body))
        else:
            body = _card_box(s, data, cell["card"], x, y, w, h, lines[i])
            if cell.get("cube"):
                body += use("gcb", x + w - 16, y + h - 16, 12, 12)
            label = (_("Display slot %(n)s + cube: %(card)s", n=i + 1, card=s.say(card_line(data, cell["card"])))
                     if cell.get("cube") else
                     _("Display slot %(n)s: %(card)s", n=i + 1, card=s.say(card_line(data, cell["card"]))))
            s.parts.append(element(f"slot-{i + 1}", label, body))
        if i % 2 == 1 or i == len(cells) - 1:
            y += h + GAP
    s.y = y
    iw, ih = _cols(3), 46
    top = s.y
    for i, iid in enumerate(data.indicators):
        ind = data.indicators[iid]
        x, y = PAD + (i % 3) * (iw + GAP), top + (i // 3) * (ih + GAP)
        body = rect(x, y, iw, ih, fill="#fdf5d8", stroke="#333")
        icons, _end = _icons(x + 5, y + 4, [("gc", f"≥{ind['min_paid']}")], 13)
        body += icons
        body += text(x + 5, y + 36, fit(_("%(n)s of slots 1-%(slot)s", n=ind["max_cards"], slot=ind["max_slot"]),
                                            iw - 10))
        s.parts.append(element(f"ind-{iid}", s.say(indicator_line(data, iid)), body))
    s.y = top + ((len(data.indicators) + 2) // 3) * (ih + GAP)
    disc = ", ".join(_("%(n)s from the discard pile at cost %(cost)s", n=o["cards"], cost=o["min_paid"])
                     for o in data.discard_options)
    s.lines(_("Scribe: or take %(options)s.", options=disc))
    return s.done("display", _("Card display (slots 1-8) and cost indicators"))


def _owner_words(names: list[str] | None, owner: int | None, tr: Translator = EN) -> str:
    return tr.gettext("free") if owner is None else name_of(names, owner, tr)


def _bonus_icons(e: dict[str, Any]) -> tuple[str, object]:
    op, n = e["op"], e.get("n", 0)
    if op == "coins":
        return "gc", f"+{n}"
    if op == "vp":
        return "gv", f"+{n}"
    if op == "cube":
        return ("ge" if e.get("kind") == "eye" else "gt"), f"+{n}"
    return "gcb", op


def _space(s: Sheet, data: GameData, sid: str, x: float, y: float, w: float, h: float, owner: int | None,
           names: list[str] | None, fill: str, marked: bool = False) -> str:
    """A city space: its symbol and number, its owner by name (cut to fit), its bonus as icons."""
    sp = data.map_spaces.get(sid) or data.home_spaces[sid]
    body = rect(x, y, w, h, fill=SEAT_FILL[owner % len(SEAT_FILL)] if owner is not None else fill,
                stroke=SEAT_DARK[owner % len(SEAT_DARK)] if owner is not None else "#333",
                stroke_width=3 if owner is not None else 1)
    body += use(SYMBOL_ICON.get(sp["symbol"], "gsp"), x + 4, y + 4, 16, 14)
    body += text(x + 23, y + 15, fit(s.seen(sid), w - 27, MIN_FONT, True), font_weight="bold")
    who = _owner_words(names, owner, s.tr)
    body += text(x + 4, y + 30, fit(who, w - 8, MIN_FONT, owner is not None),
                 font_weight="bold" if owner is not None else None)
    bonus = [_bonus_icons(e) for e in sp.get("bonus", [])]
    if bonus:
        icons, _end = _icons(x + 4, y + 34, bonus, 12)
        body += icons
    if marked:
        body += use("gcb", x + w - 16, y + 4, 12, 12)
    return body


def _map(data: GameData, view: dict[str, Any], names: list[str] | None, tr: Translator) -> list[str]:
    _ = tr.gettext
    owner = view.get("city_owner", {})
    out = []
    w, h = _cols(4), 50
    the_map = _("Map: 3 regions of 8 city spaces (symbol, owner, bonus when activated)")
    for region in data.regions:
        s = Sheet(tr)
        spaces = [sp for sp in data.map_order if data.map_spaces[sp]["region"] == region]
        mine = {name_of(names, owner[sp], tr) for sp in spaces if sp in owner}
        colour = s.say(region) if tr.lang != EN.lang else region
        head = text(PAD, 27, fit(_("%(colour)s region", colour=colour.capitalize()), W - 2 * PAD, 13, True),
                    font_size=13, font_weight="bold")
        s.parts.append(element(f"region-{region}", _("The %(colour)s region; cities there: %(who)s", colour=colour,
                                                     who=", ".join(sorted(mine)) or _("none")),
                               rect(0, 0, W, 44, fill=REGION_FILL.get(region, "#fff")) + head))
        top = 50
        for k, sid in enumerate(spaces):
            x, y = PAD + (k % 4) * (w + GAP), top + (k // 4) * (h + GAP)
            o = owner.get(sid)
            body = _space(s, data, sid, x, y, w, h, o, names, REGION_FILL.get(region, "#fff"))
            s.parts.append(element(f"space-{sid}", f"{s.say(space_line(data, sid))}: {_owner_words(names, o, tr)}",
                                   body))
        s.y = top + ((len(spaces) + 3) // 4) * (h + GAP)
        out.append(s.done(f"map-{region}", " - ".join((the_map, _("%(colour)s region", colour=colour.capitalize())))))
    return out


def _hometown(data: GameData, view: dict[str, Any], names: list[str] | None, tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Hometown (3 rows x 3 symbols; a city here gives its row's options)"))
    owner = view.get("city_owner", {})
    marked = set(view.get("hometown_marked", []))
    w, h = _cols(3), 50
    for r in sorted({data.home_spaces[sp]["row"] for sp in data.home_order}):
        spaces = [sp for sp in data.home_order if data.home_spaces[sp]["row"] == r]
        top = s.y
        for k, sid in enumerate(spaces):
            x = PAD + k * (w + GAP)
            o = owner.get(sid)
            body = _space(s, data, sid, x, top, w, h, o, names, "#fff", sid in marked)
            where = f"{s.say(space_line(data, sid))}: {_owner_words(names, o, tr)}"
            s.parts.append(element(f"space-{sid}", _("%(space)s (used this round)", space=where) if sid in marked
                                   else where, body))
        s.y = top + h
        s.lines(_("Row %(row)s a (a turn, cube on the city): %(option)s", row=r,
                  option=s.say(home_option(data, spaces[0], "a"))))
        s.y -= 4
        s.lines(_("Row %(row)s b (with a tile, cube on the city): %(option)s", row=r,
                  option=s.say(home_option(data, spaces[0], "b"))))
        s.y += 2
    return s.done("hometown", _("Hometown (3 rows x 3 symbols; a city here gives its row's options)"))


def _card_grid(s: Sheet, data: GameData, cids: list[str], fill: str = "#f4efe1", whole: bool = True) -> None:
    """Cards in two columns, each an element `card-<id>` with the whole card in its <title>;
    not `whole`: only the name and VP drawn (the discard pile, other players' played cards: a
    page stays light at the end of a game)."""
    w = _cols(2)
    y = s.y + 2
    for row in range(0, len(cids), 2):
        pair = cids[row:row + 2]
        lines = [_card_lines(s, data, cid, w) if whole else (_card_lines(s, data, cid, w)[0], []) for cid in pair]
        h = max(_card_height(x) for x in lines)
        for k, cid in enumerate(pair):
            x = PAD + k * (w + GAP)
            s.parts.append(element(f"card-{cid}", s.say(card_line(data, cid)),
                                   _card_box(s, data, cid, x, y, w, h, lines[k], fill)))
        y += h + GAP
    s.y = y


def _piles(data: GameData, view: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    if view.get("phase") == "draft":
        s.heading(_("Draft pool (starting hands)"))
        _card_grid(s, data, [x for x in view.get("draft_pool", []) if x])
    discard = view.get("discard", [])
    n = s.say(cards(len(discard)))
    words = _("Discard pile (%(cards)s, public)", cards=n)
    s.parts.append(element("discard", _("The discard pile: %(cards)s, public", cards=n),
                           rect(PAD, s.y + 4, W - 2 * PAD, 44, rx=5, fill="#eee", stroke="#999")
                           + text(PAD + 6, s.y + 31, fit(words, W - 2 * PAD - 12, 13, True), font_size=13,
                                  font_weight="bold")))
    s.y += 50
    if discard:
        _card_grid(s, data, discard, whole=False)
    sizes = view.get("deck_sizes") or {}
    boxed = ", ".join(s.seen(b) for b in view.get("box", [])) or _("none")
    none_left = _("none left")
    stacks = "; ".join(f"{_(BONUS_WORDS[k]) if k in BONUS_WORDS else k}: {'/'.join(map(str, v)) or none_left}"
                       for k, v in (view.get("bonus_stacks") or {}).items())
    piles = [_("epoch %(epoch)s: %(n)s", epoch=k, n=n) for k, n in sizes.items()]
    s.lines(_("Draw piles: %(piles)s. Boxed (2 players): %(boxed)s. Cubes in the supply: %(cubes)s. "
              "Bonus tiles left (VP, top first): %(stacks)s.",
              piles=", ".join(piles), boxed=boxed, cubes=view.get("supply_cubes"), stacks=stacks))
    return s.done("piles", _("Discard pile (%(cards)s, public)", cards=n))


def _player(data: GameData, view: dict[str, Any], i: int, seat: int | None, names: list[str] | None,
            tr: Translator) -> str:
    _ = tr.gettext
    p = view["players"][i]
    who = name_of(names, i, tr)
    s = Sheet(tr)
    marks = []
    if view.get("turn_seat") == i:
        marks.append(_("to move"))
    if view.get("start_player") == i:
        marks.append(_("start player"))
    if view.get("passed") and view["passed"][i] and view.get("phase") == "heyday":
        marks.append(_("passed"))
    if i in (view.get("decline_answered") or []) or i in (view.get("final_answered") or []):
        marks.append(_("has answered"))
    own = seat == i
    name = _("%(name)s (you)", name=who) if own else who
    head = (_("%(name)s - %(marks)s: %(vp)s VP", name=name, marks=", ".join(marks), vp=p["vp"]) if marks
            else _("%(name)s: %(vp)s VP", name=name, vp=p["vp"]))
    band = rect(0, 0, W, 26, fill=SEAT_DARK[i % len(SEAT_DARK)])
    band += text(PAD, 18, fit(name, W - 2 * PAD, 13, True), font_size=13, font_weight="bold", fill="#fff")
    s.parts.append(group(band, head))
    s.y = 30
    bonus = ", ".join(_("%(bonus)s (%(vp)s VP)", bonus=_bonus_word(tr, b["kind"]), vp=b["value"])
                      for b in p.get("bonus_tiles", [])) or _("none")
    stats_words = _("%(coins)s; own-board cubes: %(eye)s eye, %(temple)s temple; %(cities)s in supply; bonus tiles: "
                    "%(bonus)s.", coins=s.say(coins(p["coins"])), eye=p["cubes"]["eye"], temple=p["cubes"]["temple"],
                    cities=s.say(cities(p["cities_in_supply"])), bonus=bonus)
    icons, _end = _icons(PAD, s.y + 2, [("gv", p["vp"]), ("gc", p["coins"]), ("ge", p["cubes"]["eye"]),
                                        ("gt", p["cubes"]["temple"]), ("ggd", p["cities_in_supply"])], 14)
    s.parts.append(group(icons, stats_words))
    s.y += 20
    if marks or p.get("bonus_tiles"):
        s.lines(", ".join(marks + ([_("bonus tiles: %(bonus)s", bonus=bonus)] if p.get("bonus_tiles") else [])))
    w, h = _cols(3), 44
    top = s.y + 2
    for k, prof in enumerate(data.professions):
        x, y = PAD + (k % 3) * (w + GAP), top + (k // 3) * (h + GAP)
        body = rect(x, y, w, h, fill="#fff", stroke="#333") + use("gp", x + 4, y + 6, 16, 21)
        n = str(p["pop"][prof])
        body += text(x + 23, y + 19, n, font_size=15, font_weight="bold")
        body += text(x + 4, y + 39, fit(s.say(prof), w - 8))
        label = _("%(name)s's %(prof)s: %(n)s", name=who, prof=s.say(_professions(prof)), n=p["pop"][prof])
        s.parts.append(element(f"pop-{prof}", label, body) if own else group(body, label))
    s.y = top + 2 * (h + GAP)
    s.parts.append(text(PAD, s.y + 14, _("Time"), font_weight="bold"))
    s.y += 20
    cols = 5
    tw, th = _cols(cols), 44
    top = s.y
    for k, cell in enumerate(p["track"]):
        x, y = PAD + (k % cols) * (tw + GAP), top + (k // cols) * (th + GAP)
        fill = "#ccc" if cell == "locked" else "#fff" if cell == "empty" else "#fde"
        body = rect(x, y, tw, th, fill=fill, stroke="#333")
        if cell == "locked":
            body += use("gl", x + tw / 2 - 7, y + th / 2 - 8, 14, 16)
        elif cell in ("hg1", "hg2"):
            n = 1 if cell == "hg1" else 2
            for j in range(n):
                body += use("gh", x + tw / 2 - 7 * n + 14 * j, y + th / 2 - 9, 13, 18)
        elif cell != "empty":
            words = wrap(s.seen(cell.replace("tile:", "")), tw - 8, MIN_FONT, lines=2)
            for j, line in enumerate(words):
                body += text(x + 4, y + 18 + 13 * j, line)
        what = _(CELL_WORDS[cell]) if cell in CELL_WORDS else _("action tile %(tile)s", tile=cell[5:])
        label = _("%(name)s's time space %(n)s: %(what)s", name=who, n=k + 1, what=what)
        s.parts.append(element(f"track-{k}", label, body) if own else body if cell == "empty" else group(body, label))
    s.y = top + ((len(p["track"]) + cols - 1) // cols) * (th + GAP)
    marked = set(p.get("cards_marked", []))
    if p["tableau"]:
        s.heading(_("Played cards (%(n)s):", n=len(p["tableau"])), 12)
        _card_grid(s, data, p["tableau"], whole=own)
        if marked:
            s.lines(_("Cube on (used this round): %(cards)s.", cards=", ".join(s.seen(c) for c in sorted(marked))))
    else:
        s.lines(_("No cards played yet."))
    if p.get("hand"):
        s.heading(_("Your hand (%(n)s):", n=len(p["hand"])) if own else
                  _("%(name)s's hand (%(n)s):", name=who, n=len(p["hand"])), 12)
        _card_grid(s, data, p["hand"], "#fffbe6")
    elif p.get("hand") is not None:  # an empty hand reads like another seat's: no cards
        s.lines(_("Your hand: no cards.") if own else _("%(name)s's hand: no cards.", name=who))
    else:
        s.lines(_("Hand: %(cards)s (hidden).", cards=s.say(cards(p.get("hand_size", 0)))))
    return section(f"player-{i}", W, int(s.y + PAD), head,
                   rect(0, 0, W, s.y + PAD, fill=SEAT_FILL[i % len(SEAT_FILL)], fill_opacity="0.3") + "".join(s.parts),
                   font_size=MIN_FONT)


def _bonus_word(tr: Translator, kind: str) -> str:
    return tr.gettext(BONUS_WORDS[kind]) if kind in BONUS_WORDS else kind


def _professions(prof: str) -> Text:
    """"priests" as the English has always said it; the glossary's word in German."""
    return Text("%(prof)ss", prof=prof)


LEGEND = [("gph", N_("Philosopher tile: train population")),
          ("gsc", N_("Scribe tile: take civilization cards")),
          ("gnv", N_("Navigator tile: build a city (on the symbol shown; spiral: any)")),
          ("gch", N_("Chronicler tile: play a civilization card")),
          ("gld", N_("Leader tile: 2 coins, start player in the Decline")),
          ("gtx", N_("Tax collector: 1 hourglass for 4 coins, 2 for 8")),
          ("gc", N_("coins (on a tile: its cost; on an indicator: the least paid)")),
          ("gh", N_("an hourglass: to place on the time track, or placed there")),
          ("gl", N_("a locked time space")),
          ("gv", N_("victory points")),
          ("gp", N_("people: a profession's count; in the training queue, the cost for 1 / 2 persons")),
          ("ggd", N_("goods (a city symbol); on a player's board: cities in supply")),
          ("ge", N_("eye (a city symbol, an eye cube)")),
          ("gt", N_("temple (a city symbol, a temple cube)")),
          ("gsp", N_("spiral: a navigator tile that builds on any symbol")),
          ("gcb", N_("a marker cube (2 players: display card will be boxed; hometown: used this round)"))]


def _legend(view: dict[str, Any], names: list[str] | None, tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet(tr)
    s.heading(_("Legend"))
    for sym, meaning in LEGEND:
        lines = wrap(_(meaning), W - 2 * PAD - 26)
        s.parts.append(use(sym, PAD, s.y + 3, 16, 16))
        for k, line in enumerate(lines):
            s.parts.append(text(PAD + 26, s.y + 15 + k * LINE, line))
        s.y += LINE * len(lines) + 5
    for i in range(len(view.get("players", []))):
        s.parts.append(rect(PAD, s.y + 3, 16, 14, fill=SEAT_FILL[i % len(SEAT_FILL)],
                            stroke=SEAT_DARK[i % len(SEAT_DARK)], stroke_width=3))
        s.parts.append(text(PAD + 26, s.y + 15, fit(name_of(names, i, tr), W - 2 * PAD - 26)))
        s.y += LINE + 5
    return s.done("legend", _("Legend"))


def draw(data: GameData, view: dict[str, Any], seat: int | None, names: list[str] | None = None,
         tr: Translator = EN) -> str:
    _ = tr.gettext
    n = len(view.get("players", []))
    sections = [_turn(data, view, names, tr)]
    if seat is not None and 0 <= seat < n:
        sections.append(_player(data, view, seat, seat, names, tr))
    sections += [_tiles(data, view, tr), _training(data, view, tr), _display(data, view, tr)]
    sections += _map(data, view, names, tr)
    sections += [_hometown(data, view, names, tr), _piles(data, view, tr)]
    sections += [_player(data, view, i, seat, names, tr) for i in range(n) if i != seat]
    sections.append(_legend(view, names, tr))
    viewer = _("a spectator") if seat is None else name_of(names, seat, tr)
    title = _("Gentes, round %(round)s, seen by %(viewer)s", round=view.get("round"), viewer=viewer)
    return board(title, _status(data, view, names, tr), sections, "gentes", DEFS)
