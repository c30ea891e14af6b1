"""Component data in words, for people: cards, effects, tiles, spaces and track cells as a
player would read them off the printed pieces. Shared by the picture, the step labels, the
narration and the mail summary, so every surface says the same thing. Everything comes from
components.json (through GameData); nothing here names a card."""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from referee.engine import glossary
from referee.games.gentes.data import GameData
from referee.plumbing.i18n import EN, N_, Translator


def cached(fn: Callable[..., str]) -> Callable[..., str]:
    """Words of a piece never change for one component data: kept on the GameData (steps ask
    for the same labels on every replay of a path)."""
    @wraps(fn)
    def inner(data: GameData, *key: Any) -> str:
        store = data.__dict__.setdefault("_words", {})
        k = (fn.__name__, *key)
        if k not in store:
            store[k] = fn(data, *key)
        return store[k]
    return inner

KIND_NAMES = {"philosopher": "Philosopher", "scribe": "Scribe", "navigator": "Navigator",
              "chronicler": "Chronicler", "leader": "Leader"}
KIND_DOES = {"philosopher": N_("train population"), "scribe": N_("take civilization cards"),
             "navigator": N_("build a city"), "chronicler": N_("play a card from your hand"),
             "leader": N_("become start player")}
CELL_WORDS = {"locked": "locked", "empty": "empty", "hg1": "1 hourglass", "hg2": "2 hourglasses"}
BONUS_WORDS = {"population18": N_("population 18"), "all_cities": N_("all 6 cities"),
               "eight_cards": N_("8 cards played")}


def term(word: str, tr: Translator = EN) -> str:
    """A Gentes word in `tr`'s language, as the German rulebook names it (the glossary)."""
    return glossary.term("gentes", word, tr.lang)


def kind_name(kind: str, tr: Translator = EN) -> str:
    """An action's name ("Philosopher"; "Philosoph")."""
    name = KIND_NAMES.get(kind, kind)
    return term(name, tr) if tr.lang != EN.lang else name


def symbol(sym: Any, tr: Translator = EN) -> str:
    """A city symbol ("goods"; "Sack + Kiste")."""
    return term(f"symbol {sym}", tr) if tr.lang != EN.lang else str(sym)


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def hourglasses(n: int, tr: Translator = EN) -> str:
    return tr.ngettext("%(n)d hourglass", "%(n)d hourglasses", n)


def coins(n: int, tr: Translator = EN) -> str:
    """"3 coins" ("3 Münzen": Gentes' word, not Khronos' Taler)."""
    return tr.npgettext("gentes", "%(n)d coin", "%(n)d coins", n)


def _signed(n: int) -> str:
    return f"{'+' if n >= 0 else ''}{n}"


def effect(e: dict[str, Any], tr: Translator = EN) -> str:
    """One effect of section 5.1 in words (in `tr`'s language)."""
    _ = tr.gettext
    op, n = e["op"], e.get("n", 0)
    if op == "vp":
        return _("%(n)s VP", n=_signed(n))
    if op == "coins":
        return (tr.ngettext("gain %(n)d coin", "gain %(n)d coins", n) if n >= 0
                else tr.ngettext("pay %(n)d coin", "pay %(n)d coins", -n))
    if op == "cube":
        if e["kind"] == "eye":
            return (tr.ngettext("gain %(n)d eye cube", "gain %(n)d eye cubes", n) if n >= 0
                    else tr.ngettext("return %(n)d eye cube", "return %(n)d eye cubes", -n))
        if e["kind"] == "temple":
            return (tr.ngettext("gain %(n)d temple cube", "gain %(n)d temple cubes", n) if n >= 0
                    else tr.ngettext("return %(n)d temple cube", "return %(n)d temple cubes", -n))
        return (f"gain {plural(n, e['kind'] + ' cube')}" if n >= 0 else f"return {plural(-n, e['kind'] + ' cube')}")
    if op == "pop":
        return f"{term(e['prof'], tr)} {_signed(n)}"
    if op == "pop_any":
        return tr.ngettext("train %(n)d person of your choice", "train %(n)d persons of your choice", n)
    if op == "hourglass":
        return _("place %(hourglasses)s", hourglasses=hourglasses(n, tr))
    if op == "remove_hourglass":
        return _("remove up to %(hourglasses)s", hourglasses=hourglasses(n, tr))
    if op == "unlock":
        return tr.ngettext("unlock %(n)d time space", "unlock %(n)d time spaces", n)
    if op == "draw_display":
        return tr.ngettext("take up to %(n)d card from display slots 1-%(slot)s free",
                           "take up to %(n)d cards from display slots 1-%(slot)s free", n, slot=e["max_slot"])
    if op == "draw_discard":
        return tr.ngettext("take up to %(n)d card from the discard pile", "take up to %(n)d cards from the discard pile", n)
    if op == "action":
        kind = e["kind"]
        name, does = kind_name(kind, tr), _(KIND_DOES[kind]) if kind in KIND_DOES else ""
        if "as_cost" in e:
            return _("%(action)s action (%(does)s) as if paid %(cost)s", action=name, does=does, cost=e["as_cost"])
        if e.get("symbol"):
            return _("%(action)s action (%(does)s) on a %(symbol)s space", action=name, does=does,
                     symbol=symbol(e["symbol"], tr))
        return _("%(action)s action (%(does)s)", action=name, does=does)
    if op == "vp_per":
        what = e["what"]
        item = {"own_cities_map": _("own map city"), "own_hometowns": _("own hometown city"),
                "cards_played": _("card played")}.get(what) or _("%(profession)s person",
                                                            profession=term(what.replace("profession:", ""), tr))
        if e.get("max") is not None:
            return _("%(n)s VP per %(item)s (at most %(max)s)", n=n, item=item, max=e["max"])
        return _("%(n)s VP per %(item)s", n=n, item=item)
    return op


def effects(es: list[dict[str, Any]], tr: Translator = EN) -> str:
    return ", ".join(effect(e, tr) for e in es) or tr.gettext("nothing")


def requirements(card: dict[str, Any]) -> str:
    req = card.get("requires", {})
    parts = [f"{p} {n}" for p, n in req.get("professions", {}).items()]
    parts += [f"{plural(n, 'city', 'cities')} on {s}" for s, n in req.get("city_symbols", {}).items()]
    return ", ".join(parts) or "nothing"


def ability(ab: dict[str, Any] | None) -> str:
    if not ab:
        return ""
    if ab["kind"] == "moon":
        return f"moon (Decline): {effects(ab['effects'])}"
    cost = [plural(ab["coins"], "coin")] if ab.get("coins") else []
    cost += [hourglasses(ab["hourglasses"])] if ab.get("hourglasses") else []
    return f"cube ability ({' + '.join(cost) or 'free'}): {effects(ab['effects'])}"


@cached
def card_name(data: GameData, cid: str, tr: Translator = EN) -> str:
    """"Lighthouse (C12)" ("Leuchtturm (C12)"): the printed name and the card's id."""
    card = data.cards.get(cid)
    return f"{term(card['name'], tr)} ({cid})" if card else str(cid)


@cached
def card_line(data: GameData, cid: str) -> str:
    """A card as a player reads it: name, cost (requirements), VP and every effect."""
    card = data.cards.get(cid)
    if card is None:
        return str(cid)
    parts = [f"needs {requirements(card)}", f"{card['vp']} VP"]
    if card.get("rewards"):
        parts.append("rewards: " + effects(card["rewards"]))
    if card.get("penalties"):
        parts.append("penalties: " + effects(card["penalties"]))
    if card.get("synergy"):
        parts.append("synergy: " + "/".join(card["synergy"]))
    if card.get("ability"):
        parts.append(ability(card["ability"]))
    return f"{card_name(data, cid)}: " + "; ".join(parts)


@cached
def tile_line(data: GameData, tid: str) -> str:
    t = data.tiles[tid]
    sym = f" on {t['symbol']}" if t.get("symbol") else ""
    if t.get("symbol") in data.wildcards:
        sym = " on any symbol"
    return (f"{tid} {KIND_NAMES[t['action']]} ({KIND_DOES[t['action']]}{sym}): "
            f"{plural(t['cost'], 'coin')}, {hourglasses(t['hourglasses'])}")


@cached
def space_line(data: GameData, sid: str) -> str:
    sp = data.space(sid) or {}
    if sid in data.home_spaces:
        return f"hometown {sid} ({sp.get('symbol')}, row {sp.get('row')})"
    return f"{sid} ({sp.get('region')} region, {sp.get('symbol')}; bonus {effects(sp.get('bonus', []))})"


@cached
def home_option(data: GameData, sid: str, option: str, tr: Translator = EN) -> str:
    _ = tr.gettext
    opt = data.home_option(sid, option) or {}
    if opt.get("kind") == "modifier":
        m = opt["modifier"]
        what = {"tile_boost": lambda: _("the tile counts %(n)s higher", n=m["n"]),
                "tile_discount": lambda: tr.ngettext("pay %(n)d coin less", "pay %(n)d coins less", m["n"]),
                "hourglass_reduce": lambda: _("%(n)s hourglass fewer", n=m["n"])}.get(m["mod"], lambda: m["mod"])()
        return _("with a %(action)s tile: %(what)s", action=kind_name(opt["applies_to"], tr) if tr.lang != EN.lang
                 else opt["applies_to"], what=what)
    if opt.get("kind") == "action":
        cost = [coins(opt["coins"], tr)] if opt.get("coins") else []
        cost += [hourglasses(opt["hourglasses"], tr)] if opt.get("hourglasses") else []
        return _("%(cost)s: %(effects)s", cost=" + ".join(cost) or _("free"), effects=effects(opt["effects"], tr))
    return ""


@cached
def indicator_line(data: GameData, iid: str) -> str:
    i = data.indicators[iid]
    return f"{iid}: from cost {i['min_paid']}, up to {plural(i['max_cards'], 'card')} from slots 1-{i['max_slot']}"


def temple_words(temple: dict[str, int]) -> str:
    return ", ".join(f"{n} for {p}" for p, n in temple.items() if n) or "none"
