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

from referee.plumbing.i18n import EN, Translator

from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text

from referee.games.khronos.data import NAMES

WIDTH = 760
CELL = 40
BX = 30  # the boards' west edge (row numbers sit left of it)
SIDE = BX + 11 * CELL + 20  # notes beside a board (moved right for wider boards)
FILL = {"P": "#f5f1e3", "F": "#b7d7a0", "M": "#c9c2b8", "R": "#a8d4ec"}
TERRAIN = {"P": "plain", "F": "forest", "M": "mountain", "R": "river"}
MARK = {"F": "f", "M": "^", "R": "~"}
TYPE_FILL = {"military": "#f4a259", "religious": "#b38bd6", "civil": "#6fa8dc"}
COLOUR = {"military": "orange", "religious": "violet", "civil": "blue"}
LETTER = {"military": "M", "religious": "R", "civil": "C"}
AGE = {"might": "Might", "faith": "Faith", "reason": "Reason"}
RULE = {"might": "military rules: build, upgrade, demolish",
        "faith": "religion rules: build, upgrade, demolish",
        "reason": "citizens rule: populate civil buildings, restore ruins"}
PLAYER_FILL = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
F = MIN_FONT


def _name(names: list[str] | None, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if names and 0 <= seat < len(names) else f"seat {seat}"


def _short(names: list[str] | None, seat: int, size: int) -> str:
    """A name cut to fit a building `size` squares wide at 11 px."""
    n = _name(names, seat)
    room = 5 if size == 1 else 11 * size
    return n if len(n) <= room else n[: room - 1] + "."


def _card_effect(view: dict, colour: str) -> list[str]:
    """What a card of `colour` pays for, in words, with the costs from the view's component data."""
    kinds = view["kinds"]
    builds = ", ".join(f"{NAMES[(colour, r)]} {kinds[f'{colour}_{r}']['value']}"
                       for r in (1, 2, 3) if f"{colour}_{r}" in kinds)
    first, rest = builds.split(", ", 1) if ", " in builds else (builds, "")
    if colour == "civil":
        return [f"builds {first},", f"{rest};", "populates in Reason"]
    return [f"builds {first},", f"{rest};", f"demolishes a {NAMES[(colour, 1)]}", f"restores {colour} ruins"][:3]


def _card(view: dict, el: str, card: str, x: float, y: float, verb: str) -> str:
    colour = {"M": "military", "R": "religious", "C": "civil"}.get(card[:1], "civil")
    lines = _card_effect(view, colour)
    body = rect(x, y, 180, 66, fill=TYPE_FILL[colour], fill_opacity="0.35", stroke="#222", rx=4)
    body += text(x + 6, y + 15, f"{card} {colour} ({COLOUR[colour]})", font_size=12, font_weight="bold")
    body += "".join(text(x + 6, y + 30 + 13 * i, s, font_size=F) for i, s in enumerate(lines))
    return element(el, f"{verb} {card}: {colour} card; {'; '.join(lines)}", body)


def _players(view: dict, seat: int | None, names: list[str] | None, y: float) -> tuple[str, float]:
    out = []
    for i, p in enumerate(view["players"]):
        coins = "coins hidden" if p["coins"] is None else f"{p['coins']} coins"
        turn = " - to play" if i == view["active_seat"] and view["phase"] != "finished" else ""
        who = _name(names, i)[:14] + (" (you)" if i == seat else "")
        words = f"{who}: {coins}, {p['hand_count']} cards in hand, {p['free_cubes']} free cubes{turn}"
        body = rect(10, y, 12, 12, fill=PLAYER_FILL[i % 5], stroke="#222") + text(28, y + 11, words, font_size=F,
                                                                                font_weight="bold" if turn else None)
        out.append(element(f"player-{i}", words, body))
        for a, age in enumerate(p["adventurers"]):
            x = 480 + 138 * a
            played = p["cards_played"][a] if i == view["active_seat"] else 0
            label = f"adventurer {a}: {AGE.get(age, age)}" + (f" ({played} played)" if played else "")
            adv = rect(x, y - 2, 134, 17, fill="#fff", stroke=PLAYER_FILL[i % 5], stroke_width=2, rx=8)
            adv += text(x + 67, y + 11, label, font_size=F, text_anchor="middle")
            out.append(element(f"adv-{i}-{a}", f"{_name(names, i)}'s {label}", adv))
        y += 22
    return "".join(out), y


def _status(view: dict, names: list[str] | None) -> str:
    if view["phase"] == "finished":
        res = view.get("result") or {}
        won = " and ".join(_name(names, s) for s in res.get("winners") or [])
        return f"Round {view['round']} of 7: game over; {won or 'nobody'} won."
    phase = {"exchange": "phase I, exchange or act", "actions": "phase II, actions"}.get(view["phase"], view["phase"])
    line = f"Round {view['round']}: {_name(names, view['active_seat'])}'s turn ({phase})."
    if view.get("pending"):
        d = view["pending"][0]
        what = {"choose_reduction": "choose which building is reduced",
                "place_reduced": "place a reduced building",
                "choose_hamlet_keeper": "choose who keeps a cube on a printed hamlet"}.get(d["decision"], d["decision"])
        line += f"\nWaiting for {_name(names, d['seat'])} to {what} in {AGE.get(d.get('age', 'reason'))}."
    return line


def _tile_lines(t: dict, size: int, names: list[str] | None) -> list[str]:
    lines = [f"{LETTER[t['type']]}{t['rank']}" + (" ruin" if t.get("ruin") and size > 1 else "")]
    if t.get("owner") is not None:
        lines.append(_short(names, t["owner"], size))
    if t.get("restore_cube") is not None:
        lines.append("half: " + _short(names, t["restore_cube"], size) if size > 1 else "half")
    if t.get("cubes"):
        counts = {s: t["cubes"].count(s) for s in sorted(set(t["cubes"]))}
        if size == 1:
            lines += [_short(names, s, 1) for s in counts][:2]
        else:
            lines += [f"{_short(names, s, 1)} {n}" for s, n in counts.items()]
    return lines[: 3 * size]


def _tile_words(t: dict, age: str, names: list[str] | None) -> str:
    name = NAMES.get((t["type"], t["rank"]), t["type"])
    words = f"{'ruined ' if t.get('ruin') else ''}{name} ({t['type']}, rank {t['rank']}) at row {t['anchor'][0]}, " \
            f"column {t['anchor'][1]} in {AGE[age]}"
    if t.get("owner") is not None:
        words += f", {_name(names, t['owner'])}'s"
    if t.get("restore_cube") is not None:
        words += f", half restored by {_name(names, t['restore_cube'])}"
    if t.get("cubes"):
        words += ", cubes: " + ", ".join(_name(names, s) for s in t["cubes"])
    return words


def _board(view: dict, age: str, names: list[str] | None, y0: float) -> tuple[str, float]:
    b = view["board"][age]
    rows, cols = b["rows"], b["cols"]
    cell = min(CELL, (SIDE - BX - 20) // max(cols, 1))
    out = []
    here = [f"{_name(names, i)}" + (" x2" if p["adventurers"].count(age) == 2 else "")
            for i, p in enumerate(view["players"]) if age in p["adventurers"]]
    head = rect(0, y0, WIDTH, 24, fill="#333") + text(8, y0 + 17, f"{AGE[age]}: {RULE[age]}", font_size=14,
                                                      fill="#fff", font_weight="bold")
    out.append(element(f"age-{age}", f"the age of {AGE[age]} ({RULE[age]})", head))
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
                squares.append(element(f"sq-{age}-{r}-{c}", f"row {r}, column {c}: {TERRAIN.get(terr, terr)}", body))
    out.append(group("".join(squares), f"the squares of {AGE[age]}", fill=FILL["P"], stroke="#999",
                     stroke_width="0.5"))
    cubes = view["boards"][age].get("hamlet_cubes", {})
    for r, c in sorted(hamlets - covered):
        x, y = BX + c * cell, top + r * cell
        on = cubes.get(f"{r},{c}", [])
        words = f"printed hamlet (civil, value 1) at row {r}, column {c} in {AGE[age]}"
        if on:
            words += ", cube of " + ", ".join(_name(names, s) for s in on)
        body = rect(x + 3, y + 3, cell - 6, cell - 6, fill=TYPE_FILL["civil"], stroke="#222", rx=cell / 2 - 3)
        body += text(x + cell / 2, y + 16, "h", font_size=12, text_anchor="middle", font_weight="bold")
        if on:
            body += text(x + cell / 2, y + 30, _short(names, on[0], 1), font_size=F, text_anchor="middle")
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
                        for i, s_ in enumerate(_tile_lines(t, s, names)))
        out.append(element(f"b-{age}-{r}-{c}", _tile_words(t, age, names), body))
    out += _anchors(view, age, top, cell)
    notes = [f"{len(tiles)} tiles, {len(hamlets - covered)} printed hamlets", "Adventurers here:"]
    notes += [f"  {h}" for h in here] or ["  none"]
    out.append("".join(text(SIDE, y0 + 46 + 16 * i, s, font_size=F) for i, s in enumerate(notes)))
    return "".join(out), top + rows * cell + 16


def _anchors(view: dict, age: str, top: float, cell: float) -> list[str]:
    """While a reduced tile waits to be placed: the squares it may take, as elements on top."""
    out = []
    for d in (view.get("pending") or [])[:1]:
        if d["decision"] != "place_reduced" or d.get("age") != age:
            continue
        for r, c in d["options"]:
            x, y = BX + c * cell, top + r * cell
            body = rect(x + 4, y + 4, cell - 8, cell - 8, fill="#fff", fill_opacity="0.5", stroke="#000",
                        stroke_dasharray="3 2")
            out.append(element(f"anchor-{age}-{r}-{c}",
                               f"row {r}, column {c}: a north-west square for the reduced tile", body))
    return out


def _size(view: dict, t: dict) -> int:
    return int(view["kinds"][f"{t['type']}_{t['rank']}"]["size"])


LEGEND = [
    ("f ^ ~", "forest, mountain, river"),
    ("M1 M2 M3", "watchtower, castle, fortress"),
    ("R1 R2 R3", "church, monastery, abbey"),
    ("C1 C2 C3", "hamlet, village, city"),
    ("h", "printed hamlet (civil, value 1)"),
    ("dashed", "ruin; half = 1 card paid"),
    ("box", "owner's colour (see the top)"),
    ("name", "owner; in Reason: cubes"),
    ("size", "rank 1/2/3 = 1x1/2x2/3x3"),
    ("0..10", "rows left, columns on top"),
]


def _supply(view: dict) -> str:
    parts = [f"{NAMES.get((k.rsplit('_', 1)[0], int(k.rsplit('_', 1)[1])), k)} {n}" for k, n in view["supply"].items()]
    return "Tiles left: " + ", ".join(parts)


def svg(view: dict[str, Any], seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
    status = _status(view, names).split("\n")
    out = [text(10, 20 + 18 * i, s, font_size=14 if i == 0 else 12, font_weight="bold") for i, s in enumerate(status)]
    players, y = _players(view, seat, names, 16 + 18 * len(status))
    out.append(group(players, "the players: coins, cards, free cubes, adventurers"))
    hand = view["players"][seat]["hand"] if seat is not None and 0 <= seat < len(view["players"]) else None
    if hand is not None:
        out.append(text(10, y + 10, f"Your hand ({len(hand)} cards; any card can pay a terrain surcharge):"
                        if hand else "Your hand is empty.",
                        font_size=12, font_weight="bold"))
        y += 16
        for i, c in enumerate(hand):
            out.append(_card(view, f"card-{c}", c, 10 + 186 * (i % 4), y + 72 * (i // 4), "your card"))
        y += 72 * ((len(hand) + 3) // 4)
    if view["options"].get("holdem"):
        out.append(text(10, y + 10, "Hold'em display (take cards of one colour, give as many; once a turn):",
                        font_size=12, font_weight="bold"))
        y += 16
        for i, c in enumerate(view.get("display") or []):
            out.append(_card(view, f"display-{c}", c, 10 + 186 * (i % 4), y + 72 * (i // 4), "display card"))
        y += 72 * ((len(view.get("display") or []) + 3) // 4)
    info = [f"Deck {view['deck_count']} cards, discard pile {len(view['discard'])}.", _supply(view)]
    tax = view.get("last_tax")
    if tax:
        amounts = tax.get("amounts")
        got = "an amount hidden from you" if amounts is None else ", ".join(f"{AGE.get(a, a)} {n}" for a, n in amounts.items()) or "nothing"
        info.append(f"Last taxes (round {tax['round']}): {_name(names, tax['seat'])} collected {got}.")
    for s in info:
        out.append(text(10, y + 12, s if len(s) <= 125 else s[:122] + "...", font_size=F))
        y += 16
    y += 8
    for n, age in enumerate(view["board"]):
        board, end = _board(view, age, names, y)
        out.append(board)
        if n == 0:
            out.append(text(SIDE, y + 200, "Legend", font_size=12, font_weight="bold"))
            out.append(legend(SIDE, y + 218, [(s, m) for s, m in LEGEND]))
        y = end + 10
    title = f"Khronos, round {view['round']}: the three ages and the players"
    desc = " ".join(status)
    return document(WIDTH, int(y), title, desc, "".join(out), "khronos")
