"""What happened, as a player would write it in a game log (contract hook `narrate`).

The first line says what the seat did: the places, cards and coins involved. With the viewer's
views just before and after (`before`/`after`), the lines that follow say what the rules then
did on their own: time shadows cast into later ages, buildings removed by a time paradox or
reduced by the rank rule, coins earned, the refill, the taxes (K-25) and the turn and round that
follow. Only those views and the redacted event are read, so nothing hidden can leak: a hand
is never named, drawn cards appear only as their public count, and a coin amount the viewer may
not see (K-45, Ruling K-R24) is left out.
"""

from __future__ import annotations

from typing import Any

from referee.engine.glossary import term
from referee.games.khronos.data import NAMES
from referee.plumbing.i18n import EN, Translator

AGE = {"might": "Might", "faith": "Faith", "reason": "Reason"}


def _age(age: Any, tr: Translator) -> str:
    """An age as the rulebook names it ("Might"; "Zeitalter der Macht")."""
    name = AGE.get(age, age)
    return term("khronos", name, tr.lang) if isinstance(name, str) else str(name)


def _name(kind: str, rank: int, tr: Translator) -> str:
    """A building's name ("castle"; "Burg")."""
    name = NAMES.get((kind, rank), kind)
    return term("khronos", name, tr.lang) if tr.lang != "en" else name


def _who(names: list[str], seat: Any, tr: Translator = EN) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return tr.gettext("seat %(seat)s", seat=seat)


def _at(sq: list[int], tr: Translator) -> str:
    return tr.gettext("row %(row)s, column %(column)s", row=sq[0], column=sq[1])


def _coins(n: int, tr: Translator) -> str:
    return tr.ngettext("%(n)d coin", "%(n)d coins", n)


def _cards_n(n: int, tr: Translator) -> str:
    return tr.ngettext("%(n)d card", "%(n)d cards", n)


def _cards(cards: list[str]) -> str:
    return ", ".join(cards)


def _drawn(event: dict) -> int | None:
    counts = [r.get("public", {}).get("count") for r in event.get("payload", {}).get("chance", []) or []
              if r.get("kind") == "note"]
    counts = [c for c in counts if isinstance(c, int)]
    return sum(counts) if counts else None


def _tile_name(t: dict, names: list[str], tr: Translator, owner: bool = True) -> str:
    """"Bo's castle", "ruined hamlet" ("Burg von Bo", "Weiler (Ruine)")."""
    name = _name(t["type"], t["rank"], tr)
    if t.get("ruin"):
        name = tr.gettext("ruined %(building)s", building=name)
    if owner and t.get("owner") is not None:
        return tr.gettext("%(owner)s's %(building)s", owner=_who(names, t["owner"], tr), building=name)
    return name


def _building_at(view: dict | None, age: str, sq: list[int], names: list[str], tr: Translator) -> str:
    """The building on square `sq` of `age` in `view`, in words ("the building" without a view)."""
    if view is None:
        return tr.gettext("the building")
    kinds = view.get("kinds", {})
    for t in view["boards"][age]["tiles"].values():
        s = kinds.get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
        if t["anchor"][0] <= sq[0] < t["anchor"][0] + s and t["anchor"][1] <= sq[1] < t["anchor"][1] + s:
            if t.get("owner") is None:
                return tr.gettext("the %(building)s", building=_tile_name(t, names, tr))
            return _tile_name(t, names, tr)
    return tr.gettext("the printed hamlet")


def _purse(view: dict | None, seat: int) -> int | None:
    if view is None or not 0 <= seat < len(view["players"]):
        return None
    c = view["players"][seat].get("coins")
    return c if isinstance(c, int) else None


def _what(move: dict[str, Any], seat: int, who: str, names: list[str], before: dict | None, after: dict | None,
          tr: Translator) -> str:
    """The first line: who did what (a whole sentence)."""
    _ = tr.gettext
    t = move.get("type")
    c0, c1 = _purse(before, seat), _purse(after, seat)
    paid = c0 - c1 if c0 is not None and c1 is not None and c0 > c1 else None
    if t == "exchange_cards":
        n, cards = len(move["discard"]), _cards(move["discard"])
        if paid:
            return _("%(who)s paid %(coins)s to exchange %(cards_n)s (discarded %(cards)s).", who=who,
                     coins=_coins(paid, tr), cards_n=_cards_n(n, tr), cards=cards)
        return _("%(who)s exchanged %(cards_n)s (discarded %(cards)s).", who=who, cards_n=_cards_n(n, tr), cards=cards)
    if t == "holdem_swap":
        return _("%(who)s took %(took)s from the Hold'em display and gave %(gave)s.", who=who,
                 took=_cards(move["take"]), gave=_cards(move["give"]))
    if t == "travel":
        frm = before["players"][seat]["adventurers"][move["adventurer"]] if before else None
        to = _age(move["to"], tr)
        if frm and paid:
            return _("%(who)s sent adventurer %(n)s from %(src)s to %(dst)s for %(coins)s.", who=who,
                     n=move["adventurer"] + 1, src=_age(frm, tr), dst=to, coins=_coins(paid, tr))
        if frm:
            return _("%(who)s sent adventurer %(n)s from %(src)s to %(dst)s.", who=who, n=move["adventurer"] + 1,
                     src=_age(frm, tr), dst=to)
        if paid:
            return _("%(who)s sent adventurer %(n)s to %(dst)s for %(coins)s.", who=who, n=move["adventurer"] + 1,
                     dst=to, coins=_coins(paid, tr))
        return _("%(who)s sent adventurer %(n)s to %(dst)s.", who=who, n=move["adventurer"] + 1, dst=to)
    if t == "build":
        return _("%(who)s built a %(building)s in %(age)s at %(at)s with %(cards)s.", who=who,
                 building=_name(move["building"], move["rank"], tr), age=_age(move["age"], tr),
                 at=_at(move["anchor"], tr), cards=_cards(move["cards"]))
    if t == "upgrade":
        old = _building_at(before, move["age"], move["at"], names, tr)
        kind = _type_at(before, move)
        new = (_name(kind, move["rank"], tr) if (kind, move["rank"]) in NAMES
               else _("rank %(rank)s", rank=move["rank"]))
        return _("%(who)s upgraded %(old)s at %(at)s in %(age)s to a %(new)s (new corner %(anchor)s) with %(cards)s.",
                 who=who, old=old, at=_at(move["at"], tr), age=_age(move["age"], tr), new=new,
                 anchor=_at(move["anchor"], tr), cards=_cards(move["cards"]))
    if t == "demolish":
        old = _building_at(before, move["age"], move["at"], names, tr)
        if paid:
            return _("%(who)s demolished %(old)s at %(at)s in %(age)s with %(card)s and %(coins)s.", who=who,
                     old=old, at=_at(move["at"], tr), age=_age(move["age"], tr), card=move["card"],
                     coins=_coins(paid, tr))
        return _("%(who)s demolished %(old)s at %(at)s in %(age)s with %(card)s.", who=who, old=old,
                 at=_at(move["at"], tr), age=_age(move["age"], tr), card=move["card"])
    if t == "populate":
        old = _building_at(before, "reason", move["at"], names, tr)
        return tr.ngettext("%(who)s put %(n)d cube on %(old)s at %(at)s in %(age)s with %(cards)s.",
                           "%(who)s put %(n)d cubes on %(old)s at %(at)s in %(age)s with %(cards)s.",
                           len(move["cards"]), who=who, old=old, at=_at(move["at"], tr), age=_age("reason", tr),
                           cards=_cards(move["cards"]))
    if t == "restore":
        old = _building_at(before, "reason", move["at"], names, tr)
        return _("%(who)s worked on %(old)s at %(at)s in %(age)s with %(cards)s.", who=who, old=old,
                 at=_at(move["at"], tr), age=_age("reason", tr), cards=_cards(move["cards"]))
    if t == "end_turn":
        return _("%(who)s ended the turn.", who=who)
    if t == "choose_reduction":
        age = before["pending"][0].get("age") if before and before.get("pending") else None
        if age:
            return _("%(who)s chose to reduce %(old)s at %(at)s in %(age)s.", who=who,
                     old=_building_at(before, age, move["at"], names, tr), at=_at(move["at"], tr), age=_age(age, tr))
        return _("%(who)s chose to reduce %(old)s at %(at)s.", who=who, old=_("the building"), at=_at(move["at"], tr))
    if t == "place_reduced":
        return _("%(who)s placed the reduced building with its north-west corner at %(at)s.", who=who,
                 at=_at(move["anchor"], tr))
    if t == "choose_hamlet_keeper":
        return _("%(who)s chose %(keeper)s to keep a cube on the printed hamlet.", who=who,
                 keeper=_who(names, move["seat"], tr))
    return _("%(who)s moved.", who=who)


def _type_at(view: dict | None, move: dict) -> str:
    if view is None:
        return ""
    for t in view["boards"][move["age"]]["tiles"].values():
        s = view.get("kinds", {}).get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
        a = t["anchor"]
        if a[0] <= move["at"][0] < a[0] + s and a[1] <= move["at"][1] < a[1] + s:
            return t["type"]
    return "civil"


def _board_changes(move: dict, names: list[str], before: dict, after: dict, tr: Translator) -> list[str]:
    """Tiles that appeared or vanished in each age, beyond the move's own tile."""
    _ = tr.gettext
    out = []
    own_age = move.get("age")
    for age in before["boards"]:
        was, now = before["boards"][age]["tiles"], after["boards"][age]["tiles"]
        added = [t for tid, t in now.items() if tid not in was]
        gone = [t for tid, t in was.items() if tid not in now]
        if age == own_age and move.get("type") in ("build", "upgrade"):
            added = [t for t in added if t["anchor"] != move["anchor"] or t["rank"] != move["rank"]]
            if move["type"] == "upgrade":
                gone = [t for t in gone if not _covers(before, t, move["at"])]
        if age == own_age and move.get("type") == "demolish":
            gone = [t for t in gone if not _covers(before, t, move["at"])]
        for t in gone:
            twin = next((a for a in added if a["type"] == t["type"] and a.get("owner") == t.get("owner")
                         and a["rank"] < t["rank"]), None)
            if twin is not None:
                added.remove(twin)
                out.append(_("In %(age)s, %(old)s at %(at)s was reduced to a %(new)s at %(new_at)s.",
                             age=_age(age, tr), old=_tile_name(t, names, tr), at=_at(t["anchor"], tr),
                             new=_name(twin["type"], twin["rank"], tr), new_at=_at(twin["anchor"], tr)))
            elif move.get("type") != "demolish":
                out.append(_("In %(age)s, %(old)s at %(at)s was removed (time paradox or rank rule).",
                             age=_age(age, tr), old=_tile_name(t, names, tr), at=_at(t["anchor"], tr)))
            else:
                out.append(_("In %(age)s, %(old)s at %(at)s was removed (rank rule).", age=_age(age, tr),
                             old=_tile_name(t, names, tr), at=_at(t["anchor"], tr)))
        for t in added:
            shadow = _tile_name(t, names, tr, owner=False)
            if t.get("owner") is not None:
                out.append(_("Time shadow: a %(building)s appeared in %(age)s at %(at)s (%(owner)s's).", building=shadow,
                             age=_age(age, tr), at=_at(t["anchor"], tr), owner=_who(names, t["owner"], tr)))
            else:
                out.append(_("Time shadow: a %(building)s appeared in %(age)s at %(at)s.", building=shadow,
                             age=_age(age, tr), at=_at(t["anchor"], tr)))
    return out


def _covers(view: dict, t: dict, sq: list[int]) -> bool:
    s = view.get("kinds", {}).get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
    return t["anchor"][0] <= sq[0] < t["anchor"][0] + s and t["anchor"][1] <= sq[1] < t["anchor"][1] + s


def _after_lines(event: dict, move: dict, seat: int, names: list[str], before: dict | None,
                 after: dict | None, tr: Translator) -> list[str]:
    _ = tr.gettext
    out: list[str] = []
    t = move.get("type")
    who = _who(names, seat, tr)
    drawn = _drawn(event)
    if t == "end_turn":
        out.append(_("%(who)s discarded the rest of the hand and drew %(cards)s (refill).", who=who,
                     cards=_cards_n(drawn or 0, tr)) if drawn is not None else
                   _("%(who)s discarded the rest of the hand and drew new cards (refill).", who=who))
    if t == "exchange_cards" and drawn is not None:
        out.append(_("%(who)s drew %(cards)s.", who=who, cards=_cards_n(drawn, tr)))
    if before is None or after is None:
        return out
    if t in ("build", "upgrade", "demolish", "choose_reduction", "place_reduced", "choose_hamlet_keeper"):
        out += _board_changes(move, names, before, after, tr)
    if t == "restore":
        tile = next((x for x in after["boards"]["reason"]["tiles"].values() if _covers(after, x, move["at"])), None)
        if tile is not None:
            out.append(_("The %(building)s is restored.", building=_name(tile["type"], tile["rank"], tr))
                       if not tile["ruin"] else _("It is half restored; %(who)s's cube marks it.", who=who))
    c0, c1 = _purse(before, seat), _purse(after, seat)
    if t in ("build", "upgrade") and c0 is not None and c1 is not None and c1 > c0:
        out.append(_("%(who)s earned %(coins)s of income in %(age)s.", who=who, coins=_coins(c1 - c0, tr),
                     age=_age(move.get("age"), tr)))
    tax = after.get("last_tax")
    if t == "end_turn" and tax and tax != before.get("last_tax"):
        amounts = tax.get("amounts")
        if amounts is None:
            out.append(_("%(who)s collected taxes (amount hidden).", who=_who(names, tax["seat"], tr)))
        else:
            parts = ", ".join(f"{_age(a, tr)} {n}" for a, n in amounts.items() if n) or _("nothing")
            out.append(_("%(who)s collected taxes: %(parts)s (%(coins)s).", who=_who(names, tax["seat"], tr),
                         parts=parts, coins=_coins(sum(amounts.values()), tr)))
    if after.get("pending") and after["pending"] != before.get("pending"):
        d = after["pending"][0]
        decider, age = _who(names, d["seat"], tr), _age(d.get("age", "reason"), tr)
        what = {"choose_reduction": _("%(who)s must choose which building is reduced (in %(age)s).", who=decider, age=age),
                "place_reduced": _("%(who)s must place the reduced building (in %(age)s).", who=decider, age=age),
                "choose_hamlet_keeper": _("%(who)s must choose who keeps a cube on the printed hamlet (in %(age)s).",
                                          who=decider, age=age)}.get(d["decision"])
        if what:
            out.append(what)
    if after.get("phase") == "finished" and before.get("phase") != "finished":
        res = after.get("result") or {}
        scores = res.get("scores") or []
        line = "; ".join(f"{_who(names, i, tr)} {s}" for i, s in enumerate(scores))
        winners = [_who(names, s, tr) for s in res.get("winners") or []]
        out.append(_("Game over. Coins: %(coins)s. %(who)s won.", coins=line, who=" and ".join(winners) if tr.lang == "en"
                     else tr.join(winners)) if winners else _("Game over. Coins: %(coins)s.", coins=line))
    elif t == "end_turn" and after.get("active_seat") != before.get("active_seat"):
        if after.get("round") != before.get("round"):
            out.append(_("Round %(round)s begins.", round=after["round"]))
        out.append(_("%(who)s's turn.", who=_who(names, after["active_seat"], tr)))
    return out


def sentence(event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
             tr: Translator = EN) -> str:
    seat = event.get("seat")
    who = _who(names, seat, tr) if isinstance(seat, int) else tr.gettext("The referee")
    move = (event.get("payload") or {}).get("move") or {}
    index = seat if isinstance(seat, int) else -1
    if event.get("type") == "timeout":
        if move.get("type") == "end_turn":
            first = tr.gettext("%(who)s ran out of time; the referee ended the turn for them.", who=who)
        else:
            done = _what(move, index, tr.gettext("the referee"), names, before, after, tr)
            first = tr.gettext("%(who)s ran out of time; %(what)s", who=who, what=done[:1].lower() + done[1:]
                               if tr.lang == "en" else done)
    else:
        first = _what(move, index, who, names, before, after, tr)
    return "\n".join([first] + _after_lines(event, move, index, names, before, after, tr))
