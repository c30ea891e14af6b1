"""The picture hook: a seat's view drawn with engine/drawing.py, sections stacked top to bottom
(phase and turn, action tiles and the tax collector, training queue, card display and its
indicators, map and hometown, discard pile, then every player's board). Everything a seat may
see is here in words: its own hand with each card's needs, VP and effects, what each player
holds publicly, scores, whose turn it is. Things a step can name are `element`s whose
`data-el` is the step option's `element` (steps_moves.py):

    tile-<tile>  tax  meeple-<prof>  slot-<n>  ind-<D>  space-<space>  region-<region>
    card-<card> (draft pool, discard pile, own hand, tableaus)  pop-<prof>  track-<i> (own board)

Drawn from the view only (pure); 760 wide, no text below MIN_FONT. Its words are in the reader's
language (`tr`), the game's terms from its glossary (texts.py)."""

from __future__ import annotations

import textwrap
from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.games.gentes.data import GameData
from referee.games.gentes.texts import (BONUS_WORDS, CELL_WORDS, card_line, cards, cities, coins, hourglasses,
                                        home_option, indicator_line, requirements, say, space_line, symbol,
                                        tile_line)
from referee.games.gentes.texts import KIND_NAMES
from referee.plumbing.i18n import EN, N_, Text, Translator

W = 760
PAD = 10
LINE = 15
SEAT_FILL = ["#cfe3ff", "#ffd9c2", "#d5f0c8", "#eed6f5"]
REGION_FILL = {"yellow": "#fff6c8", "red": "#ffdede", "green": "#e0f4dc"}
SMALL = MIN_FONT
CELL_SHORT = {"locked": N_("lock"), "empty": "", "hg1": N_("1 hg"), "hg2": N_("2 hg")}
PHASES = {"draft": N_("starting-hand draft"), "heyday": N_("Heyday"), "decline": N_("Decline"),
          "final": N_("final scoring"), "over": N_("game over")}


def phase_words(tr: Translator, phase: Any) -> str:
    """The phase in words (the picture and the mail summary)."""
    return tr.gettext(PHASES[phase]) if phase in PHASES else str(phase)


def name_of(names: list[str] | None, seat: int | None, tr: Translator = EN) -> str:
    if seat is None:
        return tr.gettext("nobody")
    return names[seat] if names and 0 <= seat < len(names) else tr.gettext("Seat %(seat)s", seat=seat)


class Canvas:
    """A vertical stack of sections: `y` is where the next one starts; its words in `tr`'s language."""

    def __init__(self, tr: Translator = EN) -> None:
        self.parts: list[str] = []
        self.y = PAD
        self.tr = tr

    def say(self, value: Any) -> str:
        return say(self.tr, value)

    def heading(self, words: str, size: int = 14) -> None:
        for line in textwrap.wrap(words, int((W - 2 * PAD) / (size * 0.62))) or [""]:
            self.y += size + 4
            self.parts.append(text(PAD, self.y, line, font_size=size, font_weight="bold"))
        self.y += 6

    def fit(self, x: float, y: float, words: str, width: float, size: int = SMALL, **attrs: object) -> str:
        """A box's line of text; in a language whose words run longer than the box (German
        symbols), squeezed to the box's width instead of overflowing it (English as ever)."""
        if self.tr.lang != EN.lang and len(words) * size * 0.62 > width:
            attrs.update(textLength=f"{width:g}", lengthAdjust="spacingAndGlyphs")
        return text(x, y, words, font_size=size, **attrs)

    def lines(self, words: str, size: int = SMALL, width: int = 118, x: float = PAD) -> None:
        for line in textwrap.wrap(words, width) or [""]:
            self.y += LINE
            self.parts.append(text(x, self.y, line, font_size=size))
        self.y += 3


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


def _tiles(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    _ = c.tr.gettext
    c.heading(_("Action tiles on offer (cost in coins, hourglasses)"))
    on = [t for t in data.tile_order if t in view.get("tiles_on_board", [])]
    per, w, h = 8, 90, 38
    for i, tid in enumerate(on + ["tax"]):
        x, y = PAD + (i % per) * (w + 2), c.y + (i // per) * (h + 4)
        if tid == "tax":
            label = _("Tax collector: %(options)s", options=", ".join(
                _("%(hourglasses)s for %(n)s coins", hourglasses=c.say(hourglasses(k)), n=v)
                for k, v in sorted(data.tax_options.items())))
            body = rect(x, y, w, h, fill="#f3f3f3", stroke="#333") + text(x + 4, y + 15, _("Tax"), font_size=12,
                                                                         font_weight="bold")
            body += c.fit(x + 4, y + 31, _("+4 / +8 coins"), w - 8)
            c.parts.append(element("tax", label, body))
            continue
        t = data.tiles[tid]
        sym = (f" {c.say(symbol(t['symbol']))}" if t.get("symbol") and t["symbol"] not in data.wildcards
               else (" " + _("any") if t.get("symbol") else ""))
        body = rect(x, y, w, h, fill="#f7f1e3", stroke="#333")
        body += text(x + 4, y + 15, tid, font_size=12, font_weight="bold")  # named in words on the page (names.json)
        body += c.fit(x + 4, y + 31, _("%(cost)sc %(hourglasses)sh", cost=t["cost"], hourglasses=t["hourglasses"]) + sym,
                      w - 8)
        c.parts.append(element(f"tile-{tid}", c.say(tile_line(data, tid)), body))
    c.y += ((len(on) + 1 + per - 1) // per) * (h + 4) + 2
    if view.get("leader_holder") is not None:
        c.lines(_("The Leader tile was taken this round: that player becomes start player in the Decline."))


def _training(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    _ = c.tr.gettext
    c.heading(_("Training queue (meeple: cost to train 1 person / 2 persons)"))
    w = (W - 2 * PAD) // 6 - 2
    for i, prof in enumerate(view.get("training_queue", [])):
        x = PAD + i * (w + 2)
        body = rect(x, c.y, w, 36, fill="#eef", stroke="#333")
        body += text(x + 4, c.y + 15, f"{i + 1}. {c.say(prof)}", font_size=12, font_weight="bold")
        body += text(x + 4, c.y + 30, f"1: {data.cost_one[i]}  2: {data.cost_two[i]}", font_size=SMALL)
        c.parts.append(element(f"meeple-{prof}", _("%(prof)s meeple in column %(column)s: training 1 person needs "
                                                   "cost %(one)s, 2 persons %(two)s", prof=c.say(prof), column=i + 1,
                                                   one=data.cost_one[i], two=data.cost_two[i]), body))
    c.y += 40


def _display(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    _ = c.tr.gettext
    c.heading(_("Card display (slots 1-8) and cost indicators"))
    w, h = (W - 2 * PAD) // 4 - 2, 74
    for i, cell in enumerate(view.get("display", [])):
        x, y = PAD + (i % 4) * (w + 2), c.y + (i // 4) * (h + 4)
        if cell is None:
            body = rect(x, y, w, h, fill="#fff", stroke="#999", stroke_dasharray="4 3")
            body += text(x + 4, y + 15, _("Slot %(n)s: empty", n=i + 1), font_size=SMALL)
            c.parts.append(element(f"slot-{i + 1}", _("Display slot %(n)s, empty", n=i + 1), body))
            continue
        card = data.cards.get(cell["card"], {})
        body = rect(x, y, w, h, fill="#f4efe1", stroke="#333")
        line = (_("Slot %(n)s: %(card)s + cube", n=i + 1, card=cell["card"]) if cell.get("cube") else
                _("Slot %(n)s: %(card)s", n=i + 1, card=cell["card"]))
        body += text(x + 4, y + 14, line, font_size=SMALL)
        body += text(x + 4, y + 29, c.say(card.get("name", "")), font_size=12, font_weight="bold")
        body += text(x + 4, y + 44, _("%(n)s VP; needs", n=card.get("vp", 0)), font_size=SMALL)
        for k, line in enumerate(textwrap.wrap(c.say(requirements(card)), 30)[:2]):
            body += text(x + 4, y + 58 + 13 * k, line, font_size=SMALL)
        label = (_("Display slot %(n)s + cube: %(card)s", n=i + 1, card=c.say(card_line(data, cell["card"])))
                 if cell.get("cube") else
                 _("Display slot %(n)s: %(card)s", n=i + 1, card=c.say(card_line(data, cell["card"]))))
        c.parts.append(element(f"slot-{i + 1}", label, body))
    c.y += 2 * (h + 4)
    iw = (W - 2 * PAD) // 6 - 2
    for i, iid in enumerate(data.indicators):
        ind = data.indicators[iid]
        x = PAD + i * (iw + 2)
        body = rect(x, c.y, iw, 36, fill="#fdf5d8", stroke="#333")
        body += text(x + 4, c.y + 15, _("%(id)s from %(cost)s", id=iid, cost=ind["min_paid"]), font_size=12,
                     font_weight="bold")
        body += text(x + 4, c.y + 30, _("%(n)s of slots 1-%(slot)s", n=ind["max_cards"], slot=ind["max_slot"]),
                     font_size=SMALL)
        c.parts.append(element(f"ind-{iid}", c.say(indicator_line(data, iid)), body))
    c.y += 40
    disc = ", ".join(_("%(n)s from the discard pile at cost %(cost)s", n=o["cards"], cost=o["min_paid"])
                     for o in data.discard_options)
    c.lines(_("Scribe: or take %(options)s.", options=disc))


def _owner_words(names: list[str] | None, owner: int | None, tr: Translator = EN) -> str:
    return tr.gettext("free") if owner is None else name_of(names, owner, tr)


def _map(c: Canvas, data: GameData, view: dict[str, Any], names: list[str] | None) -> None:
    _, tr = c.tr.gettext, c.tr
    c.heading(_("Map: 3 regions of 8 city spaces (symbol, owner, bonus when activated)"))
    owner = view.get("city_owner", {})
    w, h = (W - 2 * PAD) // 8 - 2, 44
    for region in data.regions:
        spaces = [s for s in data.map_order if data.map_spaces[s]["region"] == region]
        mine = {name_of(names, owner[s], tr) for s in spaces if s in owner}
        colour = c.say(region) if tr.lang != EN.lang else region
        body = text(PAD, c.y + 13, _("%(colour)s region", colour=colour.capitalize()), font_size=12, font_weight="bold")
        c.parts.append(element(f"region-{region}", _("The %(colour)s region; cities there: %(who)s", colour=colour,
                                                     who=", ".join(sorted(mine)) or _("none")), body))
        c.y += 17
        for k, sid in enumerate(spaces):
            x = PAD + k * (w + 2)
            o = owner.get(sid)
            sp = data.map_spaces[sid]
            fill = SEAT_FILL[o % len(SEAT_FILL)] if o is not None else REGION_FILL.get(region, "#fff")
            body = rect(x, c.y, w, h, fill=fill, stroke="#333")
            body += c.fit(x + 3, c.y + 14, f"{sid} {c.say(symbol(sp['symbol']))}", w - 6, font_weight="bold")
            body += text(x + 3, c.y + 28, _owner_words(names, o, tr)[:13], font_size=SMALL)
            bonus = ",".join(_short(e, tr) for e in sp["bonus"])
            body += text(x + 3, c.y + 41, bonus[:14], font_size=SMALL)
            c.parts.append(element(f"space-{sid}", f"{c.say(space_line(data, sid))}: {_owner_words(names, o, tr)}",
                                   body))
        c.y += h + 4


def _short(e: dict[str, Any], tr: Translator = EN) -> str:
    op, n = e["op"], e.get("n", 0)
    if op == "coins":
        return tr.gettext("+%(n)sc", n=n)
    if op == "vp":
        return tr.gettext("+%(n)sVP", n=n)
    if op == "cube":
        kind = e.get("kind", "")
        return (tr.gettext("+%(n)se", n=n) if kind == "eye" else tr.gettext("+%(n)st", n=n) if kind == "temple"
                else f"+{n}{kind[:1]}")
    return op


def _hometown(c: Canvas, data: GameData, view: dict[str, Any], names: list[str] | None) -> None:
    _, tr = c.tr.gettext, c.tr
    c.heading(_("Hometown (3 rows x 3 symbols; a city here gives its row's options)"))
    owner = view.get("city_owner", {})
    marked = set(view.get("hometown_marked", []))
    w, h = 110, 40
    rows = sorted({data.home_spaces[s]["row"] for s in data.home_order})
    for r in rows:
        spaces = [s for s in data.home_order if data.home_spaces[s]["row"] == r]
        for k, sid in enumerate(spaces):
            x = PAD + k * (w + 2)
            o = owner.get(sid)
            fill = SEAT_FILL[o % len(SEAT_FILL)] if o is not None else "#fff"
            body = rect(x, c.y, w, h, fill=fill, stroke="#333")
            sym = c.say(symbol(data.home_spaces[sid]["symbol"]))
            body += c.fit(x + 3, c.y + 14, _("%(space)s %(symbol)s + cube", space=sid, symbol=sym) if sid in marked
                          else f"{sid} {sym}", w - 6, font_weight="bold")
            body += text(x + 3, c.y + 30, _owner_words(names, o, tr)[:16], font_size=SMALL)
            where = f"{c.say(space_line(data, sid))}: {_owner_words(names, o, tr)}"
            c.parts.append(element(f"space-{sid}", _("%(space)s (used this round)", space=where) if sid in marked
                                   else where, body))
        words = (textwrap.wrap(_("Row %(row)s a (a turn, cube on the city): %(option)s", row=r,
                                 option=c.say(home_option(data, spaces[0], "a"))), 66)
                 + textwrap.wrap(_("Row %(row)s b (with a tile, cube on the city): %(option)s", row=r,
                                   option=c.say(home_option(data, spaces[0], "b"))), 66))
        for k, line in enumerate(words):
            c.parts.append(text(PAD + 3 * (w + 2) + 4, c.y + 12 + 13 * k, line, font_size=SMALL))
        c.y += max(h, 13 * len(words) + 2) + 4


def _card_rows(c: Canvas, data: GameData, cids: list[str], prefix: str = "") -> None:
    """Cards one per line (wrapped), each an element `card-<id>`."""
    for cid in cids:
        words = c.say(card_line(data, cid))
        lines = textwrap.wrap(prefix + words, 116) or [""]
        body = ""
        top = c.y
        for line in lines:
            c.y += LINE
            body += text(PAD + 8, c.y, line, font_size=SMALL)
        c.parts.append(element(f"card-{cid}", words, rect(PAD, top + 3, W - 2 * PAD, c.y - top + 2, fill="#fafafa",
                                                          stroke="#ccc") + body))
        c.y += 4


def _piles(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    _ = c.tr.gettext
    if view.get("phase") == "draft":
        c.heading(_("Draft pool (starting hands)"))
        _card_rows(c, data, [x for x in view.get("draft_pool", []) if x])
    discard = view.get("discard", [])
    c.y += 20
    n = c.say(cards(len(discard)))
    c.parts.append(element("discard", _("The discard pile: %(cards)s, public", cards=n),
                           text(PAD, c.y, _("Discard pile (%(cards)s, public)", cards=n), font_size=14,
                                font_weight="bold")))
    c.y += 6
    if discard:
        _card_rows(c, data, discard)
    sizes = view.get("deck_sizes") or {}
    boxed = ", ".join(view.get("box", [])) or _("none")
    none_left = _("none left")
    stacks = "; ".join(f"{_(BONUS_WORDS[k]) if k in BONUS_WORDS else k}: {'/'.join(map(str, v)) or none_left}"
                       for k, v in (view.get("bonus_stacks") or {}).items())
    piles = [_("epoch %(epoch)s: %(n)s", epoch=k, n=n) for k, n in sizes.items()]
    c.lines(_("Draw piles: %(piles)s. Boxed (2 players): %(boxed)s. Cubes in the supply: %(cubes)s. "
              "Bonus tiles left (VP, top first): %(stacks)s.",
              piles=", ".join(piles), boxed=boxed, cubes=view.get("supply_cubes"), stacks=stacks))


def _player(c: Canvas, data: GameData, view: dict[str, Any], i: int, seat: int | None, names: list[str] | None) -> None:
    _, tr = c.tr.gettext, c.tr
    p = view["players"][i]
    who = name_of(names, i, tr)
    marks = []
    if view.get("turn_seat") == i:
        marks.append(_("to move"))
    if view.get("start_player") == i:
        marks.append(_("start player"))
    if view.get("passed") and view["passed"][i] and view.get("phase") == "heyday":
        marks.append(_("passed"))
    if i in (view.get("decline_answered") or []) or i in (view.get("final_answered") or []):
        marks.append(_("has answered"))
    c.y += 6
    top = c.y
    name = _("%(name)s (you)", name=who) if seat == i else who
    c.heading(_("%(name)s - %(marks)s: %(vp)s VP", name=name, marks=", ".join(marks), vp=p["vp"]) if marks
              else _("%(name)s: %(vp)s VP", name=name, vp=p["vp"]), 14)
    bonus = ", ".join(_("%(bonus)s (%(vp)s VP)", bonus=_bonus_word(tr, b["kind"]), vp=b["value"])
                      for b in p.get("bonus_tiles", [])) or _("none")
    c.lines(_("%(coins)s; own-board cubes: %(eye)s eye, %(temple)s temple; %(cities)s in supply; bonus tiles: "
              "%(bonus)s.", coins=c.say(coins(p["coins"])), eye=p["cubes"]["eye"], temple=p["cubes"]["temple"],
              cities=c.say(cities(p["cities_in_supply"])), bonus=bonus))
    own = seat == i
    w = (W - 2 * PAD) // 6 - 2
    for k, prof in enumerate(data.professions):
        x = PAD + k * (w + 2)
        body = rect(x, c.y, w, 22, fill="#fff", stroke="#333") + text(x + 4, c.y + 15, f"{c.say(prof)} {p['pop'][prof]}",
                                                                     font_size=12)
        label = _("%(name)s's %(prof)s: %(n)s", name=who, prof=c.say(_professions(prof)), n=p["pop"][prof])
        c.parts.append(element(f"pop-{prof}", label, body) if own else group(body, label))
    c.y += 26
    tw = (W - 2 * PAD - 40) // max(1, len(p["track"])) - 2
    c.parts.append(text(PAD, c.y + 15, _("Time"), font_size=SMALL))
    for k, cell in enumerate(p["track"]):
        x = PAD + 40 + k * (tw + 2)
        fill = "#ccc" if cell == "locked" else "#fff" if cell == "empty" else "#fde"
        short = CELL_SHORT.get(cell)
        word = (_(short) if short else "") if cell in CELL_SHORT else cell.replace("tile:", "")
        body = rect(x, c.y, tw, 22, fill=fill, stroke="#333") + text(x + 4, c.y + 15, word, font_size=SMALL)
        what = _(CELL_WORDS[cell]) if cell in CELL_WORDS else _("action tile %(tile)s", tile=cell[5:])
        label = _("%(name)s's time space %(n)s: %(what)s", name=who, n=k + 1, what=what)
        c.parts.append(element(f"track-{k}", label, body) if own else group(body, label))
    c.y += 26
    marked = set(p.get("cards_marked", []))
    if p["tableau"]:
        c.lines(_("Played cards (%(n)s):", n=len(p["tableau"])), 12)
        _card_rows(c, data, p["tableau"])
        if marked:
            c.lines(_("Cube on (used this round): %(cards)s.", cards=", ".join(sorted(marked))))
    else:
        c.lines(_("No cards played yet."))
    if p.get("hand"):
        c.lines(_("Your hand (%(n)s):", n=len(p["hand"])) if own else
                _("%(name)s's hand (%(n)s):", name=who, n=len(p["hand"])), 12)
        _card_rows(c, data, p["hand"])
    elif p.get("hand") is not None:  # an empty hand reads like another seat's: no cards
        c.lines(_("Your hand: no cards.") if own else _("%(name)s's hand: no cards.", name=who))
    else:
        c.lines(_("Hand: %(cards)s (hidden).", cards=c.say(cards(p.get("hand_size", 0)))))
    c.parts.insert(0, rect(2, top, W - 4, c.y - top + 4, fill=SEAT_FILL[i % len(SEAT_FILL)], fill_opacity="0.25",
                           stroke="none"))


def _bonus_word(tr: Translator, kind: str) -> str:
    return tr.gettext(BONUS_WORDS[kind]) if kind in BONUS_WORDS else kind


def _professions(prof: str) -> Text:
    """"priests" as the English has always said it; the glossary's word in German."""
    return Text("%(prof)ss", prof=prof)


LEGEND = [(N_("c / h"), N_("coins / hourglasses on an action tile (cost to pay, hourglasses to place)")),
          (N_("1 hg / 2 hg"), N_("a single / double hourglass on a time space; lock = locked space")),
          (N_("+3c, +1VP, +1e / +1t"), N_("city bonus: coins, victory points, eye / temple cube")),
          (N_("+ cube"), N_("a marker cube (2 players: display card will be boxed; hometown: used this round)")),
          (N_("goods / eye / temple"), N_("city symbols; 'any' = a navigator tile that builds on any symbol")),
          ("1: x  2: y", N_("training cost: threshold needed to train 1 person / 2 persons with that meeple"))]


def draw(data: GameData, view: dict[str, Any], seat: int | None, names: list[str] | None = None,
         tr: Translator = EN) -> str:
    _ = tr.gettext
    c = Canvas(tr)
    status = _status(data, view, names, tr)
    c.heading(_("Gentes - %(status)s", status=status), 15)
    if view.get("start_player") is not None:
        scores = [_("%(name)s %(vp)s VP", name=name_of(names, i, tr), vp=p["vp"])
                  for i, p in enumerate(view.get("players", []))]
        c.lines(_("Start player: %(who)s. Scores: %(scores)s.", who=name_of(names, view["start_player"], tr),
                  scores=", ".join(scores)))
    _tiles(c, data, view)
    _training(c, data, view)
    _display(c, data, view)
    _map(c, data, view, names)
    _hometown(c, data, view, names)
    _piles(c, data, view)
    order = ([seat] if seat is not None else []) + [i for i in range(len(view.get("players", []))) if i != seat]
    for i in order:
        _player(c, data, view, i, seat, names)
    c.heading(_("Legend"), 12)
    c.parts.append(legend(PAD, c.y + 12, [(_(k) if k != "1: x  2: y" else k, _(v)) for k, v in LEGEND]))
    c.y += 16 * len(LEGEND) + 10
    viewer = _("a spectator") if seat is None else name_of(names, seat, tr)
    title = _("Gentes, round %(round)s, seen by %(viewer)s", round=view.get("round"), viewer=viewer)
    return document(W, int(c.y), title, status, "".join(c.parts), "gentes")
