"""Component data in words, for people: cards, effects, tiles, spaces and track cells as a
player would read them off the printed pieces. Shared by the picture, the step labels, the
narration and the mail summary, so every surface says the same thing. Everything comes from
components.json (through GameData); nothing here names a card."""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from referee.games.gentes.data import GameData


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
KIND_DOES = {"philosopher": "train population", "scribe": "take civilization cards",
             "navigator": "build a city", "chronicler": "play a card from your hand",
             "leader": "become start player"}
CELL_WORDS = {"locked": "locked", "empty": "empty", "hg1": "1 hourglass", "hg2": "2 hourglasses"}
BONUS_WORDS = {"population18": "population 18", "all_cities": "all 6 cities", "eight_cards": "8 cards played"}


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def hourglasses(n: int) -> str:
    return plural(n, "hourglass", "hourglasses")


def effect(e: dict[str, Any]) -> str:
    """One effect of section 5.1 in words."""
    op, n = e["op"], e.get("n", 0)
    if op == "vp":
        return f"{'+' if n >= 0 else ''}{n} VP"
    if op == "coins":
        return f"gain {plural(n, 'coin')}" if n >= 0 else f"pay {plural(-n, 'coin')}"
    if op == "cube":
        return (f"gain {plural(n, e['kind'] + ' cube')}" if n >= 0 else f"return {plural(-n, e['kind'] + ' cube')}")
    if op == "pop":
        return f"{e['prof']} {'+' if n >= 0 else ''}{n}"
    if op == "pop_any":
        return f"train {plural(n, 'person', 'persons')} of your choice"
    if op == "hourglass":
        return f"place {hourglasses(n)}"
    if op == "remove_hourglass":
        return f"remove up to {hourglasses(n)}"
    if op == "unlock":
        return f"unlock {plural(n, 'time space')}"
    if op == "draw_display":
        return f"take up to {plural(n, 'card')} from display slots 1-{e['max_slot']} free"
    if op == "draw_discard":
        return f"take up to {plural(n, 'card')} from the discard pile"
    if op == "action":
        kind = e["kind"]
        extra = f" as if paid {e['as_cost']}" if "as_cost" in e else f" on a {e['symbol']} space" if e.get("symbol") else ""
        return f"{KIND_NAMES.get(kind, kind)} action ({KIND_DOES.get(kind, '')}){extra}"
    if op == "vp_per":
        what = e["what"]
        item = {"own_cities_map": "own map city", "own_hometowns": "own hometown city",
                "cards_played": "card played"}.get(what, what.replace("profession:", "") + " person")
        cap = f" (at most {e['max']})" if e.get("max") is not None else ""
        return f"{n} VP per {item}{cap}"
    return op


def effects(es: list[dict[str, Any]]) -> str:
    return ", ".join(effect(e) for e in es) or "nothing"


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
def card_name(data: GameData, cid: str) -> str:
    card = data.cards.get(cid)
    return f"{card['name']} ({cid})" if card else str(cid)


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
def home_option(data: GameData, sid: str, option: str) -> str:
    opt = data.home_option(sid, option) or {}
    if opt.get("kind") == "modifier":
        m = opt["modifier"]
        what = {"tile_boost": f"the tile counts {m['n']} higher", "tile_discount": f"pay {plural(m['n'], 'coin')} less",
                "hourglass_reduce": f"{m['n']} hourglass fewer"}.get(m["mod"], m["mod"])
        return f"with a {opt['applies_to']} tile: {what}"
    if opt.get("kind") == "action":
        cost = [plural(opt["coins"], "coin")] if opt.get("coins") else []
        cost += [hourglasses(opt["hourglasses"])] if opt.get("hourglasses") else []
        return f"{' + '.join(cost) or 'free'}: {effects(opt['effects'])}"
    return ""


@cached
def indicator_line(data: GameData, iid: str) -> str:
    i = data.indicators[iid]
    return f"{iid}: from cost {i['min_paid']}, up to {plural(i['max_cards'], 'card')} from slots 1-{i['max_slot']}"


def temple_words(temple: dict[str, int]) -> str:
    return ", ".join(f"{n} for {p}" for p, n in temple.items() if n) or "none"
