"""A game-log line per move or timeout event as a viewer may see it (contract `narrate`), then one
line per automatic step the event set off (combat result, end-of-turn unrest, generation die,
growth, dynasty scoring, the new generation's income, the game's end).

It works from the redacted event and the viewer's own views before and after it: hidden cards
and die values arrive as "hidden" and stay unnamed, and amounts are read from what the viewer's
view shows (resources, VP and unrest are public, RULES.md 12). Without the views it says what the
move itself says. The secret die pick is the die value (Augenzahl), never "combat value": that
word is the citizens' strength (glossary.de.json)."""

from __future__ import annotations

from referee.engine.glossary import term
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.views import HIDDEN
from referee.games.sands_of_time.words import border_name, card_name, progress_text, region_name, row_name, seat_name, title
from referee.plumbing.i18n import EN, Translator

CARD_TERMS = {"chronicle": "Chronicle", "muster": "Muster", "conquest": "Conquest", "raid": "Raid", "build": "Build",
              "govern": "Govern", "progress": "Progress (action)", "resettle": "Resettle", "tribute": "Tribute",
              "caravan_1": "Caravan (action)", "caravan_2": "Caravan II"}


def _t(en: str, tr: Translator) -> str:
    """A game word in the reader's language (the German rulebook's, from the glossary)."""
    return term("sands_of_time", en, tr.lang)


def _card(g: GameData, card: str, tr: Translator) -> str:
    if tr.lang != "en" and card in CARD_TERMS:
        return _t(CARD_TERMS[card], tr)
    if tr.lang != "en" and card in g.focus:
        return tr.gettext("Focus card %(category)s", category=_t(g.focus[card]["category"], tr))
    return card_name(g, card)


def _region(g: GameData, r: object, tr: Translator) -> str:
    return _t(region_name(g, r), tr)


def _border(g: GameData, b: object, tr: Translator) -> str:
    if tr.lang == "en":
        return border_name(g, b)
    parts = b.split("|") if isinstance(b, str) else b
    if isinstance(parts, (list, tuple)) and len(parts) == 2:
        return f"{_region(g, parts[0], tr)}-{_region(g, parts[1], tr)}"
    return border_name(g, b)


def _title(ident: str, tr: Translator) -> str:
    return _t(title(ident), tr) if tr.lang != "en" else title(ident)


def _row(g: GameData, row: str, tr: Translator) -> str:
    if tr.lang == "en":
        return row_name(g, row)
    cat, _, n = row.rpartition("_")
    return tr.gettext("%(category)s row %(n)s", category=_t(cat, tr), n=n)


def narrate(g: GameData, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
            tr: Translator = EN) -> str:
    seat = event.get("seat")
    who = seat_name(names, seat) if isinstance(seat, int) else tr.gettext("The referee")
    move = (event.get("payload") or {}).get("move") or {}
    text = _sentence(g, move, who, names, seat, before, after, tr)
    if event.get("type") == "timeout":
        text = tr.gettext("%(sentence)s (the deadline passed, so the referee played this).", sentence=text[:-1])
    lines = [text] + (_automatic(g, names, seat, move, before, after, tr) if before and after else [])
    return "\n".join(lines)


def _n(k: int, word: str, tr: Translator) -> str:
    """"2 farmers", "1 soldier" ("2 Bauern")."""
    forms = {"farmer": tr.ngettext("%(n)d farmer", "%(n)d farmers", k),
             "soldier": tr.ngettext("%(n)d soldier", "%(n)d soldiers", k)}
    return forms[word]


def _delta(before: dict | None, after: dict | None, seat: object) -> dict[str, int]:
    """What a seat's grain, gold, VP and unrest changed by (empty without views)."""
    if not before or not after or not isinstance(seat, int):
        return {}
    b, a = before["players"][seat], after["players"][seat]
    return {k: a[k] - b[k] for k in ("grain", "gold", "vp", "unrest") if a[k] != b[k]}


def _changes(d: dict[str, int], tr: Translator, keys: tuple = ("grain", "gold")) -> str:
    return tr.join([f"{abs(v)} {_t(k, tr)}" for k, v in d.items() if k in keys]) if tr.lang != "en" else \
        " and ".join(f"{abs(v)} {k}" for k, v in d.items() if k in keys)


def _same_generation(before: dict | None, after: dict | None) -> bool:
    return bool(before and after and before["generation_index"] == after["generation_index"]
                and before["dynasties_scored"] == after["dynasties_scored"])


def _sentence(g: GameData, m: dict, who: str, names: list[str], seat: object,
              before: dict | None, after: dict | None, tr: Translator) -> str:
    _ = tr.gettext
    t = m.get("type")
    rn = lambda r: _region(g, r, tr)
    d = _delta(before, after, seat) if _same_generation(before, after) else {}
    paid = _changes({k: v for k, v in d.items() if v < 0}, tr)
    gained = _changes({k: v for k, v in d.items() if v > 0}, tr)
    if t == "setup_region":
        return _("%(who)s drafted %(region)s.", who=who, region=rn(m["region"]))
    if t == "setup_capital":
        return _("%(who)s made %(region)s the capital.", who=who, region=rn(m["region"]))
    if t == "setup_caravan":
        if m.get("border"):
            return _("%(who)s placed a first caravan between %(border)s and raised %(heritage)s heritage to 1.",
                     who=who, border=_border(g, m["border"], tr), heritage=_t(m["heritage"], tr))
        return _("%(who)s placed a first caravan nowhere (no province borders the capital) and raised %(heritage)s "
                 "heritage to 1.", who=who, heritage=_t(m["heritage"], tr))
    if t == "setup_farmer":
        return _("%(who)s placed a farmer in %(region)s.", who=who, region=rn(m["region"]))
    if t == "setup_progress":
        return _("%(who)s placed a progress marker on %(card)s (%(row)s).", who=who,
                 card=_title(g.level1.get(m["row"], m["row"]), tr), row=_row(g, m["row"], tr))
    if t == "choose_cards":
        if m.get("cards") == HIDDEN:
            return _("%(who)s chose two cards in secret.", who=who)
        cards = tr.join([_card(g, c, tr) for c in m["cards"]]) if tr.lang != "en" else \
            " and ".join(card_name(g, c) for c in m["cards"])
        if m.get("auto_decline") is True:
            return _("%(who)s chose %(cards)s and will decline both action cards at the reveal.", who=who, cards=cards)
        return _("%(who)s chose %(cards)s.", who=who, cards=cards)
    if t == "act":
        return _act(g, m, who, names, before, after, paid, gained, seat, d, tr)
    if t == "decline":
        return _("%(who)s declined %(card)s.", who=who, card=_card(g, m["card"], tr))
    if t == "bonus":
        b = m.get("bonus")
        if b == "oppression":
            return (_("%(who)s oppressed %(region)s: gained %(gained)s (bonus action).", who=who,
                      region=rn(m["region"]), gained=gained) if gained else
                    _("%(who)s oppressed %(region)s: gained nothing (bonus action).", who=who, region=rn(m["region"])))
        if b == "support":
            return _("%(who)s took Support: %(category)s heritage counts more for Progress this turn (bonus action).",
                     who=who, category=_t(m["category"], tr))
        resource = _t(m.get("resource"), tr) if isinstance(m.get("resource"), str) else m.get("resource")
        return (_("%(who)s raised taxes in %(resource)s: gained %(gained)s (bonus action).", who=who,
                  resource=resource, gained=gained) if gained else
                _("%(who)s raised taxes in %(resource)s: gained nothing (bonus action).", who=who, resource=resource))
    if t == "end_turn":
        return _("%(who)s ended the turn.", who=who)
    if t == "combat_value":
        if m.get("value") == HIDDEN:
            return _("%(who)s chose a secret die value.", who=who)
        return _("%(who)s chose die value %(value)s.", who=who, value=m["value"])
    if t == "combat_losses":
        return _("%(who)s lost %(farmers)s and %(soldiers)s in the combat.", who=who,
                 farmers=_n(m["farmers"], "farmer", tr), soldiers=_n(m["soldiers"], "soldier", tr))
    if t == "retreat":
        return _("%(who)s retreated to %(region)s.", who=who, region=rn(m["region"]))
    if t == "new_capital":
        return _("%(who)s made %(region)s the new capital.", who=who, region=rn(m["region"]))
    if t == "annex":
        region = (before or {}).get("action", {}) or {}
        where = rn(region.get("region")) if region.get("region") else _("the region")
        if not m["accept"]:
            return _("%(who)s did not annex %(region)s.", who=who, region=where)
        if paid:
            return _("%(who)s annexed %(region)s for %(paid)s.", who=who, region=where, paid=paid)
        return _("%(who)s annexed %(region)s.", who=who, region=where)
    if t == "road_permission":
        if m["grant"]:
            return _("%(who)s granted passage through the road in %(region)s.", who=who, region=rn(m["region"]))
        return _("%(who)s denied passage through the road in %(region)s.", who=who, region=rn(m["region"]))
    if t == "progress_pick":
        if m.get("card") in g.progress:
            return _("%(who)s took the progress card %(card)s.", who=who, card=progress_text(g, m["card"]))
        return _("%(who)s took a progress card.", who=who)
    if t == "growth_allocation":
        return _("%(who)s placed the last farmers in %(regions)s (population growth).", who=who,
                 regions=", ".join(rn(r) for r in m["regions"]))
    if t == "overpop_remove":
        region = ((before or {}).get("overpop") or {}).get("region")
        kind = _t(m["kind"], tr)
        if region:
            return _("%(who)s removed a %(kind)s from %(region)s (overpopulation).", who=who, kind=kind,
                     region=rn(region))
        return _("%(who)s removed a %(kind)s (overpopulation).", who=who, kind=kind)
    return _("%(who)s moved.", who=who)


def _act(g: GameData, m: dict, who: str, names: list[str], before: dict | None, after: dict | None,
         paid: str, gained: str, seat: object, d: dict, tr: Translator) -> str:
    _ = tr.gettext
    card = m.get("card")
    rn = lambda r: _region(g, r, tr)
    and_ = (lambda xs: " and ".join(xs)) if tr.lang == "en" else tr.join
    if card == "chronicle":
        parts = [_("chronicle card %(card)s face down on field %(field)s", card=x["card"], field=x.get("field"))
                 if isinstance(x.get("card"), int) else
                 _("a chronicle card face down on field %(field)s", field=x.get("field"))
                 for x in m.get("placements") or []]
        return _("%(who)s placed %(parts)s.", who=who, parts=and_(parts))
    if card == "muster":
        parts = [_("a soldier in %(region)s", region=rn(r)) for r in m.get("soldiers") or []]
        parts += [(_("a farmer into a soldier in %(region)s", region=rn(c["region"])) if c["to"] == "soldier" else
                   _("a soldier into a farmer in %(region)s", region=rn(c["region"])))
                  for c in m.get("conversions") or []]
        parts += [_("a farmer by irrigation in %(region)s", region=rn(r)) for r in m.get("irrigation") or []]
        what = ", ".join(parts) or _("nothing")
        if paid:
            return _("%(who)s mustered %(what)s for %(paid)s.", who=who, what=what, paid=paid)
        return _("%(who)s mustered %(what)s.", who=who, what=what)
    if card == "conquest":
        if m.get("attack") is not None:
            if paid:
                return _("%(who)s attacked %(other)s in %(region)s for %(paid)s.", who=who,
                         other=seat_name(names, m["attack"]), region=rn(m["region"]), paid=paid)
            return _("%(who)s attacked %(other)s in %(region)s.", who=who, other=seat_name(names, m["attack"]),
                     region=rn(m["region"]))
        if paid:
            return _("%(who)s annexed %(region)s for %(paid)s.", who=who, region=rn(m["region"]), paid=paid)
        return _("%(who)s annexed %(region)s.", who=who, region=rn(m["region"]))
    if card == "raid":
        moves = ", ".join(_("%(soldiers)s from %(src)s to %(dst)s", soldiers=_n(x["count"], "soldier", tr),
                            src=rn(x["from"]), dst=rn(x["to"])) for x in m.get("moves") or []) or _("no soldiers")
        losers = _others_lost(g, names, before, after, m, tr)
        if gained:
            text = _("%(who)s raided, moving %(moves)s, and collected %(gained)s", who=who, moves=moves, gained=gained)
        elif before and after:
            text = _("%(who)s raided, moving %(moves)s, and collected nothing", who=who, moves=moves)
        else:
            text = _("%(who)s raided, moving %(moves)s", who=who, moves=moves)
        return text + (f" ({losers})" if losers else "") + "."
    if card == "build":
        building, region = _title(m["building"], tr), rn(m["region"])
        if m.get("use_labour"):
            if paid:
                return _("%(who)s built a %(building)s in %(region)s with Labour for %(paid)s.", who=who,
                         building=building, region=region, paid=paid)
            return _("%(who)s built a %(building)s in %(region)s with Labour.", who=who, building=building, region=region)
        if paid:
            return _("%(who)s built a %(building)s in %(region)s for %(paid)s.", who=who, building=building,
                     region=region, paid=paid)
        return _("%(who)s built a %(building)s in %(region)s.", who=who, building=building, region=region)
    if card == "govern":
        if "unrest" in d and isinstance(seat, int):
            now = after["players"][seat]["unrest"]
            if paid:
                return _("%(who)s governed for %(paid)s: unrest from %(was)s down to %(now)s.", who=who, paid=paid,
                         was=now - d["unrest"], now=now)
            return _("%(who)s governed: unrest from %(was)s down to %(now)s.", who=who, was=now - d["unrest"], now=now)
        return _("%(who)s governed (%(steps)s paid step(s)).", who=who, steps=m.get("steps", 0))
    if card == "progress":
        row = m.get("row", "")
        if m.get("mode") == "new":
            return _("%(who)s started the %(row)s on %(card)s.", who=who, row=_row(g, row, tr),
                     card=_title(g.level1.get(row, row), tr))
        if after and isinstance(seat, int) and row in after["players"][seat]["progress_markers"]:
            lv = after["players"][seat]["progress_markers"][row]
            cards = after["progress_rows"].get(row, [])
            if 0 < lv <= len(cards):
                return _("%(who)s advanced in the %(row)s to %(card)s (level %(level)s).", who=who,
                         row=_row(g, row, tr), card=_title(cards[lv - 1], tr), level=lv)
        return _("%(who)s advanced in the %(row)s.", who=who, row=_row(g, row, tr))
    if card in ("caravan_1", "caravan_2"):
        good = g.border_info.get(g.key(*m["border"]), {}).get("trade_good") if all(r in g.region for r in m["border"]) else None
        where = _border(g, m["border"], tr) + (f" ({_title(good, tr)})" if good else "")
        cost = _(" for %(paid)s", paid=paid) if paid else ""
        her = _(", +1 %(heritage)s heritage", heritage=_t(m["heritage"], tr)) if m.get("heritage") else ""
        return _("%(who)s placed a caravan between %(border)s%(cost)s%(heritage)s.", who=who, border=where,
                 cost=cost, heritage=her)
    if card == "resettle":
        parts = []
        for x in m.get("moves") or []:
            farmers, soldiers = _n(x.get("farmers", 0), "farmer", tr), _n(x.get("soldiers", 0), "soldier", tr)
            if x.get("via"):
                parts.append(_("%(farmers)s and %(soldiers)s from %(src)s to %(dst)s via the road in %(via)s",
                               farmers=farmers, soldiers=soldiers, src=rn(x["from"]), dst=rn(x["to"]), via=rn(x["via"])))
            else:
                parts.append(_("%(farmers)s and %(soldiers)s from %(src)s to %(dst)s", farmers=farmers,
                               soldiers=soldiers, src=rn(x["from"]), dst=rn(x["to"])))
        text = _("%(who)s resettled %(parts)s", who=who, parts="; ".join(parts) or _("nobody"))
        car = m.get("caravan")
        if car:
            text += _(", and placed a free caravan between %(border)s", border=_border(g, car["border"], tr))
        if after and (after.get("action") or {}).get("kind") == "road_permission":
            text += _(" (asking passage through %(regions)s)", regions=", ".join(rn(r) for r in after["action"]["asked"]))
        return text + "."
    if card == "tribute":
        colonies = m.get("mode") == "colonies"
        if gained:
            text = (_("%(who)s collected tribute from colonies: gained %(gained)s", who=who, gained=gained) if colonies
                    else _("%(who)s collected tribute from caravans: gained %(gained)s", who=who, gained=gained))
        elif before and after:
            text = (_("%(who)s collected tribute from colonies: gained nothing", who=who) if colonies
                    else _("%(who)s collected tribute from caravans: gained nothing", who=who))
        else:
            text = (_("%(who)s collected tribute from colonies", who=who) if colonies
                    else _("%(who)s collected tribute from caravans", who=who))
        losers = _others_lost(g, names, before, after, m, tr)
        return text + (f" ({losers})" if losers else "") + "."
    return _("%(who)s played %(move)s.", who=who, move=_card(g, card, tr))


def _others_lost(g: GameData, names: list[str], before: dict | None, after: dict | None, m: dict,
                 tr: Translator) -> str:
    if not _same_generation(before, after):
        return ""
    out = []
    for i, (b, a) in enumerate(zip(before["players"], after["players"])):
        lost = [f"{b[k] - a[k]} {_t(k, tr) if tr.lang != 'en' else k}" for k in ("grain", "gold") if a[k] < b[k]]
        if lost and i != (after.get("turn") or {}).get("seat", before.get("active_player")):
            out.append(tr.gettext("%(who)s lost %(what)s", who=seat_name(names, i),
                                  what=" and ".join(lost) if tr.lang == "en" else tr.join(lost)))
    return "; ".join(out)


def _automatic(g: GameData, names: list[str], seat: object, m: dict, before: dict, after: dict,
               tr: Translator) -> list[str]:
    _ = tr.gettext
    lines: list[str] = []
    combat = after.get("last_combat")
    if combat and combat != before.get("last_combat"):
        a, d = combat["attacker"], combat["defender"]
        v, s, tot = combat["values"], combat["strength"], combat["totals"]
        lines.append(_("Combat in %(region)s: %(a)s combat value %(a_strength)s + die value %(a_die)s x3 = %(a_total)s, "
                       "%(d)s combat value %(d_strength)s + die value %(d_die)s x3 = %(d_total)s: %(winner)s wins.",
                       region=_region(g, combat["region"], tr), a=seat_name(names, a), a_strength=s[str(a)],
                       a_die=v[str(a)], a_total=tot[str(a)], d=seat_name(names, d), d_strength=s[str(d)],
                       d_die=v[str(d)], d_total=tot[str(d)], winner=seat_name(names, combat["winner"])))
    if m.get("type") in ("end_turn", "decline", "act", "bonus") and before.get("turn") and before["turn"].get("seat") is not None:
        s = before["turn"]["seat"]
        up = after["players"][s]["unrest"] - before["players"][s]["unrest"]
        if (after.get("turn") or {}).get("seat") != s and up > 0 and _same_generation(before, after):
            lines.append(_("%(who)s's unrest rose by %(up)s at the end of the turn (re-used card or new bonus action).",
                           who=seat_name(names, s), up=up))
    rolls = after.get("last_die_rolls") or []
    for r in rolls[len(before.get("last_die_rolls") or []):]:
        if r["roll"] >= r["needed"]:
            lines.append(_("Generation die: %(roll)s (needed %(needed)s), another turn follows.", roll=r["roll"],
                           needed=r["needed"]))
        else:
            lines.append(_("Generation die: %(roll)s (needed %(needed)s), the generation's turns end.", roll=r["roll"],
                           needed=r["needed"]))
    if after.get("growth_done") and not before.get("growth_done"):
        lines.append(_("Population growth: every player placed a farmer in each region they control."))
    for dyn in after["dynasties_scored"][len(before["dynasties_scored"]):]:
        gains = []
        for i, (b, a) in enumerate(zip(before["players"], after["players"])):
            gains.append(_("%(who)s %(sign)s%(vp)s VP", who=seat_name(names, i), sign="+" if a["vp"] >= b["vp"] else "",
                           vp=a["vp"] - b["vp"]))
        lines.append(_("Dynasty %(dynasty)s scored (chronicle cards revealed): %(gains)s.", dynasty=dyn,
                       gains=", ".join(gains)))
    if after["generation_index"] > before["generation_index"] and not after.get("result"):
        inc = ", ".join(_("%(who)s %(grain)s grain and %(gold)s gold", who=seat_name(names, i), grain=p["grain"],
                          gold=p["gold"]) for i, p in enumerate(after["players"]))
        lines.append(_("Generation %(generation)s begins; resources reset, income: %(income)s.",
                       generation=after["generation_index"] + 1, income=inc))
    if after.get("result") and not before.get("result"):
        res = after["result"]
        scores = ", ".join(_("%(who)s %(vp)s VP", who=seat_name(names, i), vp=sc) for i, sc in enumerate(res.get("scores", [])))
        winners = [seat_name(names, w) for w in res.get("winners", [])]
        lines.append(_("Game over: %(winners)s won (%(scores)s).",
                       winners=" and ".join(winners) if tr.lang == "en" else tr.join(winners), scores=scores))
    return lines
