"""The Iron Age table as SVG, drawn from a view (everything in this game is public, RULES.md §1,
but the hook still draws only what `view` holds): the current dice, then one score sheet per
player stacked (the viewer's first) -- tracks, ports, provinces, monuments, developments, score
-- and a legend that says in words what every face, development and disaster does (from the
component data). Things a step may name are `element`s (ids in steps.py): `die-<i>`,
`die-fate`, and per sheet `s<seat>-port-<c>`, `s<seat>-amphora-<c>`, `s<seat>-province-<c>`,
`s<seat>-monument-<id>`, `s<seat>-military`, `s<seat>-ships`, `s<seat>-dev-<id>`.
"""

from __future__ import annotations

from referee.plumbing.i18n import EN, Translator

from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.games.iron_age import words

WIDTH = 760
PAD = 8
TRACKS = ("food", "goods", "military", "ships", "wealth")
FACE_FILL = {"food": "#c8ecd2", "workers": "#f3e3a2", "food_or_workers": "#e6f0b4", "goods": "#c9dcf7",
             "skull": "#d0d0d0", "invention": "#e2cdf0"}
PHASE_WORDS = {"setup": "choosing a free start column", "roll": "rolling", "omen": "using the omen",
               "assign": "taking dice as food or workers", "conquest": "deciding on a conquest",
               "tribute": "answering a tribute demand", "build": "building", "buy": "buying a development",
               "convert": "converting goods to wealth"}


def _name(names: list[str], seat: int, viewer: int | None) -> str:
    n = names[seat] if seat < len(names) else f"Player {seat + 1}"
    return f"{n} (you)" if seat == viewer else n


def _dice(view: dict, y: float, names: list[str], viewer: int | None) -> tuple[str, float]:
    """The active player's empire dice (locked skulls marked) and the fate die."""
    turn = view.get("turn")
    if not turn or not turn.get("empire_faces") or view.get("game_over"):
        return "", y
    faces, locked = turn["empire_faces"], turn["locked"]
    who = _name(names, view["active_seat"], viewer)
    parts = [text(PAD, y + 14, f"Dice of {who} (roll {turn['rolls_used']} of 3)", font_size=13, font_weight="bold")]
    w, x = 96, PAD
    y += 22
    for i, f in enumerate(faces):
        lock = bool(locked[i]) if i < len(locked) else False
        body = (rect(x, y, w, 44, rx=8, fill=FACE_FILL.get(f, "#eee"), stroke="#222", stroke_width=3 if lock else 1)
                + text(x + w / 2, y + 17, f"die {i}" + (" · locked" if lock else ""), text_anchor="middle", font_size=11)
                + text(x + w / 2, y + 35, words.face(f), text_anchor="middle", font_size=12, font_weight="bold"))
        parts.append(element(f"die-{i}", f"Empire die {i}: {words.face(f)}{', locked (a skull cannot be rerolled)' if lock else ''}",
                             body))
        x += w + 6
    fate = turn.get("fate_face")
    body = (rect(x, y, w, 44, rx=20, fill="#fff4c2", stroke="#222")
            + text(x + w / 2, y + 17, "fate die", text_anchor="middle", font_size=11)
            + text(x + w / 2, y + 35, words.face(fate), text_anchor="middle", font_size=12, font_weight="bold"))
    parts.append(element("die-fate", f"Fate die: {words.face(fate)}", body))
    y += 52
    facts = [f"workers {turn.get('workers', 0)}", f"inventions {turn.get('inventions', 0)}",
             f"skulls rolled {turn.get('skulls_rolled', 0)}"]
    if turn.get("disaster"):
        facts.append(f"disaster: {words.face(turn['disaster'])}")
    if turn.get("development_bought"):
        facts.append(f"bought: {words.face(turn['development_bought'])}")
    parts.append(text(PAD, y + 12, "This turn: " + " · ".join(facts), font_size=12))
    return group("".join(parts), f"Dice of {who}"), y + 20


def _track(el: str | None, x: float, y: float, label: str, value: int, maximum: int | None) -> str:
    width = 140
    filled = width * min(value, maximum) / maximum if maximum else 0
    body = (rect(x, y, width, 18, fill="#fff", stroke="#777")
            + (rect(x, y, filled, 18, fill="#9cc3e6") if filled else "")
            + text(x + 4, y + 13, f"{label} {value}" + (f" / {maximum}" if maximum else ""), font_size=12))
    title = f"{label}: {value}" + (f" of {maximum}" if maximum else "")
    return element(el, title, body) if el else group(body, title)


def _ports(seat: int, x: float, y: float, cols: list[dict], spec: list[dict]) -> str:
    parts = [text(x, y + 14, "Ports", font_size=12, font_weight="bold")]
    cx = x + 74
    for col, data in zip(cols, spec):
        c = col["column"]
        done = col["complete"]
        fill = "#c8ecd2" if done else "#fff"
        if done:
            body = rect(cx, y, 104, 36, rx=3, fill=fill, stroke="#555", stroke_width=2) + \
                text(cx + 4, y + 14, f"port {c}: built", font_size=11)
            parts.append(element(f"s{seat}-port-{c}", f"Port {c}: built", body))
        else:
            box = (rect(cx, y, 104, 18, rx=3, fill=fill, stroke="#555")
                   + text(cx + 4, y + 13, f"port {c}: box {col['boxes_filled']}/{data['worker_boxes']}", font_size=11))
            amph = (rect(cx, y + 18, 104, 18, rx=3, fill=fill, stroke="#555")
                    + text(cx + 4, y + 31, f"amphoras {col['amphoras_filled']}/{data['amphoras']}", font_size=11))
            parts.append(element(f"s{seat}-port-{c}", f"Port {c}: worker box {col['boxes_filled']} of "
                                 f"{data['worker_boxes']} filled", box))
            parts.append(element(f"s{seat}-amphora-{c}", f"Port {c}: amphoras {col['amphoras_filled']} of "
                                 f"{data['amphoras']} filled (1 good each)", amph))
        cx += 107
    return "".join(parts)


def _provinces(seat: int, x: float, y: float, cols: list[dict], spec: list[dict]) -> str:
    parts = [text(x, y + 14, "Provinces", font_size=12, font_weight="bold")]
    cx = x + 74
    for col, data in zip(cols, spec):
        c, done = col["column"], col["complete"]
        label = f"province {c}: " + ("built" if done else f"{col['boxes_filled']}/{data['worker_boxes']}")
        body = (rect(cx, y, 104, 18, rx=3, fill="#c8ecd2" if done else "#fff", stroke="#555", stroke_width=2 if done else 1)
                + text(cx + 4, y + 13, label, font_size=11))
        more = "" if done else (f"; when founded: military +{data.get('military_on_completion', 0)}, "
                                f"tribute +{data.get('tribute', 0)}")
        parts.append(element(f"s{seat}-province-{c}", f"Province {c}: " + ("built" if done else
                             f"{col['boxes_filled']} of {data['worker_boxes']} worker boxes filled") + more, body))
        cx += 107
    return "".join(parts)


def _monuments(view: dict, seat: int, x: float, y: float, spec: list[dict]) -> str:
    p = view["players"][seat]
    firsts = view.get("monument_first_by", {})
    parts = []
    cx = x
    for m in spec:
        mine = p["monuments"].get(m["id"], {"boxes_filled": 0, "complete": False, "points": None})
        done = mine["complete"]
        taken = firsts.get(m["id"]) is not None
        state = (f"built, {mine['points']} pts" if done else
                 f"{mine['boxes_filled']}/{m['worker_boxes']} · {m['points_later'] if taken else m['points_first']} pts")
        body = (rect(cx, y, 120, 34, rx=3, fill="#c8ecd2" if done else "#fff", stroke="#555")
                + text(cx + 4, y + 14, m.get("en", words.face(m["id"])), font_size=11, font_weight="bold")
                + text(cx + 4, y + 28, state, font_size=11))
        title = (f"{m.get('en', m['id'])}: " + (f"built, worth {mine['points']} points" if done else
                 f"{mine['boxes_filled']} of {m['worker_boxes']} worker boxes; worth {m['points_first']} points "
                 f"to the first to complete it, {m['points_later']} later" + (" (already completed by someone)" if taken else "")))
        parts.append(element(f"s{seat}-monument-{m['id']}", title, body))
        cx += 124
    return "".join(parts)


def _developments(seat: int, p: dict, x: float, y: float, spec: list[dict]) -> str:
    owned = {d["id"] if isinstance(d, dict) else d for d in p["developments"]}
    parts = []
    for k, d in enumerate(spec):
        cx, cy = x + (k % 6) * 124, y + (k // 6) * 22
        have = d["id"] in owned
        body = (rect(cx, cy, 120, 20, rx=3, fill="#e2cdf0" if have else "#fff", stroke="#555", stroke_width=2 if have else 1)
                + text(cx + 4, cy + 14, f"{'✓ ' if have else ''}{d.get('en', d['id'])} {d['cost']}", font_size=11))
        parts.append(element(f"s{seat}-dev-{d['id']}", ("Owned: " if have else "") + words.development(d), body))
    return "".join(parts)


SHEET_H = 268


def _sheet(view: dict, components: dict, seat: int, y: float, names: list[str], viewer: int | None) -> str:
    p = view["players"][seat]
    derived = view.get("derived", {})
    score = derived.get("scores", [None] * (seat + 1))[seat]
    strength = derived.get("strength", [None] * (seat + 1))[seat]
    active = view.get("active_seat") == seat and not view.get("game_over")
    who = _name(names, seat, viewer)
    head = (f"{who}{' — to play' if active else ''}{' — start player' if p.get('start_player') else ''}"
            f" · score {score} · strength {strength}")
    parts = [rect(PAD - 4, y, WIDTH - 2 * PAD + 8, SHEET_H - 8, rx=6, fill="#fafaf5",
                  stroke="#333" if active else "#999", stroke_width=3 if active else 1),
             text(PAD + 4, y + 18, head, font_size=14, font_weight="bold")]
    ty = y + 26
    for i, t in enumerate(TRACKS):
        maximum = components["tracks"].get(t, {}).get("max")
        el = {"military": f"s{seat}-military", "ships": f"s{seat}-ships"}.get(t)
        parts.append(_track(el, PAD + 4 + i * 148, ty, t, p[t], maximum))
    counters = (f"tribute {p['tribute']} · skulls {p['skulls']} · conquest boxes {p['conquest_boxes_filled']}"
                f" of {components['conquest_area']['boxes_total']} · {p['ports_owned']} ports, "
                f"{p['provinces_owned']} provinces owned")
    parts.append(text(PAD + 4, ty + 36, counters, font_size=12))
    parts.append(_ports(seat, PAD + 4, ty + 44, p["ports"], components["ports"]))
    parts.append(_provinces(seat, PAD + 4, ty + 84, p["provinces"], components["provinces"]))
    parts.append(_monuments(view, seat, PAD + 4, ty + 106, components["monuments"]))
    parts.append(_developments(seat, p, PAD + 4, ty + 144, components["developments"]))
    breakdown = derived.get("score_breakdown", [{}] * (seat + 1))[seat]
    if breakdown:
        parts.append(text(PAD + 4, ty + 204, "Score: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in breakdown.items()),
                          font_size=11))
    return group("".join(parts), f"Score sheet of {who}: {head}")


def _legend(components: dict) -> list[tuple[str, str]]:
    out = [(f"{words.face(f['id'])}:", words.empire_face(f)) for f in components["empire_dice"]["faces"]]
    seen = set()
    for f in components["fate_die"]["faces"]:
        if words.face(f["id"]) not in seen:
            seen.add(words.face(f["id"]))
            out.append((f"fate {words.face(f['id'])}:", words.fate_face(f)))
    out.append(("locked:", "a skull die is locked and cannot be rerolled"))
    out.append(("strength:", "military + Divisions + ships with Navy; wins give tribute, losses skulls"))
    out += [("disaster:", words.disaster(d)) for d in components["disasters"]]
    out += [("✓ Navy 20:", "a development you own (with its cost); the developments:")]
    out += [("", words.development(d)) for d in components["developments"]]
    return out


def draw(view: dict[str, Any], viewer: int | None, components: dict[str, Any], names: list[str] | None = None,
         tr: Translator = EN) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it; players called by `names`."""
    seats = len(view["players"])
    names = list(names) if names else [f"Player {s + 1}" for s in range(seats)]
    scores = view.get("derived", {}).get("scores", [None] * seats)
    if view.get("game_over"):
        status = f"Game over ({words.face(view.get('end_reason') or 'end')})"
    else:
        who = _name(names, view["active_seat"], viewer)
        deciders = sorted({d["seat"] for d in view.get("pending_decisions", [])})
        if view["phase"] == "tribute" and deciders:
            status = (f"Round {view['round']}: {who}'s turn; " + ", ".join(_name(names, s, viewer) for s in deciders)
                      + " answering the tribute demand")
        else:
            status = f"Round {view['round']}: {who} is {PHASE_WORDS.get(view['phase'], words.face(view['phase']))}"
    line2 = "Scores: " + ", ".join(f"{_name(names, s, viewer)} {scores[s]}" for s in range(seats))
    parts = [text(PAD, 20, status, font_size=15, font_weight="bold"), text(PAD, 38, line2, font_size=12)]
    dice, y = _dice(view, 44, names, viewer)
    parts.append(dice)
    y += 6
    order = list(range(seats))
    if viewer is not None and 0 <= viewer < seats:
        order = [viewer] + [s for s in order if s != viewer]
    for s in order:
        parts.append(_sheet(view, components, s, y, names, viewer))
        y += SHEET_H
    items = _legend(components)
    parts.append(text(PAD, y + 14, "Legend", font_size=13, font_weight="bold"))
    parts.append(legend(PAD, y + 32, items, size=MIN_FONT, line=15))
    y += 32 + 15 * len(items)
    who = "a spectator" if viewer is None else _name(names, viewer, viewer)
    return document(WIDTH, int(y), f"Iron Age table as {who} sees it", f"{status}. {line2}.", "".join(parts),
                    "iron-age")
