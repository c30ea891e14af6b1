"""A seat's Iron Age position in a few plain-text lines for mails (the contract's `summary`).

Everything is public (RULES.md §1), so every seat's lines come from the view; the seat's own
line comes first and is marked "You". Two lines per player keep a 4-seat mail short.
"""

from __future__ import annotations

from typing import Any

from referee.games.iron_age.effects import GameData
from referee.games.iron_age.words import face, named
from referee.plumbing.i18n import EN, Translator


def _monuments(g: GameData, p: dict[str, Any], tr: Translator) -> str:
    out = []
    for mid, m in p["monuments"].items():
        total = g.monuments[mid]["worker_boxes"] if mid in g.monuments else "?"
        name = named(g.monuments[mid], tr) if mid in g.monuments and "en" in g.monuments[mid] else mid
        if m["complete"]:
            out.append(tr.gettext("%(monument)s done", monument=name))
        elif m["boxes_filled"]:
            out.append(f"{name} {m['boxes_filled']}/{total}")
    return ", ".join(out) or tr.gettext("none")


def _player(g: GameData, view: dict[str, Any], i: int, seat: int | None, tr: Translator) -> list[str]:
    _ = tr.gettext
    p = view["players"][i]
    d = view.get("derived", {})
    who = _("You") if i == seat else _("Seat %(seat)s", seat=i)
    score = d.get("scores", [None] * (i + 1))[i]
    strength = d.get("strength", [None] * (i + 1))[i]
    ids = [x["id"] if isinstance(x, dict) else x for x in p["developments"]]  # state: {"id", "round"}
    devs = ", ".join(named(g.developments[x], tr) if "en" in g.developments.get(x, {}) else x for x in ids) \
        or _("none")
    return [_("%(who)s: score %(score)s; food %(food)s, goods %(goods)s, wealth %(wealth)s, military %(military)s "
              "(strength %(strength)s), ships %(ships)s, skulls %(skulls)s.", who=who, score=score, food=p["food"],
              goods=p["goods"], wealth=p["wealth"], military=p["military"], strength=strength, ships=p["ships"],
              skulls=p["skulls"]),
            "  " + _("%(ports)s ports, %(provinces)s provinces; developments: %(developments)s; monuments: "
                     "%(monuments)s.", ports=p["ports_owned"], provinces=p["provinces_owned"], developments=devs,
                     monuments=_monuments(g, p, tr))]


def _dice(view: dict[str, Any], tr: Translator) -> str | None:
    _ = tr.gettext
    t = view.get("turn")
    if not t or not t.get("empire_faces"):
        return None
    faces = ", ".join(_("die %(i)s %(face)s (locked)", i=i, face=face(f, tr)) if t["locked"][i] else
                      _("die %(i)s %(face)s", i=i, face=face(f, tr)) for i, f in enumerate(t["empire_faces"]))
    return _("Dice: %(faces)s; fate die %(fate)s; roll %(roll)s of 3; this turn %(workers)s workers, "
             "%(inventions)s inventions.", faces=faces, fate=face(t.get("fate_face"), tr), roll=t.get("rolls_used"),
             workers=t.get("workers", 0), inventions=t.get("inventions", 0))


def summary(g: GameData, view: dict[str, Any], seat: int | None, tr: Translator = EN) -> str:
    if view.get("game_over"):
        reason = view.get("end_reason")
        head = tr.gettext("The game is over (%(reason)s).", reason=face(reason, tr) if reason and tr.lang != EN.lang
                          else reason)  # English: the reason's id, as mails always said
    else:
        head = tr.gettext("Round %(round)s, seat %(seat)s's turn, phase %(phase)s.", round=view["round"],
                          seat=view["active_seat"], phase=face(view["phase"], tr))
    lines = [head]
    dice = _dice(view, tr)
    if dice and not view.get("game_over"):
        lines.append(dice)
    order = [seat] if isinstance(seat, int) and 0 <= seat < len(view["players"]) else []
    order += [i for i in range(len(view["players"])) if i not in order]
    for i in order:
        lines += _player(g, view, i, seat, tr)
    return "\n".join(lines)
