"""The seat's whole table as a board in sections (contract hook `picture`, engine/drawing.py
`board`), drawn from a view only: the turn and every player's public holdings (each player with
a mark of its own shape and colour, its adventurers as pills sized to their words), the seat's
own hand and the Hold'em display as cards in their kind's colour and emblem, then one section per
age: its grid with terrain marks, buildings as squares of their rank's size with their type's
emblem once per rank, printed hamlets, owners' marks; then the legend. Pure: the same view gives
the same bytes.

Things a step may name are `element`s (steps.py): `age-<age>` (a board's heading),
`sq-<age>-<r>-<c>` (a free square), `b-<age>-<r>-<c>` (the building anchored there, printed
hamlets included), `anchor-<age>-<r>-<c>` (a square the reduced tile may take, drawn only while
that decision is pending), `card-<id>` (own hand), `display-<id>`, `adv-<seat>-<i>` (an
adventurer), `player-<seat>`. Each section is 360 units wide and no text is below MIN_FONT, so a
phone shows it 1:1; a square is 30 units (11 fit the width), a card and a heading at least 44.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from referee.engine.drawing import (MIN_FONT, PAPER, SECTION_WIDTH, board, element, group, label, lines, rect,
                                    section, symbol, text, text_width, use, wrap)
from referee.engine.glossary import term
from referee.engine.naming import named
from referee.games.khronos.data import NAMES
from referee.plumbing.i18n import EN, N_, Translator

W = SECTION_WIDTH
PAD = 8
INNER = W - 2 * PAD
CELL = 30  # a square: 11 of them and the row numbers fit a phone
BX = 26  # the boards' west edge (row numbers sit left of it)
FILL = {"P": "#f5f1e3", "F": "#b7d7a0", "M": "#c9c2b8", "R": "#a8d4ec"}
TERRAIN = {"P": N_("plain"), "F": N_("forest"), "M": N_("mountain"), "R": N_("river")}
TYPE_FILL = {"military": "#f4a259", "religious": "#b38bd6", "civil": "#6fa8dc"}
COLOUR = {"military": N_("orange"), "religious": N_("violet"), "civil": N_("blue")}
# An age's short name (where room is short: adventurers, cards); headings use the rulebook's full name.
AGE = {"might": N_("Might"), "faith": N_("Faith"), "reason": N_("Reason")}
AGE_EN = {"might": "Might", "faith": "Faith", "reason": "Reason"}
RULE = {"might": N_("military rules: build, upgrade, demolish"),
        "faith": N_("religion rules: build, upgrade, demolish"),
        "reason": N_("citizens rule: populate civil buildings, restore ruins")}
PLAYER_FILL = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
F = MIN_FONT


def _age(age: str, tr: Translator) -> str:
    """An age's short name ("Might"; "Macht")."""
    return tr.gettext(AGE[age]) if age in AGE else str(age)


def _age_full(age: str, tr: Translator) -> str:
    """An age as the rulebook names it ("Might"; "Zeitalter der Macht")."""
    return term("khronos", AGE_EN[age], tr.lang) if age in AGE_EN else str(age)


def _building(key: tuple[str, int], tr: Translator) -> str:
    """A building kind's name ("castle"; "Burg")."""
    return term("khronos", NAMES[key], tr.lang)


def _type(btype: str, tr: Translator) -> str:
    """A building type in words ("military"; "militärisch")."""
    words = {"military": tr.gettext("military"), "religious": tr.gettext("religious"), "civil": tr.gettext("civil")}
    return words.get(btype, btype)


def _name(names: list[str] | None, seat: int | None, tr: Translator = EN) -> str:
    if seat is None:
        return tr.gettext("nobody")
    return names[seat] if names and 0 <= seat < len(names) else tr.gettext("seat %(seat)s", seat=seat)


def _card_effect(view: dict, colour: str, tr: Translator) -> list[str]:
    """What a card of `colour` pays for, in words, with the costs from the view's component data."""
    _ = tr.gettext
    kinds = view["kinds"]
    builds = ", ".join(f"{_building((colour, r), tr)} {kinds[f'{colour}_{r}']['value']}"
                       for r in (1, 2, 3) if f"{colour}_{r}" in kinds)
    first, rest = builds.split(", ", 1) if ", " in builds else (builds, "")
    if colour == "civil":
        return [_("builds %(first)s,", first=first), f"{rest};", _("populates in Reason")]
    return [_("builds %(first)s,", first=first), f"{rest};",
            _("demolishes a %(building)s", building=_building((colour, 1), tr))]


# shapes that tell types and players apart without colour
TYPE_ICON = {"military": ('<path d="M4 22V8h3V4h3v4h4V4h3v4h3v14z" fill="#f4a259" stroke="#5a2e00" stroke-width="1.5"/>'
                          '<path d="M10 22v-6h4v6" fill="#5a2e00"/>'),
             "religious": ('<path d="M12 1v5M9.5 3.5h5" stroke="#3b1f5c" stroke-width="1.6"/>'
                           '<path d="M4 22V13a8 7 0 0 1 16 0v9z" fill="#b38bd6" stroke="#3b1f5c" stroke-width="1.5"/>'
                           '<path d="M10 22v-5a2 2 0 0 1 4 0v5" fill="#3b1f5c"/>'),
             "civil": ('<path d="M2 12L12 3l10 9h-3v10H5V12z" fill="#6fa8dc" stroke="#12395e" stroke-width="1.5"/>'
                       '<rect x="10" y="15" width="4" height="7" fill="#12395e"/>')}
PLAYER_SHAPE = ('<circle cx="12" cy="12" r="10"/>', '<rect x="2" y="2" width="20" height="20"/>',
                '<path d="M12 1l11 21H1z"/>', '<path d="M12 1l11 11-11 11L1 12z"/>',
                '<path d="M12 1l3.2 7.2 7.8.7-5.9 5.2 1.8 7.7L12 17.8 5.1 21.8l1.8-7.7L1 8.9l7.8-.7z"/>')
TERRAIN_ICON = {"F": '<path d="M12 2l7 12h-4l5 7H4l5-7H5z" fill="#2f6b1f"/>',
                "M": '<path d="M1 22L9 6l4 7 3-4 7 13z" fill="#6b6259"/>',
                "R": '<path d="M1 9c4-4 7 4 11 0s7 4 11 0M1 17c4-4 7 4 11 0s7 4 11 0" fill="none" stroke="#1d5f8a" '
                     'stroke-width="2.5"/>'}


def _defs() -> str:
    types = "".join(symbol(f"kh-{t}", 24, 24, v) for t, v in TYPE_ICON.items())
    players = "".join(symbol(f"kh-p{i}", 24, 24, shape.replace("/>", f' fill="{PLAYER_FILL[i]}" stroke="#222" '
                                                                   'stroke-width="1.5"/>'))
                      for i, shape in enumerate(PLAYER_SHAPE))
    terrain = "".join(symbol(f"kh-t{k}", 24, 24, v) for k, v in TERRAIN_ICON.items())
    # a square of each ground, drawn by a <use> at its corner (no size: a page has 363 of them);
    # no edge of its own, so the page's highlight of a square to pick reaches it
    cells = f'<rect id="kh-sqP" width="{CELL}" height="{CELL}"/>' + "".join(
        f'<g id="kh-sq{k}">{rect(0, 0, CELL, CELL, fill=FILL[k])}{use(f"kh-t{k}", CELL - 12, CELL - 12, 10, 10)}</g>'
        for k in TERRAIN_ICON)
    return types + players + terrain + cells


def _badge(seat: int, x: float, y: float, size: float = 12) -> str:
    """A player's mark: a shape of its own (circle, square, triangle, diamond, star) in its colour."""
    return use(f"kh-p{seat % 5}", x, y, size, size)


def _card(view: dict, el: str, card: str, x: float, y: float, display: bool, tr: Translator) -> str:
    """A card in the colour of its kind, with its kind's emblem and what it pays for."""
    _ = tr.gettext
    colour = {"M": "military", "R": "religious", "C": "civil"}.get(card[:1], "civil")
    effect = _card_effect(view, colour, tr)
    rows = wrap(" ".join(effect), CARD_W - 10, F, lines=5)
    body = (rect(x, y, CARD_W, CARD_H, fill=TYPE_FILL[colour], fill_opacity="0.35", stroke="#222", rx=5)
            + use(f"kh-{colour}", x + 5, y + 5, 20, 20)
            + "".join(text(x + 5, y + 36 + 13 * i, r, font_size=F, font_weight="bold")
                      for i, r in enumerate(wrap(named(card, "khronos", tr, short=True), CARD_W - 10, F, True, 2)))
            + "".join(text(x + 5, y + 64 + 13 * i, r, font_size=F) for i, r in enumerate(rows)))
    what = "; ".join(effect)
    title = (_("display card %(card)s: %(type)s card; %(what)s", card=card, type=_type(colour, tr), what=what)
             if display else _("your card %(card)s: %(type)s card; %(what)s", card=card, type=_type(colour, tr),
                                what=what))
    return element(el, title, body)


CARD_W, CARD_H = 112, 130


def _cards(view: dict, cards: list[str], prefix: str, y: float, display: bool, tr: Translator) -> tuple[str, float]:
    out = [_card(view, f"{prefix}-{c}", c, PAD + 116 * (i % 3), y + (CARD_H + 4) * (i // 3), display, tr)
           for i, c in enumerate(cards)]
    return "".join(out), y + (CARD_H + 4) * (-(-len(cards) // 3))


def _players(view: dict, seat: int | None, names: list[str] | None, y: float, tr: Translator) -> tuple[str, float]:
    """Each player: its mark, name and holdings, then its adventurers as pills sized to their words."""
    _ = tr.gettext
    out = []
    for i, p in enumerate(view["players"]):
        coins = _("coins hidden") if p["coins"] is None else tr.npgettext("khronos", "%(n)d coin", "%(n)d coins", p["coins"])
        turn = i == view["active_seat"] and view["phase"] != "finished"
        who = _name(names, i, tr)
        who = _("%(name)s (you)", name=who) if i == seat else who
        args = dict(who=who, coins=coins, hand=p["hand_count"], cubes=p["free_cubes"])
        words = (_("%(who)s: %(coins)s, %(hand)s cards in hand, %(cubes)s free cubes - to play", **args) if turn else
                 _("%(who)s: %(coins)s, %(hand)s cards in hand, %(cubes)s free cubes", **args))
        rows = wrap(words, INNER - 22, F, turn, 3)
        body = rect(PAD - 2, y - 13, INNER + 4, 14 * len(rows) + 4, fill="none") + _badge(i, PAD, y - 10, 14) + "".join(
            text(PAD + 20, y + 14 * k, r, font_size=F, font_weight="bold" if turn else None) for k, r in enumerate(rows))
        out.append(element(f"player-{i}", words, body))
        y += 14 * len(rows) + 2
        x = PAD + 20
        for a, age in enumerate(p["adventurers"]):
            played = p["cards_played"][a] if i == view["active_seat"] else 0
            pill = (_("adventurer %(i)s: %(age)s (%(n)s played)", i=a + 1, age=_age(age, tr), n=played) if played
                    else _("adventurer %(i)s: %(age)s", i=a + 1, age=_age(age, tr)))
            w = min(INNER - 20, text_width(pill, F) + 16)
            if x + w > W - PAD:
                x, y = PAD + 20, y + 22
            adv = (rect(x, y - 2, w, 20, fill="#fff", stroke=PLAYER_FILL[i % 5], stroke_width=2, rx=10)
                   + label(x + w / 2, y + 12, pill, w - 12, F, text_anchor="middle"))
            out.append(element(f"adv-{i}-{a}", _("%(who)s's %(adventurer)s", who=_name(names, i, tr), adventurer=pill),
                               adv))
            x += w + 6
        y += 36 if p["adventurers"] else 14
    return "".join(out), y


PENDING = {"choose_reduction": N_("Waiting for %(who)s to choose which building is reduced in %(age)s."),
           "place_reduced": N_("Waiting for %(who)s to place a reduced building in %(age)s."),
           "choose_hamlet_keeper": N_("Waiting for %(who)s to choose who keeps a cube on a printed hamlet in "
                                      "%(age)s.")}


def _status(view: dict, names: list[str] | None, tr: Translator) -> str:
    _ = tr.gettext
    if view["phase"] == "finished":
        res = view.get("result") or {}
        won = tr.join([_name(names, s, tr) for s in res.get("winners") or []]) if tr.lang != EN.lang else \
            " and ".join(_name(names, s) for s in res.get("winners") or [])
        return _("Round %(round)s of 7: game over; %(who)s won.", round=view["round"], who=won or _("nobody"))
    who = _name(names, view["active_seat"], tr)
    if view["phase"] == "exchange":
        line = _("Round %(round)s: %(who)s's turn (phase I, exchange or act).", round=view["round"], who=who)
    elif view["phase"] == "actions":
        line = _("Round %(round)s: %(who)s's turn (phase II, actions).", round=view["round"], who=who)
    else:
        line = _("Round %(round)s: %(who)s's turn (%(phase)s).", round=view["round"], who=who, phase=view["phase"])
    if view.get("pending"):
        d = view["pending"][0]
        age = _age_full(d.get("age", "reason"), tr)
        if d["decision"] in PENDING:
            sentence = PENDING[d["decision"]]
            line += "\n" + _(sentence, who=_name(names, d["seat"], tr), age=age)
        else:
            line += f"\nWaiting for {_name(names, d['seat'])} to {d['decision']} in {age}."
    return line


def _tile_words(t: dict, age: str, names: list[str] | None, tr: Translator) -> str:
    _ = tr.gettext
    key = (t["type"], t["rank"])
    name = _building(key, tr) if key in NAMES else t["type"]
    args = dict(building=name, type=_type(t["type"], tr), rank=t["rank"], row=t["anchor"][0], column=t["anchor"][1],
                age=_age_full(age, tr))
    words = (_("ruined %(building)s (%(type)s, rank %(rank)s) at row %(row)s, column %(column)s in %(age)s", **args)
             if t.get("ruin") else
             _("%(building)s (%(type)s, rank %(rank)s) at row %(row)s, column %(column)s in %(age)s", **args))
    if t.get("owner") is not None:
        words = _("%(tile)s, %(owner)s's", tile=words, owner=_name(names, t["owner"], tr))
    if t.get("restore_cube") is not None:
        words = _("%(tile)s, half restored by %(who)s", tile=words, who=_name(names, t["restore_cube"], tr))
    if t.get("cubes"):
        words = _("%(tile)s, cubes: %(who)s", tile=words, who=", ".join(_name(names, s, tr) for s in t["cubes"]))
    return words


def _tile(view: dict, t: dict, age: str, names: list[str] | None, top: float, tr: Translator) -> str:
    """A building: a square of its size (rank 1-3: 1x1-3x3) in its type's colour, with its type's
    emblem once per rank, a dashed edge when a ruin, its owner's mark and, when there is room, name."""
    s = _size(view, t)
    r, c = t["anchor"]
    x, y, w = BX + c * CELL, top + r * CELL, s * CELL
    ruin = t.get("ruin")
    body = rect(x + 1, y + 1, w - 2, w - 2, fill=TYPE_FILL[t["type"]], fill_opacity="0.45" if ruin else None,
                stroke="#222", stroke_width=2, stroke_dasharray="5 3" if ruin else None)
    icon = 18 if s == 1 else 22
    for k in range(int(t["rank"])):
        body += use(f"kh-{t['type']}", x + 4 + k * (icon + 2) if s > 1 else x + (w - icon) / 2,
                    y + 4 if s > 1 else y + (w - icon) / 2, icon, icon)
    marks = [s_ for s_ in ([t["owner"]] if t.get("owner") is not None else []) + list(dict.fromkeys(t.get("cubes") or []))]
    if t.get("restore_cube") is not None:
        marks.append(t["restore_cube"])
    for k, m in enumerate(marks[: 2 * s]):
        body += _badge(m, x + w - 13 - 12 * (k % s) if s > 1 else x + w - 12, y + w - 13 - 12 * (k // s) if s > 1
                       else y + 2, 10 if s == 1 else 11)
    if s > 1 and t.get("owner") is not None:
        body += label(x + 4, y + 40, _name(names, t["owner"], tr), w - 8, F)
    return element(f"b-{age}-{r}-{c}", _tile_words(t, age, names, tr), body)


def _board(view: dict, age: str, names: list[str] | None, tr: Translator) -> str:
    """One age: its heading, the grid with terrain marks, buildings and printed hamlets, who is there."""
    _ = tr.gettext
    b = view["board"][age]
    rows, cols = b["rows"], b["cols"]
    out = []
    rule = _(RULE[age]) if age in RULE else ""
    head_rows = wrap(rule, INNER - 12, F, lines=2)
    head = (rect(PAD - 4, 4, W - 2 * PAD + 8, 48, fill="#333", rx=4)
            + label(PAD + 4, 22, _age_full(age, tr), INNER - 8, 14, fill="#fff", font_weight="bold")
            + "".join(text(PAD + 4, 37 + 12 * i, r, font_size=F, fill="#fff") for i, r in enumerate(head_rows[:1]))
            + (label(PAD + 4, 49, " ".join(head_rows[1:]), INNER - 8, F, fill="#fff") if len(head_rows) > 1 else ""))
    out.append(element(f"age-{age}", _("the age of %(age)s (%(rule)s)", age=_age_full(age, tr), rule=rule), head))
    top = 76
    for i in range(cols):
        out.append(text(BX + i * CELL + CELL / 2, top - 5, i, font_size=F, text_anchor="middle", fill="#555"))
    for i in range(rows):
        out.append(text(BX - 4, top + i * CELL + CELL / 2 + 4, i, font_size=F, text_anchor="end", fill="#555"))
    tiles = view["boards"][age]["tiles"]
    covered: set[tuple[int, int]] = set()
    for t in tiles.values():
        s = _size(view, t)
        covered.update((t["anchor"][0] + i, t["anchor"][1] + j) for i in range(s) for j in range(s))
    hamlets = {(h[0], h[1]) for h in b["printed_hamlets"]}
    under_ruins = {(t["anchor"][0] + i, t["anchor"][1] + j) for t in tiles.values() if t.get("ruin")
                   for i in range(_size(view, t)) for j in range(_size(view, t))}
    squares = []
    for r, row in enumerate(b["terrain"]):
        for c, terr in enumerate(row):
            if (r, c) in covered and (r, c) not in under_ruins:
                continue  # a building covers it whole
            body = f'<use href="#kh-sq{terr if terr in TERRAIN_ICON else "P"}" x="{BX + c * CELL}" y="{top + r * CELL}"/>'
            if (r, c) in covered or (r, c) in hamlets:
                squares.append(body)
            else:
                ground = _(TERRAIN[terr]) if terr in TERRAIN else terr
                squares.append(element(f"sq-{age}-{r}-{c}", _("row %(row)s, column %(column)s: %(terrain)s", row=r,
                                                               column=c, terrain=ground), body))
    out.append(group("".join(squares), _("the squares of %(age)s", age=_age_full(age, tr)), fill=FILL["P"],
                     stroke="#999", stroke_width="0.5"))
    cubes = view["boards"][age].get("hamlet_cubes", {})
    for r, c in sorted(hamlets - covered):
        x, y = BX + c * CELL, top + r * CELL
        on = cubes.get(f"{r},{c}", [])
        args = dict(row=r, column=c, age=_age_full(age, tr))
        words = (_("printed hamlet (civil, value 1) at row %(row)s, column %(column)s in %(age)s, cube of %(who)s",
                   who=", ".join(_name(names, s, tr) for s in on), **args) if on else
                 _("printed hamlet (civil, value 1) at row %(row)s, column %(column)s in %(age)s", **args))
        body = (rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="#fff", stroke="#12395e", rx=CELL / 2 - 2)
                + use("kh-civil", x + 7, y + 6, 16, 16) + (_badge(on[0], x + CELL - 12, y + 2, 10) if on else ""))
        out.append(element(f"b-{age}-{r}-{c}", words, body))
    for t in sorted(tiles.values(), key=lambda t: (t["anchor"], t["id"])):
        out.append(_tile(view, t, age, names, top, tr))
    out += _anchors(view, age, top, CELL, tr)
    y = top + rows * CELL + 18
    note = tr.ngettext("%(n)s tiles, %(hamlets)s printed hamlets", "%(n)s tiles, %(hamlets)s printed hamlets",
                       len(tiles), hamlets=len(hamlets - covered))
    out.append(text(PAD, y, note, font_size=F))
    out.append(text(PAD, y + 16, _("Adventurers here:"), font_size=F, font_weight="bold"))
    y += 32
    here = [(i, p["adventurers"].count(age)) for i, p in enumerate(view["players"]) if age in p["adventurers"]]
    for i, n in here:
        out.append(_badge(i, PAD, y - 10, 12) + label(PAD + 16, y, _name(names, i, tr) + (" x2" if n == 2 else ""),
                                                      INNER - 16, F))
        y += 15
    if not here:
        out.append(text(PAD, y, _("none"), font_size=F))
        y += 15
    return section(f"age-{age}", W, int(y), _("the age of %(age)s (%(rule)s)", age=_age_full(age, tr), rule=rule),
                   "".join(out), PAPER)


def _anchors(view: dict, age: str, top: float, cell: float, tr: Translator = EN) -> list[str]:
    """While a reduced tile waits to be placed: the squares it may take, as elements on top."""
    out = []
    for d in (view.get("pending") or [])[:1]:
        if d["decision"] != "place_reduced" or d.get("age") != age:
            continue
        for r, c in d["options"]:
            x, y = BX + c * cell, top + r * cell
            body = rect(x + 4, y + 4, cell - 8, cell - 8, fill="#fff", fill_opacity="0.5", stroke="#000",
                        stroke_dasharray="3 2")
            out.append(element(f"anchor-{age}-{r}-{c}", tr.gettext(
                "row %(row)s, column %(column)s: a north-west square for the reduced tile", row=r, column=c), body))
    return out


def _size(view: dict, t: dict) -> int:
    return int(view["kinds"][f"{t['type']}_{t['rank']}"]["size"])


@lru_cache(maxsize=8)  # the same for every position: a page draws it once per language
def _legend_section(tr: Translator) -> str:
    """What the marks mean: each row its glyphs, then its words."""
    _ = tr.gettext

    def three(sym: str, y: float) -> str:
        return "".join(use(sym, PAD + 18 * k, y, 16, 16) for k in range(3))

    glyphs = [(lambda y: use("kh-tF", PAD, y, 16, 16) + use("kh-tM", PAD + 18, y, 16, 16)
               + use("kh-tR", PAD + 36, y, 16, 16), _("forest, mountain, river")),
              (lambda y: three("kh-military", y), _("watchtower, castle, fortress")),
              (lambda y: three("kh-religious", y), _("church, monastery, abbey")),
              (lambda y: three("kh-civil", y), _("hamlet, village, city")),
              (lambda y: rect(PAD + 1, y, 18, 18, fill="#fff", stroke="#12395e", rx=9)
               + use("kh-civil", PAD + 4, y + 3, 12, 12), _("printed hamlet (civil, value 1)")),
              (lambda y: rect(PAD + 1, y + 1, 48, 16, fill=TYPE_FILL["military"], fill_opacity="0.45", stroke="#222",
                              stroke_dasharray="5 3"), _("ruin; half = 1 card paid")),
              (lambda y: "".join(_badge(k, PAD + 11 * k, y + 3, 10) for k in range(5)), _("owner; in Reason: cubes")),
              (None, _("rank 1/2/3 = 1x1/2x2/3x3")),
              (None, _("rows left, columns on top"))]
    parts = [text(PAD, 18, _("Legend"), font_size=13, font_weight="bold")]
    y = 28.0
    for glyph, words in glyphs:
        if glyph:
            parts.append(glyph(y))
        body, end = lines(PAD + 60, y + 13, words, INNER - 60, F)
        parts.append(body)
        y = max(y + 22, end - 6)
    return section("legend", W, int(y + 6), _("Legend"), "".join(parts), PAPER)


def _supply(view: dict, tr: Translator) -> str:
    def kind(k: str) -> str:
        key = (k.rsplit("_", 1)[0], int(k.rsplit("_", 1)[1]))
        return _building(key, tr) if key in NAMES else k
    return tr.gettext("Tiles left: %(tiles)s", tiles=", ".join(f"{kind(k)} {n}" for k, n in view["supply"].items()))


def svg(view: dict[str, Any], seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    """The seat's board: the turn and the players, the seat's hand and the display as cards, the
    three ages (a section each), the legend."""
    _ = tr.gettext
    status = _status(view, names, tr).split("\n")
    parts, y = [], 20.0
    for i, s_ in enumerate(status):
        body, y = lines(PAD, y, s_, INNER, 14 if i == 0 else 12, font_weight="bold")
        parts.append(body)
    players, y = _players(view, seat, names, y + 10, tr)
    parts.append(group(players, _("the players: coins, cards, free cubes, adventurers")))
    sections = [section("turn", W, int(y), status[0], "".join(parts), PAPER)]
    hand = view["players"][seat]["hand"] if seat is not None and 0 <= seat < len(view["players"]) else None
    parts, y = [], 6.0
    if hand is not None:
        body, y = lines(PAD, y + 12, _("Your hand (%(n)s cards; any card can pay a terrain surcharge):", n=len(hand))
                        if hand else _("Your hand is empty."), INNER, 12, font_weight="bold")
        cards, y = _cards(view, hand, "card", y - 6, False, tr)
        parts += [body, cards]
    if view["options"].get("holdem"):
        body, y = lines(PAD, y + 14, _("Hold'em display (take cards of one colour, give as many; once a turn):"),
                        INNER, 12, font_weight="bold")
        cards, y = _cards(view, view.get("display") or [], "display", y - 6, True, tr)
        parts += [body, cards]
    info = [_("Deck %(deck)s cards, discard pile %(discard)s.", deck=view["deck_count"], discard=len(view["discard"])),
            _supply(view, tr)]
    tax = view.get("last_tax")
    if tax:
        amounts = tax.get("amounts")
        got = (_("an amount hidden from you") if amounts is None else
               ", ".join(f"{_age(a, tr)} {n}" for a, n in amounts.items()) or _("nothing"))
        info.append(_("Last taxes (round %(round)s): %(who)s collected %(got)s.", round=tax["round"],
                      who=_name(names, tax["seat"], tr), got=got))
    y += 8
    for s_ in info:
        body, y = lines(PAD, y + 12, s_, INNER, F)
        parts.append(body)
        y -= 6
    sections.append(section("cards", W, int(y + 14), _("Your hand is empty.") if hand == [] else status[0],
                            "".join(parts), PAPER))
    sections += [_board(view, age, names, tr) for age in view["board"]]
    sections.append(_legend_section(tr))
    title = _("Khronos, round %(round)s: the three ages and the players", round=view["round"])
    return board(title, " ".join(status), sections, "khronos", _defs())
