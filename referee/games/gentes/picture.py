"""The picture hook: a seat's view drawn with engine/drawing.py, sections stacked top to bottom
(phase and turn, action tiles and the tax collector, training queue, card display and its
indicators, map and hometown, discard pile, then every player's board). Everything a seat may
see is here in words: its own hand with each card's needs, VP and effects, what each player
holds publicly, scores, whose turn it is. Things a step can name are `element`s whose
`data-el` is the step option's `element` (steps_moves.py):

    tile-<tile>  tax  meeple-<prof>  slot-<n>  ind-<D>  space-<space>  region-<region>
    card-<card> (draft pool, discard pile, own hand, tableaus)  pop-<prof>  track-<i> (own board)

Drawn from the view only (pure); 760 wide, no text below MIN_FONT."""

from __future__ import annotations

from referee.plumbing.i18n import EN, Translator

import textwrap
from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.games.gentes.data import GameData
from referee.games.gentes.words import (BONUS_WORDS, CELL_WORDS, KIND_NAMES, card_line, home_option,
                                        indicator_line, plural, requirements, space_line, tile_line)

W = 760
PAD = 10
LINE = 15
SEAT_FILL = ["#cfe3ff", "#ffd9c2", "#d5f0c8", "#eed6f5"]
REGION_FILL = {"yellow": "#fff6c8", "red": "#ffdede", "green": "#e0f4dc"}
SMALL = MIN_FONT
CELL_SHORT = {"locked": "lock", "empty": "", "hg1": "1 hg", "hg2": "2 hg"}
PHASES = {"draft": "starting-hand draft", "heyday": "Heyday", "decline": "Decline", "final": "final scoring",
          "over": "game over"}


def name_of(names: list[str] | None, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if names and 0 <= seat < len(names) else f"Seat {seat}"


class Canvas:
    """A vertical stack of sections: `y` is where the next one starts."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = PAD

    def heading(self, words: str, size: int = 14) -> None:
        for line in textwrap.wrap(words, int((W - 2 * PAD) / (size * 0.62))) or [""]:
            self.y += size + 4
            self.parts.append(text(PAD, self.y, line, font_size=size, font_weight="bold"))
        self.y += 6

    def lines(self, words: str, size: int = SMALL, width: int = 118, x: float = PAD) -> None:
        for line in textwrap.wrap(words, width) or [""]:
            self.y += LINE
            self.parts.append(text(x, self.y, line, font_size=size))
        self.y += 3


def _status(data: GameData, view: dict[str, Any], names: list[str] | None) -> str:
    phase = view.get("phase")
    head = f"Round {view.get('round')} of {data.rounds} (epoch {view.get('epoch')}), {PHASES.get(phase, phase)}"
    if phase in ("heyday", "draft") and view.get("turn_seat") is not None:
        return f"{head}: {name_of(names, view['turn_seat'])} to move."
    if phase == "decline":
        waiting = [name_of(names, s) for s in view.get("decline_pending", [])]
        return f"{head}: waiting for {', '.join(waiting) or 'nobody'} to choose cities and moon abilities."
    if phase == "final":
        waiting = [name_of(names, s) for s in view.get("final_pending", [])]
        return f"{head}: waiting for {', '.join(waiting) or 'nobody'} to claim hand cards."
    if phase == "over":
        res = view.get("result") or {}
        won = ", ".join(name_of(names, s) for s in res.get("winners", []))
        return f"Game over: {won or 'nobody'} won."
    return head + "."


def _tiles(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    c.heading("Action tiles on offer (cost in coins, hourglasses)")
    on = [t for t in data.tile_order if t in view.get("tiles_on_board", [])]
    per, w, h = 8, 90, 38
    for i, tid in enumerate(on + ["tax"]):
        x, y = PAD + (i % per) * (w + 2), c.y + (i // per) * (h + 4)
        if tid == "tax":
            label = "Tax collector: " + ", ".join(f"{plural(k, 'hourglass', 'hourglasses')} for {v} coins"
                                                  for k, v in sorted(data.tax_options.items()))
            body = rect(x, y, w, h, fill="#f3f3f3", stroke="#333") + text(x + 4, y + 15, "Tax", font_size=12,
                                                                         font_weight="bold")
            body += text(x + 4, y + 31, "+4 / +8 coins", font_size=SMALL)
            c.parts.append(element("tax", label, body))
            continue
        t = data.tiles[tid]
        sym = f" {t['symbol']}" if t.get("symbol") and t["symbol"] not in data.wildcards else (" any" if t.get("symbol") else "")
        body = rect(x, y, w, h, fill="#f7f1e3", stroke="#333")
        body += text(x + 4, y + 15, f"{tid} {KIND_NAMES[t['action']][:5]}.", font_size=12, font_weight="bold")
        body += text(x + 4, y + 31, f"{t['cost']}c {t['hourglasses']}h{sym}", font_size=SMALL)
        c.parts.append(element(f"tile-{tid}", tile_line(data, tid), body))
    c.y += ((len(on) + 1 + per - 1) // per) * (h + 4) + 2
    if view.get("leader_holder") is not None:
        c.lines("The Leader tile was taken this round: that player becomes start player in the Decline.")


def _training(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    c.heading("Training queue (meeple: cost to train 1 person / 2 persons)")
    w = (W - 2 * PAD) // 6 - 2
    for i, prof in enumerate(view.get("training_queue", [])):
        x = PAD + i * (w + 2)
        body = rect(x, c.y, w, 36, fill="#eef", stroke="#333")
        body += text(x + 4, c.y + 15, f"{i + 1}. {prof}", font_size=12, font_weight="bold")
        body += text(x + 4, c.y + 30, f"1: {data.cost_one[i]}  2: {data.cost_two[i]}", font_size=SMALL)
        c.parts.append(element(f"meeple-{prof}", f"{prof} meeple in column {i + 1}: training 1 person needs cost "
                                                 f"{data.cost_one[i]}, 2 persons {data.cost_two[i]}", body))
    c.y += 40


def _display(c: Canvas, data: GameData, view: dict[str, Any]) -> None:
    c.heading("Card display (slots 1-8) and cost indicators")
    w, h = (W - 2 * PAD) // 4 - 2, 74
    for i, cell in enumerate(view.get("display", [])):
        x, y = PAD + (i % 4) * (w + 2), c.y + (i // 4) * (h + 4)
        if cell is None:
            body = rect(x, y, w, h, fill="#fff", stroke="#999", stroke_dasharray="4 3")
            body += text(x + 4, y + 15, f"Slot {i + 1}: empty", font_size=SMALL)
            c.parts.append(element(f"slot-{i + 1}", f"Display slot {i + 1}, empty", body))
            continue
        card = data.cards.get(cell["card"], {})
        body = rect(x, y, w, h, fill="#f4efe1", stroke="#333")
        cube = " + cube" if cell.get("cube") else ""
        body += text(x + 4, y + 14, f"Slot {i + 1}: {cell['card']}{cube}", font_size=SMALL)
        body += text(x + 4, y + 29, card.get("name", ""), font_size=12, font_weight="bold")
        body += text(x + 4, y + 44, f"{card.get('vp', 0)} VP; needs", font_size=SMALL)
        for k, line in enumerate(textwrap.wrap(requirements(card), 30)[:2]):
            body += text(x + 4, y + 58 + 13 * k, line, font_size=SMALL)
        c.parts.append(element(f"slot-{i + 1}", f"Display slot {i + 1}{cube}: {card_line(data, cell['card'])}", body))
    c.y += 2 * (h + 4)
    iw = (W - 2 * PAD) // 6 - 2
    for i, iid in enumerate(data.indicators):
        ind = data.indicators[iid]
        x = PAD + i * (iw + 2)
        body = rect(x, c.y, iw, 36, fill="#fdf5d8", stroke="#333")
        body += text(x + 4, c.y + 15, f"{iid} from {ind['min_paid']}", font_size=12, font_weight="bold")
        body += text(x + 4, c.y + 30, f"{ind['max_cards']} of slots 1-{ind['max_slot']}", font_size=SMALL)
        c.parts.append(element(f"ind-{iid}", indicator_line(data, iid), body))
    c.y += 40
    disc = ", ".join(f"{o['cards']} from the discard pile at cost {o['min_paid']}" for o in data.discard_options)
    c.lines(f"Scribe: or take {disc}.")


def _owner_words(names: list[str] | None, owner: int | None) -> str:
    return "free" if owner is None else name_of(names, owner)


def _map(c: Canvas, data: GameData, view: dict[str, Any], names: list[str] | None) -> None:
    c.heading("Map: 3 regions of 8 city spaces (symbol, owner, bonus when activated)")
    owner = view.get("city_owner", {})
    w, h = (W - 2 * PAD) // 8 - 2, 44
    for region in data.regions:
        spaces = [s for s in data.map_order if data.map_spaces[s]["region"] == region]
        mine = {name_of(names, owner[s]) for s in spaces if s in owner}
        body = text(PAD, c.y + 13, f"{region.capitalize()} region", font_size=12, font_weight="bold")
        c.parts.append(element(f"region-{region}", f"The {region} region; cities there: {', '.join(sorted(mine)) or 'none'}",
                               body))
        c.y += 17
        for k, sid in enumerate(spaces):
            x = PAD + k * (w + 2)
            o = owner.get(sid)
            sp = data.map_spaces[sid]
            fill = SEAT_FILL[o % len(SEAT_FILL)] if o is not None else REGION_FILL.get(region, "#fff")
            body = rect(x, c.y, w, h, fill=fill, stroke="#333")
            body += text(x + 3, c.y + 14, f"{sid} {sp['symbol']}", font_size=SMALL, font_weight="bold")
            body += text(x + 3, c.y + 28, _owner_words(names, o)[:13], font_size=SMALL)
            bonus = ",".join(_short(e) for e in sp["bonus"])
            body += text(x + 3, c.y + 41, bonus[:14], font_size=SMALL)
            c.parts.append(element(f"space-{sid}", f"{space_line(data, sid)}: {_owner_words(names, o)}", body))
        c.y += h + 4


def _short(e: dict[str, Any]) -> str:
    op, n = e["op"], e.get("n", 0)
    return {"coins": f"+{n}c", "vp": f"+{n}VP", "cube": f"+{n}{e.get('kind', '')[:1]}"}.get(op, op)


def _hometown(c: Canvas, data: GameData, view: dict[str, Any], names: list[str] | None) -> None:
    c.heading("Hometown (3 rows x 3 symbols; a city here gives its row's options)")
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
            body += text(x + 3, c.y + 14, f"{sid} {data.home_spaces[sid]['symbol']}" + (" + cube" if sid in marked else ""),
                         font_size=SMALL, font_weight="bold")
            body += text(x + 3, c.y + 30, _owner_words(names, o)[:16], font_size=SMALL)
            used = " (used this round)" if sid in marked else ""
            c.parts.append(element(f"space-{sid}", f"{space_line(data, sid)}: {_owner_words(names, o)}{used}", body))
        words = (textwrap.wrap(f"Row {r} a (a turn, cube on the city): {home_option(data, spaces[0], 'a')}", 66)
                 + textwrap.wrap(f"Row {r} b (with a tile, cube on the city): {home_option(data, spaces[0], 'b')}", 66))
        for k, line in enumerate(words):
            c.parts.append(text(PAD + 3 * (w + 2) + 4, c.y + 12 + 13 * k, line, font_size=SMALL))
        c.y += max(h, 13 * len(words) + 2) + 4


def _card_rows(c: Canvas, data: GameData, cids: list[str], prefix: str = "") -> None:
    """Cards one per line (wrapped), each an element `card-<id>`."""
    for cid in cids:
        words = card_line(data, cid)
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
    if view.get("phase") == "draft":
        c.heading("Draft pool (starting hands)")
        _card_rows(c, data, [x for x in view.get("draft_pool", []) if x])
    discard = view.get("discard", [])
    c.y += 20
    c.parts.append(element("discard", f"The discard pile: {plural(len(discard), 'card')}, public",
                           text(PAD, c.y, f"Discard pile ({plural(len(discard), 'card')}, public)", font_size=14,
                                font_weight="bold")))
    c.y += 6
    if discard:
        _card_rows(c, data, discard)
    sizes = view.get("deck_sizes") or {}
    boxed = ", ".join(view.get("box", [])) or "none"
    stacks = "; ".join(f"{BONUS_WORDS.get(k, k)}: {'/'.join(map(str, v)) or 'none left'}"
                       for k, v in (view.get("bonus_stacks") or {}).items())
    c.lines(f"Draw piles: " + ", ".join(f"epoch {k}: {n}" for k, n in sizes.items()) +
            f". Boxed (2 players): {boxed}. Cubes in the supply: {view.get('supply_cubes')}. "
            f"Bonus tiles left (VP, top first): {stacks}.")


def _player(c: Canvas, data: GameData, view: dict[str, Any], i: int, seat: int | None, names: list[str] | None) -> None:
    p = view["players"][i]
    who = name_of(names, i)
    marks = []
    if view.get("turn_seat") == i:
        marks.append("to move")
    if view.get("start_player") == i:
        marks.append("start player")
    if view.get("passed") and view["passed"][i] and view.get("phase") == "heyday":
        marks.append("passed")
    if i in (view.get("decline_answered") or []) or i in (view.get("final_answered") or []):
        marks.append("has answered")
    c.y += 6
    top = c.y
    c.heading(f"{who}{' (you)' if seat == i else ''}{' - ' + ', '.join(marks) if marks else ''}: {p['vp']} VP", 14)
    bonus = ", ".join(f"{BONUS_WORDS.get(b['kind'], b['kind'])} ({b['value']} VP)" for b in p.get("bonus_tiles", [])) or "none"
    c.lines(f"{plural(p['coins'], 'coin')}; own-board cubes: {p['cubes']['eye']} eye, {p['cubes']['temple']} temple; "
            f"{plural(p['cities_in_supply'], 'city', 'cities')} in supply; bonus tiles: {bonus}.")
    own = seat == i
    w = (W - 2 * PAD) // 6 - 2
    for k, prof in enumerate(data.professions):
        x = PAD + k * (w + 2)
        body = rect(x, c.y, w, 22, fill="#fff", stroke="#333") + text(x + 4, c.y + 15, f"{prof} {p['pop'][prof]}",
                                                                     font_size=12)
        label = f"{who}'s {prof}s: {p['pop'][prof]}"
        c.parts.append(element(f"pop-{prof}", label, body) if own else group(body, label))
    c.y += 26
    tw = (W - 2 * PAD - 40) // max(1, len(p["track"])) - 2
    c.parts.append(text(PAD, c.y + 15, "Time", font_size=SMALL))
    for k, cell in enumerate(p["track"]):
        x = PAD + 40 + k * (tw + 2)
        fill = "#ccc" if cell == "locked" else "#fff" if cell == "empty" else "#fde"
        word = CELL_SHORT.get(cell, cell.replace("tile:", ""))
        body = rect(x, c.y, tw, 22, fill=fill, stroke="#333") + text(x + 4, c.y + 15, word, font_size=SMALL)
        label = f"{who}'s time space {k + 1}: " + (CELL_WORDS.get(cell) or f"action tile {cell[5:]}")
        c.parts.append(element(f"track-{k}", label, body) if own else group(body, label))
    c.y += 26
    marked = set(p.get("cards_marked", []))
    if p["tableau"]:
        c.lines(f"Played cards ({len(p['tableau'])}):", 12)
        _card_rows(c, data, p["tableau"])
        if marked:
            c.lines("Cube on (used this round): " + ", ".join(sorted(marked)) + ".")
    else:
        c.lines("No cards played yet.")
    if p.get("hand"):
        c.lines(f"{'Your' if own else who + chr(39) + 's'} hand ({len(p['hand'])}):", 12)
        _card_rows(c, data, p["hand"])
    elif p.get("hand") is not None:  # an empty hand reads like another seat's: no cards
        c.lines(f"{'Your' if own else who + chr(39) + 's'} hand: no cards.")
    else:
        c.lines(f"Hand: {plural(p.get('hand_size', 0), 'card')} (hidden).")
    c.parts.insert(0, rect(2, top, W - 4, c.y - top + 4, fill=SEAT_FILL[i % len(SEAT_FILL)], fill_opacity="0.25",
                           stroke="none"))


LEGEND = [("c / h", "coins / hourglasses on an action tile (cost to pay, hourglasses to place)"),
          ("1 hg / 2 hg", "a single / double hourglass on a time space; lock = locked space"),
          ("+3c, +1VP, +1e / +1t", "city bonus: coins, victory points, eye / temple cube"),
          ("+ cube", "a marker cube (2 players: display card will be boxed; hometown: used this round)"),
          ("goods / eye / temple", "city symbols; 'any' = a navigator tile that builds on any symbol"),
          ("1: x  2: y", "training cost: threshold needed to train 1 person / 2 persons with that meeple")]


def draw(data: GameData, view: dict[str, Any], seat: int | None, names: list[str] | None = None,
         tr: Translator = EN) -> str:
    c = Canvas()
    c.heading(f"Gentes - {_status(data, view, names)}", 15)
    if view.get("start_player") is not None:
        c.lines(f"Start player: {name_of(names, view['start_player'])}. Scores: "
                + ", ".join(f"{name_of(names, i)} {p['vp']} VP" for i, p in enumerate(view.get("players", []))) + ".")
    _tiles(c, data, view)
    _training(c, data, view)
    _display(c, data, view)
    _map(c, data, view, names)
    _hometown(c, data, view, names)
    _piles(c, data, view)
    order = ([seat] if seat is not None else []) + [i for i in range(len(view.get("players", []))) if i != seat]
    for i in order:
        _player(c, data, view, i, seat, names)
    c.heading("Legend", 12)
    c.parts.append(legend(PAD, c.y + 12, LEGEND))
    c.y += 16 * len(LEGEND) + 10
    viewer = "a spectator" if seat is None else name_of(names, seat)
    title = f"Gentes, round {view.get('round')}, seen by {viewer}"
    return document(W, int(c.y), title, _status(data, view, names), "".join(c.parts), "gentes")
