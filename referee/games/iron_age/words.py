"""Iron Age component data in words (faces, developments, disasters), from components.json only,
so the picture, the step labels and the narration say the same thing and a corrected data file
changes the words with the numbers.
"""

from __future__ import annotations

from typing import Any

FACE_NAMES = {"food_or_workers": "food or workers", "goods": "goods", "skull": "skull"}


def face(fid: Any) -> str:
    """A face id as words: "food_or_workers" -> "food or workers", "conquest_1" -> "conquest"."""
    s = str(fid)
    if s[-2:] in ("_1", "_2"):
        s = s[:-2]
    return s.replace("_", " ")


def empire_face(f: dict[str, Any]) -> str:
    """What an empire face gives, e.g. "3 food", "1 good per port owned"."""
    y = f.get("yields", {})
    parts = []
    for k, v in y.items():
        if k == "goods_per_port_owned":
            parts.append(f"{v} good per port owned")
        else:
            parts.append(f"{v} {k.rstrip('s') if v == 1 else k}")
    if f.get("choice"):
        parts.append(" or ".join(f"{v} {k}" for k, v in f["choice"].items()))
    if f.get("is_skull"):
        parts.append("locked; counts for disasters")
    return ", ".join(parts)


def fate_face(f: dict[str, Any]) -> str:
    e = f["effect"]
    return {"conquest": "you may attack in a conquest",
            "tribute": "weaker players owe tribute",
            "omen": "after rolling, turn one die to any face",
            "food_per_food_die": f"+{f.get('delta', 1)} food per food-producing die"}.get(e, face(e))


def effect(e: dict[str, Any]) -> str:
    t = e["type"]
    if t == "food_per_die":
        return f"+{e['delta']} food per {face(e['face'])} die"
    if t == "workers_per_die":
        return f"+{e['delta']} worker per {face(e['face'])} die"
    if t == "immune_disaster":
        return f"{face(e['disaster']).capitalize()} has no effect on you"
    if t == "enables_ships":
        return f"you may build ships ({e['goods_per_ship']} goods each) from your next turn"
    if t == "strength_flat":
        return f"+{e['delta']} strength"
    if t == "strength_per_ship":
        return f"+{e['delta']} strength per ship"
    if t == "lose_ship_after_battle":
        return f"lose {e['count']} ship after every battle"
    if t == "invention_value":
        return f"each invention is worth {e['value']}"
    if t == "bonus_points":
        per = {"ship": "ship", "completed_monument": "monument you completed",
               "port_or_province_owned": "port and province you own"}.get(e["per"], face(e["per"]))
        return f"at the end {e['points']} point{'s' if e['points'] != 1 else ''} per {per}"
    return face(t)


def development(d: dict[str, Any]) -> str:
    """e.g. "Navy (cost 20, 4 points): +1 strength per ship; lose 1 ship after every battle"."""
    return f"{d.get('en', face(d['id']))} (cost {d['cost']}, {d['points']} points): " + "; ".join(
        effect(e) for e in d.get("effects", []))


def disaster(d: dict[str, Any]) -> str:
    e = d["effect"]
    when = ("when provinces go unfed" if d.get("trigger") == "unfed_province"
            else f"{'/'.join(map(str, d.get('skulls_rolled', [])))} skull{'s' if d.get('skulls_rolled') != [1] else ''}")
    t = e["type"]
    if t == "skulls_self":
        what = ("+1 skull per missing food" if "per_unfed_food" in e else f"the roller takes {e['count']} skull"
                + ("s" if e["count"] != 1 else ""))
    elif t == "skulls_opponents":
        what = f"every other player takes {e['count']} skulls"
    elif t == "battle_self":
        what = f"the roller fights strength {e['enemy_strength']}"
    else:
        what = f"every player fights strength {e['enemy_strength']}"
    return f"{face(d['id']).capitalize()} ({when}): {what}"
