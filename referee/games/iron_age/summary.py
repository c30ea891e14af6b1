"""A seat's Iron Age position in a few plain-text lines for mails (the contract's `summary`).

Everything is public (RULES.md §1), so every seat's lines come from the view; the seat's own
line comes first and is marked "You". Two lines per player keep a 4-seat mail short.
"""

from __future__ import annotations

from typing import Any

from referee.games.iron_age.effects import GameData
from referee.games.iron_age.words import face


def _monuments(g: GameData, p: dict[str, Any]) -> str:
    out = []
    for mid, m in p["monuments"].items():
        total = g.monuments[mid]["worker_boxes"] if mid in g.monuments else "?"
        if m["complete"]:
            out.append(f"{g.monuments.get(mid, {}).get('en', mid)} done")
        elif m["boxes_filled"]:
            out.append(f"{g.monuments.get(mid, {}).get('en', mid)} {m['boxes_filled']}/{total}")
    return ", ".join(out) or "none"


def _player(g: GameData, view: dict[str, Any], i: int, seat: int | None) -> list[str]:
    p = view["players"][i]
    d = view.get("derived", {})
    who = "You" if i == seat else f"Seat {i}"
    score = d.get("scores", [None] * (i + 1))[i]
    strength = d.get("strength", [None] * (i + 1))[i]
    ids = [x["id"] if isinstance(x, dict) else x for x in p["developments"]]  # state: {"id", "round"}
    devs = ", ".join(g.developments.get(x, {}).get("en", x) for x in ids) or "none"
    return [(f"{who}: score {score}; food {p['food']}, goods {p['goods']}, wealth {p['wealth']}, "
             f"military {p['military']} (strength {strength}), ships {p['ships']}, skulls {p['skulls']}."),
            (f"  {p['ports_owned']} ports, {p['provinces_owned']} provinces; developments: {devs}; "
             f"monuments: {_monuments(g, p)}.")]


def _dice(view: dict[str, Any]) -> str | None:
    t = view.get("turn")
    if not t or not t.get("empire_faces"):
        return None
    faces = ", ".join(f"die {i} {face(f)}{' (locked)' if t['locked'][i] else ''}" for i, f in enumerate(t["empire_faces"]))
    return (f"Dice: {faces}; fate die {face(t.get('fate_face'))}; roll {t.get('rolls_used')} of 3; "
            f"this turn {t.get('workers', 0)} workers, {t.get('inventions', 0)} inventions.")


def summary(g: GameData, view: dict[str, Any], seat: int | None) -> str:
    if view.get("game_over"):
        head = f"The game is over ({view.get('end_reason')})."
    else:
        head = f"Round {view['round']}, seat {view['active_seat']}'s turn, phase {face(view['phase'])}."
    lines = [head]
    dice = _dice(view)
    if dice and not view.get("game_over"):
        lines.append(dice)
    order = [seat] if isinstance(seat, int) and 0 <= seat < len(view["players"]) else []
    order += [i for i in range(len(view["players"])) if i not in order]
    for i in order:
        lines += _player(g, view, i, seat)
    return "\n".join(lines)
