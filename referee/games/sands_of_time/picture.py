"""The board as one inline SVG (contract `picture`), drawn from a view only with the engine's
drawing helper, boards stacked vertically in a 760-wide viewBox:

1. the map: regions (`region-<id>`) with controller and citizens, borders (`border-<a>.<z>`)
   with caravans and trade goods;
2. the regions in words (resource, capacity, controller, citizens, buildings);
3. the players: VP, unrest, heritage, grain, gold, played cards, focus, chronicle fields, progress;
4. the seat's own cards: action and focus cards (`card-<id>`), chronicle cards (`chron-<n>`),
   with what each does, and the bonus actions (`bonus-<id>`);
5. the chronicle board (`field-A`..`field-F`) and the progress rows (`row-<row>`, drawn cards
   `progress-<id>`);
6. a legend for every symbol.
Every thing a step may name is an `element` whose `data-el` is that step's Option.element.
"""

from __future__ import annotations

from referee.plumbing.i18n import EN, Translator

from referee.engine.drawing import (
    MIN_FONT,
    document,
    element,
    group,
    legend,
    rect,
    text,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.views import HIDDEN
from referee.games.sands_of_time.words import (
    BONUS_TEXT,
    FIELD_MEASURE,
    card_name,
    card_text,
    chronicle_text,
    progress_text,
    region_name,
    row_name,
    title,
)

WIDTH = 760
LINE = 16
# Positions on the printed board's layout (900 x 560), scaled into the 760-wide map.
LAYOUT = {
    "britannia": (70, 60), "hispania": (70, 260), "gallia": (160, 150), "germania": (280, 80),
    "italia": (260, 220), "sicilia": (230, 330), "illyricum": (370, 170), "dacia": (440, 80),
    "graecia": (400, 270), "thracia": (500, 190), "scythia": (590, 60), "colchis": (700, 110),
    "asia_minor": (580, 250), "rhodes": (500, 330), "cyprus": (610, 350), "armenia": (720, 220),
    "syria": (690, 330), "mesopotamia": (800, 300), "persia": (850, 200), "india": (870, 420),
    "arabia": (780, 430), "judaea": (680, 440), "aegyptus": (580, 470), "aethiopia": (480, 520),
    "libya": (380, 440), "mauretania": (170, 450),
}
SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98"]
KIND = {"capital": "capital", "province": "province", "colony": "colony"}
MARK = {"capital": "*", "province": "P", "colony": "K"}
PHASES = {"SELECT": "cards are chosen in secret", "EXECUTE": "cards are revealed and played",
          "GROWTH": "population growth", "OVERPOP": "overpopulation", "GAME_OVER": "game over"}
R = 24
CHARS = 118  # characters of 11-px text on one 740-px line


def _wrap(words: str, chars: int = CHARS) -> list[str]:
    import textwrap
    return textwrap.wrap(words, chars) or [""]


def _para(x: float, y: float, words: str, **attrs: object) -> tuple[str, float]:
    """`words` as lines from baseline y; returns the svg and the last baseline."""
    lines = _wrap(words)
    attrs.setdefault("font_size", MIN_FONT)
    return "".join(text(x, y + i * LINE, line, **attrs) for i, line in enumerate(lines)), y + (len(lines) - 1) * LINE


def _box(y: float, words: str, fill: str, stroke: str = "#ccc") -> tuple[str, float]:
    """A boxed card or field row (its words wrapped inside); returns the svg and the last baseline."""
    lines = _wrap(words)
    body = rect(10, y - 12, 740, LINE * len(lines) + 2, fill=fill, stroke=stroke)
    body += "".join(text(16, y + i * LINE, line, font_size=MIN_FONT) for i, line in enumerate(lines))
    return body, y + (len(lines) - 1) * LINE


def _pos(g: GameData, region: str) -> tuple[float, float]:
    x, y = LAYOUT.get(region, (60 + (g.index[region] % 12) * 70, 600))
    return 30 + x * 0.78, 60 + y * 0.78


def _initial(names: list[str], seat: int) -> str:
    return (names[seat][:3] if seat < len(names) and names[seat] else f"S{seat}")


def picture(g: GameData, view: dict, seat: int | None, names: list[str] | None = None,
            tr: Translator = EN) -> str:
    n = len(view["players"])
    names = list(names or [f"Seat {i}" for i in range(n)])
    names += [f"Seat {i}" for i in range(len(names), n)]
    parts: list[str] = []
    y = 20
    parts.append(text(10, y, _headline(g, view, names), font_size=13, font_weight="bold"))
    y += LINE
    parts.append(text(10, y, _whose_turn(g, view, names, seat), font_size=MIN_FONT))
    y += 8
    map_svg, y = _map(g, view, names, y)
    parts.append(map_svg)
    for block in (_regions, _players, _own_cards, _chronicle_board, _progress, _legend):
        svg, y = block(g, view, names, seat, y)
        parts.append(svg)
    who = names[seat] if seat is not None and seat < len(names) else "a spectator"
    return document(WIDTH, int(y + 10), f"The Sands of Time, as {who} sees it",
                    "The map, the regions, the players, your cards, the chronicle board and the progress rows.",
                    "".join(parts), "sands")


def _headline(g: GameData, view: dict, names: list[str]) -> str:
    if view.get("result"):
        winners = ", ".join(names[w] for w in view["result"].get("winners", []))
        return f"The Sands of Time - game over, won by {winners}"
    dyn = len(view["dynasties_scored"]) + 1
    return (f"The Sands of Time - dynasty {min(dyn, 3)}, generation {view['generation_index'] + 1}, "
            f"turn {view['turn_in_generation']}, dynasty track space {view['dynasty_space']}")


def _whose_turn(g: GameData, view: dict, names: list[str], seat: int | None) -> str:
    phase = view["phase"]
    waiting = [d["seat"] for d in view.get("pending") or []]
    who = ", ".join(names[s] for s in dict.fromkeys(waiting)) or "nobody"
    start = names[view["start_player"]] if view.get("start_player") is not None else "-"
    return f"Phase: {PHASES.get(phase, phase.lower().replace('_', ' '))}. Waiting for: {who}. Start player: {start}."


def _map(g: GameData, view: dict, names: list[str], y0: float) -> tuple[str, float]:
    out = []
    top = y0
    out.append(text(10, top + 14, "Map", font_size=13, font_weight="bold"))
    regions = view["regions"]
    shift = top - 40
    for key in g.borders:
        a, b = g.ends(key)
        (x1, y1), (x2, y2) = _pos(g, a), _pos(g, b)
        y1, y2 = y1 + shift, y2 + shift
        info = g.border_info[key]
        good = info.get("trade_good")
        owners = view["caravans"].get(key) or []
        dash = "5 4" if info.get("kind") == "dotted" else None
        label = f"Border {region_name(g, a)}-{region_name(g, b)}"
        label += f"{' (sea route)' if dash else ''}{', trade good ' + good if good else ''}"
        label += f"; caravans: {', '.join(names[o] for o in owners)}" if owners else "; no caravans"
        body = (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{"#b7950b" if good else "#999"}" '
                f'stroke-width="{4 if good else 2}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if owners:
            body += text(mx, my - 2, "+".join(_initial(names, o) for o in owners), font_size=MIN_FONT,
                         text_anchor="middle", fill="#000", font_weight="bold")
        elif good:
            body += text(mx, my - 2, "$", font_size=MIN_FONT, text_anchor="middle", fill="#7d6608")
        out.append(element(f"border-{a}.{b}", label, body))
    bottom = top
    for r in g.region_order:
        reg = regions[r]
        x, yy = _pos(g, r)
        yy += shift
        bottom = max(bottom, yy + R + 14)
        ctrl = reg.get("controller")
        fill = "#f4ecd8" if reg["in_play"] else "#e5e5e5"
        stroke = SEAT_COLOURS[ctrl % len(SEAT_COLOURS)] if ctrl is not None else "#555"
        body = f'<circle cx="{x:.0f}" cy="{yy:.0f}" r="{R}" fill="{fill}" stroke="{stroke}" stroke-width="{4 if ctrl is not None else 1}"/>'
        body += text(x, yy - 4, region_name(g, r), font_size=MIN_FONT, text_anchor="middle", font_weight="bold")
        if reg["in_play"]:
            line = ""
            if ctrl is not None:
                line = f"{_initial(names, ctrl)}{MARK.get(reg['control_type'], '')}"
            cz = sum(v["farmers"] + v["soldiers"] for v in reg["citizens"].values())
            line += f" {cz}p" if cz else ""
            line += f" {len(reg['buildings'])}b" if reg["buildings"] else ""
            body += text(x, yy + 10, line.strip() or f"{(reg.get('resource') or '')[:2]}{reg.get('capacity') or ''}",
                         font_size=MIN_FONT, text_anchor="middle")
        out.append(element(f"region-{r}", _region_words(g, reg, r, names), body))
    return "".join(out), bottom + 6


def _citizens_words(reg: dict, names: list[str]) -> str:
    parts = []
    for k in sorted(reg["citizens"], key=int):
        v = reg["citizens"][k]
        parts.append(f"{names[int(k)]} {v['farmers']} farmer{'s' if v['farmers'] != 1 else ''}, "
                     f"{v['soldiers']} soldier{'s' if v['soldiers'] != 1 else ''}")
    return "; ".join(parts) or "no citizens"


def _region_words(g: GameData, reg: dict, r: str, names: list[str]) -> str:
    if not reg["in_play"]:
        return f"{region_name(g, r)}: not in play with this many players"
    ctrl = reg.get("controller")
    who = f"{names[ctrl]}'s {KIND.get(reg['control_type'], '')}" if ctrl is not None else "uncontrolled"
    b = ", ".join(title(x) for x in reg["buildings"]) or "no buildings"
    return (f"{region_name(g, r)} ({g.region[r]['terrain']}): {reg['resource']}, capacity {reg['capacity']}; "
            f"{who}; {_citizens_words(reg, names)}; {b}")


def _regions(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    out = [text(10, y + 14, "Regions", font_size=13, font_weight="bold")]
    y += 14
    idle = []
    for r in g.region_order:
        reg = view["regions"][r]
        if not reg["in_play"]:
            idle.append(region_name(g, r))
            continue
        svg, y = _para(10, y + LINE, _region_words(g, reg, r, names))
        out.append(svg)
    if idle:
        svg, y = _para(10, y + LINE, "Not in play: " + ", ".join(idle))
        out.append(svg)
    return group("".join(out), "Every region in words"), y + 8


def _players(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    out = [text(10, y + 14, "Players", font_size=13, font_weight="bold")]
    y += 14
    for i, p in enumerate(view["players"]):
        you = " (you)" if i == seat else ""
        regions = sum(1 for r in view["regions"].values() if r.get("controller") == i)
        h = ", ".join(f"{c} {p['heritage'][c]}" for c in g.categories)
        svg, y = _para(10, y + LINE + 2, f"{names[i]}{you}: {p['vp']} VP, unrest {p['unrest']}, heritage {h}; "
                                         f"{p['grain']} grain, {p['gold']} gold; {regions} regions",
                       font_weight="bold", fill=SEAT_COLOURS[i % len(SEAT_COLOURS)])
        rows = [svg]
        played = ", ".join(card_name(g, c) for c in p["played_actions"]) or "none"
        focus = (f"focus card {g.focus[p['focus_revealed']]['category']} ({p['focus_markers']} of "
                 f"{g.focus[p['focus_revealed']]['marker_slots']} markers)" if p.get("focus_revealed") else
                 ("focus card used" if p.get("focus_used_this_gen") else "no focus card yet"))
        svg, y = _para(20, y + LINE, f"Played this generation: {played}; {focus}")
        rows.append(svg)
        sel = p.get("selected_cards")
        if sel == HIDDEN:
            chosen = "has chosen two cards (secret)"
        elif isinstance(sel, list):
            chosen = "chose " + " and ".join(card_name(g, c) for c in sel) + (" (declining both)" if p.get("auto_decline") is True else "")
        else:
            chosen = "choosing" if view["phase"] == "SELECT" else ""
        board = ", ".join(f"{f}: {'card ' + str(v) if isinstance(v, int) else 'face down'}"
                          for f, v in p["chronicle_board"].items() if v is not None) or "none"
        hand = p["chronicle_hand"]
        hand_n = len(hand) if isinstance(hand, list) else hand
        svg, y = _para(20, y + LINE, f"Chronicle cards on the board: {board}; {hand_n} in hand"
                                     f"{'; ' + chosen if chosen else ''}")
        rows.append(svg)
        prog = ", ".join(f"{title(view['progress_rows'][row][lv - 1])} ({row_name(g, row)}, level {lv})"
                         for row, lv in p["progress_markers"].items()) or "none"
        s = p["supply"]
        svg, y = _para(20, y + LINE, f"Progress: {prog}. Supply: {s['farmers']} farmers, {s['soldiers']} soldiers, "
                                     f"{s['caravans']} caravans")
        rows.append(svg)
        out.append(group("".join(rows), f"{names[i]}'s public holdings"))
    combat = view.get("last_combat")
    if combat:
        svg, y = _para(10, y + LINE + 2, _combat_words(g, combat, names))
        out.append(svg)
    return "".join(out), y + 8


def _combat_words(g: GameData, c: dict, names: list[str]) -> str:
    a, d = c["attacker"], c["defender"]
    tot = c["totals"]
    return (f"Last combat in {region_name(g, c['region'])}: {names[a]} (total {tot[str(a)]}) attacked "
            f"{names[d]} (total {tot[str(d)]}); {names[c['winner']]} won.")


def _card_el(g: GameData, card: str, state: str, y: float) -> tuple[str, float]:
    body, y = _box(y, f"{card_text(g, card)} [{state}]", "#fbf7ee")
    return element(f"card-{card}", f"{card_text(g, card)} ({state})", body), y


def _own_cards(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    if seat is None or not 0 <= seat < len(view["players"]):
        return "", y
    p = view["players"][seat]
    out = [text(10, y + 14, f"Your cards, {names[seat]}", font_size=13, font_weight="bold")]
    y += 14
    turn = view.get("turn") or {}
    revealed = turn.get("cards", []) if turn.get("seat") == seat else []
    for card in g.all_cards:
        if card in revealed:
            state = f"revealed this turn: {turn['status'].get(card, '')}"
        elif isinstance(p.get("selected_cards"), list) and card in p["selected_cards"]:
            state = "chosen, not yet revealed"
        elif card in g.focus:
            if p.get("focus_revealed") == card:
                state = "revealed this generation"
            elif p.get("focus_used_this_gen"):
                state = "not usable this generation"
            else:
                state = "in hand"
        elif card in p["hand_actions"]:
            state = "in hand"
        elif card in p["played_actions"]:
            state = "played (re-use costs 1 unrest)"
        else:
            state = "out"
        svg, y = _card_el(g, card, state, y + LINE + 4)
        out.append(svg)
    hand = p["chronicle_hand"] if isinstance(p["chronicle_hand"], list) else []
    for v in hand:
        body, y = _box(y + LINE + 4, chronicle_text(g, v), "#eef3fb")
        out.append(element(f"chron-{v}", chronicle_text(g, v), body))
    for b in g.bonus_ids:
        used = " (used this turn)" if p.get("bonus_used_this_turn") == b else (
            " (used this generation: no more unrest)" if b in p.get("bonus_used_this_gen", []) else "")
        body, y = _box(y + LINE + 4, f"Bonus action {title(b)}: {BONUS_TEXT.get(b, '')}{used}", "#f3f3f3")
        out.append(element(f"bonus-{b}", f"Bonus action {title(b)}{used}", body))
    return "".join(out), y + 8


def _chronicle_board(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    out = [text(10, y + 14, "Chronicle board", font_size=13, font_weight="bold")]
    y += 14
    for f in g.field_ids:
        fd = g.fields[f]
        cards = []
        for i, p in enumerate(view["players"]):
            v = p["chronicle_board"].get(f)
            if v is not None:
                cards.append(f"{names[i]} {'card ' + str(v) if isinstance(v, int) else '(face down)'}")
        words = (f"Field {f} ({fd['category']}): {FIELD_MEASURE.get(fd['measure'], fd['measure'])} - "
                 f"{', '.join(cards) or 'no cards'}")
        body, y = _box(y + LINE + 4, words, "#fdf2e9")
        out.append(element(f"field-{f}", words, body))
    return "".join(out), y + 8


def _progress(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    out = [text(10, y + 14, "Progress rows", font_size=13, font_weight="bold")]
    y += 14
    for row in g.rows:
        cards = view["progress_rows"][row]
        here = [f"{names[i]} on level {p['progress_markers'][row]}" for i, p in enumerate(view["players"])
                if row in p["progress_markers"]]
        words = (f"{title(row_name(g, row))}: " + " > ".join(f"{lv}. {title(c)}" for lv, c in enumerate(cards, 1))
                 + f" - markers: {', '.join(here) or 'none'}")
        body, y = _box(y + LINE + 4, words, "#eafaf1")
        detail = "; ".join(progress_text(g, c) for c in cards)
        out.append(element(f"row-{row}", f"{words}. {detail}", body))
    a = view.get("action") or {}
    if a.get("kind") == "progress_pick" and isinstance(a.get("drawn"), list):
        for c in a["drawn"]:
            body, y = _box(y + LINE + 4, "Drawn: " + progress_text(g, c), "#fef9e7", "#b7950b")
            out.append(element(f"progress-{c}", "Drawn progress card: " + progress_text(g, c), body))
    elif a.get("kind") == "progress_pick":
        y += LINE
        out.append(text(10, y, f"{names[a['seat']]} drew {a['drawn']} progress cards (secret).", font_size=MIN_FONT))
    stacks = "; ".join(f"{cat}: " + ", ".join(f"level {lv} {n} cards" for lv, n in lv_n.items())
                       for cat, lv_n in view["progress_stacks"].items() if isinstance(lv_n, dict))
    svg, y = _para(10, y + LINE, f"Stacks: {stacks}")
    out.append(svg)
    return "".join(out), y + 8


def _legend(g: GameData, view: dict, names: list[str], seat: int | None, y: float) -> tuple[str, float]:
    items = [("circle", "a region; its outline has the colour of its controller; grey: not in play"),
             ("Ann*", "the first letters of the controller's name; * capital, P province, K colony"),
             ("3p 2b", "3 citizens (farmers and soldiers of every player) and 2 buildings there"),
             ("gr3 / go4", "no controller yet: grain or gold, and the capacity"),
             ("line", "a border; dashed: a sea route (dotted line); thick gold: a trade-good border"),
             ("$", "a trade-good border without caravans"),
             ("Ann+Ben", "the players with a caravan on that border"),
             ("[state]", "where your card is: in hand, revealed, played (re-use), or out")]
    items += [(f"colour {i + 1}", f"{names[i]}") for i in range(len(view["players"]))]
    y += 14
    out = text(10, y, "Legend", font_size=13, font_weight="bold") + legend(10, y + LINE, items, line=LINE)
    return group(out, "Legend"), y + LINE * (len(items) + 1)
