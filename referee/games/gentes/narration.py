"""The narrate hook: Gentes events told as a player would write them in a game log.

The first line says what the player did, naming tiles, cards (by name), spaces, regions and
amounts, and -- when the viewer's views before and after the event are given -- its outcome
(coins, VP, cubes, bonus tiles, the cards that refilled the display). Every automatic step
the move set off gets a line of its own: the end of the draft, the Decline (tiles back,
hourglasses off, start player, new round and epoch, boxed cards, city and moon income, the
hand limit), the two-player display cubes, and the final scoring with its result.

Each line is one catalog message in the reader's language (`tr`), the rulebook's words from
the game's glossary in German; what a player did is a predicate message ("passed") that the
line's message puts after the name, and the English is the message ids, as it always read.

Only the viewer's views are read, so nothing hidden is told: another seat's secret Decline or
final answer stays "answered" until all are revealed. Without the views the lines come from
the move alone.
"""

from __future__ import annotations

from typing import Any

from referee.games.gentes.data import GameData
from referee.games.gentes.words import (BONUS_WORDS, card_name, coins, effects, home_option, hourglasses, kind_name,
                                        symbol, term)
from referee.plumbing.i18n import EN, N_, Translator

View = dict[str, Any]
ROMAN = {1: "I", 2: "II", 3: "III"}  # the German rulebook numbers its epochs so
FINAL_PARTS = (("hand_fulfilled", N_("fulfilled hand cards")), ("hand_unfulfilled", N_("unfulfilled hand cards")),
               ("cubes", N_("cubes left")), ("coins", N_("coins")), ("hourglasses", N_("hourglasses left")))


def _join(words: list[str], tr: Translator) -> str:
    return tr.join([w for w in words if w])


def _name(names: list[str], seat: Any, tr: Translator = EN) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else tr.gettext("Someone")


def _word(word: Any, tr: Translator) -> str:
    """A profession, region or other game word as the German rulebook has it."""
    return term(word, tr) if isinstance(word, str) else str(word)


def _synergy(sym: Any, tr: Translator) -> str:
    if tr.lang == EN.lang or not isinstance(sym, str):
        return str(sym)
    german = term(f"{sym} (synergy symbol)", tr)
    return sym if german == f"{sym} (synergy symbol)" else german


def _signed(n: int, kind: str, tr: Translator) -> str:
    """"+2 coins", "-1 VP", "+1 eye cube"."""
    m = abs(n)
    if n > 0:
        return {"coin": lambda: tr.ngettext("+%(n)d coin", "+%(n)d coins", m),
                "VP": lambda: tr.ngettext("+%(n)d VP", "+%(n)d VP", m),
                "eye": lambda: tr.ngettext("+%(n)d eye cube", "+%(n)d eye cubes", m),
                "temple": lambda: tr.ngettext("+%(n)d temple cube", "+%(n)d temple cubes", m)}[kind]()
    return {"coin": lambda: tr.ngettext("-%(n)d coin", "-%(n)d coins", m),
            "VP": lambda: tr.ngettext("-%(n)d VP", "-%(n)d VP", m),
            "eye": lambda: tr.ngettext("-%(n)d eye cube", "-%(n)d eye cubes", m),
            "temple": lambda: tr.ngettext("-%(n)d temple cube", "-%(n)d temple cubes", m)}[kind]()


def gains(data: GameData, before: View | None, after: View | None, seat: int, tr: Translator = EN) -> str:
    """What one player's public numbers changed by between two views ('' when nothing)."""
    if not before or not after or seat >= len(before.get("players", [])):
        return ""
    b, a = before["players"][seat], after["players"][seat]
    parts = []
    for key, kind in (("coins", "coin"), ("vp", "VP")):
        d = a[key] - b[key]
        if d:
            parts.append(_signed(d, kind, tr))
    for kind in ("eye", "temple"):
        d = a["cubes"][kind] - b["cubes"][kind]
        if d:
            parts.append(_signed(d, kind, tr))
    pops = [f"{_word(p, tr)} {a['pop'][p] - b['pop'][p]:+d}" for p in data.professions if a["pop"][p] != b["pop"][p]]
    if pops:
        parts.append(tr.gettext("population %(changes)s", changes=", ".join(pops)))
    got = [x for x in a.get("bonus_tiles", []) if x not in b.get("bonus_tiles", [])]
    for x in got:
        word = BONUS_WORDS.get(x["kind"])
        parts.append(tr.gettext("bonus tile %(kind)s (%(value)s VP)", value=x["value"],
                                kind=tr.gettext(word) if word else x["kind"]))
    return ", ".join(parts)


def _cubes(op: dict[str, Any], tr: Translator) -> str:
    eye = tr.ngettext("%(n)d eye cube", "%(n)d eye cubes", op.get("eye", 0)) if op.get("eye") else ""
    temple = tr.ngettext("%(n)d temple cube", "%(n)d temple cubes", op.get("temple", 0)) if op.get("temple") else ""
    return _join([eye, temple], tr)


def _free_ops(ops: Any, tr: Translator) -> str:
    out = []
    for op in ops or []:
        if not isinstance(op, dict):
            continue
        if op.get("op") == "eye_shift":
            pairs = [op] + ([op["second"]] if isinstance(op.get("second"), dict) else [])
            out.append(tr.gettext("spent an eye cube: %(shifts)s", shifts="; ".join(
                f"{_word(p.get('down'), tr)} -1, {_word(p.get('up'), tr)} +1" for p in pairs)))
        elif op.get("op") == "convert_cubes":
            out.append(tr.gettext("returned %(cubes)s for %(profession)s +1", cubes=_cubes(op, tr),
                                  profession=_word(op.get("up"), tr)))
    return "; ".join(out)


def _slot_cards(data: GameData, before: View | None, slots: list, tr: Translator) -> str:
    numbers = _join([str(s) for s in slots], tr)
    if before and before.get("display"):
        cards = [before["display"][s - 1]["card"] for s in slots
                 if isinstance(s, int) and 0 < s <= len(before["display"]) and before["display"][s - 1]]
        if cards:
            return tr.ngettext("%(cards)s from display slot %(slots)s", "%(cards)s from display slots %(slots)s",
                               1 if len(slots) <= 1 else len(slots), cards=_join([card_name(data, c, tr) for c in cards], tr), slots=numbers)
    return tr.ngettext("the cards of display slot %(slots)s", "the cards of display slots %(slots)s",
                       1 if len(slots) <= 1 else len(slots), slots=numbers)


def _trained(train: list, tr: Translator) -> str:
    if len(train) == 2 and train[0] == train[1]:
        return tr.gettext("trained 2 %(profession)s", profession=f"{train[0]}s" if tr.lang == EN.lang
                          else _word(train[0], tr))
    people = [(tr.gettext("an %(profession)s", profession=_word(p, tr)) if str(p)[:1] in "aeiou"
               else tr.gettext("a %(profession)s", profession=_word(p, tr))) for p in train]
    return tr.gettext("trained %(people)s", people=_join(people, tr))


def _navigator(data: GameData, params: dict[str, Any], before: View | None, seat: int | None, tr: Translator) -> str:
    _ = tr.gettext
    space = params.get("space")
    sp = data.space(space) or {}
    sym = symbol(sp.get("symbol"), tr)
    region = params.get("region") or sp.get("region")
    where = (_("hometown space %(space)s (%(symbol)s)", space=space, symbol=sym) if space in data.home_spaces
             else _("%(space)s (%(region)s region, %(symbol)s)", space=space, region=_word(sp.get("region"), tr),
                    symbol=sym))
    args = {"where": where, "region": _word(region, tr), "from": params.get("from")}
    if before and seat is not None:
        owner = dict(before.get("city_owner") or {})
        owner.pop(params.get("from"), None)
        owner[space] = seat
        mine = [s for s in data.map_order if owner.get(s) == seat and data.map_spaces[s]["region"] == region]
        args["cities"] = "; ".join(f"{s}: {effects(data.map_spaces[s]['bonus'], tr)}" for s in mine) \
            or _("no own city there")
        if params.get("from"):
            return _("moved a city from %(from)s to %(where)s, activating the %(region)s region (%(cities)s)", **args)
        return _("built a city on %(where)s, activating the %(region)s region (%(cities)s)", **args)
    if params.get("from"):
        return _("moved a city from %(from)s to %(where)s, activating the %(region)s region", **args)
    return _("built a city on %(where)s, activating the %(region)s region", **args)


def _params(data: GameData, kind: str, params: dict[str, Any], before: View | None, seat: int | None = None,
            tr: Translator = EN) -> str:
    """What a main action did, as a predicate ("trained a priest")."""
    _ = tr.gettext
    if kind == "philosopher":
        return _trained(params.get("train") or [], tr)
    if kind == "scribe":
        if params.get("mode") == "discard":
            return _("took %(cards)s from the discard pile into the hand",
                     cards=_join([card_name(data, c, tr) for c in params.get("cards") or []], tr))
        return _("took %(cards)s into the hand (indicator %(indicator)s)",
                 cards=_slot_cards(data, before, params.get("slots") or [], tr), indicator=params.get("indicator"))
    if kind == "navigator":
        return _navigator(data, params, before, seat, tr)
    if kind == "chronicler":
        card = data.cards.get(params.get("card"), {})
        args = {"card": card_name(data, params.get("card"), tr), "vp": card.get("vp", 0),
                "synergy": _synergy(params.get("synergy"), tr)}
        temple = {p: n for p, n in (params.get("temple") or {}).items() if n}
        args["temple"] = _join([tr.ngettext("%(n)d temple cube for %(profession)s",
                                            "%(n)d temple cubes for %(profession)s", n, profession=_word(p, tr))
                                for p, n in temple.items()], tr)
        if temple and params.get("synergy"):
            return _("played %(card)s (%(vp)s VP), spending %(temple)s, scoring synergy %(synergy)s", **args)
        if temple:
            return _("played %(card)s (%(vp)s VP), spending %(temple)s", **args)
        if params.get("synergy"):
            return _("played %(card)s (%(vp)s VP), scoring synergy %(synergy)s", **args)
        return _("played %(card)s (%(vp)s VP)", **args)
    if kind == "leader":
        return _("will be start player next round")
    return ""


def _effect_actions(data: GameData, effects: list[dict], choices: list, before: View | None,
                    tr: Translator) -> list[str]:
    """The main actions done through `action` effects, in words."""
    _ = tr.gettext
    out, k = [], 0
    from referee.games.gentes.effects import CHOICE_OPS
    for e in effects:
        if e["op"] not in CHOICE_OPS:
            continue
        ch = choices[k] if k < len(choices) and isinstance(choices[k], dict) else {}
        k += 1
        if e["op"] == "action":
            out.append(_params(data, e["kind"], ch, before, tr=tr))
        elif e["op"] == "draw_display" and ch.get("slots"):
            out.append(_("took %(cards)s", cards=_slot_cards(data, before, ch["slots"], tr)))
        elif e["op"] == "draw_discard" and ch.get("cards"):
            out.append(_("took %(cards)s from the discard pile",
                         cards=_join([card_name(data, c, tr) for c in ch["cards"]], tr)))
        elif e["op"] == "pop_any" and ch.get("train"):
            out.append(_("trained %(people)s", people=_join([_word(p, tr) for p in ch["train"]], tr)))
        elif e["op"] == "remove_hourglass" and ch.get("cells"):
            out.append(_("removed hourglasses from time spaces %(cells)s",
                         cells=_join([str(c + 1) for c in ch["cells"]], tr)))
    return out


def _take_tile(data: GameData, move: dict[str, Any], before: View | None, seat: int | None, tr: Translator) -> str:
    _ = tr.gettext
    tile = data.tiles.get(move.get("tile"), {})
    kind = tile.get("action", "")
    args = {"tile": move.get("tile"), "action": kind_name(kind, tr), "cost": coins(tile.get("cost", 0), tr),
            "hourglasses": hourglasses(tile.get("hourglasses", 0), tr)}
    params = move.get("params") or {}
    args["what"] = _params(data, kind, params, before, seat, tr)
    card = data.cards.get(params.get("card")) if kind == "chronicler" else None
    more = _effect_actions(data, (card or {}).get("rewards", []) + (card or {}).get("penalties", []),
                           params.get("choices") or [], before, tr) if card else []
    args["more"] = "; ".join(more)
    mod = move.get("modifier")
    if isinstance(mod, dict):
        args["space"] = mod.get("hometown_space")
        args["option"] = home_option(data, mod.get("hometown_space"), "b", tr)
        if more:
            return _("took %(tile)s (%(action)s: %(cost)s, %(hourglasses)s) with hometown %(space)s (%(option)s) and "
                     "%(what)s (%(more)s)", **args)
        return _("took %(tile)s (%(action)s: %(cost)s, %(hourglasses)s) with hometown %(space)s (%(option)s) and "
                 "%(what)s", **args)
    if more:
        return _("took %(tile)s (%(action)s: %(cost)s, %(hourglasses)s) and %(what)s (%(more)s)", **args)
    return _("took %(tile)s (%(action)s: %(cost)s, %(hourglasses)s) and %(what)s", **args)


def _move_words(data: GameData, move: dict[str, Any], before: View | None, seat: int | None = None,
                tr: Translator = EN) -> str:
    """What the player did, as a predicate ("passed"); the caller puts the name before it."""
    _ = tr.gettext
    t = move.get("type")
    if t == "draft_pick":
        return _("drafted %(card)s", card=card_name(data, move.get("card"), tr))
    if t == "pass":
        return _("passed")
    if t == "tax_collector":
        h, d = move.get("hourglasses", 0), move.get("doubles", 0)
        args = {"hourglasses": hourglasses(h, tr), "coins": data.tax_options.get(h)}
        if d:
            return _("used the tax collector: %(hourglasses)s (as a double) for %(coins)s coins", **args)
        return _("used the tax collector: %(hourglasses)s for %(coins)s coins", **args)
    if t == "take_tile":
        return _take_tile(data, move, before, seat, tr)
    if t == "use_ability":
        src = move.get("source") or {}
        if "card" in src:
            ab = (data.cards.get(src["card"]) or {}).get("ability") or {}
        else:
            ab = data.home_option(src.get("hometown_space"), "a") or {}
        more = "; ".join(_effect_actions(data, ab.get("effects", []), (move.get("params") or {}).get("choices") or [],
                                         before, tr))
        if "card" in src:
            if more:
                return _("used the cube ability of %(card)s and %(more)s", card=card_name(data, src["card"], tr), more=more)
            return _("used the cube ability of %(card)s", card=card_name(data, src["card"], tr))
        if more:
            return _("used hometown %(space)s (row option a) and %(more)s", space=src.get("hometown_space"), more=more)
        return _("used hometown %(space)s (row option a)", space=src.get("hometown_space"))
    if t == "decline_choices":
        act = move.get("activate") or {}
        cities = _join([f"{s} ({_word(r, tr)})" for r, s in act.items()], tr) or _("no city")
        moons = [card_name(data, m.get("card"), tr) for m in move.get("moon") or [] if isinstance(m, dict)]
        if moons:
            return _("activated %(cities)s in the Decline and used the moon abilities of %(moons)s", cities=cities,
                     moons=_join(moons, tr))
        return _("activated %(cities)s in the Decline", cities=cities)
    if t == "final_fulfil":
        claims = [c for c in move.get("claims") or [] if isinstance(c, dict) and any((c.get("temple") or {}).values())]
        if claims:
            return _("answered the final scoring spending temple cubes on %(cards)s",
                     cards=_join([card_name(data, c.get("card"), tr) for c in claims], tr))
        return _("answered the final scoring")
    return _("moved")


def _automatic(data: GameData, before: View | None, after: View | None, names: list[str],
               tr: Translator = EN) -> list[str]:
    """Lines for the steps the referee ran after the move (from the two views)."""
    _ = tr.gettext
    if not before or not after:
        return []
    lines: list[str] = []
    bp, ap = before.get("phase"), after.get("phase")
    if bp == "draft" and ap != "draft":
        lines.append(_("The draft is over; the display is dealt: %(cards)s.", cards=_join(
            [f"{i + 1} {card_name(data, c['card'], tr)}" for i, c in enumerate(after.get("display", [])) if c], tr)))
    new_round = after.get("round") != before.get("round")
    if bp == "heyday" and (ap != "heyday" or new_round):
        boxed = [c for c in after.get("box", []) if c not in before.get("box", [])]
        if boxed:
            lines.append(_("Decline: the display cards with a cube go to the box: %(cards)s.",
                           cards=_join([card_name(data, c, tr) for c in boxed], tr)))
        lines.append(_("Decline of round %(round)s: the action tiles return, one hourglass leaves every time space, "
                       "cubes on cards and hometowns return.", round=before.get("round")))
        if after.get("start_player") != before.get("start_player"):
            lines.append(_("%(who)s took the Leader and is start player now.",
                           who=_name(names, after.get("start_player"), tr)))
        if after.get("epoch") != before.get("epoch"):
            epoch = after.get("epoch")
            lines.append(_("Epoch %(epoch)s begins: the display goes to the discard pile, 8 new cards are dealt and "
                           "every player unlocks a time space.",
                           epoch=epoch if tr.lang == EN.lang else ROMAN.get(epoch, epoch)))
    if (bp == "decline" and ap != "decline") or (bp == "heyday" and ap in ("heyday", "final", "over")
                                                  and (new_round or ap != "heyday")):
        for i in range(len(after.get("players", []))):
            got = gains(data, before, after, i, tr)
            if got:
                lines.append(_("Decline income (cities and moon abilities) for %(who)s: %(gains)s.",
                               who=_name(names, i, tr), gains=got))
        for i, p in enumerate(after.get("players", [])):
            over = p.get("hand_size", len(p.get("hand") or [])) - data.hand_limit
            if over > 0 and ap != "over":
                lines.append(_("Hand limit: %(who)s holds %(n)s cards and places %(hourglasses)s.",
                               who=_name(names, i, tr), n=p.get("hand_size"),
                               hourglasses=hourglasses(over * data.hand_excess_hg, tr)))
        if ap == "heyday":
            lines.append(_("Round %(round)s begins; %(who)s starts.", round=after.get("round"),
                           who=_name(names, after.get("start_player"), tr)))
        if ap == "final":
            lines.append(_("Round 6 is over: final scoring (claim your hand cards)."))
    if ap == "over" and bp != "over":
        for i, f in enumerate(after.get("final") or []):
            if isinstance(f, dict):
                parts = [f"{_(word)} {f.get(key, 0):+d}" for key, word in FINAL_PARTS if f.get(key)]
                lines.append(_("Final scoring, %(who)s: %(parts)s; %(total)s VP in all.", who=_name(names, i, tr),
                               parts=", ".join(parts) or _("nothing more"), total=f.get("total")))
        res = after.get("result") or {}
        if res.get("winners"):
            who = _join([_name(names, s, tr) for s in res["winners"]], tr)
            lines.append(_("%(who)s wins.", who=who) if len(res["winners"]) == 1 else _("%(who)s share the win.", who=who))
    if ap == "heyday" and before.get("round") != after.get("round") or (bp == "draft" and ap == "heyday"):
        cubed = [i + 1 for i, c in enumerate(after.get("display", [])) if c and c.get("cube")]
        if cubed and len(after.get("players", [])) == 2:
            lines.append(_("Two players: a cube lies on the cards of display slots %(slots)s.",
                           slots=_join([str(s) for s in cubed], tr)))
    return lines


def _refill(data: GameData, move: dict[str, Any], before: View | None, after: View | None, tr: Translator) -> str:
    """The cards that newly entered the display during a heyday move."""
    if not before or not after or before.get("phase") != "heyday" or after.get("phase") != "heyday" \
            or before.get("round") != after.get("round"):
        return ""
    old = {c["card"] for c in before.get("display", []) if c}
    new = [c["card"] for c in after.get("display", []) if c and c["card"] not in old]
    return tr.gettext("The display slides left and refills: %(cards)s.",
                      cards=_join([card_name(data, c, tr) for c in new], tr)) if new else ""


def _sentence(who: str, what: str, late: bool, got: str, tr: Translator) -> str:
    """The first line, whole: name, what was done, a missed deadline, the gains."""
    _ = tr.gettext
    if late and got:
        return _("%(who)s %(what)s (deadline passed): %(gains)s.", who=who, what=what, gains=got)
    if late:
        return _("%(who)s %(what)s (deadline passed).", who=who, what=what)
    if got:
        return _("%(who)s %(what)s: %(gains)s.", who=who, what=what, gains=got)
    return _("%(who)s %(what)s.", who=who, what=what)


def narrate(data: GameData, event: dict[str, Any], names: list[str], before: View | None = None,
            after: View | None = None, tr: Translator = EN) -> str:
    _ = tr.gettext
    seat = event.get("seat")
    who = _name(names, seat, tr)
    move = (event.get("payload") or {}).get("move") or {}
    kind = move.get("type")
    if move.get("hidden"):
        what = (_("answered the Decline (cities and moon abilities; secret until all have answered)")
                if kind == "decline_choices" else _("answered the final scoring (secret until all have answered)"))
    else:
        what = _move_words(data, move, before, seat if isinstance(seat, int) else None, tr) \
            if isinstance(kind, str) else _("moved")
        before_ops, after_ops = _free_ops(move.get("free_ops"), tr), _free_ops(move.get("free_ops_after"), tr)
        if before_ops:
            what = _("first %(before)s, then %(what)s", before=before_ops, what=what)
        if after_ops:
            what = _("%(what)s, then %(after)s", what=what, after=after_ops)
    got = ""
    if kind not in ("decline_choices", "final_fulfil", "draft_pick") and isinstance(seat, int) and before and after \
            and before.get("phase") == after.get("phase") == "heyday" and before.get("round") == after.get("round"):
        got = gains(data, before, after, seat, tr)
    lines = [_sentence(who, what, event.get("type") == "timeout", got, tr)]
    refill = _refill(data, move, before, after, tr)
    if refill:
        lines.append(refill)
    lines += _automatic(data, before, after, names, tr)
    return "\n".join(lines)
