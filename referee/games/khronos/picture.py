"""The seat's whole table as one inline SVG (contract hook `picture`), drawn from a view only
with engine/drawing.py: the turn and phase, every player's public holdings, the seat's own hand
and the Hold'em display as cards in words, then the three ages stacked, each beside its notes,
the first beside the legend. Pure: the same view gives the same bytes.

Things a step may name are `element`s (steps.py): `age-<age>` (a board's heading),
`sq-<age>-<r>-<c>` (a free square), `b-<age>-<r>-<c>` (the building anchored there, printed
hamlets included), `anchor-<age>-<r>-<c>` (a square the reduced tile may take, drawn only while
that decision is pending), `card-<id>` (own hand), `display-<id>`, `adv-<seat>-<i>` (an
adventurer), `player-<seat>`. The viewBox is 760 wide and no text is below MIN_FONT, so at a
1280-px window every label stays readable.
"""

from __future__ import annotations

from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.engine.glossary import term
from referee.games.khronos.data import NAMES
from referee.plumbing.i18n import EN, N_, Translator

WIDTH = 760
CELL = 40
BX = 30  # the boards' west edge (row numbers sit left of it)
SIDE = BX + 11 * CELL + 20  # notes beside a board (moved right for wider boards)
FILL = {"P": "#f5f1e3", "F": "#b7d7a0", "M": "#c9c2b8", "R": "#a8d4ec"}
TERRAIN = {"P": N_("plain"), "F": N_("forest"), "M": N_("mountain"), "R": N_("river")}
MARK = {"F": "f", "M": "^", "R": "~"}
TYPE_FILL = {"military": "#f4a259", "religious": "#b38bd6", "civil": "#6fa8dc"}
COLOUR = {"military": N_("orange"), "religious": N_("violet"), "civil": N_("blue")}
LETTER = {"military": "M", "religious": "R", "civil": "C"}
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


def _short(names: list[str] | None, seat: int, size: int, tr: Translator = EN) -> str:
    """A name cut to fit a building `size` squares wide at 11 px."""
    n = _name(names, seat, tr)
    room = 5 if size == 1 else 11 * size
    return n if len(n) <= room else n[: room - 1] + "."


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


def _card(view: dict, el: str, card: str, x: float, y: float, display: bool, tr: Translator) -> str:
    _ = tr.gettext
    colour = {"M": "military", "R": "religious", "C": "civil"}.get(card[:1], "civil")
    lines = _card_effect(view, colour, tr)
    body = rect(x, y, 180, 66, fill=TYPE_FILL[colour], fill_opacity="0.35", stroke="#222", rx=4)
    body += text(x + 6, y + 15, _("%(card)s (%(colour)s)", card=card, colour=_(COLOUR[colour])),
                 font_size=12, font_weight="bold")
    body += "".join(text(x + 6, y + 30 + 13 * i, s, font_size=F) for i, s in enumerate(lines))
    what = "; ".join(lines)
    label = (_("display card %(card)s: %(type)s card; %(what)s", card=card, type=_type(colour, tr), what=what)
             if display else _("your card %(card)s: %(type)s card; %(what)s", card=card, type=_type(colour, tr),
                                what=what))
    return element(el, label, body)


def _players(view: dict, seat: int | None, names: list[str] | None, y: float, tr: Translator) -> tuple[str, float]:
    _ = tr.gettext
    out = []
    for i, p in enumerate(view["players"]):
        coins = _("coins hidden") if p["coins"] is None else tr.npgettext("khronos", "%(n)d coin", "%(n)d coins", p["coins"])
        turn = i == view["active_seat"] and view["phase"] != "finished"
        who = _name(names, i, tr)[:14]
        who = _("%(name)s (you)", name=who) if i == seat else who
        args = dict(who=who, coins=coins, hand=p["hand_count"], cubes=p["free_cubes"])
        words = (_("%(who)s: %(coins)s, %(hand)s cards in hand, %(cubes)s free cubes - to play", **args) if turn else
                 _("%(who)s: %(coins)s, %(hand)s cards in hand, %(cubes)s free cubes", **args))
        body = rect(10, y, 12, 12, fill=PLAYER_FILL[i % 5], stroke="#222") + text(28, y + 11, words, font_size=F,
                                                                                font_weight="bold" if turn else None)
        out.append(element(f"player-{i}", words, body))
        for a, age in enumerate(p["adventurers"]):
            x = 480 + 138 * a
            played = p["cards_played"][a] if i == view["active_seat"] else 0
            label = (_("adventurer %(i)s: %(age)s (%(n)s played)", i=a + 1, age=_age(age, tr), n=played) if played
                     else _("adventurer %(i)s: %(age)s", i=a + 1, age=_age(age, tr)))
            adv = rect(x, y - 2, 134, 17, fill="#fff", stroke=PLAYER_FILL[i % 5], stroke_width=2, rx=8)
            adv += text(x + 67, y + 11, label, font_size=F, text_anchor="middle")
            out.append(element(f"adv-{i}-{a}", _("%(who)s's %(adventurer)s", who=_name(names, i, tr), adventurer=label),
                               adv))
        y += 22
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


def _tile_lines(t: dict, size: int, names: list[str] | None, tr: Translator) -> list[str]:
    _ = tr.gettext
    letter = f"{LETTER[t['type']]}{t['rank']}"
    lines = [_("%(tile)s ruin", tile=letter) if t.get("ruin") and size > 1 else letter]
    if t.get("owner") is not None:
        lines.append(_short(names, t["owner"], size, tr))
    if t.get("restore_cube") is not None:
        lines.append(_("half: %(who)s", who=_short(names, t["restore_cube"], size, tr)) if size > 1 else _("half"))
    if t.get("cubes"):
        counts = {s: t["cubes"].count(s) for s in sorted(set(t["cubes"]))}
        if size == 1:
            lines += [_short(names, s, 1, tr) for s in counts][:2]
        else:
            lines += [f"{_short(names, s, 1, tr)} {n}" for s, n in counts.items()]
    return lines[: 3 * size]


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


def _board(view: dict, age: str, names: list[str] | None, y0: float, tr: Translator) -> tuple[str, float]:
    _ = tr.gettext
    b = view["board"][age]
    rows, cols = b["rows"], b["cols"]
    cell = min(CELL, (SIDE - BX - 20) // max(cols, 1))
    out = []
    here = [f"{_name(names, i, tr)}" + (" x2" if p["adventurers"].count(age) == 2 else "")
            for i, p in enumerate(view["players"]) if age in p["adventurers"]]
    rule = _(RULE[age]) if age in RULE else ""
    head = rect(0, y0, WIDTH, 24, fill="#333") + text(8, y0 + 17, _("%(age)s: %(rule)s", age=_age_full(age, tr),
                                                                    rule=rule), font_size=14,
                                                      fill="#fff", font_weight="bold")
    out.append(element(f"age-{age}", _("the age of %(age)s (%(rule)s)", age=_age_full(age, tr), rule=rule), head))
    top = y0 + 46
    for i in range(cols):
        out.append(text(BX + i * cell + cell / 2, top - 6, i, font_size=F, text_anchor="middle", fill="#555"))
    for i in range(rows):
        out.append(text(BX - 4, top + i * cell + cell / 2 + 4, i, font_size=F, text_anchor="end", fill="#555"))
    tiles = view["boards"][age]["tiles"]
    covered: set[tuple[int, int]] = set()
    for t in tiles.values():
        s = _size(view, t)
        covered.update((t["anchor"][0] + i, t["anchor"][1] + j) for i in range(s) for j in range(s))
    hamlets = {(h[0], h[1]) for h in b["printed_hamlets"]}
    squares = []
    for r, row in enumerate(b["terrain"]):
        for c, terr in enumerate(row):
            x, y = BX + c * cell, top + r * cell
            body = rect(x, y, cell, cell, fill=FILL[terr] if terr != "P" and terr in FILL else None)
            if terr in MARK:
                body += text(x + cell - 11, y + cell - 4, MARK[terr], font_size=F)
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
        x, y = BX + c * cell, top + r * cell
        on = cubes.get(f"{r},{c}", [])
        args = dict(row=r, column=c, age=_age_full(age, tr))
        words = (_("printed hamlet (civil, value 1) at row %(row)s, column %(column)s in %(age)s, cube of %(who)s",
                   who=", ".join(_name(names, s, tr) for s in on), **args) if on else
                 _("printed hamlet (civil, value 1) at row %(row)s, column %(column)s in %(age)s", **args))
        body = rect(x + 3, y + 3, cell - 6, cell - 6, fill=TYPE_FILL["civil"], stroke="#222", rx=cell / 2 - 3)
        body += text(x + cell / 2, y + 16, "h", font_size=12, text_anchor="middle", font_weight="bold")
        if on:
            body += text(x + cell / 2, y + 30, _short(names, on[0], 1, tr), font_size=F, text_anchor="middle")
        out.append(element(f"b-{age}-{r}-{c}", words, body))
    for t in sorted(tiles.values(), key=lambda t: (t["anchor"], t["id"])):
        s = _size(view, t)
        r, c = t["anchor"]
        x, y, w = BX + c * cell, top + r * cell, s * cell
        body = rect(x + 1, y + 1, w - 2, w - 2, fill=TYPE_FILL[t["type"]], fill_opacity="0.9", stroke="#222",
                    stroke_width=2, stroke_dasharray="5 3" if t.get("ruin") else None)
        if t.get("owner") is not None:
            body += rect(x + w - 10, y + 3, 7, 7, fill=PLAYER_FILL[t["owner"] % 5], stroke="#222")
        body += "".join(text(x + w / 2, y + 13 + 12 * i, s_, font_size=F, text_anchor="middle")
                        for i, s_ in enumerate(_tile_lines(t, s, names, tr)))
        out.append(element(f"b-{age}-{r}-{c}", _tile_words(t, age, names, tr), body))
    out += _anchors(view, age, top, cell, tr)
    notes = [tr.ngettext("%(n)s tiles, %(hamlets)s printed hamlets", "%(n)s tiles, %(hamlets)s printed hamlets",
                         len(tiles), hamlets=len(hamlets - covered)), _("Adventurers here:")]
    notes += [f"  {h}" for h in here] or ["  " + _("none")]
    out.append("".join(text(SIDE, y0 + 46 + 16 * i, s, font_size=F) for i, s in enumerate(notes)))
    return "".join(out), top + rows * cell + 16


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


def _legend(tr: Translator) -> list[tuple[str, str]]:
    _ = tr.gettext
    return [("f ^ ~", _("forest, mountain, river")),
            ("M1 M2 M3", _("watchtower, castle, fortress")),
            ("R1 R2 R3", _("church, monastery, abbey")),
            ("C1 C2 C3", _("hamlet, village, city")),
            ("h", _("printed hamlet (civil, value 1)")),
            (_("dashed"), _("ruin; half = 1 card paid")),
            (_("box"), _("owner's colour (see the top)")),
            (_("name"), _("owner; in Reason: cubes")),
            (_("size"), _("rank 1/2/3 = 1x1/2x2/3x3")),
            ("0..10", _("rows left, columns on top"))]


LEGEND = _legend(EN)


def _supply(view: dict, tr: Translator) -> str:
    def kind(k: str) -> str:
        key = (k.rsplit("_", 1)[0], int(k.rsplit("_", 1)[1]))
        return _building(key, tr) if key in NAMES else k
    return tr.gettext("Tiles left: %(tiles)s", tiles=", ".join(f"{kind(k)} {n}" for k, n in view["supply"].items()))


def svg(view: dict[str, Any], seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    _ = tr.gettext
    status = _status(view, names, tr).split("\n")
    out = [text(10, 20 + 18 * i, s, font_size=14 if i == 0 else 12, font_weight="bold") for i, s in enumerate(status)]
    players, y = _players(view, seat, names, 16 + 18 * len(status), tr)
    out.append(group(players, _("the players: coins, cards, free cubes, adventurers")))
    hand = view["players"][seat]["hand"] if seat is not None and 0 <= seat < len(view["players"]) else None
    if hand is not None:
        out.append(text(10, y + 10, _("Your hand (%(n)s cards; any card can pay a terrain surcharge):", n=len(hand))
                        if hand else _("Your hand is empty."),
                        font_size=12, font_weight="bold"))
        y += 16
        for i, c in enumerate(hand):
            out.append(_card(view, f"card-{c}", c, 10 + 186 * (i % 4), y + 72 * (i // 4), False, tr))
        y += 72 * ((len(hand) + 3) // 4)
    if view["options"].get("holdem"):
        out.append(text(10, y + 10, _("Hold'em display (take cards of one colour, give as many; once a turn):"),
                        font_size=12, font_weight="bold"))
        y += 16
        for i, c in enumerate(view.get("display") or []):
            out.append(_card(view, f"display-{c}", c, 10 + 186 * (i % 4), y + 72 * (i // 4), True, tr))
        y += 72 * ((len(view.get("display") or []) + 3) // 4)
    info = [_("Deck %(deck)s cards, discard pile %(discard)s.", deck=view["deck_count"], discard=len(view["discard"])),
            _supply(view, tr)]
    tax = view.get("last_tax")
    if tax:
        amounts = tax.get("amounts")
        got = (_("an amount hidden from you") if amounts is None else
               ", ".join(f"{_age(a, tr)} {n}" for a, n in amounts.items()) or _("nothing"))
        info.append(_("Last taxes (round %(round)s): %(who)s collected %(got)s.", round=tax["round"],
                      who=_name(names, tax["seat"], tr), got=got))
    for s in info:
        out.append(text(10, y + 12, s if len(s) <= 125 else s[:122] + "...", font_size=F))
        y += 16
    y += 8
    for n, age in enumerate(view["board"]):
        board, end = _board(view, age, names, y, tr)
        out.append(board)
        if n == 0:
            out.append(text(SIDE, y + 200, _("Legend"), font_size=12, font_weight="bold"))
            out.append(legend(SIDE, y + 218, _legend(tr)))
        y = end + 10
    title = _("Khronos, round %(round)s: the three ages and the players", round=view["round"])
    desc = " ".join(status)
    return document(WIDTH, int(y), title, desc, "".join(out), "khronos")
