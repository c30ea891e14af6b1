"""The Iron Age table as SVG, drawn from a view (everything in this game is public, RULES.md §1,
but the hook still draws only what `view` holds): the current dice, then one score sheet per
player stacked (the viewer's first) -- tracks, ports, provinces, monuments, developments, score
-- and a legend that says in words what every face, development and disaster does (from the
component data). Things a step may name are `element`s (ids in steps.py): `die-<i>`,
`die-fate`, and per sheet `s<seat>-port-<c>`, `s<seat>-amphora-<c>`, `s<seat>-province-<c>`,
`s<seat>-monument-<id>`, `s<seat>-military`, `s<seat>-ships`, `s<seat>-dev-<id>`.
"""

from __future__ import annotations

from typing import Any

from referee.engine.drawing import MIN_FONT, document, element, group, legend, rect, text
from referee.games.iron_age import words
from referee.plumbing.i18n import EN, N_, Translator

WIDTH = 760
PAD = 8
TRACKS = ("food", "goods", "military", "ships", "wealth")
FACE_FILL = {"food": "#c8ecd2", "workers": "#f3e3a2", "food_or_workers": "#e6f0b4", "goods": "#c9dcf7",
             "skull": "#d0d0d0", "invention": "#e2cdf0"}
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


def _name(names: list[str], seat: int, viewer: int | None, tr: Translator = EN) -> str:
    n = names[seat] if seat < len(names) else tr.gettext("Player %(n)s", n=seat + 1)
    return tr.gettext("%(name)s (you)", name=n) if seat == viewer else n


def _dice(view: dict, y: float, names: list[str], viewer: int | None, tr: Translator) -> tuple[str, float]:
    """The active player's empire dice (locked skulls marked) and the fate die."""
    _ = tr.gettext
    turn = view.get("turn")
    if not turn or not turn.get("empire_faces") or view.get("game_over"):
        return "", y
    faces, locked = turn["empire_faces"], turn["locked"]
    who = _name(names, view["active_seat"], viewer, tr)
    parts = [text(PAD, y + 14, _("Dice of %(who)s (roll %(roll)s of 3)", who=who, roll=turn["rolls_used"]),
                  font_size=13, font_weight="bold")]
    w, x = 96, PAD
    y += 22
    for i, f in enumerate(faces):
        lock = bool(locked[i]) if i < len(locked) else False
        body = (rect(x, y, w, 44, rx=8, fill=FACE_FILL.get(f, "#eee"), stroke="#222", stroke_width=3 if lock else 1)
                + text(x + w / 2, y + 17, _("die %(i)s · locked", i=i) if lock else _("die %(i)s", i=i),
                       text_anchor="middle", font_size=11)
                + text(x + w / 2, y + 35, words.face(f, tr), text_anchor="middle", font_size=12, font_weight="bold"))
        label = (_("Empire die %(i)s: %(face)s, locked (a skull cannot be rerolled)", i=i, face=words.face(f, tr))
                 if lock else _("Empire die %(i)s: %(face)s", i=i, face=words.face(f, tr)))
        parts.append(element(f"die-{i}", label, body))
        x += w + 6
    fate = turn.get("fate_face")
    body = (rect(x, y, w, 44, rx=20, fill="#fff4c2", stroke="#222")
            + text(x + w / 2, y + 17, _("fate die"), text_anchor="middle", font_size=11)
            + text(x + w / 2, y + 35, words.face(fate, tr), text_anchor="middle", font_size=12, font_weight="bold"))
    parts.append(element("die-fate", _("Fate die: %(face)s", face=words.face(fate, tr)), body))
    y += 52
    facts = [_("workers %(n)s", n=turn.get("workers", 0)), _("inventions %(n)s", n=turn.get("inventions", 0)),
             _("skulls rolled %(n)s", n=turn.get("skulls_rolled", 0))]
    if turn.get("disaster"):
        facts.append(_("disaster: %(disaster)s", disaster=words.face(turn["disaster"], tr)))
    if turn.get("development_bought"):
        facts.append(_("bought: %(development)s", development=words.face(turn["development_bought"], tr)))
    parts.append(text(PAD, y + 12, _("This turn: %(facts)s", facts=" · ".join(facts)), font_size=12))
    return group("".join(parts), _("Dice of %(who)s", who=who)), y + 20


def _track(el: str | None, x: float, y: float, label: str, value: int, maximum: int | None, tr: Translator) -> str:
    width = 140
    filled = width * min(value, maximum) / maximum if maximum else 0
    body = (rect(x, y, width, 18, fill="#fff", stroke="#777")
            + (rect(x, y, filled, 18, fill="#9cc3e6") if filled else "")
            + text(x + 4, y + 13, f"{label} {value}" + (f" / {maximum}" if maximum else ""), font_size=12))
    title = (tr.gettext("%(track)s: %(value)s of %(max)s", track=label, value=value, max=maximum) if maximum
             else f"{label}: {value}")
    return element(el, title, body) if el else group(body, title)


def _ports(seat: int, x: float, y: float, cols: list[dict], spec: list[dict], tr: Translator) -> str:
    _ = tr.gettext
    parts = [text(x, y + 14, _("Ports"), font_size=12, font_weight="bold")]
    cx = x + 74
    for col, data in zip(cols, spec):
        c = col["column"]
        done = col["complete"]
        fill = "#c8ecd2" if done else "#fff"
        if done:
            body = rect(cx, y, 104, 36, rx=3, fill=fill, stroke="#555", stroke_width=2) + \
                text(cx + 4, y + 14, _("port %(c)s: built", c=c), font_size=11)
            parts.append(element(f"s{seat}-port-{c}", _("Port %(c)s: built", c=c), body))
        else:
            box = (rect(cx, y, 104, 18, rx=3, fill=fill, stroke="#555")
                   + text(cx + 4, y + 13, _("port %(c)s: box %(filled)s/%(boxes)s", c=c, filled=col["boxes_filled"],
                                            boxes=data["worker_boxes"]), font_size=11))
            amph = (rect(cx, y + 18, 104, 18, rx=3, fill=fill, stroke="#555")
                    + text(cx + 4, y + 31, _("amphoras %(filled)s/%(amphoras)s", filled=col["amphoras_filled"],
                                             amphoras=data["amphoras"]), font_size=11))
            parts.append(element(f"s{seat}-port-{c}", _("Port %(c)s: worker box %(filled)s of %(boxes)s filled", c=c,
                                                         filled=col["boxes_filled"], boxes=data["worker_boxes"]), box))
            parts.append(element(f"s{seat}-amphora-{c}", _("Port %(c)s: amphoras %(filled)s of %(amphoras)s filled "
                                                            "(1 good each)", c=c, filled=col["amphoras_filled"],
                                                            amphoras=data["amphoras"]), amph))
        cx += 107
    return "".join(parts)


def _provinces(seat: int, x: float, y: float, cols: list[dict], spec: list[dict], tr: Translator) -> str:
    _ = tr.gettext
    parts = [text(x, y + 14, _("Provinces"), font_size=12, font_weight="bold")]
    cx = x + 74
    for col, data in zip(cols, spec):
        c, done = col["column"], col["complete"]
        label = (_("province %(c)s: built", c=c) if done else
                 _("province %(c)s: %(filled)s/%(boxes)s", c=c, filled=col["boxes_filled"], boxes=data["worker_boxes"]))
        body = (rect(cx, y, 104, 18, rx=3, fill="#c8ecd2" if done else "#fff", stroke="#555", stroke_width=2 if done else 1)
                + text(cx + 4, y + 13, label, font_size=11))
        title = (_("Province %(c)s: built", c=c) if done else
                 _("Province %(c)s: %(filled)s of %(boxes)s worker boxes filled; when founded: military +%(military)s, "
                   "tribute +%(tribute)s", c=c, filled=col["boxes_filled"], boxes=data["worker_boxes"],
                   military=data.get("military_on_completion", 0), tribute=data.get("tribute", 0)))
        parts.append(element(f"s{seat}-province-{c}", title, body))
        cx += 107
    return "".join(parts)


def _monuments(view: dict, seat: int, x: float, y: float, spec: list[dict], tr: Translator) -> str:
    _ = tr.gettext
    p = view["players"][seat]
    firsts = view.get("monument_first_by", {})
    parts = []
    cx = x
    for m in spec:
        mine = p["monuments"].get(m["id"], {"boxes_filled": 0, "complete": False, "points": None})
        done = mine["complete"]
        taken = firsts.get(m["id"]) is not None
        state = (_("built, %(points)s pts", points=mine["points"]) if done else
                 _("%(filled)s/%(boxes)s · %(points)s pts", filled=mine["boxes_filled"], boxes=m["worker_boxes"],
                   points=m["points_later"] if taken else m["points_first"]))
        name = words.named(m, tr) if "en" in m or tr.lang != EN.lang else words.face(m["id"])
        body = (rect(cx, y, 120, 34, rx=3, fill="#c8ecd2" if done else "#fff", stroke="#555")
                + text(cx + 4, y + 14, name, font_size=11, font_weight="bold")
                + text(cx + 4, y + 28, state, font_size=11))
        args = dict(name=words.named(m, tr) if "en" in m or tr.lang != EN.lang else m["id"],
                    filled=mine["boxes_filled"], boxes=m["worker_boxes"], first=m["points_first"],
                    later=m["points_later"])
        title = (_("%(name)s: built, worth %(points)s points", name=args["name"], points=mine["points"]) if done else
                 _("%(name)s: %(filled)s of %(boxes)s worker boxes; worth %(first)s points to the first to complete "
                   "it, %(later)s later (already completed by someone)", **args) if taken else
                 _("%(name)s: %(filled)s of %(boxes)s worker boxes; worth %(first)s points to the first to complete "
                   "it, %(later)s later", **args))
        parts.append(element(f"s{seat}-monument-{m['id']}", title, body))
        cx += 124
    return "".join(parts)


def _developments(seat: int, p: dict, x: float, y: float, spec: list[dict], tr: Translator) -> str:
    owned = {d["id"] if isinstance(d, dict) else d for d in p["developments"]}
    parts = []
    for k, d in enumerate(spec):
        cx, cy = x + (k % 6) * 124, y + (k // 6) * 22
        have = d["id"] in owned
        name = words.named(d, tr) if "en" in d or tr.lang != EN.lang else d["id"]
        body = (rect(cx, cy, 120, 20, rx=3, fill="#e2cdf0" if have else "#fff", stroke="#555", stroke_width=2 if have else 1)
                + text(cx + 4, cy + 14, f"{'✓ ' if have else ''}{name} {d['cost']}", font_size=11))
        label = (tr.gettext("Owned: %(development)s", development=words.development(d, tr)) if have
                 else words.development(d, tr))
        parts.append(element(f"s{seat}-dev-{d['id']}", label, body))
    return "".join(parts)


SHEET_H = 268


def _word(table: dict[str, str], key: str, tr: Translator) -> str:
    """A track's or score part's word in the reader's language (an unknown key as it is written)."""
    return tr.gettext(table[key]) if key in table else key.replace("_", " ")


def _sheet(view: dict, components: dict, seat: int, y: float, names: list[str], viewer: int | None,
           tr: Translator) -> str:
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
    parts = [rect(PAD - 4, y, WIDTH - 2 * PAD + 8, SHEET_H - 8, rx=6, fill="#fafaf5",
                  stroke="#333" if active else "#999", stroke_width=3 if active else 1),
             text(PAD + 4, y + 18, head, font_size=14, font_weight="bold")]
    ty = y + 26
    for i, t in enumerate(TRACKS):
        maximum = components["tracks"].get(t, {}).get("max")
        el = {"military": f"s{seat}-military", "ships": f"s{seat}-ships"}.get(t)
        parts.append(_track(el, PAD + 4 + i * 148, ty, _word(TRACK_WORDS, t, tr), p[t], maximum, tr))
    counters = _("tribute %(tribute)s · skulls %(skulls)s · conquest boxes %(filled)s of %(total)s · %(ports)s ports, "
                 "%(provinces)s provinces owned", tribute=p["tribute"], skulls=p["skulls"],
                 filled=p["conquest_boxes_filled"], total=components["conquest_area"]["boxes_total"],
                 ports=p["ports_owned"], provinces=p["provinces_owned"])
    parts.append(text(PAD + 4, ty + 36, counters, font_size=12))
    parts.append(_ports(seat, PAD + 4, ty + 44, p["ports"], components["ports"], tr))
    parts.append(_provinces(seat, PAD + 4, ty + 84, p["provinces"], components["provinces"], tr))
    parts.append(_monuments(view, seat, PAD + 4, ty + 106, components["monuments"], tr))
    parts.append(_developments(seat, p, PAD + 4, ty + 144, components["developments"], tr))
    breakdown = derived.get("score_breakdown", [{}] * (seat + 1))[seat]
    if breakdown:
        parts.append(text(PAD + 4, ty + 204, _("Score: %(parts)s", parts=", ".join(
            f"{_word(SCORE_WORDS, k, tr)} {v}" for k, v in breakdown.items())), font_size=11))
    return group("".join(parts), _("Score sheet of %(who)s: %(head)s", who=who, head=head))


def _legend(components: dict, tr: Translator) -> list[tuple[str, str]]:
    _ = tr.gettext
    out = [(f"{words.face(f['id'], tr)}:", words.empire_face(f, tr)) for f in components["empire_dice"]["faces"]]
    seen = set()
    for f in components["fate_die"]["faces"]:
        if words.face(f["id"]) not in seen:
            seen.add(words.face(f["id"]))
            out.append((_("fate %(face)s:", face=words.face(f["id"], tr)), words.fate_face(f, tr)))
    out.append((_("locked:"), _("a skull die is locked and cannot be rerolled")))
    out.append((_("strength:"), _("military + Divisions + ships with Navy; wins give tribute, losses skulls")))
    out += [(_("disaster:"), words.disaster(d, tr)) for d in components["disasters"]]
    out += [(_("✓ Navy 20:"), _("a development you own (with its cost); the developments:"))]
    out += [("", words.development(d, tr)) for d in components["developments"]]
    return out


def draw(view: dict[str, Any], viewer: int | None, components: dict[str, Any], names: list[str] | None = None,
         tr: Translator = EN) -> str:
    """The SVG of `view` as `viewer` (None: a spectator) sees it; players called by `names`; its
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
            sentence = PHASE_WORDS[view["phase"]]
            status = _(sentence, round=view["round"], who=who)
        else:
            status = f"Round {view['round']}: {who} is {words.face(view['phase'])}"
    line2 = _("Scores: %(scores)s", scores=", ".join(f"{_name(names, s, viewer, tr)} {scores[s]}" for s in range(seats)))
    parts = [text(PAD, 20, status, font_size=15, font_weight="bold"), text(PAD, 38, line2, font_size=12)]
    dice, y = _dice(view, 44, names, viewer, tr)
    parts.append(dice)
    y += 6
    order = list(range(seats))
    if viewer is not None and 0 <= viewer < seats:
        order = [viewer] + [s for s in order if s != viewer]
    for s in order:
        parts.append(_sheet(view, components, s, y, names, viewer, tr))
        y += SHEET_H
    items = _legend(components, tr)
    parts.append(text(PAD, y + 14, _("Legend"), font_size=13, font_weight="bold"))
    parts.append(legend(PAD, y + 32, items, size=MIN_FONT, line=15))
    y += 32 + 15 * len(items)
    title = (_("Iron Age table as a spectator sees it") if viewer is None
             else _("Iron Age table as %(who)s sees it", who=_name(names, viewer, viewer, tr)))
    return document(WIDTH, int(y), title, f"{status}. {line2}.", "".join(parts), "iron-age")
