"""The Iron Age table as SVG, drawn from a view (everything in this game is public, RULES.md §1,
but the hook still draws only what `view` holds): the current dice with locked skulls, then one
score sheet per seat -- tracks, ports, provinces, monuments, developments and the score.
Every shape has a text label, so it reads without colour and with a screen reader.
"""

from __future__ import annotations

from typing import Any

from referee.engine.drawing import document, group, rect, text

WIDTH = 900
PAD = 12
SHEET_H = 208
TRACKS = ("food", "goods", "military", "ships", "wealth")
FACE_FILL = {"food": "#c8ecd2", "workers": "#f3e3a2", "food_or_workers": "#e6f0b4", "goods": "#c9dcf7",
             "skull": "#d0d0d0", "invention": "#e2cdf0"}


def _who(seat: int, viewer: int | None) -> str:
    return f"Seat {seat} (you)" if seat == viewer else f"Seat {seat}"


def _label(face: str | None) -> str:
    return (face or "-").replace("_", " ")


def _dice(view: dict, y: float) -> tuple[str, float]:
    """The active seat's empire dice (locked skulls marked) and the fate die."""
    turn = view.get("turn")
    if not turn or not turn.get("empire_faces"):
        return "", y
    faces, locked = turn["empire_faces"], turn["locked"]
    parts = [text(PAD, y + 16, f"Dice of seat {view['active_seat']} (rolls used {turn['rolls_used']}):", font_size=15,
                  font_weight="bold")]
    size, x = 96, PAD
    y += 26
    for i, face in enumerate(faces):
        lock = bool(locked[i]) if i < len(locked) else False
        body = (rect(x, y, size, 48, rx=8, fill=FACE_FILL.get(face, "#eee"), stroke="#222",
                     stroke_width=3 if lock else 1, stroke_dasharray=None if lock else None)
                + text(x + size / 2, y + 20, f"die {i}", text_anchor="middle", font_size=12)
                + text(x + size / 2, y + 38, _label(face) + (" (locked)" if lock else ""), text_anchor="middle",
                       font_size=13, font_weight="bold" if lock else None))
        parts.append(group(body, f"Empire die {i}: {_label(face)}{', locked' if lock else ''}"))
        x += size + 8
    fate = turn.get("fate_face")
    body = (rect(x, y, size + 20, 48, rx=24, fill="#fff4c2", stroke="#222")
            + text(x + (size + 20) / 2, y + 20, "fate die", text_anchor="middle", font_size=12)
            + text(x + (size + 20) / 2, y + 38, _label(fate), text_anchor="middle", font_size=13))
    parts.append(group(body, f"Fate die: {_label(fate)}"))
    extra = []
    if turn.get("disaster"):
        extra.append(f"disaster: {_label(turn['disaster'])}")
    if turn.get("development_bought"):
        extra.append(f"bought: {_label(turn['development_bought'])}")
    if extra:
        parts.append(text(PAD, y + 70, "; ".join(extra), font_size=14))
        return "".join(parts), y + 82
    return "".join(parts), y + 58


def _track(x: float, y: float, name: str, value: int, maximum: int | None) -> str:
    width = 150
    filled = width * min(value, maximum) / maximum if maximum else 0
    return group(rect(x, y, width, 16, fill="#fff", stroke="#777")
                 + (rect(x, y, filled, 16, fill="#9cc3e6") if filled else "")
                 + text(x + 4, y + 13, f"{name} {value}" + (f"/{maximum}" if maximum else ""), font_size=12),
                 f"{name}: {value}" + (f" of {maximum}" if maximum else ""))


def _columns(x: float, y: float, title: str, cols: list[dict], spec: list[dict], amphoras: bool) -> str:
    parts = [text(x, y + 12, title, font_size=13, font_weight="bold")]
    cx = x + 74
    for col, data in zip(cols, spec):
        done = col["complete"]
        need = data.get("worker_boxes", 0)
        label = "built" if done else f"{col['boxes_filled']}/{need}"
        if amphoras and not done and data.get("amphoras"):
            label += f" a{col['amphoras_filled']}/{data['amphoras']}"
        parts.append(group(rect(cx, y, 96, 18, rx=3, fill="#c8ecd2" if done else "#fff", stroke="#555",
                                stroke_width=2 if done else 1)
                           + text(cx + 4, y + 13, f"{col['column']}: {label}", font_size=12),
                           f"{title} column {col['column']}: {'built' if done else label}"))
        cx += 100
    return "".join(parts)


def _sheet(view: dict, components: dict, seat: int, y: float, viewer: int | None) -> str:
    p = view["players"][seat]
    derived = view.get("derived", {})
    score = derived.get("scores", [None] * (seat + 1))[seat]
    strength = derived.get("strength", [None] * (seat + 1))[seat]
    active = view.get("active_seat") == seat and not view.get("game_over")
    head = (f"{_who(seat, viewer)}{' — to play' if active else ''}{' — start player' if p.get('start_player') else ''}"
            f" · score {score} · strength {strength}")
    parts = [rect(PAD - 4, y, WIDTH - 2 * PAD + 8, SHEET_H - 8, rx=6, fill="#fafaf5", stroke="#333" if active else "#999",
                  stroke_width=3 if active else 1),
             text(PAD + 4, y + 20, head, font_size=15, font_weight="bold")]
    tx, ty = PAD + 4, y + 30
    for i, t in enumerate(TRACKS):
        maximum = components["tracks"].get(t, {}).get("max")
        parts.append(_track(tx + (i % 5) * 170, ty, t, p[t], maximum))
    counters = (f"tribute {p['tribute']} · skulls {p['skulls']} · conquest boxes {p['conquest_boxes_filled']}"
                f"/{components['conquest_area']['boxes_total']}")
    parts.append(text(PAD + 4, ty + 34, counters, font_size=13))
    parts.append(_columns(PAD + 4, ty + 44, "Ports", p["ports"], components["ports"], True))
    parts.append(_columns(PAD + 4, ty + 68, "Provinces", p["provinces"], components["provinces"], False))
    names = {m["id"]: m for m in components["monuments"]}
    mons = []
    for mid, m in p["monuments"].items():
        need = names.get(mid, {}).get("worker_boxes", "?")
        short = names.get(mid, {}).get("en", mid)
        mons.append(f"{short} " + (f"built ({m['points']} pts)" if m["complete"] else f"{m['boxes_filled']}/{need}"))
    parts.append(text(PAD + 4, ty + 108, "Monuments: " + "; ".join(mons[:3]), font_size=12))
    parts.append(text(PAD + 4, ty + 124, "   " + "; ".join(mons[3:]), font_size=12))
    devs = {d["id"]: d.get("en", d["id"]) for d in components["developments"]}
    owned = [devs.get(d, d) for d in p["developments"]]
    parts.append(text(PAD + 4, ty + 144, "Developments: " + (", ".join(owned) if owned else "none"), font_size=13))
    breakdown = derived.get("score_breakdown", [{}] * (seat + 1))[seat]
    if breakdown:
        parts.append(text(PAD + 4, ty + 162, "Score: " + ", ".join(f"{k} {v}" for k, v in breakdown.items()), font_size=12))
    return group("".join(parts), f"Score sheet of {_who(seat, viewer)}: {head}")


def draw(view: dict[str, Any], viewer: int | None, components: dict[str, Any]) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it."""
    seats = len(view["players"])
    if view.get("game_over"):
        status = f"game over ({_label(view.get('end_reason'))})"
    else:
        status = f"round {view['round']}, seat {view['active_seat']} to play, phase {_label(view['phase'])}"
    head = f"Roll Through the Ages: The Iron Age — {status}"
    parts = [text(PAD, 24, head, font_size=18, font_weight="bold")]
    dice, y = _dice(view, 34)
    parts.append(dice)
    y += 10
    order = list(range(seats))
    if viewer is not None and 0 <= viewer < seats:
        order = [viewer] + [s for s in order if s != viewer]
    for s in order:
        parts.append(_sheet(view, components, s, y, viewer))
        y += SHEET_H
    who = "a spectator" if viewer is None else f"seat {viewer}"
    desc = head + ". " + "; ".join(
        f"seat {s}: score {view.get('derived', {}).get('scores', ['?'] * seats)[s]}" for s in range(seats))
    return document(WIDTH, int(y + 4), f"Iron Age table as {who} sees it", desc, "".join(parts), "iron-age")
