"""Component data in words as engine `Text`s (referee/plumbing/i18n.py): the same words as
words.py (their value is that English, byte for byte), but each keeps its message id and
arguments, so prompts and step labels (rendered by the service) and the picture and mail
summary (given the reader's `tr`) read in the reader's language with the rulebook's terms
(glossary.de.json). Nothing here names a card: names come from components.json."""

from __future__ import annotations

from functools import partial, wraps
from typing import Any, Callable

from referee.engine.glossary import term
from referee.games.gentes.data import GameData
from referee.plumbing.i18n import N_, ntext, Text, Translator

GAME = "gentes"
WORDS = partial(term, GAME)  # a Text's string arguments (professions, colours, card names) in the reader's words

KIND_NAMES = {"philosopher": "Philosopher", "scribe": "Scribe", "navigator": "Navigator",
              "chronicler": "Chronicler", "leader": "Leader"}
KIND_DOES = {"philosopher": N_("train population"), "scribe": N_("take civilization cards"),
             "navigator": N_("build a city"), "chronicler": N_("play a card from your hand"),
             "leader": N_("become start player")}
CELL_WORDS = {"locked": N_("locked"), "empty": N_("empty"), "hg1": N_("1 hourglass"), "hg2": N_("2 hourglasses")}
BONUS_WORDS = {"population18": N_("population 18"), "all_cities": N_("all 6 cities"),
               "eight_cards": N_("8 cards played")}
SYMBOLS = {"goods": N_("goods"), "eye": N_("eye"), "temple": N_("temple"), "spiral": N_("spiral")}
SYNERGY = {"scroll": N_("scroll"), "amphora": N_("amphora"), "laurel": N_("laurel"), "helmet": N_("helmet"),
           "column": N_("column")}


def say(tr: Translator, value: Any) -> str:
    """A Text in `tr`'s language; a plain string is one of the game's terms or kept as it is."""
    if isinstance(value, Text) or not isinstance(value, str):
        return tr.text(value, WORDS)
    return term(GAME, value, tr.lang)


def cached(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Words of a piece never change for one component data: kept on the GameData."""
    @wraps(fn)
    def inner(data: GameData, *key: Any) -> Any:
        store = data.__dict__.setdefault("_texts", {})
        k = (fn.__name__, *key)
        if k not in store:
            store[k] = fn(data, *key)
        return store[k]
    return inner


def joined(parts: list[Any], sep: str = ", ") -> Any:
    """`parts` joined by ", ", "; ", " + " or "/" as one Text (each part keeps its translation)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    first, rest = parts[0], joined(parts[1:], sep)
    if sep == "; ":
        return Text("%(first)s; %(rest)s", first=first, rest=rest)
    if sep == " + ":
        return Text("%(first)s + %(rest)s", first=first, rest=rest)
    if sep == "/":
        return Text("%(first)s/%(rest)s", first=first, rest=rest)
    return Text("%(first)s, %(rest)s", first=first, rest=rest)


def cell_words(cell: str) -> Any:
    """A time-track cell in words ("2 hourglasses")."""
    return Text(CELL_WORDS[cell]) if cell in CELL_WORDS else cell


def symbol(s: Any) -> Any:
    """A city symbol ("goods"; the rulebook's "Sack + Kiste")."""
    return Text(SYMBOLS[s]) if s in SYMBOLS else s


def synergy(s: Any) -> Any:
    return Text(SYNERGY[s]) if s in SYNERGY else s


def _signed(n: int) -> str:
    return f"{'+' if n >= 0 else ''}{n}"


def coins(n: int) -> Text:
    return ntext("%(n)s coin", "%(n)s coins", n)


def hourglasses(n: int) -> Text:
    return ntext("%(n)s hourglass", "%(n)s hourglasses", n)


def cards(n: int) -> Text:
    return ntext("%(n)s card", "%(n)s cards", n)


def cities(n: int) -> Text:
    return ntext("%(n)s city", "%(n)s cities", n)


def cubes(kind: str, n: int) -> Any:
    if kind == "eye":
        return ntext("%(n)s eye cube", "%(n)s eye cubes", n)
    if kind == "temple":
        return ntext("%(n)s temple cube", "%(n)s temple cubes", n)
    return f"{n} {kind} cube{'' if n == 1 else 's'}"


def kind_does(kind: str) -> Any:
    return Text(KIND_DOES[kind]) if kind in KIND_DOES else ""


def effect(e: dict[str, Any]) -> Any:
    """One effect of section 5.1 in words."""
    op, n = e["op"], e.get("n", 0)
    if op == "vp":
        return Text("%(n)s VP", n=_signed(n))
    if op == "coins":
        return Text("gain %(coins)s", coins=coins(n)) if n >= 0 else Text("pay %(coins)s", coins=coins(-n))
    if op == "cube":
        return (Text("gain %(cubes)s", cubes=cubes(e["kind"], n)) if n >= 0
                else Text("return %(cubes)s", cubes=cubes(e["kind"], -n)))
    if op == "pop":
        return Text("%(prof)s %(n)s", prof=e["prof"], n=_signed(n))
    if op == "pop_any":
        persons = ntext("%(n)s person", "%(n)s persons", n)
        return Text("train %(persons)s of your choice", persons=persons)
    if op == "hourglass":
        return Text("place %(hourglasses)s", hourglasses=hourglasses(n))
    if op == "remove_hourglass":
        return Text("remove up to %(hourglasses)s", hourglasses=hourglasses(n))
    if op == "unlock":
        spaces = ntext("%(n)s time space", "%(n)s time spaces", n)
        return Text("unlock %(spaces)s", spaces=spaces)
    if op == "draw_display":
        return Text("take up to %(cards)s from display slots 1-%(slot)s free", cards=cards(n), slot=e["max_slot"])
    if op == "draw_discard":
        return Text("take up to %(cards)s from the discard pile", cards=cards(n))
    if op == "action":
        kind = e["kind"]
        args = dict(kind=KIND_NAMES.get(kind, kind), does=kind_does(kind))
        if "as_cost" in e:
            return Text("%(kind)s action (%(does)s) as if paid %(cost)s", cost=e["as_cost"], **args)
        if e.get("symbol"):
            return Text("%(kind)s action (%(does)s) on a %(symbol)s space", symbol=symbol(e["symbol"]), **args)
        return Text("%(kind)s action (%(does)s)", **args)
    if op == "vp_per":
        what = e["what"]
        item = {"own_cities_map": Text("own map city"), "own_hometowns": Text("own hometown city"),
                "cards_played": Text("card played")}.get(what) or Text("%(prof)s person",
                                                                      prof=what.replace("profession:", ""))
        if e.get("max") is not None:
            return Text("%(n)s VP per %(item)s (at most %(max)s)", n=n, item=item, max=e["max"])
        return Text("%(n)s VP per %(item)s", n=n, item=item)
    return op


def effects(es: list[dict[str, Any]]) -> Any:
    return joined([effect(e) for e in es]) or Text("nothing")


def requirements(card: dict[str, Any]) -> Any:
    req = card.get("requires", {})
    parts: list[Any] = [Text("%(prof)s %(n)s", prof=p, n=n) for p, n in req.get("professions", {}).items()]
    parts += [Text("%(cities)s on %(symbol)s", cities=cities(n), symbol=symbol(s))
              for s, n in req.get("city_symbols", {}).items()]
    return joined(parts) or Text("nothing")


def cost(coins_n: int, hourglasses_n: int) -> Any:
    """An ability's or a hometown action's cost ("1 coin + 2 hourglasses", "free")."""
    parts = ([coins(coins_n)] if coins_n else []) + ([hourglasses(hourglasses_n)] if hourglasses_n else [])
    return joined(parts, " + ") or Text("free")


def ability(ab: dict[str, Any] | None) -> Any:
    if not ab:
        return ""
    if ab["kind"] == "moon":
        return Text("moon (Decline): %(effects)s", effects=effects(ab["effects"]))
    return Text("cube ability (%(cost)s): %(effects)s", cost=cost(ab.get("coins"), ab.get("hourglasses")),
                effects=effects(ab["effects"]))


@cached
def card_name(data: GameData, cid: str) -> Any:
    card = data.cards.get(cid)
    return Text("%(name)s (%(id)s)", name=card["name"], id=cid) if card else str(cid)


@cached
def card_line(data: GameData, cid: str) -> Any:
    """A card as a player reads it: name, cost (requirements), VP and every effect."""
    card = data.cards.get(cid)
    if card is None:
        return str(cid)
    return Text("%(card)s: %(parts)s", card=card_name(data, cid), parts=joined(card_parts(card), "; "))


def card_parts(card: dict[str, Any], vp: bool = True) -> list[Any]:
    """What a card needs, its VP (unless the picture draws them as an icon) and every effect."""
    parts: list[Any] = [Text("needs %(requirements)s", requirements=requirements(card))]
    if vp:
        parts.append(Text("%(n)s VP", n=card["vp"]))
    if card.get("rewards"):
        parts.append(Text("rewards: %(effects)s", effects=effects(card["rewards"])))
    if card.get("penalties"):
        parts.append(Text("penalties: %(effects)s", effects=effects(card["penalties"])))
    if card.get("synergy"):
        parts.append(Text("synergy: %(symbols)s", symbols=joined([synergy(s) for s in card["synergy"]], "/")))
    if card.get("ability"):
        parts.append(ability(card["ability"]))
    return parts


@cached
def tile_line(data: GameData, tid: str) -> Any:
    """A tile in words; its id reads as its name, kind included ("Philosopher tile 5",
    names.json)."""
    t = data.tiles[tid]
    args = dict(tile=tid, kind=KIND_NAMES[t["action"]], does=kind_does(t["action"]), coins=coins(t["cost"]),
                hourglasses=hourglasses(t["hourglasses"]))
    if t.get("symbol") in data.wildcards:
        return Text("%(tile)s (%(does)s on any symbol): %(coins)s, %(hourglasses)s", **args)
    if t.get("symbol"):
        return Text("%(tile)s (%(does)s on %(symbol)s): %(coins)s, %(hourglasses)s",
                    symbol=symbol(t["symbol"]), **args)
    return Text("%(tile)s (%(does)s): %(coins)s, %(hourglasses)s", **args)


@cached
def space_line(data: GameData, sid: str) -> Any:
    sp = data.space(sid) or {}
    if sid in data.home_spaces:
        return Text("hometown %(space)s (%(symbol)s, row %(row)s)", space=sid, symbol=symbol(sp.get("symbol")),
                    row=sp.get("row"))
    return Text("%(space)s (%(region)s region, %(symbol)s; bonus %(effects)s)", space=sid, region=sp.get("region"),
                symbol=symbol(sp.get("symbol")), effects=effects(sp.get("bonus", [])))


@cached
def home_option(data: GameData, sid: str, option: str) -> Any:
    opt = data.home_option(sid, option) or {}
    if opt.get("kind") == "modifier":
        m = opt["modifier"]
        what = {"tile_boost": Text("the tile counts %(n)s higher", n=m["n"]),
                "tile_discount": Text("pay %(coins)s less", coins=coins(m["n"])),
                "hourglass_reduce": Text("%(n)s hourglass fewer", n=m["n"])}.get(m["mod"], m["mod"])
        return Text("with a %(kind)s tile: %(what)s", kind=opt["applies_to"], what=what)
    if opt.get("kind") == "action":
        return Text("%(cost)s: %(effects)s", cost=cost(opt.get("coins"), opt.get("hourglasses")),
                    effects=effects(opt["effects"]))
    return ""


@cached
def indicator_line(data: GameData, iid: str) -> Any:
    i = data.indicators[iid]
    return Text("%(id)s: from cost %(cost)s, up to %(cards)s from slots 1-%(slot)s", id=iid, cost=i["min_paid"],
                cards=cards(i["max_cards"]), slot=i["max_slot"])
