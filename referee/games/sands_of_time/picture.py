"""The board (contract `picture`), drawn from a view only with the engine's drawing helper, as
sections a phone shows one under another at their natural size (engine/drawing.py, issue 39):

1. the turn: dynasty, generation, phase, whom the game waits for;
2. for a seat, its own cards as cards: action and focus cards (`card-<id>`), chronicle cards
   (`chron-<n>`) and bonus actions (`bonus-<id>`), each with where it is;
3. for a seat, its own holdings; then the map in two halves (west, east): regions
   (`region-<id>`) as circles with the controller's letters, citizens and buildings as icons,
   borders (`border-<a>.<z>`) as lines with caravans as lettered squares and trade goods;
4. every other player's holdings;
5. the chronicle board (`field-A`..`field-F`), the progress rows (`row-<row>`, drawn cards
   `progress-<id>`) and a legend for every symbol.
What a card does, who holds what in a region and a border's caravans are in each element's
<title>; what the board shows is measured (drawing.text_width) so no text leaves its box.
Its words are in the reader's language (`tr`), the game's terms from its glossary.
Every thing a step may name is an `element` whose `data-el` is that step's Option.element.
"""

from __future__ import annotations

import json
from functools import lru_cache

from referee.engine.drawing import (
    MIN_FONT,
    SECTION_WIDTH,
    board,
    element,
    fit,
    group,
    lines,
    rect,
    section,
    symbol,
    text,
    text_width,
    use,
    wrap,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.views import HIDDEN
from referee.games.sands_of_time.words import (
    BONUS_TEXT,
    FIELD_MEASURE,
    card_name,
    card_text,
    chronicle_text,
    farmers,
    progress_text,
    region_name,
    row_name,
    say,
    soldiers,
    title,
    word,
)
from referee.plumbing.i18n import EN, N_, Translator

W = SECTION_WIDTH
PAD = 8
LINE = 15
# Positions on the printed board's layout (900 x 560); the map is drawn in two halves.
LAYOUT = {
    "britannia": (70, 60), "hispania": (70, 260), "gallia": (160, 150), "germania": (280, 80),
    "italia": (260, 220), "sicilia": (230, 330), "illyricum": (370, 170), "dacia": (440, 80),
    "graecia": (400, 270), "thracia": (500, 190), "scythia": (590, 60), "colchis": (700, 110),
    "asia_minor": (580, 250), "rhodes": (500, 330), "cyprus": (610, 350), "armenia": (720, 220),
    "syria": (690, 330), "mesopotamia": (800, 300), "persia": (850, 200), "india": (870, 420),
    "arabia": (780, 430), "judaea": (680, 440), "aegyptus": (580, 470), "aethiopia": (480, 520),
    "libya": (380, 440), "mauretania": (170, 450),
}
HALVES = (("west", N_("Map, west"), 70), ("east", N_("Map, east"), 480))  # (key, title, left edge)
SPLIT = 460  # layout x where the east half begins
SCALE = 0.78
R = 22  # a region's circle: 44 units across, a thumb's target
SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#9a6400", "#7d3c98"]
KIND = {"capital": N_("%(name)s's capital"), "province": N_("%(name)s's province"), "colony": N_("%(name)s's colony")}
MARK = {"capital": "*", "province": "P", "colony": "K"}
PHASES = {"SELECT": N_("cards are chosen in secret"), "EXECUTE": N_("cards are revealed and played"),
          "GROWTH": N_("population growth"), "OVERPOP": N_("overpopulation"), "GAME_OVER": N_("game over"),
          # the English of these is the phase id in words, as ever
          "SETUP_DRAFT": N_("setup draft"), "SETUP_CAPITAL": N_("setup capital"), "SETUP_CARAVAN": N_("setup caravan"),
          "SETUP_FARMER": N_("setup farmer"), "SETUP_PROGRESS": N_("setup progress"), "INCOME": N_("income"),
          "REVEAL": N_("reveal"), "TURN_END": N_("turn end"), "DYNASTY": N_("dynasty")}
SEAT = N_("Seat %(seat)s")
STATUS = {"pending": N_("pending"), "done": N_("done"), "declined": N_("declined")}
# Where an own card is: its fill, and a letter in its corner (colour is never the only sign).
CARD_STATE = {"hand": ("#fbf7ee", ""), "chosen": ("#fdebd0", "!"), "revealed": ("#d6eaf8", "»"),
              "played": ("#e5e5e5", "✓"), "out": ("#f2f2f2", "–")}

# The drawn components, defined once per page (drawing.symbol) and drawn with drawing.use.
DEFS = "".join([
    symbol("sf", 10, 14, '<circle cx="5" cy="3" r="2.6" fill="#6e4b1f"/>'
           '<path d="M1 14 L2 7 Q5 5 8 7 L9 14 Z" fill="#6e4b1f"/>'),
    symbol("ss", 10, 14, '<circle cx="5" cy="3" r="2.6" fill="#333"/><path d="M1 14 L2 7 Q5 5 8 7 L9 14 Z" '
           'fill="#333"/><path d="M9.5 0 V14" stroke="#333" stroke-width="1.2"/>'),
    symbol("sb", 12, 12, '<path d="M1 5 L6 1 L11 5 V11 H1 Z" fill="#a04000"/>'),
    symbol("sg", 12, 14, '<path d="M6 14 V3" stroke="#7d6608" stroke-width="1.4"/><ellipse cx="6" cy="3" '
           'rx="2" ry="3" fill="#d4ac0d"/><ellipse cx="3.5" cy="7" rx="2" ry="3" fill="#d4ac0d"/><ellipse cx="8.5" '
           'cy="7" rx="2" ry="3" fill="#d4ac0d"/>'),
    symbol("so", 12, 12, '<circle cx="6" cy="6" r="5.2" fill="#f4d03f" stroke="#9a7d0a"/><circle cx="6" cy="6" '
           'r="2.4" fill="none" stroke="#9a7d0a"/>'),
    symbol("sv", 12, 12, '<path d="M6 0.5 L7.6 4.4 L11.7 4.6 L8.5 7.2 L9.6 11.3 L6 9 L2.4 11.3 L3.5 7.2 L0.3 4.6 '
           'L4.4 4.4 Z" fill="#1f618d"/>'),
    symbol("su", 12, 14, '<path d="M6 0 C9 4 11 6 10 10 C9 13 3 13 2 10 C1 7 4 6 4 3 C5 5 6 5 6 0 Z" '
           'fill="#cb4335"/>'),
    symbol("sc", 14, 12, '<rect x="1" y="3" width="12" height="6" rx="1" fill="#8e6e3a"/><circle cx="4" '
           'cy="10" r="1.8" fill="#333"/><circle cx="10" cy="10" r="1.8" fill="#333"/>'),
])


def phase_words(tr: Translator, phase: str) -> str:
    """The phase in words (the picture and the mail summary)."""
    return tr.gettext(PHASES[phase]) if phase in PHASES else phase.lower().replace("_", " ")


class Sheet:
    """One section being drawn top to bottom: `y` is the baseline of the last line."""

    def __init__(self, top: float = 0) -> None:
        self.parts: list[str] = []
        self.y = top

    def add(self, words: str, size: float, step: float, x: float = PAD, **attrs: object) -> None:
        """`words` wrapped to the section's width, each line `step` under the one before."""
        svg, under = lines(x, self.y + step, words, W - x - PAD, size, line=step, **attrs)
        self.parts.append(svg)
        self.y = under - step

    def heading(self, words: str, size: int = 13) -> None:
        self.add(words, size, size + 5, font_weight="bold")

    def para(self, words: str, x: float = PAD, **attrs: object) -> None:
        self.add(words, MIN_FONT, LINE, x, **attrs)

    def done(self, key: str, title_words: str, extra: float = PAD) -> str:
        return section(key, W, int(self.y + extra), title_words, "".join(self.parts), font_size=MIN_FONT)


def _stats(x: float, y: float, items: list[tuple[str, object, str]]) -> tuple[str, float]:
    """Icon-and-number pairs in a row from (x, y) (y: the row's top), wrapping at the section's
    edge; each pair has its words as a <title>. Returns the svg and the row's bottom."""
    out, cx = [], x
    for sym, value, label in items:
        w = 16 + text_width(value, 12, True) + 12
        if cx + w > W - PAD:
            cx, y = x, y + 22
        out.append(group(text(cx + 17, y + 14, value, font_size=12, font_weight="bold") + use(sym, cx, y + 2, 14, 14),
                         label))
        cx += w
    return "".join(out), y + 20


def _initial(names: list[str], seat: int) -> str:
    return (names[seat][:3] if seat < len(names) and names[seat] else f"S{seat}")


def _letter(names: list[str], seat: int) -> str:
    return (names[seat][:1] if seat < len(names) and names[seat] else str(seat)).upper()


def _region(g: GameData, tr: Translator, r: object) -> str:
    return word(tr, region_name(g, r))


def _good(tr: Translator, good: str) -> str:
    """A trade good ("purple_dye" as the English has always shown it; "Purpur")."""
    return good if tr.lang == EN.lang else word(tr, good.replace("_", " "))


def _title(tr: Translator, ident: str) -> str:
    return word(tr, title(ident))


def picture(g: GameData, view: dict, seat: int | None, names: list[str] | None = None,
            tr: Translator = EN) -> str:
    n = len(view["players"])
    names = list(names or [tr.gettext(SEAT, seat=i) for i in range(n)])
    names += [tr.gettext(SEAT, seat=i) for i in range(len(names), n)]
    own = seat if seat is not None and 0 <= seat < n else None
    sections = [_turn(g, view, names, tr)]
    if own is not None:
        sections += [_own_cards(g, view, names, own, tr), _player(g, view, names, own, own, tr)]
    sections += [_map_half(g, view, names, tr, *half) for half in HALVES]
    sections += [_player(g, view, names, i, own, tr) for i in range(n) if i != own]
    sections += [_chronicle_board(g, view, names, tr), _progress(g, view, names, tr), _legend(g, view, names, tr)]
    who = names[own] if own is not None else tr.gettext("a spectator")
    return board(tr.gettext("The Sands of Time, as %(who)s sees it", who=who),
                 tr.gettext("The map, the regions, the players, your cards, the chronicle board and the progress rows."),
                 sections, "sands", DEFS)


def _turn(g: GameData, view: dict, names: list[str], tr: Translator) -> str:
    s = Sheet()
    s.heading(_headline(g, view, names, tr))
    s.para(_whose_turn(g, view, names, None, tr))
    combat = view.get("last_combat")
    if combat:
        s.para(_combat_words(g, combat, names, tr))
    return s.done("turn", tr.gettext("Phase"))


# -- the map ---------------------------------------------------------------------------------

def _pos(region: str, left: float, top: float) -> tuple[float, float]:
    x, y = LAYOUT[region]
    return PAD + R + (x - left) * SCALE, top + R + (y - 60) * SCALE


def _west(region: str) -> bool:
    return LAYOUT[region][0] < SPLIT


def _clip(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    """The point where the line from (x1, y1) (inside) to (x2, y2) leaves the section's width."""
    edge = W if x2 > W else 0
    t = (edge - x1) / (x2 - x1) if x2 != x1 else 1
    return edge, y1 + (y2 - y1) * t


def _hits(box: tuple[float, float, float, float], boxes: list[tuple[float, float, float, float]]) -> bool:
    x, y, w, h = box
    return any(x < bx + bw and bx < x + w and y < by + bh and by < y + h for bx, by, bw, bh in boxes)


def _map_half(g: GameData, view: dict, names: list[str], tr: Translator, key: str, title_msg: str,
              left: float) -> str:
    """A half of the map, drawn from the view's regions and caravans alone: the same for every
    viewer of a position, whose pages (and each step clicked) draw it again, so it is kept for the
    latest positions, keyed by exactly what it is drawn from."""
    public = json.dumps([view["regions"], view["caravans"]], separators=(",", ":"))
    return _map_half_drawn(g, public, tuple(names), tr, key, title_msg, left)


@lru_cache(maxsize=64)
def _map_half_drawn(g: GameData, public: str, names: tuple[str, ...], tr: Translator, key: str, title_msg: str,
                    left: float) -> str:
    regions, caravans = json.loads(public)
    west = key == "west"
    top = 26.0
    here = [r for r in g.region_order if _west(r) == west]
    lines, marks, discs, labels = [], [], [], []
    taken: list[tuple[float, float, float, float]] = []
    for r in here:
        x, y = _pos(r, left, top)
        taken.append((x - R, y - R, 2 * R, 2 * R))
    places = {r: _label_spot(_region(g, tr, r), *_pos(r, left, top), taken) for r in here}
    for bkey in g.borders:
        a, b = g.ends(bkey)
        if _west(a) != west and _west(b) != west:
            continue
        inside, other = (a, b) if _west(a) == west else (b, a)
        (x1, y1), (x2, y2) = _pos(inside, left, top), _pos(other, left, top)
        crossing = _west(other) != west
        if crossing:
            x2, y2 = _clip(x1, y1, x2, y2)
        info = g.border_info[bkey]
        good = info.get("trade_good")
        owners = caravans.get(bkey) or []
        dash = "5 4" if info.get("kind") == "dotted" else None
        line = (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{"#b7950b" if good else "#888"}" '
                f'stroke-width="{4 if good else 2}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        if crossing and not west:  # drawn once, as an element, in the west half
            lines.append(f'<g aria-hidden="true">{line}</g>')
            continue
        size = 15
        span = max(len(owners), 1) * size
        mx, my = _marker_spot(x1, y1, x2, y2, span, size, taken, 0.6 if crossing else 0.5)
        hit = max(2 * R, span + 4)
        # a thumb's target: an invisible 44-unit square under the regions' circles
        body = rect(min(max(mx - hit / 2, 0), W - hit), my - R, hit, 2 * R, fill="#fff", fill_opacity="0") + line
        if owners:
            x0 = mx - len(owners) * size / 2
            for k, o in enumerate(owners):
                colour = SEAT_COLOURS[o % len(SEAT_COLOURS)]
                body += rect(x0 + k * size, my - size / 2, size - 1, size, fill=colour, stroke="#fff")
                body += text(x0 + k * size + (size - 1) / 2, my + 4, _letter(names, o),
                             font_weight="bold", fill="#fff", text_anchor="middle")
            taken.append((x0, my - size / 2, len(owners) * size, size))
        elif good:
            body += use("so", mx - 6, my - 6, 12, 12)
            taken.append((mx - 6, my - 6, 12, 12))
        label = _border_label(g, tr, a, b, bool(dash), good, [names[o] for o in owners])
        marks.append(element(f"border-{a}.{b}", label, body))
    for r in here:
        reg = regions[r]
        x, y = _pos(r, left, top)
        ctrl = reg.get("controller")
        fill = "#f4ecd8" if reg["in_play"] else "#e5e5e5"
        stroke = SEAT_COLOURS[ctrl % len(SEAT_COLOURS)] if ctrl is not None else "#777"
        body = (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{R}" fill="{fill}" stroke="{stroke}" '
                f'stroke-width="{4 if ctrl is not None else 1}"/>') + rect(x - R, y - R, 2 * R, 2 * R, fill="none")
        if reg["in_play"]:
            if ctrl is not None:
                tag = fit(f"{_initial(names, ctrl)}{MARK.get(reg['control_type'], '')}", 2 * R - 8, bold=True)
                body += text(x, y - 3, tag, font_weight="bold", text_anchor="middle")
                cz = sum(v["farmers"] + v["soldiers"] for v in reg["citizens"].values())
                row = []
                if cz:
                    row.append(("sf", cz))
                if reg["buildings"]:
                    row.append(("sb", len(reg["buildings"])))
                body += _icon_row(x, y + 3, row)
            else:
                icon = "sg" if reg.get("resource") == "grain" else "so"
                body += _icon_row(x, y - 7, [(icon, reg.get("capacity") or "")])
        name = _region(g, tr, r)
        lx, ly, w = places[r]
        body += rect(lx, ly, w, 13, fill="#fff", fill_opacity="0.85")
        body += text(lx + 2, ly + 10.5, name, font_weight="bold")
        discs.append(element(f"region-{r}", _region_words(g, reg, r, names, tr), body))
    bottom = max(by + bh for bx, by, bw, bh in taken)
    head = text(PAD, 16, tr.gettext(title_msg), font_size=13, font_weight="bold")
    return section(f"map-{key}", W, int(bottom + PAD), tr.gettext(title_msg),
                   head + "".join(lines) + "".join(marks) + "".join(discs), font_size=MIN_FONT)


def _marker_spot(x1: float, y1: float, x2: float, y2: float, w: float, h: float,
                 taken: list[tuple[float, float, float, float]], first: float) -> tuple[float, float]:
    """Where a border's caravans go: on its line nearest `first` (a share of its length), else
    beside it, wherever they hit no circle, name or other caravans."""
    dx, dy = x2 - x1, y2 - y1
    norm = max((dx * dx + dy * dy) ** 0.5, 1)
    for side in (0, 9, -9, 16, -16):
        for t in sorted((k / 20 for k in range(4, 17)), key=lambda t: abs(t - first)):
            mx, my = x1 + dx * t - dy / norm * side, y1 + dy * t + dx / norm * side
            if not _hits((mx - w / 2, my - h / 2, w, h), taken):
                return mx, my
    return x1 + dx * first, y1 + dy * first


def _label_spot(name: str, x: float, y: float, taken: list[tuple[float, float, float, float]]
                ) -> tuple[float, float, float]:
    """Where a region's name goes: below its circle, else above, beside or at a corner, the first
    spot that hits nothing drawn (else below); the spot is then taken. Returns (x, y, width)."""
    w = text_width(name, MIN_FONT, True) + 4
    spots = [(x - w / 2 + dx, y + R + 1) for dx in (0, -R, R)] + [(x - w / 2 + dx, y - R - 14) for dx in (0, -R, R)]
    spots += [(x + R + 1, y - 7), (x - R - 1 - w, y - 7), (x + R - 4, y + R - 2), (x - R + 4 - w, y + R - 2)]
    lx, ly = next(((lx, ly) for lx, ly in spots if 0 <= lx and lx + w <= W and not _hits((lx, ly, w, 13), taken)),
                  (max(0.0, min(W - w, x - w / 2)), y + R + 1))
    taken.append((lx, ly, w, 13))
    return lx, ly, w


def _icon_row(cx: float, top: float, items: list[tuple[str, object]]) -> str:
    """Icons with a number after each, centred on cx, from `top` (within a region's circle)."""
    widths = [12 + text_width(v, MIN_FONT, True) + 2 for _, v in items]
    x = cx - sum(widths) / 2
    out = []
    for (sym, value), w in zip(items, widths):
        out.append(use(sym, x, top + 1, 11, 12) + text(x + 12, top + 11, value, font_weight="bold"))
        x += w
    return "".join(out)


def _headline(g: GameData, view: dict, names: list[str], tr: Translator) -> str:
    if view.get("result"):
        winners = ", ".join(names[w] for w in view["result"].get("winners", []))
        return tr.gettext("The Sands of Time - game over, won by %(winners)s", winners=winners)
    dyn = len(view["dynasties_scored"]) + 1
    return tr.gettext("The Sands of Time - dynasty %(dynasty)s, generation %(generation)s, turn %(turn)s, "
                      "dynasty track space %(space)s", dynasty=min(dyn, 3), generation=view["generation_index"] + 1,
                      turn=view["turn_in_generation"], space=view["dynasty_space"])


def _whose_turn(g: GameData, view: dict, names: list[str], seat: int | None, tr: Translator) -> str:
    waiting = [d["seat"] for d in view.get("pending") or []]
    who = ", ".join(names[s] for s in dict.fromkeys(waiting)) or tr.gettext("nobody")
    start = names[view["start_player"]] if view.get("start_player") is not None else "-"
    return tr.gettext("Phase: %(phase)s. Waiting for: %(who)s. Start player: %(start)s.",
                      phase=phase_words(tr, view["phase"]), who=who, start=start)


def _border_label(g: GameData, tr: Translator, a: str, b: str, sea: bool, good: str | None,
                  owners: list[str]) -> str:
    ends = f"{_region(g, tr, a)}-{_region(g, tr, b)}"
    if owners:
        who = ", ".join(owners)
        if good:
            return (tr.gettext("Border %(ends)s (sea route), trade good %(good)s; caravans: %(who)s", ends=ends,
                               good=_good(tr, good), who=who) if sea else
                    tr.gettext("Border %(ends)s, trade good %(good)s; caravans: %(who)s", ends=ends,
                               good=_good(tr, good), who=who))
        return (tr.gettext("Border %(ends)s (sea route); caravans: %(who)s", ends=ends, who=who) if sea else
                tr.gettext("Border %(ends)s; caravans: %(who)s", ends=ends, who=who))
    if good:
        return (tr.gettext("Border %(ends)s (sea route), trade good %(good)s; no caravans", ends=ends,
                           good=_good(tr, good)) if sea else
                tr.gettext("Border %(ends)s, trade good %(good)s; no caravans", ends=ends, good=_good(tr, good)))
    return (tr.gettext("Border %(ends)s (sea route); no caravans", ends=ends) if sea else
            tr.gettext("Border %(ends)s; no caravans", ends=ends))


def _citizens_words(reg: dict, names: list[str], tr: Translator) -> str:
    parts = []
    for k in sorted(reg["citizens"], key=int):
        v = reg["citizens"][k]
        parts.append(tr.gettext("%(name)s %(farmers)s, %(soldiers)s", name=names[int(k)],
                                farmers=say(tr, farmers(v["farmers"])), soldiers=say(tr, soldiers(v["soldiers"]))))
    return "; ".join(parts) or tr.gettext("no citizens")


def _region_words(g: GameData, reg: dict, r: str, names: list[str], tr: Translator) -> str:
    if not reg["in_play"]:
        return tr.gettext("%(region)s: not in play with this many players", region=_region(g, tr, r))
    ctrl = reg.get("controller")
    if ctrl is None:
        who = tr.gettext("uncontrolled")
    elif reg["control_type"] in KIND:
        msgid = KIND[reg["control_type"]]
        who = tr.gettext(msgid, name=names[ctrl])
    else:
        who = f"{names[ctrl]}'s "
    b = ", ".join(_title(tr, x) for x in reg["buildings"]) or tr.gettext("no buildings")
    return tr.gettext("%(region)s (%(terrain)s): %(resource)s, capacity %(capacity)s; %(who)s; %(citizens)s; "
                      "%(buildings)s", region=_region(g, tr, r), terrain=word(tr, g.region[r]["terrain"]),
                      resource=word(tr, str(reg["resource"])), capacity=reg["capacity"], who=who,
                      citizens=_citizens_words(reg, names, tr), buildings=b)


def _combat_words(g: GameData, c: dict, names: list[str], tr: Translator) -> str:
    a, d = c["attacker"], c["defender"]
    tot = c["totals"]
    return tr.gettext("Last combat in %(region)s: %(attacker)s (total %(a_total)s) attacked %(defender)s "
                      "(total %(d_total)s); %(winner)s won.", region=_region(g, tr, c["region"]), attacker=names[a],
                      a_total=tot[str(a)], defender=names[d], d_total=tot[str(d)], winner=names[c["winner"]])




# -- players -----------------------------------------------------------------------------------

def _player(g: GameData, view: dict, names: list[str], i: int, own: int | None, tr: Translator) -> str:
    _ = tr.gettext
    p = view["players"][i]
    s = Sheet()
    colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
    s.parts.append(rect(0, 0, W, 26, fill=colour))
    s.parts.append(text(PAD, 18, _letter(names, i), font_size=13, font_weight="bold", fill="#fff"))
    who = _("%(name)s (you)", name=names[i]) if i == own else names[i]
    s.parts.append(group(text(PAD + 18, 18, fit(who, W - 2 * PAD - 18, 13, True), font_size=13,
                              font_weight="bold", fill="#fff"), who))
    regions = sum(1 for r in view["regions"].values() if r.get("controller") == i)
    sup = p["supply"]
    stats, s.y = _stats(PAD, 32, [
        ("sv", p["vp"], _("%(n)s VP", n=p["vp"])),
        ("su", p["unrest"], _("unrest %(n)s", n=p["unrest"])),
        ("sg", p["grain"], _("%(n)s grain", n=p["grain"])),
        ("so", p["gold"], _("%(n)s gold", n=p["gold"])),
        ("sb", regions, _("%(n)s regions", n=regions)),
        ("sf", sup["farmers"], _("%(n)s farmers in the supply", n=sup["farmers"])),
        ("ss", sup["soldiers"], _("%(n)s soldiers in the supply", n=sup["soldiers"])),
        ("sc", sup["caravans"], _("%(n)s caravans in the supply", n=sup["caravans"]))])
    s.parts.append(stats)
    s.y -= 4
    s.para(_("Heritage: %(heritage)s", heritage=", ".join(f"{word(tr, c)} {p['heritage'][c]}" for c in g.categories)))
    played = ", ".join(say(tr, card_name(g, c)) for c in p["played_actions"]) or _("none")
    if p.get("focus_revealed"):
        fc = g.focus[p["focus_revealed"]]
        focus = _("focus card %(category)s (%(markers)s of %(slots)s markers)",
                  category=word(tr, fc["category"]), markers=p["focus_markers"], slots=fc["marker_slots"])
    else:
        focus = _("focus card used") if p.get("focus_used_this_gen") else _("no focus card yet")
    s.para(_("Played this generation: %(played)s; %(focus)s", played=played, focus=focus))
    sel = p.get("selected_cards")
    if sel == HIDDEN:
        chosen = _("has chosen two cards (secret)")
    elif isinstance(sel, list):
        cards = (" and ".join(card_name(g, c) for c in sel) if tr.lang == EN.lang
                 else tr.join([say(tr, card_name(g, c)) for c in sel]))
        chosen = (_("chose %(cards)s (declining both)", cards=cards) if p.get("auto_decline") is True
                  else _("chose %(cards)s", cards=cards))
    else:
        chosen = _("choosing") if view["phase"] == "SELECT" else ""
    on_board = ", ".join(_("%(field)s: card %(value)s", field=f, value=v) if isinstance(v, int)
                         else _("%(field)s: face down", field=f)
                         for f, v in p["chronicle_board"].items() if v is not None) or _("none")
    hand = p["chronicle_hand"]
    hand_n = len(hand) if isinstance(hand, list) else hand
    s.para(_("Chronicle cards on the board: %(board)s; %(n)s in hand; %(chosen)s", board=on_board, n=hand_n,
             chosen=chosen) if chosen else
           _("Chronicle cards on the board: %(board)s; %(n)s in hand", board=on_board, n=hand_n))
    prog = ", ".join(_("%(progress)s (%(row)s, level %(level)s)",
                       progress=_title(tr, view["progress_rows"][row][lv - 1]), row=say(tr, row_name(g, row)), level=lv)
                     for row, lv in p["progress_markers"].items()) or _("none")
    s.para(_("Progress: %(progress)s", progress=prog))
    return section(f"player-{i}", W, int(s.y + PAD), _("%(name)s's public holdings", name=names[i]), "".join(s.parts),
                   font_size=MIN_FONT)


# -- the seat's own cards ----------------------------------------------------------------------

def _card_state(g: GameData, view: dict, p: dict, seat: int, card: str, tr: Translator) -> tuple[str, str, str]:
    """(state key, short words on the card, full words for its <title>)."""
    _ = tr.gettext
    turn = view.get("turn") or {}
    revealed = turn.get("cards", []) if turn.get("seat") == seat else []
    if card in revealed:
        status = turn["status"].get(card, "")
        short = _(STATUS[status]) if status in STATUS else status
        return "revealed", short, _("revealed this turn: %(status)s", status=short)
    if isinstance(p.get("selected_cards"), list) and card in p["selected_cards"]:
        return "chosen", _("chosen"), _("chosen, not yet revealed")
    if card in g.focus:
        if p.get("focus_revealed") == card:
            return "revealed", _("revealed"), _("revealed this generation")
        if p.get("focus_used_this_gen"):
            return "out", _("not usable"), _("not usable this generation")
        return "hand", _("in hand"), _("in hand")
    if card in p["hand_actions"]:
        return "hand", _("in hand"), _("in hand")
    if card in p["played_actions"]:
        return "played", _("played"), _("played (re-use costs 1 unrest)")
    return "out", _("out"), _("out")


def _card(x: float, y: float, w: float, h: float, fill: str, mark: str, head: str, rest: list[str]) -> str:
    """A card: a frame, its name in bold (up to two lines), then its other lines, all measured."""
    body = rect(x, y, w, h, rx=4, fill=fill, stroke="#8c7a5b")
    if mark:
        body += text(x + w - 5, y + 13, mark, font_weight="bold", text_anchor="end")
    inner = w - 10 - (12 if mark else 0)
    most = max(1, int((h - 4) // 13) - (1 if rest else 0))  # lines for the name, the rest under it
    lines = wrap(_hyphenated(head, inner, MIN_FONT, True), inner, MIN_FONT, True, lines=most)
    yy = y + 13
    for line in lines:
        body += text(x + 5, yy, line, font_weight="bold")
        yy += 13
    room = int((y + h - yy + 9) // 13)
    for line in wrap(" ".join(rest), w - 10, MIN_FONT, lines=max(1, room)) if rest else []:
        body += text(x + 5, yy, line)
        yy += 13
    return body


def _hyphenated(words: str, width: float, size: float, bold: bool) -> str:
    """`words` with each word wider than `width` broken with a hyphen where it fits (German
    compounds: "Schwerpunkt- karte"), so a card's name wraps instead of being cut."""
    out = []
    for word in words.split():
        while text_width(word, size, bold) > width:
            cut = max(k for k in range(1, len(word)) if k == 1 or text_width(word[:k] + "-", size, bold) <= width)
            out.append(word[:cut] + "-")
            word = word[cut:]
        out.append(word)
    return " ".join(out)


def _grid(items: list[tuple[str, str, str, str, str, list[str]]], cols: int, h: float, s: Sheet) -> None:
    """Cards (el_id, title, fill, mark, head, rest) in `cols` columns from the sheet's y."""
    gap = 6
    w = (W - 2 * PAD - (cols - 1) * gap) / cols
    top = s.y + 6
    for k, (el, label, fill, mark, head, rest) in enumerate(items):
        x, y = PAD + (k % cols) * (w + gap), top + (k // cols) * (h + gap)
        s.parts.append(element(el, label, _card(x, y, w, h, fill, mark, head, rest)))
    s.y = top + ((len(items) + cols - 1) // cols) * (h + gap) - gap


def _own_cards(g: GameData, view: dict, names: list[str], seat: int, tr: Translator) -> str:
    _ = tr.gettext
    p = view["players"][seat]
    s = Sheet()
    s.heading(_("Your cards, %(name)s", name=names[seat]))
    actions = []
    for card in g.all_cards:
        state, short, full = _card_state(g, view, p, seat, card, tr)
        fill, mark = CARD_STATE[state]
        words = say(tr, card_text(g, card))
        actions.append((f"card-{card}", f"{words} ({full})", fill, mark, say(tr, card_name(g, card)), [short]))
    _grid(actions, 3, 60, s)
    hand = p["chronicle_hand"] if isinstance(p["chronicle_hand"], list) else []
    chron = []
    for v in hand:
        c = g.chronicle[v]
        chron.append((f"chron-{v}", say(tr, chronicle_text(g, v)), "#eef3fb", "",
                      _("Chronicle card %(value)s: %(vp)s VP", value=v, vp=c["vp"]),
                      [", ".join(f"{f} {n}" for f, n in c["conditions"].items())]))
    if chron:
        s.y += 8
        _grid(chron, 2, 44, s)
    bonus = []
    for b in g.bonus_ids:
        name = _title(tr, b)
        effect = say(tr, BONUS_TEXT.get(b, ""))
        if p.get("bonus_used_this_turn") == b:
            head, short = _("Bonus action %(bonus)s (used this turn)", bonus=name), _("used this turn")
            words = _("Bonus action %(bonus)s: %(effect)s (used this turn)", bonus=name, effect=effect)
        elif b in p.get("bonus_used_this_gen", []):
            head, short = _("Bonus action %(bonus)s (used this generation: no more unrest)", bonus=name), _("used")
            words = _("Bonus action %(bonus)s: %(effect)s (used this generation: no more unrest)", bonus=name,
                      effect=effect)
        else:
            head, short = _("Bonus action %(bonus)s", bonus=name), ""
            words = _("Bonus action %(bonus)s: %(effect)s", bonus=name, effect=effect)
        bonus.append((f"bonus-{b}", f"{head}. {words}", "#f3f3f3", "", _("Bonus action %(bonus)s", bonus=name),
                      [short] if short else []))
    s.y += 8
    _grid(bonus, 3, 48, s)
    return s.done("own-cards", _("Your cards, %(name)s", name=names[seat]))


# -- the shared boards -------------------------------------------------------------------------

def _box(s: Sheet, el_id: str, label: str, head: str, words: str, fill: str, stroke: str = "#bbb") -> None:
    """A full-width pickable box: a bold head line and its words wrapped, at least 44 tall."""
    lines = wrap(words, W - 2 * PAD - 12, MIN_FONT) if words else []
    top = s.y + 6
    h = max(44.0, 13 * (len(lines) + 1) + 10)
    body = rect(PAD, top, W - 2 * PAD, h, rx=4, fill=fill, stroke=stroke)
    body += text(PAD + 6, top + 15, fit(head, W - 2 * PAD - 12, MIN_FONT, True),
                 font_weight="bold")
    body += "".join(text(PAD + 6, top + 28 + 13 * k, line) for k, line in enumerate(lines))
    s.parts.append(element(el_id, label, body))
    s.y = top + h


def _chronicle_board(g: GameData, view: dict, names: list[str], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet()
    s.heading(_("Chronicle board"))
    for f in g.field_ids:
        fd = g.fields[f]
        cards = []
        for i, p in enumerate(view["players"]):
            v = p["chronicle_board"].get(f)
            if v is not None:
                cards.append(_("%(name)s card %(value)s", name=names[i], value=v) if isinstance(v, int)
                             else _("%(name)s (face down)", name=names[i]))
        measure = say(tr, FIELD_MEASURE.get(fd["measure"], fd["measure"]))
        words = _("Field %(field)s (%(category)s): %(measure)s - %(cards)s", field=f,
                  category=word(tr, fd["category"]), measure=measure, cards=", ".join(cards) or _("no cards"))
        head = _("Field %(field)s (%(category)s)", field=f, category=word(tr, fd["category"]))
        _box(s, f"field-{f}", words, head, f"{measure}: {', '.join(cards) or _('no cards')}", "#fdf2e9")
    return s.done("chronicle", _("Chronicle board"))


def _row_title(g: GameData, tr: Translator, row: str) -> str:
    if tr.lang == EN.lang:
        return title(row_name(g, row))
    return say(tr, row_name(g, row))


def _progress(g: GameData, view: dict, names: list[str], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet()
    s.heading(_("Progress rows"))
    for row in g.rows:
        cards = view["progress_rows"][row]
        here = [_("%(name)s on level %(level)s", name=names[i], level=p["progress_markers"][row])
                for i, p in enumerate(view["players"]) if row in p["progress_markers"]]
        steps = " > ".join(f"{lv}. {_title(tr, c)}" for lv, c in enumerate(cards, 1))
        markers = ", ".join(here) or _("none")
        words = _("%(row)s: %(cards)s - markers: %(markers)s", row=_row_title(g, tr, row), cards=steps, markers=markers)
        detail = "; ".join(say(tr, progress_text(g, c)) for c in cards)
        _box(s, f"row-{row}", f"{words}. {detail}", _row_title(g, tr, row), f"{steps} - {markers}", "#eafaf1")
    a = view.get("action") or {}
    if a.get("kind") == "progress_pick" and isinstance(a.get("drawn"), list):
        for c in a["drawn"]:
            card = say(tr, progress_text(g, c))
            _box(s, f"progress-{c}", _("Drawn progress card: %(card)s", card=card), _title(tr, c),
                 _("Drawn: %(card)s", card=card), "#fef9e7", "#b7950b")
    elif a.get("kind") == "progress_pick":
        s.y += 4
        s.para(_("%(name)s drew %(n)s progress cards (secret).", name=names[a["seat"]], n=a["drawn"]))
    stacks = "; ".join(f"{word(tr, cat)}: " + ", ".join(_("level %(level)s %(n)s cards", level=lv, n=n)
                                                       for lv, n in lv_n.items())
                       for cat, lv_n in view["progress_stacks"].items() if isinstance(lv_n, dict))
    s.y += 4
    s.para(_("Stacks: %(stacks)s", stacks=stacks))
    return s.done("progress", _("Progress rows"))


def _legend(g: GameData, view: dict, names: list[str], tr: Translator) -> str:
    _ = tr.gettext
    s = Sheet()
    s.heading(_("Legend"))
    icons = [("sf", _("citizens (farmers and soldiers of every player) in a region")),
             ("ss", _("soldiers in a player's supply")),
             ("sb", _("buildings in a region; regions a player controls")),
             ("sg", _("grain: a region's resource and capacity, a player's grain")),
             ("so", _("gold; on a border: a trade good without caravans")),
             ("sv", _("victory points")), ("su", _("unrest")), ("sc", _("caravans"))]
    marks = [("Ann*", _("the first letters of the controller's name; * capital, P province, K colony")),
             ("A", _("a caravan of the player whose name begins with this letter, in their colour")),
             ("!  »  ✓  –", _("your card: chosen, revealed, played (re-use costs 1 unrest), out"))]
    for sym, meaning in icons:
        lines = wrap(meaning, W - 2 * PAD - 24)
        s.parts.append(use(sym, PAD, s.y + 5, 14, 14))
        for k, line in enumerate(lines):
            s.parts.append(text(PAD + 24, s.y + 16 + k * LINE, line))
        s.y += LINE * len(lines) + 4
    for sym, meaning in marks:
        s.para(f"{sym}  {meaning}")
    s.para(_("A thick gold line is a border with a trade good; a dashed line is a sea route."))
    for i in range(len(view["players"])):
        s.parts.append(rect(PAD, s.y + 5, 14, 14, fill=SEAT_COLOURS[i % len(SEAT_COLOURS)]))
        s.parts.append(text(PAD + 24, s.y + 16, fit(names[i], W - 2 * PAD - 24)))
        s.y += LINE + 2
    return s.done("legend", _("Legend"))
