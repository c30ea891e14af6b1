"""Iron Age component data in words (faces, developments, disasters), from components.json only,
so the picture, the step labels and the narration say the same thing and a corrected data file
changes the words with the numbers. Each takes the reader's translator (English by default):
faces, phases and end reasons are catalog words, developments, monuments and disasters the
German rulebook's names (glossary.de.json).
"""

from __future__ import annotations

from typing import Any

from referee.engine.glossary import term
from referee.plumbing.i18n import EN, N_, Text, Translator

FACE_NAMES = {"food_or_workers": "food or workers", "goods": "goods", "skull": "skull"}
# Faces, phases and end reasons as the catalog words them (short: a die is 96 px wide).
WORDS = {"food": N_("food"), "workers": N_("workers"), "food or workers": N_("food or workers"),
         "goods": N_("goods"), "skull": N_("skull"), "invention": N_("invention"), "conquest": N_("conquest"),
         "tribute": N_("tribute"), "omen": N_("omen"), "harvest": N_("harvest"),
         "food per food die": N_("food per food die"), "setup": N_("setup"), "roll": N_("roll"),
         "assign": N_("assign"), "build": N_("build"), "buy": N_("buy"), "convert": N_("convert"),
         "developments": N_("developments"), "monuments": N_("monuments"), "solo rounds": N_("solo rounds"),
         "resigned": N_("resigned"), "end": N_("end")}


def face(fid: Any, tr: Translator = EN) -> str:
    """A face id as words: "food_or_workers" -> "food or workers", "conquest_1" -> "conquest";
    a disaster's or phase's id the same way."""
    s = str(fid)
    if s[-2:] in ("_1", "_2"):
        s = s[:-2]
    s = s.replace("_", " ")
    if tr.lang == EN.lang:
        return s
    return tr.gettext(WORDS[s]) if s in WORDS else term("iron_age", s, tr.lang)


def face_text(fid: Any) -> str:
    """A face as an engine `Text` argument (rendered with the catalog in the reader's language)."""
    s = face(fid)
    return Text(WORDS[s]) if s in WORDS else s


def named(d: dict[str, Any], tr: Translator = EN) -> str:
    """A development's or monument's name ("Navy", "Marine" in German)."""
    return term("iron_age", d.get("en", face(d["id"])), tr.lang)


def empire_face(f: dict[str, Any], tr: Translator = EN) -> str:
    """What an empire face gives, e.g. "3 food", "1 good per port owned"."""
    y = f.get("yields", {})
    parts = []
    for k, v in y.items():
        if k == "goods_per_port_owned":
            parts.append(tr.ngettext("%(n)s good per port owned", "%(n)s goods per port owned", v))
        elif k == "food":
            parts.append(tr.gettext("%(n)s food", n=v))
        elif k == "workers":
            parts.append(tr.ngettext("%(n)s worker", "%(n)s workers", v))
        elif k == "goods":
            parts.append(tr.ngettext("%(n)s good", "%(n)s goods", v))
        elif k == "inventions":
            parts.append(tr.ngettext("%(n)s invention", "%(n)s inventions", v))
        else:
            parts.append(f"{v} {k.rstrip('s') if v == 1 else k}")
    if f.get("choice"):
        c = f["choice"]
        parts.append(tr.gettext("%(food)s food or %(workers)s workers", food=c.get("food"), workers=c.get("workers"))
                     if set(c) == {"food", "workers"} else " or ".join(f"{v} {k}" for k, v in c.items()))
    if f.get("is_skull"):
        parts.append(tr.gettext("locked; counts for disasters"))
    return ", ".join(parts)


def fate_face(f: dict[str, Any], tr: Translator = EN) -> str:
    _ = tr.gettext
    e = f["effect"]
    if e == "conquest":
        return _("you may attack in a conquest")
    if e == "tribute":
        return _("weaker players owe tribute")
    if e == "omen":
        return _("after rolling, turn one die to any face")
    if e == "food_per_food_die":
        return _("+%(n)s food per food-producing die", n=f.get("delta", 1))
    return face(e, tr)


def effect(e: dict[str, Any], tr: Translator = EN) -> str:
    _ = tr.gettext
    t = e["type"]
    if t == "food_per_die":
        return _("+%(n)s food per %(face)s die", n=e["delta"], face=face(e["face"], tr))
    if t == "workers_per_die":
        return _("+%(n)s worker per %(face)s die", n=e["delta"], face=face(e["face"], tr))
    if t == "immune_disaster":
        return _("%(disaster)s has no effect on you", disaster=_up(face(e["disaster"], tr)))
    if t == "enables_ships":
        return _("you may build ships (%(n)s goods each) from your next turn", n=e["goods_per_ship"])
    if t == "strength_flat":
        return _("+%(n)s strength", n=e["delta"])
    if t == "strength_per_ship":
        return _("+%(n)s strength per ship", n=e["delta"])
    if t == "lose_ship_after_battle":
        return _("lose %(n)s ship after every battle", n=e["count"])
    if t == "invention_value":
        return _("each invention is worth %(n)s", n=e["value"])
    if t == "bonus_points":
        n, per = e["points"], e["per"]
        if per == "ship":
            return tr.ngettext("at the end %(n)s point per ship", "at the end %(n)s points per ship", n)
        if per == "completed_monument":
            return tr.ngettext("at the end %(n)s point per monument you completed",
                               "at the end %(n)s points per monument you completed", n)
        if per == "port_or_province_owned":
            return tr.ngettext("at the end %(n)s point per port and province you own",
                               "at the end %(n)s points per port and province you own", n)
        return f"at the end {n} point{'s' if n != 1 else ''} per {face(per)}"
    return face(t, tr)


def _up(s: str) -> str:
    return s[:1].upper() + s[1:]


def development(d: dict[str, Any], tr: Translator = EN) -> str:
    """e.g. "Navy (cost 20, 4 points): +1 strength per ship; lose 1 ship after every battle"."""
    return tr.gettext("%(name)s (cost %(cost)s, %(points)s points): %(effects)s", name=named(d, tr), cost=d["cost"],
                      points=d["points"], effects="; ".join(effect(e, tr) for e in d.get("effects", [])))


def disaster(d: dict[str, Any], tr: Translator = EN) -> str:
    _ = tr.gettext
    e = d["effect"]
    rolled = d.get("skulls_rolled", [])
    when = (_("when provinces go unfed") if d.get("trigger") == "unfed_province"
            else _("%(n)s skull", n="/".join(map(str, rolled))) if rolled == [1]
            else _("%(n)s skulls", n="/".join(map(str, rolled))))
    t = e["type"]
    if t == "skulls_self":
        what = (_("+1 skull per missing food") if "per_unfed_food" in e else
                tr.ngettext("the roller takes %(n)s skull", "the roller takes %(n)s skulls", e["count"]))
    elif t == "skulls_opponents":
        what = _("every other player takes %(n)s skulls", n=e["count"])
    elif t == "battle_self":
        what = _("the roller fights strength %(n)s", n=e["enemy_strength"])
    else:
        what = _("every player fights strength %(n)s", n=e["enemy_strength"])
    return _("%(disaster)s (%(when)s): %(what)s", disaster=_up(face(d["id"], tr)), when=when, what=what)
