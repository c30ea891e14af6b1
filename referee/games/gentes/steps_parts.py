"""Grammar pieces shared by every Gentes prompt (stepwalk.py): the main actions' parameters
(4.4-4.8), the choices inside effects (10.3) and the extra options with own-board cubes
(4.11). Each is a generator that yields `Ask`s and returns its part of the move; `t` is the
same part of a target move (when building a known move's path) or None.

Candidates are computed from the position as the seat sees it (own pieces, the display,
the discard pile, the board); the driver keeps only those that lead to a legal move.

Option ids (URL-safe, no commas): `p.<prof>` training, `i.<D>`/`s.<slot>` display,
`d.<card>` discard, `f.`/`b.<space>` navigator, `r.<region>`, `k.<card>` a hand card,
`tp.<prof><n>-…` temple cubes, `sy.<symbol>`, `pa.`/`hg.`/`rh.`/`dd.`/`dc.` effect choices,
`dn.`/`up.`/`cv.` free ops; `….done` ends a list early.
"""

from __future__ import annotations

import itertools
from typing import Any, Generator

from referee.engine.steps import Option
from referee.games.gentes import population
from referee.games.gentes.data import GameData
from referee.games.gentes.effects import CHOICE_OPS
from referee.games.gentes.scribe import discard_allowance
from referee.games.gentes.state import Ctx, own_cities
from referee.games.gentes.stepwalk import Ask
from referee.games.gentes.texts import (card_line, card_name, cards, cell_words, coins, hourglasses,
                                        indicator_line, joined, space_line, synergy)
from referee.plumbing.i18n import ntext, Text

Part = Generator[Ask, str, Any]
DEAD = "No legal move follows from here"
MAX_DEPTH = 3


def dead(why: str = DEAD, rule: str | None = None) -> Ask:
    """An ask with nothing to choose: the driver treats its path as leading nowhere; `why` and
    `rule` say what the rules refuse there."""
    return Ask(why, [], rule=rule)


def want(t: Any, token: str | None) -> str | None:
    return token if t is not None else None


def pop_of(st: dict, seat: int) -> dict[str, int]:
    return st["players"][seat]["pop"]


# -- main actions ------------------------------------------------------------------------------

def params_of(data: GameData, st: dict, seat: int, kind: str, x: int, symbol: str | None, t: Any,
              depth: int = 0, room: int | None = None) -> Part:
    """The params of a main action of `kind` at threshold `x` (navigator: `symbol`)."""
    t = t if isinstance(t, dict) else ({} if t is not None else None)
    if depth > MAX_DEPTH:
        yield dead("actions nested too deep", "G-39")
    if kind == "philosopher":
        return (yield from philosopher(data, st, seat, x, t))
    if kind == "scribe":
        return (yield from scribe(data, st, seat, x, t))
    if kind == "navigator":
        return (yield from navigator(data, st, seat, symbol or "", t, depth))
    if kind == "chronicler":
        return (yield from chronicler(data, st, seat, t, depth, room))
    return {}


def _raised(data: GameData, pop: dict[str, int], profs: list[str]) -> bool:
    """G-18: every raise in order is possible."""
    pop = dict(pop)
    for p in profs:
        if not population.can_raise(data, pop, p):
            return False
        population.raise_prof(data, pop, p)
    return True


def philosopher(data: GameData, st: dict, seat: int, x: int, t: dict | None) -> Part:
    """G-19: one meeple whose column is open for one person, or two open for two persons."""
    queue, pop = st["training_queue"], pop_of(st, seat)
    col = {p: queue.index(p) for p in queue}
    one = [p for p in queue if data.cost_one[col[p]] <= x and _raised(data, pop, [p])]
    two = [(a, b) for a in queue for b in queue
           if data.cost_two[col[a]] <= x and data.cost_two[col[b]] <= x and _raised(data, pop, [a, b])]
    firsts = [p for p in queue if p in one or any(a == p for a, _ in two)]
    train = (t or {}).get("train") or [None]
    opts = [Option(f"p.{p}", Text("%(prof)s (column %(column)s: 1 person costs %(one)s, 2 persons %(two)s; now %(now)s)",
                                  prof=p, column=col[p] + 1, one=data.cost_one[col[p]], two=data.cost_two[col[p]],
                                  now=pop[p]), f"meeple-{p}") for p in firsts]
    first = (yield Ask(Text("Train whom? (threshold %(x)s)", x=x), opts, want(t, f"p.{train[0]}"))).split(".", 1)[1]
    seconds = [Option("p2.no", Text("Only one %(prof)s", prof=first))] if first in one else []
    seconds += [Option(f"p2.{b}", _and_too(b) if b != first else Text("a second %(prof)s", prof=b),
                       f"meeple-{b}") for a, b in two if a == first]
    tok = yield Ask(Text("Train a second person?"), seconds,
                    want(t, "p2.no" if len(train) < 2 else f"p2.{train[1]}"), auto=True)
    return {"train": [first] if tok == "p2.no" else [first, tok.split(".", 1)[1]]}


def _pick_list(question: str, prefix: str, items: list[Option], most: int, t_items: list | None,
               least: int = 1) -> Part:
    """Up to `most` distinct items in click order; `<prefix>.done` ends the list once `least`
    are picked (asked without a click when it is all that is left)."""
    picked: list[str] = []
    while len(picked) < most:
        opts = [o for o in items if o.id.split(".", 1)[1] not in picked]
        if len(picked) >= least:
            opts.append(Option(f"{prefix}.done", Text("No more") if picked else Text("None")))
        if t_items is None:
            w = None
        else:
            w = f"{prefix}.{t_items[len(picked)]}" if len(picked) < len(t_items) else f"{prefix}.done"
        tok = yield Ask(question if not picked else Text("%(question)s (another, or no more)", question=question), opts, w,
                        auto=len(opts) == 1 and opts[0].id.endswith(".done"))
        if tok.endswith(".done"):
            break
        picked.append(tok.split(".", 1)[1])
    return picked


def scribe(data: GameData, st: dict, seat: int, x: int, t: dict | None) -> Part:
    """G-22: an indicator open at X and 1..max_cards of its slots, or 1..allowance discards."""
    display = st["display"]
    inds = [i for i in data.indicators.values() if i["min_paid"] <= x
            and any(c is not None for c in display[: i["max_slot"]])]
    allow = discard_allowance(Ctx(data, st, seat, None), x)
    modes = [Option("display", Text("From the display"))] if inds else []
    if allow and st["discard"]:
        modes.append(Option("discard", Text("From the discard pile (up to %(cards)s)", cards=cards(allow)), "discard"))
    mode = yield Ask(Text("Take cards from the display or the discard pile?"), modes, want(t, (t or {}).get("mode")), auto=True)
    if mode == "discard":
        items = [Option(f"d.{c}", card_line(data, c), f"card-{c}", Text("Epoch %(epoch)s", epoch=data.cards[c]["epoch"]))
                 for c in st["discard"] if c in data.cards]
        taken = yield from _pick_list(Text("Take which card from the discard pile?"), "d", items, allow,
                                      None if t is None else list(t.get("cards") or []))
        return {"mode": "discard", "cards": taken}
    opts = [Option(f"i.{i['id']}", indicator_line(data, i["id"]), f"ind-{i['id']}") for i in inds]
    iid = (yield Ask(Text("Which cost indicator of the display?"), opts, want(t, f"i.{(t or {}).get('indicator')}"),
                     auto=True)).split(".", 1)[1]
    ind = data.indicators[iid]
    items = [Option(f"s.{n + 1}", Text("Slot %(n)s: %(card)s", n=n + 1, card=card_line(data, c["card"])), f"slot-{n + 1}")
             for n, c in enumerate(display[: ind["max_slot"]]) if c is not None]
    slots = yield from _pick_list(Text("Take which card of the display?"), "s", items, ind["max_cards"],
                                  None if t is None else list(t.get("slots") or []))
    return {"mode": "display", "indicator": iid, "slots": [int(s) for s in slots]}


def region_effects_choices(data: GameData, st: dict, seat: int, region: str, extra: str | None) -> list[dict]:
    """The city bonuses a region's activation applies (own map cities, `extra` included)."""
    mine = set(own_cities(st, seat)) | ({extra} if extra else set())
    return [e for sid in data.map_order if sid in mine and data.map_spaces[sid]["region"] == region
            for e in data.map_spaces[sid]["bonus"]]


def navigator(data: GameData, st: dict, seat: int, symbol: str, t: dict | None, depth: int) -> Part:
    """G-25..G-29: (the city to move,) a free space showing the symbol, (the region)."""
    owner = st["city_owner"]
    params: dict[str, Any] = {}
    src = None
    if st["players"][seat]["cities_in_supply"] == 0:
        opts = [Option(f"f.{s}", Text("Move your city from %(space)s", space=space_line(data, s)), f"space-{s}")
                for s in own_cities(st, seat)]
        src = (yield Ask(Text("All your cities are out: move which one?"), opts, want(t, f"f.{(t or {}).get('from')}"),
                         auto=True)).split(".", 1)[1]
        params["from"] = src
    fits = [s for s in data.map_order + data.home_order
            if (symbol in data.wildcards or data.space(s)["symbol"] == symbol) and (s not in owner or s == src)]
    opts = [Option(f"b.{s}", space_line(data, s), f"space-{s}",
                   Text("Hometown") if s in data.home_spaces else _region_group(data.map_spaces[s]["region"]))
            for s in fits]
    space = (yield Ask(Text("Build your city where?"), opts, want(t, f"b.{(t or {}).get('space')}"))).split(".", 1)[1]
    params["space"] = space
    if space in data.home_spaces:
        mine = own_cities(st, seat)
        opts = [Option(f"r.{r}", _activate(r, sum(1 for s in mine if data.map_spaces.get(s, {}).get("region") == r
                                                  and s != src)), f"region-{r}") for r in data.regions]
        region = (yield Ask(Text("Which region do your hometown city's builders activate?"), opts,
                            want(t, f"r.{(t or {}).get('region')}"))).split(".", 1)[1]
        params["region"] = region
    else:
        region = data.map_spaces[space]["region"]
    effects = region_effects_choices(data, st, seat, region, space)
    choices = yield from effect_choices(data, st, seat, effects, None if t is None else t.get("choices"), depth)
    if choices:
        params["choices"] = choices
    return params


def allocations(card: dict[str, Any], budget: int) -> list[dict[str, int]]:
    """Temple-cube allocations for a card: 0..requirement per required profession, at most
    `budget` cubes in all; nonzero entries only, in the card's order."""
    req = card["requires"].get("professions", {})
    profs = list(req)
    out = []
    for counts in itertools.product(*(range(0, req[p] + 1) for p in profs)):
        if sum(counts) <= budget:
            out.append({p: n for p, n in zip(profs, counts) if n})
    return out


def temple_id(card: dict[str, Any], temple: dict[str, int]) -> str:
    parts = [f"{p}{temple[p]}" for p in card["requires"].get("professions", {}) if temple.get(p)]
    return "tp." + ("-".join(parts) or "0")


def temple_label(temple: dict[str, int]) -> Text:
    if not temple:
        return Text("No temple cubes")
    each = [Text("%(cubes)s for %(prof)s", cubes=_temple_cubes(n), prof=p) for p, n in temple.items()]
    return Text("Spend %(cubes)s", cubes=joined(each))


def _temple_cubes(n: int) -> Text:
    return ntext("%(n)s temple cube", "%(n)s temple cubes", n)


def _region_group(region: str) -> Text:
    """"Yellow region": the colour capitalised, as the English always read."""
    return Text("%(colour)s region", colour=region.capitalize())


def _activate(region: str, n: int) -> Text:
    own = ntext("%(n)s own city", "%(n)s own cities", n)
    return Text("Activate the %(colour)s region (%(cities)s)", colour=region, cities=own)


def hourglass_cells(card: dict[str, Any]) -> int | None:
    """The fewest empty time spaces the card's own effects need (all doubles, G-11), or None
    when an effect could make room or play another card (then no count is sure)."""
    effects = card.get("rewards", []) + card.get("penalties", [])
    if any(e["op"] in ("remove_hourglass", "unlock") or (e["op"] == "action" and e.get("kind") == "chronicler")
           for e in effects):
        return None
    return sum(e["n"] - e["n"] // 2 for e in effects if e["op"] == "hourglass")


def chronicler(data: GameData, st: dict, seat: int, t: dict | None, depth: int, room: int | None = None) -> Part:
    """G-31, G-32: a hand card whose requirements hold (with temple cubes), its synergy symbol
    and the choices its effects need. `room`: the empty time spaces left once the tile is laid
    (a card whose hourglasses cannot fit is not offered, G-12, G-R6)."""
    from referee.games.gentes.chronicler import symbol_counts
    me = st["players"][seat]
    avail = me["cubes"]["temple"]
    counts = symbol_counts(Ctx(data, st, seat, None), seat)
    playable = {}
    for cid in me["hand"]:
        card = data.cards[cid]
        req = card["requires"]
        if any(counts.get(sym, 0) < n for sym, n in req.get("city_symbols", {}).items()):
            continue  # G-31, G-R22: temple cubes never stand in for cities
        allocs = [a for a in allocations(card, avail)
                  if all(me["pop"].get(p, 0) + a.get(p, 0) >= n for p, n in req.get("professions", {}).items())]
        cells = hourglass_cells(card)
        if allocs and (room is None or cells is None or cells <= room):
            playable[cid] = allocs
    opts = [Option(f"k.{c}", card_line(data, c), f"card-{c}") for c in playable]
    cid = (yield Ask(Text("Play which card from your hand?"), opts, want(t, f"k.{(t or {}).get('card')}"))).split(".", 1)[1]
    card = data.cards[cid]
    temple_t = (t or {}).get("temple") or {}
    opts = [Option(temple_id(card, a), temple_label(a)) for a in playable[cid]]
    tok = yield Ask(Text("Temple cubes for %(card)s (each counts +1 for this card only)?", card=card_name(data, cid)), opts,
                    want(t, temple_id(card, temple_temple(temple_t))), auto=True)
    temple = next(a for a in playable[cid] if temple_id(card, a) == tok)
    if card.get("synergy"):
        tableau = me["tableau"] + [cid]
        opts = [Option(f"sy.{s}", Text("Synergy %(symbol)s: +%(n)s VP", symbol=synergy(s),
                                       n=sum(1 for c in tableau if s in data.cards[c].get("synergy", []))))
                for s in card["synergy"]]
        scored = (yield Ask(Text("Score which synergy symbol?"), opts, want(t, f"sy.{(t or {}).get('synergy')}"),
                            auto=True)).split(".", 1)[1]
    else:
        scored = None
    params: dict[str, Any] = {"card": cid, "temple": temple, "synergy": scored}
    choices = yield from effect_choices(data, st, seat, card.get("rewards", []) + card.get("penalties", []),
                                        None if t is None else t.get("choices"), depth)
    if choices:
        params["choices"] = choices
    return params


def temple_temple(temple: Any) -> dict[str, int]:
    return {p: n for p, n in temple.items() if n} if isinstance(temple, dict) else {}


# -- choices inside effects (section 10.3) -----------------------------------------------------

def effect_choices(data: GameData, st: dict, seat: int, effects: list[dict], t: Any, depth: int = 0,
                   room: int | None = None) -> Part:
    """One choice per effect that needs one, in order. `room` (empty time spaces) reaches a
    nested card play only when no other effect here changes the track."""
    if any(e["op"] in ("hourglass", "remove_hourglass", "unlock") for e in effects):
        room = None
    out: list[Any] = []
    t_list = t if isinstance(t, list) else ([] if t is not None else None)
    for e in effects:
        if e["op"] not in CHOICE_OPS:
            continue
        tc = None if t_list is None else (t_list[len(out)] if len(out) < len(t_list) else {})
        out.append((yield from effect_choice(data, st, seat, e, tc, depth, room)))
    return out


def effect_choice(data: GameData, st: dict, seat: int, e: dict, t: Any, depth: int, room: int | None = None) -> Part:
    op, n = e["op"], e.get("n", 0)
    t = t if isinstance(t, dict) else ({} if t is not None else None)
    me = st["players"][seat]
    if op == "pop_any":
        train, wanted = [], (t or {}).get("train") or []
        for k in range(n):
            opts = [Option(f"pa.{p}", Text("Raise %(prof)s (now %(n)s)", prof=p, n=me["pop"][p]), f"pop-{p}")
                    for p in data.professions]
            w = want(t, f"pa.{wanted[k]}" if k < len(wanted) else None)
            train.append((yield Ask(Text("Card effect: raise which profession (%(k)s of %(n)s)?", k=k + 1, n=n), opts,
                                    w)).split(".", 1)[1])
        return {"train": train}
    if op == "hourglass":
        if n // 2 < 1:
            return {"doubles": 0}
        d = yield from doubles_ask(n, t.get("doubles", 0) if t is not None else None, "hg")
        return {"doubles": d}
    if op == "remove_hourglass":
        track = me["track"]
        picked: list[int] = []
        wanted = (t or {}).get("cells") or []
        while len(picked) < n:
            opts = [Option(f"rh.{i}", Text("Space %(n)s (%(cell)s)", n=i + 1, cell=cell_words(c)),
                           f"track-{i}") for i, c in enumerate(track) if c in ("hg1", "hg2", "empty")]
            opts.append(Option("rh.done", Text("No more") if picked else Text("None")))
            w = want(t, f"rh.{wanted[len(picked)]}" if len(picked) < len(wanted) else "rh.done")
            tok = yield Ask(Text("Remove an hourglass from which space of your time track?"), opts, w)
            if tok == "rh.done":
                break
            picked.append(int(tok.split(".", 1)[1]))
        return {"cells": picked}
    if op == "draw_display":
        items = [Option(f"dd.{i + 1}", Text("Slot %(n)s: %(card)s", n=i + 1, card=card_line(data, c["card"])),
                        f"slot-{i + 1}") for i, c in enumerate(st["display"][: e["max_slot"]]) if c is not None]
        if not items:
            return {"slots": []}
        slots = yield from _pick_list(Text("Card effect: take which card of the display?"), "dd", items, n,
                                      None if t is None else list(t.get("slots") or []))
        return {"slots": [int(s) for s in slots]}
    if op == "draw_discard":
        items = [Option(f"dc.{c}", card_line(data, c), f"card-{c}") for c in st["discard"] if c in data.cards]
        taken = yield from _pick_list(Text("Card effect: take which card from the discard pile?"), "dc", items, n,
                                      None if t is None else list(t.get("cards") or []), least=0)
        return {"cards": taken}
    if op == "action":
        return (yield from params_of(data, st, seat, e["kind"], e.get("as_cost", 0), e.get("symbol"), t, depth + 1, room))
    return {}


def doubles_ask(h: int, t_doubles: Any, prefix: str = "d") -> Part:
    """G-11: how many of `h` hourglasses lie as doubles (each double takes one space)."""
    opts = []
    for d in range(h // 2 + 1):
        singles = h - 2 * d
        parts = (([ntext("%(n)s double", "%(n)s doubles", d)] if d else [])
                 + ([ntext("%(n)s single", "%(n)s singles", singles)]
                    if singles else []))
        spaces = ntext("%(n)s space", "%(n)s spaces", h - d)
        opts.append(Option(f"{prefix}.{d}", Text("%(hourglasses)s as %(lay)s (%(spaces)s)", hourglasses=hourglasses(h),
                                                 lay=joined(parts), spaces=spaces)))
    tok = yield Ask(Text("Lay your %(hourglasses)s how?", hourglasses=hourglasses(h)), opts,
                    None if t_doubles is None else f"{prefix}.{t_doubles}")
    return int(tok.split(".", 1)[1])


def hourglasses_words(h: int) -> Text:
    return hourglasses(h)


# -- extra options with own-board cubes (4.11) -------------------------------------------------

def free_op(data: GameData, st: dict, seat: int, kind: str, t: Any) -> Part:
    """G-42 eye shift (down, up, optional second pair) or G-43 convert 3 cubes (mix, up)."""
    t = t if isinstance(t, dict) else ({} if t is not None else None)
    me = st["players"][seat]
    pop = dict(me["pop"])
    if kind == "eye":
        first = yield from _shift(data, pop, t, "dn", "up")
        second_t = (t or {}).get("second")
        after = dict(pop)
        population.lower_prof(data, after, first["down"])
        population.raise_prof(data, after, first["up"])
        opts = [Option("2.no", Text("No second shift"))]
        tok = yield Ask(Text("A second shift for free?"), opts + [Option("2.yes", Text("Yes, shift once more"))],
                        want(t, "2.no" if not second_t else "2.yes"))
        second = None
        if tok == "2.yes":
            second = yield from _shift(data, after, second_t if t is not None else None, "dn2", "up2")
        return {"op": "eye_shift", "down": first["down"], "up": first["up"], "second": second}
    eye, temple = me["cubes"]["eye"], me["cubes"]["temple"]
    opts = [Option(f"cv.{e}", _return_cubes(e)) for e in range(3, -1, -1) if e <= eye and 3 - e <= temple]
    e = int((yield Ask(Text("Which 3 cubes do you return?"), opts, want(t, f"cv.{(t or {}).get('eye')}"), auto=True)).split(".", 1)[1])
    ups = [Option(f"up.{p}", Text("Raise %(prof)s (now %(n)s)", prof=p, n=pop[p]), f"pop-{p}") for p in data.professions
           if population.can_raise(data, pop, p)]
    up = (yield Ask(Text("Raise which profession?"), ups, want(t, f"up.{(t or {}).get('up')}"))).split(".", 1)[1]
    return {"op": "convert_cubes", "eye": e, "temple": 3 - e, "up": up}


def _return_cubes(e: int) -> Text:
    """"Return 2 eye cubes and 1 temple cube"."""
    eyes = (ntext("%(n)s eye cube", "%(n)s eye cubes", e)) if e else None
    temples = _temple_cubes(3 - e) if 3 - e else None
    if eyes and temples:
        return Text("Return %(eyes)s and %(temples)s", eyes=eyes, temples=temples)
    return Text("Return %(cubes)s", cubes=eyes or temples)


def _shift(data: GameData, pop: dict[str, int], t: dict | None, dn: str, up: str) -> Part:
    downs = [Option(f"{dn}.{p}", Text("Lower %(prof)s (now %(n)s)", prof=p, n=pop[p]), f"pop-{p}")
             for p in data.professions if pop[p] >= 1]
    down = (yield Ask(Text("Eye cube: lower which profession?"), downs, want(t, f"{dn}.{(t or {}).get('down')}"))).split(".", 1)[1]
    after = dict(pop)
    after[down] -= 1
    ups = [Option(f"{up}.{p}", Text("Raise %(prof)s (now %(n)s)", prof=p, n=after[p]), f"pop-{p}")
           for p in data.professions if p != down and population.can_raise(data, after, p)]
    raised = (yield Ask(Text("Eye cube: raise which profession?"), ups, want(t, f"{up}.{(t or {}).get('up')}"))).split(".", 1)[1]
    return {"down": down, "up": raised}


def _and_too(prof: str) -> Text:
    """"and an artisan too": the English article before a vowel (German says "1")."""
    return Text("and an %(prof)s too", prof=prof) if prof[:1] in "aeiou" else Text("and a %(prof)s too", prof=prof)
