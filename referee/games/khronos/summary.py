"""A few plain-text lines of a seat's position for mails (contract hook `summary`), from a view,
in the reader's language (ages and cards as the German rulebook names them)."""

from __future__ import annotations

from typing import Any

from referee.engine.glossary import term
from referee.plumbing.i18n import EN, Translator

AGES = {"might": "Might", "faith": "Faith", "reason": "Reason"}


def _age(age: str, tr: Translator) -> str:
    """An age's id as the mail says it: as it is in English ("might"), the rulebook's name in German."""
    return age if tr.lang == EN.lang or age not in AGES else term("khronos", AGES[age], tr.lang)


def lines(view: dict[str, Any], seat: int | None, tr: Translator = EN) -> str:
    _ = tr.gettext
    out = []
    if view["phase"] == "finished":
        res = view.get("result") or {}
        out.append(_("Game over after round %(round)s; winners: seats %(winners)s.", round=view["round"],
                     winners=res.get("winners")))
    elif view["phase"] == "exchange":
        out.append(_("Round %(round)s, seat %(seat)s to play (exchange).", round=view["round"],
                     seat=view["active_seat"]))
    elif view["phase"] == "actions":
        out.append(_("Round %(round)s, seat %(seat)s to play (actions).", round=view["round"],
                     seat=view["active_seat"]))
    else:
        out.append(f"Round {view['round']}, seat {view['active_seat']} to play ({view['phase']}).")
    if view.get("pending"):
        d = view["pending"][0]
        args = dict(seat=d["seat"], age=_age(d["age"], tr))
        words = {"choose_reduction": _("Waiting for seat %(seat)s to choose reduction in %(age)s.", **args),
                 "place_reduced": _("Waiting for seat %(seat)s to place reduced in %(age)s.", **args),
                 "choose_hamlet_keeper": _("Waiting for seat %(seat)s to choose hamlet keeper in %(age)s.", **args)}
        out.append(words.get(d["decision"], f"Waiting for seat {d['seat']} to {d['decision'].replace('_', ' ')} in "
                                            f"{d['age']}."))
    if seat is not None:
        p = view["players"][seat]
        colour = {"M": _("military"), "R": _("religious"), "C": _("civil")}
        hand = ", ".join(f"{c} ({colour.get(c[:1], '?')})" for c in p["hand"] or []) or _("no cards")
        advs = " and ".join(p["adventurers"]) if tr.lang == EN.lang else tr.join(
            [_age(a, tr) for a in p["adventurers"]])
        out.append(_("You: %(coins)s coins, hand %(hand)s, %(cubes)s free cubes, adventurers in %(ages)s.",
                     coins=p["coins"], hand=hand, cubes=p["free_cubes"], ages=advs))
    others = [_("seat %(seat)s: %(coins)s coins", seat=i, coins="?" if p["coins"] is None else p["coins"])
              for i, p in enumerate(view["players"]) if i != seat]
    out.append(_("Others: %(others)s.", others="; ".join(others)))
    if view["options"].get("holdem"):
        out.append(_("Hold'em display: %(cards)s.", cards=", ".join(view.get("display") or []) or _("empty")))
    counts = ", ".join(f"{_age(age, tr)} {len(b['tiles'])}" for age, b in view["boards"].items())
    out.append(_("Tiles on the boards: %(counts)s; deck %(deck)s cards.", counts=counts, deck=view["deck_count"]))
    return "\n".join(out)
