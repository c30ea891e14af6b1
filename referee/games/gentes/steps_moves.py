"""The move of every Gentes prompt offered step by step (engine/steps.py, driver stepwalk.py):

- `draft_pick`: the card (element `card-<id>`).
- `turn`: [extra options before: `x.eye` / `x.cv` …] → the action: an action tile
  (`t.<tile>`, element `tile-<tile>`) → hometown modifier (`m.<space>`/`m.none`, only when
  one applies) → how to lay the hourglasses (`d.<n>`, only for 2+) → the tile's parameters
  (steps_parts.py); or a cube ability (`c.<card>` element `card-<card>`, `h.<space>` element
  `space-<space>`) → hourglasses → its effect choices; or the tax collector (`tax`, element
  `tax`) → `h1` / `h2` / `h2d1`; or `pass`. Then the move is complete; extra options after the
  action (`a.eye` / `a.cv`) may follow.
- `decline_choices`: one city per region where there is a choice (`a.<space>`), then moon
  abilities one by one (`mo.<card>`) with their choices; complete at every point after the cities.
- `final_fulfil`: extra options (`x.eye`/`x.cv`), then either play it as it is or `cl`:
  temple cubes for each hand card in turn (`tp.…`).
"""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from typing import Any

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.engine.hashing import canonical
from referee.engine.steps import Option, Step, StepRefused
from referee.games.gentes import track
from referee.games.gentes.cubes import do_free_ops
from referee.games.gentes.decline import cities_by_region, moon_cards
from referee.games.gentes.effects import CHOICE_OPS, modified
from referee.games.gentes.state import Ctx, clone, empty_cells, own_cities
from referee.games.gentes.steps_parts import (Part, allocations, dead, doubles_ask, effect_choices, free_op,
                                              params_of, temple_id, temple_label, want)
from referee.games.gentes.stepwalk import Ask, Walker
from referee.games.gentes.texts import (ability, card_line, effects, home_option, hourglasses, joined,
                                        space_line, tile_line)
from referee.games.gentes.texts import KIND_NAMES
from referee.plumbing.i18n import N_, Text

Move = dict[str, Any]
FREE_TOKENS = {"eye_shift": "eye", "convert_cubes": "cv"}
WHEN = {"before": N_("Before your action"), "after": N_("After your action"), "first": N_("First")}


def _free_options(me: dict, prefix: str, when: str) -> list[Option]:
    opts = []
    moment = Text(WHEN[when])
    if me["cubes"]["eye"] >= 1:
        opts.append(Option(f"{prefix}.eye", Text("%(when)s: spend an eye cube to shift population (lower one, raise "
                                                 "another)", when=moment), None, Text("Extra options")))
    if me["cubes"]["eye"] + me["cubes"]["temple"] >= 3:
        opts.append(Option(f"{prefix}.cv", Text("%(when)s: return 3 cubes to raise one profession", when=moment), None,
                           Text("Extra options")))
    return opts


def _free_want(t: Move | None, key: str, done: int, prefix: str) -> str | None:
    ops = (t or {}).get(key) or []
    if t is None or done >= len(ops):
        return None
    return f"{prefix}.{FREE_TOKENS.get((ops[done] or {}).get('op'), '?')}"


def _nth(t: Move | None, key: str, i: int) -> Any:
    """The i-th entry of the target's list `key` ({} when missing; None without a target)."""
    if t is None:
        return None
    items = t.get(key) or []
    return items[i] if i < len(items) else {}


def _after_free(rules: Any, st: dict, seat: int, ops: list, final: bool = False) -> dict | None:
    """The position after extra options done before the action (None if one is refused)."""
    sim = clone(st)
    ctx = Ctx(rules.data, sim, seat, None, checkpoints=not final)
    try:
        do_free_ops(ctx, ops)
    except IllegalMove:
        return None
    return sim


class Grammars:
    """The grammars of one prompt's position; `walker` judges completions."""

    def __init__(self, rules: Any, state: dict, seat: int):
        self.rules, self.data, self.state, self.seat = rules, rules.data, state, seat
        self.walker: Walker | None = None
        self._menus: dict[int, tuple[dict, list[Option]]] = {}
        self._sims: dict[bytes, dict | None] = {}

    def after_free(self, ops: list, final: bool = False) -> dict | None:
        """The position after extra options before the action, once per call (replays of the
        grammar share it, and so the menu built from it)."""
        key = canonical(ops)
        if key not in self._sims:
            self._sims[key] = _after_free(self.rules, self.state, self.seat, ops, final)
        return self._sims[key]

    # -- draft -----------------------------------------------------------------------------
    def draft_pick(self, t: Move | None) -> Part:
        opts = [Option(f"k.{c}", card_line(self.data, c), f"card-{c}") for c in self.state["draft_pool"] if c]
        tok = yield Ask(Text("Pick a starting card from the draft pool"), opts, want(t, f"k.{(t or {}).get('card')}"))
        return {"type": "draft_pick", "card": tok.split(".", 1)[1]}

    # -- heyday turn -----------------------------------------------------------------------
    def _menu(self, st: dict) -> list[Option]:
        hit = self._menus.get(id(st))
        if hit is None or hit[0] is not st:  # (the position is kept with its menu: its id stays its own)
            hit = self._menus[id(st)] = (st, self._build_menu(st))
        return hit[1]

    def _build_menu(self, st: dict) -> list[Option]:
        data, seat = self.data, self.seat
        me = st["players"][seat]
        opts = [Option(f"t.{tid}", tile_line(data, tid), f"tile-{tid}",
                       Text("%(kind)s tiles", kind=KIND_NAMES[data.tiles[tid]["action"]]))
                for tid in data.tile_order if tid in st["tiles_on_board"]]
        if st["supply_cubes"] > 0:
            for cid in me["tableau"]:
                ab = data.cards[cid].get("ability") or {}
                if ab.get("kind") == "cube" and cid not in me["cards_marked"]:
                    opts.append(Option(f"c.{cid}", Text("%(name)s (%(id)s), %(ability)s", name=data.cards[cid]["name"],
                                                        id=cid, ability=ability(ab)), f"card-{cid}",
                                       Text("Cube abilities")))
            for sid in data.home_order:
                opt = data.home_option(sid, "a")
                if st["city_owner"].get(sid) == seat and sid not in st["hometown_marked"] and opt and opt["kind"] == "action":
                    opts.append(Option(f"h.{sid}", Text("Hometown %(space)s, %(option)s", space=sid,
                                                        option=home_option(data, sid, "a")), f"space-{sid}",
                                       Text("Cube abilities")))
        taxes = [Text("%(hourglasses)s for %(n)s coins", hourglasses=hourglasses(h), n=c)
                 for h, c in sorted(data.tax_options.items())]
        opts.append(Option("tax", Text("Tax collector: %(options)s", options=joined(taxes)), "tax", Text("Other")))
        opts.append(Option("pass", Text("Pass (only with a full time track)"), None, Text("Other")))
        return opts + _free_options(me, "x", "before")

    @staticmethod
    def _main_token(t: Move) -> str:
        kind = t.get("type")
        if kind == "take_tile":
            return f"t.{t.get('tile')}"
        if kind == "use_ability":
            src = t.get("source") or {}
            return f"c.{src['card']}" if "card" in src else f"h.{src.get('hometown_space')}"
        return {"tax_collector": "tax", "pass": "pass"}.get(kind, "?")

    def turn(self, t: Move | None) -> Part:
        data, seat = self.data, self.seat
        free: list[dict] = []
        st = self.state
        while True:
            w = _free_want(t, "free_ops", len(free), "x") or (self._main_token(t) if t is not None else None)
            tok = yield Ask(Text("What do you do this turn?"), self._menu(st), w)
            if not tok.startswith("x."):
                break
            free.append((yield from free_op(data, st, seat, tok[2:], _nth(t, "free_ops", len(free)))))
            st = self.after_free(free)
            if st is None:
                yield dead("that extra option cannot be done", "G-45")
        me = st["players"][seat]
        head: Move = {}
        if tok == "pass":
            move = {"type": "pass"}
            if free:
                move["free_ops"] = free
            return move
        if tok == "tax":
            opts = []
            for h, coins in sorted(data.tax_options.items()):
                for d in range(h // 2 + 1):
                    if empty_cells(me["track"]) >= h - d:
                        args = dict(hourglasses=hourglasses(h), n=coins)
                        label = (Text("%(hourglasses)s as a double (1 space) for %(n)s coins", **args) if d else
                                 Text("%(hourglasses)s (2 spaces) for %(n)s coins", **args) if h > 1 else
                                 Text("%(hourglasses)s for %(n)s coins", **args))
                        opts.append(Option(f"h{h}" + (f"d{d}" if d else ""), label))
            w = None if t is None else f"h{t.get('hourglasses')}" + (f"d{t.get('doubles')}" if t.get("doubles") else "")
            got = yield Ask(Text("Tax collector: how many hourglasses?"), opts, w)
            h, _, d = got[1:].partition("d")
            head = {"type": "tax_collector", "hourglasses": int(h), "doubles": int(d or 0)}
        elif tok.startswith("t."):
            head = yield from self._take_tile(st, tok[2:], t)
        else:
            head = yield from self._use_ability(st, tok, t)
        if free:
            head["free_ops"] = free
        return (yield from self._after(head, t))

    def _take_tile(self, st: dict, tid: str, t: Move | None) -> Part:
        data, seat = self.data, self.seat
        me, tile = st["players"][seat], data.tiles[tid]
        mods = [s for s in data.home_order if st["city_owner"].get(s) == seat and s not in st["hometown_marked"]
                and (data.home_option(s, "b") or {}).get("applies_to") == tile["action"]] if st["supply_cubes"] else []
        mod = None
        if mods:
            opts = [Option("m.none", Text("No hometown modifier"))]
            opts += [Option(f"m.{s}", Text("Hometown %(space)s (a cube on it): %(option)s", space=s,
                                           option=home_option(data, s, "b")), f"space-{s}") for s in mods]
            tm = (t or {}).get("modifier")
            tok = yield Ask(Text("Use a hometown modifier with %(tile)s?", tile=tid), opts,
                            want(t, f"m.{tm.get('hometown_space')}" if isinstance(tm, dict) else "m.none"))
            mod = None if tok == "m.none" else tok[2:]
        opt = data.home_option(mod, "b") if mod else None
        cost, x, h = modified(tile, opt["modifier"] if opt else None)
        if opt:
            cost += opt.get("coins", 0)
            h += opt.get("hourglasses", 0)
        if me["coins"] < cost:
            yield dead(f"{tid} costs {cost} coins, you have {me['coins']}", "G-15")
        if empty_cells(me["track"]) < 1 + h - h // 2:
            yield dead(f"{tid} and its hourglasses need more empty time spaces", "G-12")
        d = 0
        if h >= 2:
            d = yield from doubles_ask(h, (t or {}).get("doubles", 0) if t is not None else None)
            if empty_cells(me["track"]) < 1 + h - d:
                yield dead(f"{tid} and its hourglasses need {1 + h - d} empty time spaces", "G-12")
        params = yield from params_of(data, st, seat, tile["action"], x, tile.get("symbol"),
                                      None if t is None else (t.get("params") or {}),
                                      room=empty_cells(me["track"]) - 1 - (h - d))
        move: Move = {"type": "take_tile", "tile": tid, "doubles": d, "params": params}
        if mod:
            move["modifier"] = {"hometown_space": mod, "option": "b"}
        return move

    def _use_ability(self, st: dict, tok: str, t: Move | None) -> Part:
        data, seat = self.data, self.seat
        if tok.startswith("c."):
            src: dict = {"card": tok[2:]}
            ab = data.cards[tok[2:]]["ability"]
        else:
            src = {"hometown_space": tok[2:], "option": "a"}
            ab = data.home_option(tok[2:], "a")
        h = ab.get("hourglasses", 0)
        me = st["players"][seat]
        if me["coins"] < ab.get("coins", 0):  # the cost and the time come before any choice
            yield dead(f"the ability costs {ab.get('coins', 0)} coins", "G-38")
        if empty_cells(me["track"]) < h - h // 2:
            yield dead("the ability's hourglasses need more empty time spaces", "G-12")
        d = 0
        if h >= 2:
            d = yield from doubles_ask(h, (t or {}).get("doubles", 0) if t is not None else None)
        tp = None if t is None else ((t.get("params") or {}).get("choices") or [])
        room = empty_cells(st["players"][seat]["track"]) - (h - d)
        choices = yield from effect_choices(data, st, seat, ab["effects"], tp, room=room)
        return {"type": "use_ability", "source": src, "doubles": d, "params": {"choices": choices}}

    def _after(self, head: Move, t: Move | None) -> Part:
        """The move is complete; extra options after the action may follow (G-45)."""
        after: list[dict] = []
        while True:
            move = dict(head)
            if after:
                move["free_ops_after"] = list(after)
            res, err = self.walker.outcome(move) if self.walker else (None, None)
            if res is None:
                yield dead(err.message if err else "refused", err.rule if err else None)
            opts = _free_options(res["players"][self.seat], "a", "after")
            tok = yield Ask(Text("Play this move, or use cubes after the action?"), opts,
                            _free_want(t, "free_ops_after", len(after), "a"), complete=move)
            ta = _nth(t, "free_ops_after", len(after))
            op = yield from free_op(self.data, res, self.seat, tok[2:], ta)
            after.append(op)

    # -- decline step 4 --------------------------------------------------------------------
    def decline_choices(self, t: Move | None) -> Part:
        data, seat, st = self.data, self.seat, self.state
        ctx = Ctx(data, st, seat, None)
        regions = cities_by_region(ctx, seat)
        act: dict[str, str] = {}
        for r in data.regions:
            if r not in regions:
                continue
            opts = [Option(f"a.{s}", space_line(data, s), f"space-{s}") for s in regions[r]]
            tok = yield Ask(Text("Decline: activate which of your cities in the %(colour)s region?", colour=r), opts,
                            want(t, f"a.{((t or {}).get('activate') or {}).get(r)}"), auto=True)
            act[r] = tok[2:]
        head: Move = {"type": "decline_choices", "activate": act, "moon": []}
        city_effects = [e for s in act.values() for e in data.map_spaces[s]["bonus"]]
        if any(e["op"] in CHOICE_OPS for e in city_effects):
            head["city_choices"] = yield from effect_choices(data, st, seat, city_effects,
                                                             None if t is None else t.get("city_choices") or [])
        moons: list[dict] = []
        owned = moon_cards(ctx, seat)
        t_moon = (t or {}).get("moon") or []
        while True:
            move = dict(head, moon=list(moons))
            used = {m["card"] for m in moons}
            opts = [Option(f"mo.{c}", Text("%(name)s (%(id)s): %(effects)s", name=data.cards[c]["name"], id=c,
                                           effects=effects(data.cards[c]["ability"]["effects"])),
                           f"card-{c}") for c in owned if c not in used]
            w = None if t is None or len(moons) >= len(t_moon) else f"mo.{(t_moon[len(moons)] or {}).get('card')}"
            tok = yield Ask(Text("Use a moon ability of your cards (or play this answer)?"), opts, w, complete=move)
            cid = tok[3:]
            tc = None if t is None else ((t_moon[len(moons)] or {}).get("choices") or [])
            choices = yield from effect_choices(data, st, seat, data.cards[cid]["ability"]["effects"], tc)
            moons.append({"card": cid, "choices": choices})

    # -- final scoring ---------------------------------------------------------------------
    def final_fulfil(self, t: Move | None) -> Part:
        data, seat = self.data, self.seat
        free: list[dict] = []
        st = self.state
        while True:
            me = st["players"][seat]
            move = {"type": "final_fulfil", "free_ops": list(free), "claims": []}
            opts = _free_options(me, "x", "first")
            if me["hand"]:
                opts.append(Option("cl", Text("Spend temple cubes on your hand cards, card by card")))
            w = _free_want(t, "free_ops", len(free), "x") or ("cl" if t is not None and t.get("claims") else None)
            tok = yield Ask(Text("Final scoring: use your cubes, or play your answer as it is?"), opts, w, complete=move)
            if tok == "cl":
                break
            free.append((yield from free_op(data, st, seat, tok[2:], _nth(t, "free_ops", len(free)))))
            st = self.after_free(free, final=True)
            if st is None:
                yield dead("that extra option cannot be done", "G-57")
        from referee.games.gentes.chronicler import meets
        ctx = Ctx(data, st, seat, None)
        left = me["cubes"]["temple"]
        claims = []
        t_claims = {c.get("card"): c.get("temple") or {} for c in (t or {}).get("claims") or [] if isinstance(c, dict)}
        for cid in me["hand"]:
            card = data.cards[cid]
            opts = []
            for a in allocations(card, left):
                ok = meets(ctx, card, me["pop"], a) is None
                args = dict(name=card["name"], id=cid, cubes=temple_label(a))
                opts.append(Option(temple_id(card, a), Text("%(name)s (%(id)s): %(cubes)s - fulfilled", **args) if ok
                                   else Text("%(name)s (%(id)s): %(cubes)s - not fulfilled", **args)))
            tw = {p: n for p, n in t_claims.get(cid, {}).items() if n}
            tok = yield Ask(Text("Temple cubes for %(name)s (%(id)s)?", name=card["name"], id=cid), opts,
                            want(t, temple_id(card, tw)), auto=True)
            a = next(a for a in allocations(card, left) if temple_id(card, a) == tok)
            left -= sum(a.values())
            claims.append({"card": cid, "temple": a})
        return {"type": "final_fulfil", "free_ops": free, "claims": claims}


# Walkers of the latest positions asked about, each with its lock: a player building a move
# asks for the steps again after every click on the same position, and its walker knows by
# then which paths are viable (stepwalk.Walker: only exact verdicts outlive a call). Keyed by
# the position's content (its marshal bytes: a state changed in place is another position),
# each walking a copy of its own; a few, since each holds the positions `apply` made.
WALKERS = 8
_walkers: OrderedDict[tuple[int, int, str, bytes], tuple[Any, Walker, threading.Lock]] = OrderedDict()
_walkers_lock = threading.Lock()


def _new_walker(rules: Any, state: dict, seat: int, kind: str) -> Walker:
    if not any(p.seat == seat and p.kind == kind for p in rules.prompts(state)):
        raise StepRefused(0, Text("seat %(seat)s has no %(kind)s decision now", seat=seat, kind=repr(kind)), "G-6")
    g = Grammars(rules, state, seat)
    w = Walker(rules, state, seat, getattr(g, kind))
    g.walker = w
    return w


def walker_for(rules: Any, state: dict, seat: int, kind: str) -> tuple[Walker, threading.Lock]:
    """The walker of `seat`'s prompt `kind` (StepRefused when there is none) and the lock a
    call holds while it walks (its budget and guesses are the call's own)."""
    content = marshal.dumps(state)
    key = (id(rules), seat, kind, content)
    with _walkers_lock:
        hit = _walkers.get(key)
        if hit is not None and hit[0] is rules:
            _walkers.move_to_end(key)
            return hit[1], hit[2]
    walker = _new_walker(rules, marshal.loads(content), seat, kind)
    lock = threading.Lock()
    with _walkers_lock:
        _walkers[key] = (rules, walker, lock)
        _walkers.move_to_end(key)
        while len(_walkers) > WALKERS:
            _walkers.popitem(last=False)
    return walker, lock


def steps(rules: Any, state: dict, seat: int, kind: str, chosen: list[str]) -> Step:
    walker, lock = walker_for(rules, state, seat, kind)
    with lock:
        return walker.step(chosen)


def move_path(rules: Any, state: dict, seat: int, kind: str, move: Move) -> list[str]:
    walker, lock = walker_for(rules, state, seat, kind)
    with lock:
        return walker.path_of(move)
