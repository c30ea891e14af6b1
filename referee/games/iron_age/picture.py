"""The Iron Age table as a board in sections (engine/drawing.py `board`), drawn from a view
(everything in this game is public, RULES.md §1, but the hook still draws only what `view`
holds): the dice of the turn as dice with their faces, then one player board per player (the
viewer's first) -- tracks as filled slots, ports with their amphoras, provinces, monuments and
developments as cards, the score -- and a legend that says in words what every face,
development and disaster does (from the component data). Each section fits a phone (360 units,
text >= 11 units, every label measured); faces and icons are symbols drawn with <use>.

Things a step may name are `element`s (ids in steps.py), each at least 44×44 units: `die-<i>`,
`die-fate`, and per board `s<seat>-port-<c>`, `s<seat>-amphora-<c>`, `s<seat>-province-<c>`,
`s<seat>-monument-<id>`, `s<seat>-military`, `s<seat>-ships`, `s<seat>-dev-<id>`.
"""

from __future__ import annotations

import re
from typing import Any

from referee.engine.drawing import (PAPER, SECTION_WIDTH, board, element, group, label, lines, rect, section, symbol,
                                    text, use, wrap)
from referee.games.iron_age import words
from referee.plumbing.i18n import EN, N_, Translator

W = SECTION_WIDTH
PAD = 8
INNER = W - 2 * PAD
SLOTS_PER_ROW = 10
TRACKS = ("food", "goods", "military", "ships", "wealth")
# "Round 3: Ada is building": the whole sentence per phase, so each language words it its way.
PHASE_WORDS = {"setup": N_("Round %(round)s: %(who)s is choosing a free start column"),
               "roll": N_("Round %(round)s: %(who)s is rolling"),
               "omen": N_("Round %(round)s: %(who)s is using the omen"),
               "assign": N_("Round %(round)s: %(who)s is taking dice as food or workers"),
               "conquest": N_("Round %(round)s: %(who)s is deciding on a conquest"),
               "tribute": N_("Round %(round)s: %(who)s is answering a tribute demand"),
               "build": N_("Round %(round)s: %(who)s is building"),
               "buy": N_("Round %(round)s: %(who)s is buying a development"),
               "convert": N_("Round %(round)s: %(who)s is converting goods to wealth")}
TRACK_WORDS = {"food": N_("food"), "goods": N_("goods"), "military": N_("military"), "ships": N_("ships"),
               "wealth": N_("wealth")}
SCORE_WORDS = {"developments": N_("developments"), "monuments": N_("monuments"), "bonus": N_("bonus"),
               "tribute": N_("tribute"), "skulls": N_("skulls"), "wealth": N_("wealth"), "total": N_("total")}

# -- the symbols: drawn once per page, each in a 24×24 box ---------------------------------------
INK = "#222"
ICONS = {
    "food": ('<path d="M12 22V7" stroke="#3d6b1f" stroke-width="2"/>'
             + "".join(f'<ellipse cx="{12 + dx}" cy="{y}" rx="2.6" ry="4" fill="#6a9f2a" stroke="#3d6b1f" '
                       f'transform="rotate({-30 if dx < 0 else 30} {12 + dx} {y})"/>'
                       for y in (8, 13, 18) for dx in (-3.5, 3.5))
             + '<ellipse cx="12" cy="4.5" rx="2.4" ry="3.5" fill="#6a9f2a" stroke="#3d6b1f"/>'),
    "workers": ('<circle cx="12" cy="6" r="4" fill="#8a5a2b"/>'
                '<path d="M4 22c0-7 3-10 8-10s8 3 8 10z" fill="#8a5a2b"/>'),
    "food_or_workers": ('<path d="M7 22V9" stroke="#3d6b1f" stroke-width="2"/>'
                        '<ellipse cx="7" cy="7" rx="2.6" ry="4" fill="#6a9f2a" stroke="#3d6b1f"/>'
                        '<ellipse cx="7" cy="14" rx="2.6" ry="3.6" fill="#6a9f2a" stroke="#3d6b1f"/>'
                        '<path d="M3 23L21 1" stroke="#555" stroke-width="1.5"/>'
                        '<circle cx="17" cy="12" r="3" fill="#8a5a2b"/><path d="M12 23c0-5 2-7 5-7s5 2 5 7z" '
                        'fill="#8a5a2b"/>'),
    "goods": ('<path d="M9 2h6v3c0 2 4 4 4 9s-3 8-7 8-7-3-7-8 4-7 4-9z" fill="#3f78c2" stroke="#1d3f70"/>'
              '<path d="M6 9c-3 0-3 5 0 5M18 9c3 0 3 5 0 5" fill="none" stroke="#1d3f70" stroke-width="1.5"/>'),
    "skull": ('<path d="M12 2c-6 0-9 4-9 9 0 3 2 5 3 6v4h12v-4c1-1 3-3 3-6 0-5-3-9-9-9z" fill="#eee" '
              'stroke="#222" stroke-width="1.5"/><circle cx="8.5" cy="11" r="2.4" fill="#222"/>'
              '<circle cx="15.5" cy="11" r="2.4" fill="#222"/><path d="M10 21v-3M14 21v-3" stroke="#222"/>'),
    "invention": ('<circle cx="12" cy="12" r="10" fill="#e8b923" stroke="#8a6a00" stroke-width="1.5"/>'
                  '<circle cx="12" cy="12" r="6.5" fill="none" stroke="#8a6a00"/>'
                  '<path d="M12 7l1.5 3.5 3.5.3-2.7 2.3.9 3.6L12 14.8l-3.2 1.9.9-3.6L7 10.8l3.5-.3z" '
                  'fill="#8a6a00"/>'),
    "conquest": ('<path d="M4 20L19 5M5 4l15 15" stroke="#555" stroke-width="2.5"/>'
                 '<path d="M16 2l6 6M2 16l6 6M8 2L2 8M22 16l-6 6" stroke="#8a5a2b" stroke-width="2.5"/>'),
    "tribute": ('<ellipse cx="12" cy="18" rx="8" ry="3.5" fill="#e8b923" stroke="#8a6a00"/>'
                '<ellipse cx="12" cy="13" rx="8" ry="3.5" fill="#e8b923" stroke="#8a6a00"/>'
                '<ellipse cx="12" cy="8" rx="8" ry="3.5" fill="#e8b923" stroke="#8a6a00"/>'
                '<path d="M12 1v5M9.5 3.5L12 1l2.5 2.5" stroke="#222" fill="none"/>'),
    "omen": ('<path d="M1 12c4-7 18-7 22 0-4 7-18 7-22 0z" fill="#fff" stroke="#222" stroke-width="1.5"/>'
             '<circle cx="12" cy="12" r="4.5" fill="#6b3fa0"/><circle cx="12" cy="12" r="2" fill="#222"/>'),
    "harvest": ('<path d="M3 12h18l-2 9H5z" fill="#c98a3a" stroke="#7a4f16"/>'
                '<ellipse cx="8" cy="9" rx="2.5" ry="4" fill="#6a9f2a" stroke="#3d6b1f"/>'
                '<ellipse cx="12" cy="7" rx="2.5" ry="4.5" fill="#6a9f2a" stroke="#3d6b1f"/>'
                '<ellipse cx="16" cy="9" rx="2.5" ry="4" fill="#6a9f2a" stroke="#3d6b1f"/>'),
    "military": ('<path d="M12 2l8 3v6c0 6-4 9-8 11-4-2-8-5-8-11V5z" fill="#b33a3a" stroke="#6d1d1d" '
                 'stroke-width="1.5"/><path d="M12 6v11M8 10h8" stroke="#fff" stroke-width="2"/>'),
    "ships": ('<path d="M12 2v15" stroke="#5a3d1e" stroke-width="1.5"/><path d="M12 3l7 11h-7z" fill="#fff" '
              'stroke="#222"/><path d="M2 16h20l-4 6H6z" fill="#8a5a2b" stroke="#4a2f12"/>'),
    "wealth": ('<circle cx="9" cy="14" r="7" fill="#e8b923" stroke="#8a6a00" stroke-width="1.5"/>'
               '<circle cx="15" cy="10" r="7" fill="#f2cd4b" stroke="#8a6a00" stroke-width="1.5"/>'
               '<circle cx="15" cy="10" r="3.5" fill="none" stroke="#8a6a00"/>'),
    "port": ('<path d="M12 3v17M7 8h10M4 13c0 5 4 8 8 8s8-3 8-8" fill="none" stroke="#1d3f70" '
             'stroke-width="2.2"/><circle cx="12" cy="4" r="2" fill="none" stroke="#1d3f70" stroke-width="1.8"/>'),
    "province": ('<path d="M2 21l7-13 4 6 3-4 6 11z" fill="#9c8a64" stroke="#5a4a2a" stroke-width="1.2"/>'
                 '<path d="M9 3v6M9 3l5 1.5L9 6" fill="#b33a3a" stroke="#6d1d1d"/>'),
    "lock": ('<path d="M7 11V7a5 5 0 0 1 10 0v4" fill="none" stroke="#222" stroke-width="2.5"/>'
             '<rect x="4" y="11" width="16" height="11" rx="2" fill="#222"/>'
             '<circle cx="12" cy="16" r="2" fill="#fff"/>'),
    "check": '<path d="M3 13l6 6L21 5" fill="none" stroke="#1d6b35" stroke-width="4"/>',
    "star": '<path d="M12 1l3.3 7 7.7.8-5.7 5.2 1.6 7.6L12 17.8l-6.9 3.8 1.6-7.6L1 9.6l7.7-.8z" fill="#e8b923" '
            'stroke="#8a6a00"/>',
}
# card and box frames: (width, height, fill, edge, edge width); "-on": built or owned (thick edge)
FRAMES = {"dev": (112, 44, "#fff", "#999", 1), "dev-on": (112, 44, "#e2cdf0", "#5b3d7a", 2.5),
          "monument": (112, 62, "#f0e6cf", "#7a6a4a", 1), "monument-on": (112, 62, "#d8ecd9", "#1d6b35", 2.5),
          "box": (54, 44, "#fff", "#555", 1), "box-on": (54, 44, "#d8ecd9", "#1d6b35", 2.5),
          "port-on": (54, 92, "#d8ecd9", "#1d6b35", 2.5), "track": (65, 74, "#fff", "#777", 1)}
FATE_ICON = {"conquest": "conquest", "tribute": "tribute", "omen": "omen", "food_per_food_die": "harvest"}
FACE_FILL = {"food": "#e3f2d5", "workers": "#f4e6d4", "food_or_workers": "#ecefd8", "goods": "#dde8f7",
             "skull": "#e6e6e6", "invention": "#fbf0c8"}


def _row_symbol(symbol_id: str, n: int, fill: str, stroke: str) -> str:
    """`n` slot boxes in a row (10 units each, 12 apart), one path: one <use> draws a whole row."""
    return symbol(symbol_id, 12 * n - 2, 10, f'<path d="M.5 .5{"h9v9h-9zm12 0" * n}" fill="{fill}" '
                                            f'stroke="{stroke}"/>')


def _defs(drawn: str) -> str:
    """The symbols the sections `drawn` use, each once (a page carries no symbol it does not draw)."""
    used = set(re.findall(r'href="#ia-([\w-]+)"', drawn))
    icons = "".join(symbol(f"ia-{k}", 24, 24, v) for k, v in ICONS.items() if k in used)
    rows = "".join(_row_symbol(f"ia-{kind}-{n}", n, fill, edge) for kind, fill, edge in
                   (("on", "#2f5f9e", "#1d3f70"), ("off", "#fff", "#888"))
                   for n in range(1, SLOTS_PER_ROW + 1) if f"{kind}-{n}" in used)
    return icons + rows


def _frame(kind: str, x: float, y: float) -> str:
    """A card's or box's edge: a <rect> of its own (not a <use>), so the page's highlight of a
    thing to pick (its stroke) reaches it."""
    w, h, fill, stroke, sw = FRAMES[kind]
    return rect(x, y, w, h, rx=5, fill=fill, stroke=stroke, stroke_width=sw if sw != 1 else None)


def _icon(kind: str, x: float, y: float, size: float = 24, high: float | None = None) -> str:
    return use(f"ia-{kind}", x, y, size, high or size)


def _slots(x: float, y: float, filled: int, total: int, per_row: int, step: float = 12) -> str:
    """`total` boxes in rows of `per_row` (at most SLOTS_PER_ROW), the first `filled` filled: a
    filled box is dark, an empty one white with a grey edge (told apart without colour); a
    row's filled and empty runs are one <use> each."""
    out, size = [], step * 10 / 12
    for r in range(-(-total // per_row)):
        n = min(per_row, total - r * per_row)
        on = max(0, min(n, filled - r * per_row))
        yy = y + r * step
        if on:
            out.append(use(f"ia-on-{on}", x, yy, on * step - step / 6, size))
        if n - on:
            out.append(use(f"ia-off-{n - on}", x + on * step, yy, (n - on) * step - step / 6, size))
    return "".join(out)


def _name(names: list[str], seat: int, viewer: int | None, tr: Translator = EN) -> str:
    n = names[seat] if seat < len(names) else tr.gettext("Player %(n)s", n=seat + 1)
    return tr.gettext("%(name)s (you)", name=n) if seat == viewer else n


def _face_kind(fid: str | None, components: dict) -> str:
    """The icon of a die face: an empire face's own, a fate face's by its effect."""
    if fid in ICONS:
        return str(fid)
    effect = next((f.get("effect") for f in components["fate_die"]["faces"] if f["id"] == fid), None)
    return FATE_ICON.get(str(effect), "omen")


def _dice(view: dict, components: dict, names: list[str], viewer: int | None, tr: Translator,
          status: str, scores: str) -> str:
    """The turn: whose it is, the scores, and the active player's dice (locked skulls marked)."""
    _ = tr.gettext
    parts, y = [], 18.0
    head, y = lines(PAD, y, status, INNER, 15, font_weight="bold")
    body, y = lines(PAD, y + 2, scores, INNER, 12)
    parts += [head, body]
    turn = view.get("turn")
    if turn and turn.get("empire_faces") and not view.get("game_over"):
        who = _name(names, view["active_seat"], viewer, tr)
        head, y = lines(PAD, y + 8, _("Dice of %(who)s (roll %(roll)s of 3)", who=who, roll=turn["rolls_used"]),
                        INNER, 13, font_weight="bold")
        parts.append(head)
        top = y - 6
        faces, locked = turn["empire_faces"], turn["locked"]
        for i, f in enumerate(faces):
            lock = bool(locked[i]) if i < len(locked) else False
            x = PAD + i * 49
            body = (rect(x, top, 44, 44, rx=7, fill=FACE_FILL.get(f, "#eee"), stroke=INK,
                         stroke_width=3 if lock else 1.2)
                    + _icon(_face_kind(f, components), x + 8, top + 6, 28)
                    + (_icon("lock", x + 30, top + 30, 12) if lock else ""))
            title = (_("Empire die %(i)s: %(face)s, locked (a skull cannot be rerolled)", i=i, face=words.face(f, tr))
                     if lock else _("Empire die %(i)s: %(face)s", i=i, face=words.face(f, tr)))
            parts.append(element(f"die-{i}", title, body))
        fate = turn.get("fate_face")
        x = PAD + len(faces) * 49
        body = (rect(x, top, 44, 44, rx=22, fill="#fff4c2", stroke=INK, stroke_width=1.2)
                + _icon(_face_kind(fate, components), x + 8, top + 8, 28))
        parts.append(element("die-fate", _("Fate die: %(face)s", face=words.face(fate, tr)), body))
        y = top + 44 + 16
        facts = [_("workers %(n)s", n=turn.get("workers", 0)), _("inventions %(n)s", n=turn.get("inventions", 0)),
                 _("skulls rolled %(n)s", n=turn.get("skulls_rolled", 0))]
        if turn.get("disaster"):
            facts.append(_("disaster: %(disaster)s", disaster=words.face(turn["disaster"], tr)))
        if turn.get("development_bought"):
            facts.append(_("bought: %(development)s", development=words.face(turn["development_bought"], tr)))
        body, y = lines(PAD, y, _("This turn: %(facts)s", facts=" · ".join(facts)), INNER, 12)
        parts.append(body)
    return section("turn", W, int(y), status, "".join(parts), PAPER)


def _word(table: dict[str, str], key: str, tr: Translator) -> str:
    """A track's or score part's word in the reader's language (an unknown key as it is written)."""
    return tr.gettext(table[key]) if key in table else key.replace("_", " ")


def _tracks(seat: int, p: dict, components: dict, y: float, tr: Translator) -> str:
    """The five tracks as cards of 15 slots each, the filled ones dark, the value in figures."""
    out = []
    for i, t in enumerate(TRACKS):
        maximum = components["tracks"].get(t, {}).get("max") or 15
        x = PAD + i * 69
        value = p[t]
        word = _word(TRACK_WORDS, t, tr)
        body = (_frame("track", x, y)
                + _icon(t, x + 4, y + 4, 18)
                + text(x + 61, y + 18, value, font_size=14, font_weight="bold", text_anchor="end")
                + label(x + 3, y + 36, word, 60, 11)
                + _slots(x + 3, y + 42, min(value, maximum), maximum, 5))
        title = tr.gettext("%(track)s: %(value)s of %(max)s", track=word, value=value, max=maximum)
        el = {"military": f"s{seat}-military", "ships": f"s{seat}-ships"}.get(t)
        out.append(element(el, title, body) if el else group(body, title))
    return "".join(out)


def _ports(seat: int, y: float, cols: list[dict], spec: list[dict], tr: Translator) -> str:
    """A port per column: its worker box above its amphoras (1 good each); a built port whole."""
    _ = tr.gettext
    out = []
    for k, (col, data) in enumerate(zip(cols, spec)):
        c, x = col["column"], PAD + k * 58
        if col["complete"]:
            body = (_frame("port-on", x, y)
                    + _icon("port", x + 4, y + 4, 20) + text(x + 50, y + 19, c, font_size=12, font_weight="bold",
                                                            text_anchor="end")
                    + _icon("check", x + 13, y + 40, 28))
            out.append(element(f"s{seat}-port-{c}", _("Port %(c)s: built", c=c), body))
            continue
        box = (_frame("box", x, y)
               + _icon("port", x + 4, y + 4, 20) + text(x + 50, y + 19, c, font_size=12, font_weight="bold",
                                                       text_anchor="end")
               + _slots(x + 4, y + 28, col["boxes_filled"], data["worker_boxes"], 4))
        out.append(element(f"s{seat}-port-{c}", _("Port %(c)s: worker box %(filled)s of %(boxes)s filled", c=c,
                                                  filled=col["boxes_filled"], boxes=data["worker_boxes"]), box))
        amph = (_frame("box", x, y + 48)
                + _icon("goods", x + 4, y + 51, 16)
                + text(x + 50, y + 64, f"{col['amphoras_filled']}/{data['amphoras']}", font_size=11,
                       text_anchor="end")
                + _slots(x + 3, y + 72, col["amphoras_filled"], data["amphoras"], 5, step=10))
        out.append(element(f"s{seat}-amphora-{c}", _("Port %(c)s: amphoras %(filled)s of %(amphoras)s filled "
                                                     "(1 good each)", c=c, filled=col["amphoras_filled"],
                                                     amphoras=data["amphoras"]), amph))
    return "".join(out)


def _provinces(seat: int, y: float, cols: list[dict], spec: list[dict], tr: Translator) -> str:
    _ = tr.gettext
    out = []
    for k, (col, data) in enumerate(zip(cols, spec)):
        c, done, x = col["column"], col["complete"], PAD + k * 58
        body = (_frame("box-on" if done else "box", x, y)
                + _icon("province", x + 4, y + 3, 20)
                + text(x + 50, y + 18, c, font_size=12, font_weight="bold", text_anchor="end")
                + (_icon("check", x + 31, y + 24, 16) if done else
                   _slots(x + 4, y + 28, col["boxes_filled"], data["worker_boxes"], 6, step=8)))
        title = (_("Province %(c)s: built", c=c) if done else
                 _("Province %(c)s: %(filled)s of %(boxes)s worker boxes filled; when founded: military +%(military)s, "
                   "tribute +%(tribute)s", c=c, filled=col["boxes_filled"], boxes=data["worker_boxes"],
                   military=data.get("military_on_completion", 0), tribute=data.get("tribute", 0)))
        out.append(element(f"s{seat}-province-{c}", title, body))
    return "".join(out)


def _monuments(view: dict, seat: int, y: float, spec: list[dict], full: bool, tr: Translator) -> tuple[str, float]:
    """Monuments as cards: name, worker boxes as slots, the points it is worth to this player.
    `full`: every monument (the viewer's own board, where one is built); else those begun, and
    the others named in a line (a page with four boards stays light)."""
    _ = tr.gettext
    p = view["players"][seat]
    firsts = view.get("monument_first_by", {})
    out = []
    begun = [m for m in spec if full or (p["monuments"].get(m["id"]) or {}).get("boxes_filled")
             or (p["monuments"].get(m["id"]) or {}).get("complete")]
    rest = [words.named(m, tr) for m in spec if m not in begun]
    for k, m in enumerate(begun):
        x, yy = PAD + (k % 3) * 116, y + (k // 3) * 66
        mine = p["monuments"].get(m["id"], {"boxes_filled": 0, "complete": False, "points": None})
        done, taken = mine["complete"], firsts.get(m["id"]) is not None
        name = words.named(m, tr)
        points = mine["points"] if done else m["points_later"] if taken else m["points_first"]
        boxes = m["worker_boxes"]
        per_row = min(boxes, 7)
        name_lines = wrap(name, 102, 11, True, 2)
        body = (_frame("monument-on" if done else "monument", x, yy)
                + "".join(text(x + 5, yy + 15 + 13 * i, n, font_size=11, font_weight="bold")
                          for i, n in enumerate(name_lines))
                + _icon("star", x + 88, yy + 34, 12) + text(x + 107, yy + 57, points, font_size=12,
                                                            font_weight="bold", text_anchor="end")
                + (_icon("check", x + 5, yy + 33, 24) if done else
                   _slots(x + 5, yy + 38, mine["boxes_filled"], boxes, per_row, step=11)))
        args = dict(name=name, filled=mine["boxes_filled"], boxes=boxes, first=m["points_first"],
                    later=m["points_later"])
        title = (_("%(name)s: built, worth %(points)s points", name=name, points=mine["points"]) if done else
                 _("%(name)s: %(filled)s of %(boxes)s worker boxes; worth %(first)s points to the first to complete "
                   "it, %(later)s later (already completed by someone)", **args) if taken else
                 _("%(name)s: %(filled)s of %(boxes)s worker boxes; worth %(first)s points to the first to complete "
                   "it, %(later)s later", **args))
        out.append(element(f"s{seat}-monument-{m['id']}", title, body))
    y += 66 * (-(-len(begun) // 3))
    if rest:
        body, y = lines(PAD + 2, y + 10, _("Monuments not begun: %(names)s", names=", ".join(rest)), INNER - 4, 11)
        out.append(body)
        y -= 6
    return "".join(out), y


def _developments(seat: int, p: dict, y: float, spec: list[dict], full: bool, tr: Translator) -> tuple[str, float]:
    """Developments as cards, the cost on each: owned ones filled and checked. `full`: every
    development (the viewer's own board, where one is bought); else the owned ones only."""
    owned = {d["id"] if isinstance(d, dict) else d for d in p["developments"]}
    shown = [d for d in spec if full or d["id"] in owned]
    out = [text(PAD + 2, y + 12, tr.gettext("Developments"), font_size=12, font_weight="bold")]
    y += 18
    for k, d in enumerate(shown):
        x, yy = PAD + (k % 3) * 116, y + (k // 3) * 48
        have = d["id"] in owned
        body = (_frame("dev-on" if have else "dev", x, yy)
                + label(x + 5, yy + 16, words.named(d, tr), 102, 11, font_weight="bold" if have else None)
                + _icon("wealth", x + 5, yy + 24, 14) + text(x + 22, yy + 36, d["cost"], font_size=11)
                + (_icon("check", x + 88, yy + 22, 18) if have else ""))
        label_ = (tr.gettext("Owned: %(development)s", development=words.development(d, tr)) if have
                  else words.development(d, tr))
        out.append(element(f"s{seat}-dev-{d['id']}", label_, body))
    if not shown:
        out.append(text(PAD + 2, y + 12, "—", font_size=12))
        return "".join(out), y + 20
    return "".join(out), y + 48 * (-(-len(shown) // 3))


def _sheet(view: dict, components: dict, seat: int, names: list[str], viewer: int | None, tr: Translator) -> str:
    """One player's board: a section of its own."""
    _ = tr.gettext
    p = view["players"][seat]
    derived = view.get("derived", {})
    score = derived.get("scores", [None] * (seat + 1))[seat]
    strength = derived.get("strength", [None] * (seat + 1))[seat]
    active = view.get("active_seat") == seat and not view.get("game_over")
    who = _name(names, seat, viewer, tr)
    marks = ((_("%(who)s — to play — start player", who=who) if p.get("start_player") else _("%(who)s — to play", who=who))
             if active else _("%(who)s — start player", who=who) if p.get("start_player") else who)
    head = _("%(who)s · score %(score)s · strength %(strength)s", who=marks, score=score, strength=strength)
    parts = [rect(1, 1, W - 2, 0, rx=6, fill="#fafaf5", stroke="#333" if active else "#999",
                  stroke_width=3 if active else 1)]
    title, y = lines(PAD + 4, 20, head, INNER - 8, 14, font_weight="bold")
    parts.append(title)
    parts.append(_tracks(seat, p, components, y - 6, tr))
    y += 78
    counters = _("tribute %(tribute)s · skulls %(skulls)s · conquest boxes %(filled)s of %(total)s · %(ports)s ports, "
                 "%(provinces)s provinces owned", tribute=p["tribute"], skulls=p["skulls"],
                 filled=p["conquest_boxes_filled"], total=components["conquest_area"]["boxes_total"],
                 ports=p["ports_owned"], provinces=p["provinces_owned"])
    body, y = lines(PAD + 2, y + 6, counters, INNER - 4, 12)
    parts.append(body)
    parts.append(text(PAD + 2, y + 4, _("Ports"), font_size=12, font_weight="bold"))
    parts.append(_ports(seat, y + 10, p["ports"], components["ports"], tr))
    y += 118
    parts.append(text(PAD + 2, y, _("Provinces"), font_size=12, font_weight="bold"))
    parts.append(_provinces(seat, y + 6, p["provinces"], components["provinces"], tr))
    y += 70
    monuments, y = _monuments(view, seat, y - 6, components["monuments"], seat == viewer, tr)
    parts.append(monuments)
    y += 8
    devs, y = _developments(seat, p, y - 10, components["developments"], seat == viewer, tr)
    parts.append(devs)
    y += 10
    breakdown = derived.get("score_breakdown", [{}] * (seat + 1))[seat]
    if breakdown:
        body, y = lines(PAD + 2, y, _("Score: %(parts)s", parts=", ".join(
            f"{_word(SCORE_WORDS, k, tr)} {v}" for k, v in breakdown.items())), INNER - 4, 11)
        parts.append(body)
    height = int(y)
    parts[0] = rect(1, 1, W - 2, height - 2, rx=6, fill="#fafaf5", stroke="#333" if active else "#999",
                    stroke_width=3 if active else 1)
    return section(f"board-{seat}", W, height, _("Score sheet of %(who)s: %(head)s", who=who, head=head),
                   "".join(parts), PAPER)


def _legend_items(components: dict, tr: Translator) -> list[tuple[str | None, str]]:
    """(icon or None, words): every face, fate face, disaster and development in words."""
    _ = tr.gettext
    out: list[tuple[str | None, str]] = [
        (f["id"] if f["id"] in ICONS else None, f"{words.face(f['id'], tr)}: {words.empire_face(f, tr)}")
        for f in components["empire_dice"]["faces"]]
    seen = set()
    for f in components["fate_die"]["faces"]:
        if words.face(f["id"]) not in seen:
            seen.add(words.face(f["id"]))
            fate = _("fate %(face)s:", face=words.face(f["id"], tr))
            out.append((_face_kind(f["id"], components), fate + " " + words.fate_face(f, tr)))
    locked, strength, disaster = _("locked:"), _("strength:"), _("disaster:")
    out.append(("lock", locked + " " + _("a skull die is locked and cannot be rerolled")))
    out.append(("military", strength + " " + _("military + Divisions + ships with Navy; wins give tribute, losses skulls")))
    out += [(None, disaster + " " + words.disaster(d, tr)) for d in components["disasters"]]
    out += [("check", _("a development you own (with its cost); the developments:"))]
    out += [(None, words.development(d, tr)) for d in components["developments"]]
    return out


_LEGENDS: dict[tuple[int, str], tuple[dict, str]] = {}


def _legend(components: dict, tr: Translator) -> str:
    """The legend section, drawn once per component data and language (it is the same for every
    position)."""
    kept = _LEGENDS.get((id(components), tr.lang))
    if kept is None or kept[0] is not components:
        kept = _LEGENDS[(id(components), tr.lang)] = (components, _draw_legend(components, tr))
    return kept[1]


def _draw_legend(components: dict, tr: Translator) -> str:
    parts = [text(PAD, 18, tr.gettext("Legend"), font_size=13, font_weight="bold")]
    y = 24.0
    for icon, words_ in _legend_items(components, tr):
        rows = wrap(words_, INNER - 24, 11)
        if icon:
            parts.append(_icon(icon, PAD, y + 1, 16))
        parts += [text(PAD + 22, y + 13 + 14 * i, r, font_size=11) for i, r in enumerate(rows)]
        y += max(20, 14 * len(rows) + 6)
    return section("legend", W, int(y + 4), tr.gettext("Legend"), "".join(parts), PAPER)


def draw(view: dict[str, Any], viewer: int | None, components: dict[str, Any], names: list[str] | None = None,
         tr: Translator = EN) -> str:
    """The board of `view` as `viewer` (None: a spectator) sees it; players called by `names`; its
    words in `tr`'s language (the German rulebook's terms)."""
    _ = tr.gettext
    seats = len(view["players"])
    names = list(names) if names else [_("Player %(n)s", n=s + 1) for s in range(seats)]
    scores = view.get("derived", {}).get("scores", [None] * seats)
    if view.get("game_over"):
        status = _("Game over (%(reason)s)", reason=words.face(view.get("end_reason") or "end", tr))
    else:
        who = _name(names, view["active_seat"], viewer, tr)
        deciders = sorted({d["seat"] for d in view.get("pending_decisions", [])})
        if view["phase"] == "tribute" and deciders:
            status = _("Round %(round)s: %(who)s's turn; %(deciders)s answering the tribute demand",
                       round=view["round"], who=who, deciders=", ".join(_name(names, s, viewer, tr) for s in deciders))
        elif view["phase"] in PHASE_WORDS:
            status = _(PHASE_WORDS[view["phase"]], round=view["round"], who=who)
        else:
            status = f"Round {view['round']}: {who} is {words.face(view['phase'])}"
    line2 = _("Scores: %(scores)s", scores=", ".join(f"{_name(names, s, viewer, tr)} {scores[s]}" for s in range(seats)))
    order = list(range(seats))
    if viewer is not None and 0 <= viewer < seats:
        order = [viewer] + [s for s in order if s != viewer]
    sections = [_dice(view, components, names, viewer, tr, status, line2)]
    sections += [_sheet(view, components, s, names, viewer, tr) for s in order]
    sections.append(_legend(components, tr))
    title = (_("Iron Age table as a spectator sees it") if viewer is None
             else _("Iron Age table as %(who)s sees it", who=_name(names, viewer, viewer, tr)))
    return board(title, f"{status}. {line2}.", sections, "iron-age", _defs("".join(sections)))
