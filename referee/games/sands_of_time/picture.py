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
Its words are in the reader's language (`tr`), the game's terms from its glossary.
Every thing a step may name is an `element` whose `data-el` is that step's Option.element.
"""

from __future__ import annotations

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
    farmers,
    progress_text,
    region_name,
    row_name,
    say,
    soldiers,
    title,
    word,
)
from referee.plumbing.i18n import EN, N_, Text, Translator

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
KIND = {"capital": N_("%(name)s's capital"), "province": N_("%(name)s's province"), "colony": N_("%(name)s's colony")}
MARK = {"capital": "*", "province": "P", "colony": "K"}
PHASES = {"SELECT": N_("cards are chosen in secret"), "EXECUTE": N_("cards are revealed and played"),
          "GROWTH": N_("population growth"), "OVERPOP": N_("overpopulation"), "GAME_OVER": N_("game over"),
          # the English of these is the phase id in words, as ever
          "SETUP_DRAFT": N_("setup draft"), "SETUP_CAPITAL": N_("setup capital"), "SETUP_CARAVAN": N_("setup caravan"),
          "SETUP_FARMER": N_("setup farmer"), "SETUP_PROGRESS": N_("setup progress"), "INCOME": N_("income"),
          "REVEAL": N_("reveal"), "TURN_END": N_("turn end"), "DYNASTY": N_("dynasty")}
R = 24
CHARS = 118  # characters of 11-px text on one 740-px line
SEAT = N_("Seat %(seat)s")
STATUS = {"pending": N_("pending"), "done": N_("done"), "declined": N_("declined")}


def phase_words(tr: Translator, phase: str) -> str:
    """The phase in words (the picture and the mail summary)."""
    return tr.gettext(PHASES[phase]) if phase in PHASES else phase.lower().replace("_", " ")


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
    parts: list[str] = []
    y = 20
    parts.append(text(10, y, _headline(g, view, names, tr), font_size=13, font_weight="bold"))
    y += LINE
    parts.append(text(10, y, _whose_turn(g, view, names, seat, tr), font_size=MIN_FONT))
    y += 8
    map_svg, y = _map(g, view, names, y, tr)
    parts.append(map_svg)
    for block in (_regions, _players, _own_cards, _chronicle_board, _progress, _legend):
        svg, y = block(g, view, names, seat, y, tr)
        parts.append(svg)
    who = names[seat] if seat is not None and seat < len(names) else tr.gettext("a spectator")
    return document(WIDTH, int(y + 10), tr.gettext("The Sands of Time, as %(who)s sees it", who=who),
                    tr.gettext("The map, the regions, the players, your cards, the chronicle board and the progress rows."),
                    "".join(parts), "sands")


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


def _map(g: GameData, view: dict, names: list[str], y0: float, tr: Translator) -> tuple[str, float]:
    out = []
    top = y0
    out.append(text(10, top + 14, tr.gettext("Map"), font_size=13, font_weight="bold"))
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
        label = _border_label(g, tr, a, b, bool(dash), good, [names[o] for o in owners])
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
        body += text(x, yy - 4, _region(g, tr, r), font_size=MIN_FONT, text_anchor="middle", font_weight="bold")
        if reg["in_play"]:
            line = ""
            if ctrl is not None:
                line = f"{_initial(names, ctrl)}{MARK.get(reg['control_type'], '')}"
            cz = sum(v["farmers"] + v["soldiers"] for v in reg["citizens"].values())
            line += f" {cz}p" if cz else ""
            line += f" {len(reg['buildings'])}b" if reg["buildings"] else ""
            body += text(x, yy + 10, line.strip() or f"{(reg.get('resource') or '')[:2]}{reg.get('capacity') or ''}",
                         font_size=MIN_FONT, text_anchor="middle")
        out.append(element(f"region-{r}", _region_words(g, reg, r, names, tr), body))
    return "".join(out), bottom + 6


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


def _regions(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
             tr: Translator) -> tuple[str, float]:
    out = [text(10, y + 14, tr.gettext("Regions"), font_size=13, font_weight="bold")]
    y += 14
    idle = []
    for r in g.region_order:
        reg = view["regions"][r]
        if not reg["in_play"]:
            idle.append(_region(g, tr, r))
            continue
        svg, y = _para(10, y + LINE, _region_words(g, reg, r, names, tr))
        out.append(svg)
    if idle:
        svg, y = _para(10, y + LINE, tr.gettext("Not in play: %(regions)s", regions=", ".join(idle)))
        out.append(svg)
    return group("".join(out), tr.gettext("Every region in words")), y + 8


def _players(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
             tr: Translator) -> tuple[str, float]:
    out = [text(10, y + 14, tr.gettext("Players"), font_size=13, font_weight="bold")]
    y += 14
    for i, p in enumerate(view["players"]):
        regions = sum(1 for r in view["regions"].values() if r.get("controller") == i)
        h = ", ".join(f"{word(tr, c)} {p['heritage'][c]}" for c in g.categories)
        words = dict(name=names[i], vp=p["vp"], unrest=p["unrest"], heritage=h, grain=p["grain"], gold=p["gold"],
                     regions=regions)
        line = (tr.gettext("%(name)s (you): %(vp)s VP, unrest %(unrest)s, heritage %(heritage)s; %(grain)s grain, "
                           "%(gold)s gold; %(regions)s regions", **words) if i == seat else
                tr.gettext("%(name)s: %(vp)s VP, unrest %(unrest)s, heritage %(heritage)s; %(grain)s grain, "
                           "%(gold)s gold; %(regions)s regions", **words))
        svg, y = _para(10, y + LINE + 2, line, font_weight="bold", fill=SEAT_COLOURS[i % len(SEAT_COLOURS)])
        rows = [svg]
        played = ", ".join(say(tr, card_name(g, c)) for c in p["played_actions"]) or tr.gettext("none")
        if p.get("focus_revealed"):
            fc = g.focus[p["focus_revealed"]]
            focus = tr.gettext("focus card %(category)s (%(markers)s of %(slots)s markers)",
                               category=word(tr, fc["category"]), markers=p["focus_markers"], slots=fc["marker_slots"])
        else:
            focus = tr.gettext("focus card used") if p.get("focus_used_this_gen") else tr.gettext("no focus card yet")
        svg, y = _para(20, y + LINE, tr.gettext("Played this generation: %(played)s; %(focus)s", played=played,
                                                focus=focus))
        rows.append(svg)
        sel = p.get("selected_cards")
        if sel == HIDDEN:
            chosen = tr.gettext("has chosen two cards (secret)")
        elif isinstance(sel, list):
            cards = (" and ".join(card_name(g, c) for c in sel) if tr.lang == EN.lang
                     else tr.join([say(tr, card_name(g, c)) for c in sel]))
            chosen = (tr.gettext("chose %(cards)s (declining both)", cards=cards) if p.get("auto_decline") is True
                      else tr.gettext("chose %(cards)s", cards=cards))
        else:
            chosen = tr.gettext("choosing") if view["phase"] == "SELECT" else ""
        board = ", ".join(tr.gettext("%(field)s: card %(value)s", field=f, value=v) if isinstance(v, int)
                          else tr.gettext("%(field)s: face down", field=f)
                          for f, v in p["chronicle_board"].items() if v is not None) or tr.gettext("none")
        hand = p["chronicle_hand"]
        hand_n = len(hand) if isinstance(hand, list) else hand
        line = (tr.gettext("Chronicle cards on the board: %(board)s; %(n)s in hand; %(chosen)s", board=board, n=hand_n,
                           chosen=chosen) if chosen else
                tr.gettext("Chronicle cards on the board: %(board)s; %(n)s in hand", board=board, n=hand_n))
        svg, y = _para(20, y + LINE, line)
        rows.append(svg)
        prog = ", ".join(tr.gettext("%(progress)s (%(row)s, level %(level)s)",
                                    progress=_title(tr, view["progress_rows"][row][lv - 1]),
                                    row=say(tr, row_name(g, row)), level=lv)
                         for row, lv in p["progress_markers"].items()) or tr.gettext("none")
        s = p["supply"]
        svg, y = _para(20, y + LINE, tr.gettext("Progress: %(progress)s. Supply: %(farmers)s farmers, %(soldiers)s "
                                                "soldiers, %(caravans)s caravans", progress=prog,
                                                farmers=s["farmers"], soldiers=s["soldiers"], caravans=s["caravans"]))
        rows.append(svg)
        out.append(group("".join(rows), tr.gettext("%(name)s's public holdings", name=names[i])))
    combat = view.get("last_combat")
    if combat:
        svg, y = _para(10, y + LINE + 2, _combat_words(g, combat, names, tr))
        out.append(svg)
    return "".join(out), y + 8


def _combat_words(g: GameData, c: dict, names: list[str], tr: Translator) -> str:
    a, d = c["attacker"], c["defender"]
    tot = c["totals"]
    return tr.gettext("Last combat in %(region)s: %(attacker)s (total %(a_total)s) attacked %(defender)s "
                      "(total %(d_total)s); %(winner)s won.", region=_region(g, tr, c["region"]), attacker=names[a],
                      a_total=tot[str(a)], defender=names[d], d_total=tot[str(d)], winner=names[c["winner"]])


def _card_el(g: GameData, card: str, state: str, y: float, tr: Translator) -> tuple[str, float]:
    words = say(tr, card_text(g, card))
    body, y = _box(y, f"{words} [{state}]", "#fbf7ee")
    return element(f"card-{card}", f"{words} ({state})", body), y


def _own_cards(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
               tr: Translator) -> tuple[str, float]:
    if seat is None or not 0 <= seat < len(view["players"]):
        return "", y
    p = view["players"][seat]
    out = [text(10, y + 14, tr.gettext("Your cards, %(name)s", name=names[seat]), font_size=13, font_weight="bold")]
    y += 14
    turn = view.get("turn") or {}
    revealed = turn.get("cards", []) if turn.get("seat") == seat else []
    for card in g.all_cards:
        if card in revealed:
            status = turn["status"].get(card, "")
            state = tr.gettext("revealed this turn: %(status)s",
                               status=tr.gettext(STATUS[status]) if status in STATUS else status)
        elif isinstance(p.get("selected_cards"), list) and card in p["selected_cards"]:
            state = tr.gettext("chosen, not yet revealed")
        elif card in g.focus:
            if p.get("focus_revealed") == card:
                state = tr.gettext("revealed this generation")
            elif p.get("focus_used_this_gen"):
                state = tr.gettext("not usable this generation")
            else:
                state = tr.gettext("in hand")
        elif card in p["hand_actions"]:
            state = tr.gettext("in hand")
        elif card in p["played_actions"]:
            state = tr.gettext("played (re-use costs 1 unrest)")
        else:
            state = tr.gettext("out")
        svg, y = _card_el(g, card, state, y + LINE + 4, tr)
        out.append(svg)
    hand = p["chronicle_hand"] if isinstance(p["chronicle_hand"], list) else []
    for v in hand:
        body, y = _box(y + LINE + 4, say(tr, chronicle_text(g, v)), "#eef3fb")
        out.append(element(f"chron-{v}", say(tr, chronicle_text(g, v)), body))
    for b in g.bonus_ids:
        name = _title(tr, b)
        if p.get("bonus_used_this_turn") == b:
            head = tr.gettext("Bonus action %(bonus)s (used this turn)", bonus=name)
        elif b in p.get("bonus_used_this_gen", []):
            head = tr.gettext("Bonus action %(bonus)s (used this generation: no more unrest)", bonus=name)
        else:
            head = tr.gettext("Bonus action %(bonus)s", bonus=name)
        words = (tr.gettext("Bonus action %(bonus)s: %(effect)s (used this turn)", bonus=name,
                            effect=say(tr, BONUS_TEXT.get(b, ""))) if p.get("bonus_used_this_turn") == b else
                 tr.gettext("Bonus action %(bonus)s: %(effect)s (used this generation: no more unrest)", bonus=name,
                            effect=say(tr, BONUS_TEXT.get(b, ""))) if b in p.get("bonus_used_this_gen", []) else
                 tr.gettext("Bonus action %(bonus)s: %(effect)s", bonus=name, effect=say(tr, BONUS_TEXT.get(b, ""))))
        body, y = _box(y + LINE + 4, words, "#f3f3f3")
        out.append(element(f"bonus-{b}", head, body))
    return "".join(out), y + 8


def _chronicle_board(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
                     tr: Translator) -> tuple[str, float]:
    out = [text(10, y + 14, tr.gettext("Chronicle board"), font_size=13, font_weight="bold")]
    y += 14
    for f in g.field_ids:
        fd = g.fields[f]
        cards = []
        for i, p in enumerate(view["players"]):
            v = p["chronicle_board"].get(f)
            if v is not None:
                cards.append(tr.gettext("%(name)s card %(value)s", name=names[i], value=v) if isinstance(v, int)
                             else tr.gettext("%(name)s (face down)", name=names[i]))
        words = tr.gettext("Field %(field)s (%(category)s): %(measure)s - %(cards)s", field=f,
                           category=word(tr, fd["category"]),
                           measure=say(tr, FIELD_MEASURE.get(fd["measure"], fd["measure"])),
                           cards=", ".join(cards) or tr.gettext("no cards"))
        body, y = _box(y + LINE + 4, words, "#fdf2e9")
        out.append(element(f"field-{f}", words, body))
    return "".join(out), y + 8


def _row_title(g: GameData, tr: Translator, row: str) -> str:
    if tr.lang == EN.lang:
        return title(row_name(g, row))
    return say(tr, row_name(g, row))


def _progress(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
              tr: Translator) -> tuple[str, float]:
    out = [text(10, y + 14, tr.gettext("Progress rows"), font_size=13, font_weight="bold")]
    y += 14
    for row in g.rows:
        cards = view["progress_rows"][row]
        here = [tr.gettext("%(name)s on level %(level)s", name=names[i], level=p["progress_markers"][row])
                for i, p in enumerate(view["players"]) if row in p["progress_markers"]]
        words = tr.gettext("%(row)s: %(cards)s - markers: %(markers)s", row=_row_title(g, tr, row),
                           cards=" > ".join(f"{lv}. {_title(tr, c)}" for lv, c in enumerate(cards, 1)),
                           markers=", ".join(here) or tr.gettext("none"))
        body, y = _box(y + LINE + 4, words, "#eafaf1")
        detail = "; ".join(say(tr, progress_text(g, c)) for c in cards)
        out.append(element(f"row-{row}", f"{words}. {detail}", body))
    a = view.get("action") or {}
    if a.get("kind") == "progress_pick" and isinstance(a.get("drawn"), list):
        for c in a["drawn"]:
            body, y = _box(y + LINE + 4, tr.gettext("Drawn: %(card)s", card=say(tr, progress_text(g, c))),
                           "#fef9e7", "#b7950b")
            out.append(element(f"progress-{c}", tr.gettext("Drawn progress card: %(card)s",
                                                            card=say(tr, progress_text(g, c))), body))
    elif a.get("kind") == "progress_pick":
        y += LINE
        out.append(text(10, y, tr.gettext("%(name)s drew %(n)s progress cards (secret).", name=names[a["seat"]],
                                          n=a["drawn"]), font_size=MIN_FONT))
    stacks = "; ".join(f"{word(tr, cat)}: " + ", ".join(tr.gettext("level %(level)s %(n)s cards", level=lv, n=n)
                                                       for lv, n in lv_n.items())
                       for cat, lv_n in view["progress_stacks"].items() if isinstance(lv_n, dict))
    svg, y = _para(10, y + LINE, tr.gettext("Stacks: %(stacks)s", stacks=stacks))
    out.append(svg)
    return "".join(out), y + 8


def _legend(g: GameData, view: dict, names: list[str], seat: int | None, y: float,
            tr: Translator) -> tuple[str, float]:
    _ = tr.gettext
    items = [(_("circle"), _("a region; its outline has the colour of its controller; grey: not in play")),
             ("Ann*", _("the first letters of the controller's name; * capital, P province, K colony")),
             ("3p 2b", _("3 citizens (farmers and soldiers of every player) and 2 buildings there")),
             ("gr3 / go4", _("no controller yet: grain or gold, and the capacity")),
             (_("line"), _("a border; dashed: a sea route (dotted line); thick gold: a trade-good border")),
             ("$", _("a trade-good border without caravans")),
             ("Ann+Ben", _("the players with a caravan on that border")),
             (_("[state]"), _("where your card is: in hand, revealed, played (re-use), or out"))]
    items += [(_("colour %(n)s", n=i + 1), f"{names[i]}") for i in range(len(view["players"]))]
    y += 14
    out = text(10, y, _("Legend"), font_size=13, font_weight="bold") + legend(10, y + LINE, items, line=LINE)
    return group(out, _("Legend")), y + LINE * (len(items) + 1)
