"""A game-log line per move or timeout event as a viewer may see it (contract `narrate`), then one
line per automatic step the event set off (combat result, end-of-turn unrest, generation die,
growth, dynasty scoring, the new generation's income, the game's end).

It works from the redacted event and the viewer's own views before and after it: hidden cards
and die values arrive as "hidden" and stay unnamed, and amounts are read from what the viewer's
view shows (resources, VP and unrest are public, RULES.md 12). Without the views it says what the
move itself says. The secret die pick is the die value (Augenzahl), never "combat value": that
word is the citizens' strength (glossary.de.json)."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.views import HIDDEN
from referee.games.sands_of_time.words import (
    border_name,
    card_name,
    progress_text,
    region_name,
    row_name,
    seat_name,
    title,
)


def narrate(g: GameData, event: dict, names: list[str], before: dict | None = None, after: dict | None = None) -> str:
    seat = event.get("seat")
    who = seat_name(names, seat) if isinstance(seat, int) else "The referee"
    move = (event.get("payload") or {}).get("move") or {}
    text = _sentence(g, move, who, names, seat, before, after)
    if event.get("type") == "timeout":
        text = f"{text[:-1]} (the deadline passed, so the referee played this)."
    lines = [text] + (_automatic(g, names, seat, move, before, after) if before and after else [])
    return "\n".join(lines)


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _delta(before: dict | None, after: dict | None, seat: object) -> dict[str, int]:
    """What a seat's grain, gold, VP and unrest changed by (empty without views)."""
    if not before or not after or not isinstance(seat, int):
        return {}
    b, a = before["players"][seat], after["players"][seat]
    return {k: a[k] - b[k] for k in ("grain", "gold", "vp", "unrest") if a[k] != b[k]}


def _changes(d: dict[str, int], keys: tuple = ("grain", "gold")) -> str:
    return " and ".join(f"{abs(v)} {k}" for k, v in d.items() if k in keys)


def _same_generation(before: dict | None, after: dict | None) -> bool:
    return bool(before and after and before["generation_index"] == after["generation_index"]
                and before["dynasties_scored"] == after["dynasties_scored"])


def _sentence(g: GameData, m: dict, who: str, names: list[str], seat: object,
              before: dict | None, after: dict | None) -> str:
    t = m.get("type")
    rn = lambda r: region_name(g, r)
    d = _delta(before, after, seat) if _same_generation(before, after) else {}
    paid = _changes({k: v for k, v in d.items() if v < 0})
    gained = _changes({k: v for k, v in d.items() if v > 0})
    if t == "setup_region":
        return f"{who} drafted {rn(m['region'])}."
    if t == "setup_capital":
        return f"{who} made {rn(m['region'])} the capital."
    if t == "setup_caravan":
        where = f"between {border_name(g, m['border'])}" if m.get("border") else "nowhere (no province borders the capital)"
        return f"{who} placed a first caravan {where} and raised {m['heritage']} heritage to 1."
    if t == "setup_farmer":
        return f"{who} placed a farmer in {rn(m['region'])}."
    if t == "setup_progress":
        return f"{who} placed a progress marker on {title(g.level1.get(m['row'], m['row']))} ({row_name(g, m['row'])})."
    if t == "choose_cards":
        if m.get("cards") == HIDDEN:
            return f"{who} chose two cards in secret."
        extra = " and will decline both action cards at the reveal" if m.get("auto_decline") is True else ""
        return f"{who} chose {' and '.join(card_name(g, c) for c in m['cards'])}{extra}."
    if t == "act":
        return _act(g, m, who, names, before, after, paid, gained, seat, d)
    if t == "decline":
        return f"{who} declined {card_name(g, m['card'])}."
    if t == "bonus":
        b = m.get("bonus")
        if b == "oppression":
            return f"{who} oppressed {rn(m['region'])}: {'gained ' + gained if gained else 'gained nothing'} (bonus action)."
        if b == "support":
            return f"{who} took Support: {m['category']} heritage counts more for Progress this turn (bonus action)."
        return f"{who} raised taxes in {m.get('resource')}: {'gained ' + gained if gained else 'gained nothing'} (bonus action)."
    if t == "end_turn":
        return f"{who} ended the turn."
    if t == "combat_value":
        if m.get("value") == HIDDEN:
            return f"{who} chose a secret die value."
        return f"{who} chose die value {m['value']}."
    if t == "combat_losses":
        return f"{who} lost {_n(m['farmers'], 'farmer')} and {_n(m['soldiers'], 'soldier')} in the combat."
    if t == "retreat":
        return f"{who} retreated to {rn(m['region'])}."
    if t == "new_capital":
        return f"{who} made {rn(m['region'])} the new capital."
    if t == "annex":
        region = (before or {}).get("action", {}) or {}
        where = rn(region.get("region")) if region.get("region") else "the region"
        return f"{who} annexed {where}{' for ' + paid if paid else ''}." if m["accept"] else f"{who} did not annex {where}."
    if t == "road_permission":
        return f"{who} {'granted' if m['grant'] else 'denied'} passage through the road in {rn(m['region'])}."
    if t == "progress_pick":
        return f"{who} took the progress card {progress_text(g, m['card'])}." if m.get("card") in g.progress else f"{who} took a progress card."
    if t == "growth_allocation":
        return f"{who} placed the last farmers in {', '.join(rn(r) for r in m['regions'])} (population growth)."
    if t == "overpop_remove":
        region = ((before or {}).get("overpop") or {}).get("region")
        return f"{who} removed a {m['kind']}{' from ' + rn(region) if region else ''} (overpopulation)."
    return f"{who} moved."


def _act(g: GameData, m: dict, who: str, names: list[str], before: dict | None, after: dict | None,
         paid: str, gained: str, seat: object = None, d: dict | None = None) -> str:
    card = m.get("card")
    rn = lambda r: region_name(g, r)
    cost = f" for {paid}" if paid else ""
    d = d or {}
    if card == "chronicle":
        parts = [f"{'chronicle card ' + str(x['card']) if isinstance(x.get('card'), int) else 'a chronicle card'} "
                 f"face down on field {x.get('field')}" for x in m.get("placements") or []]
        return f"{who} placed {' and '.join(parts)}."
    if card == "muster":
        parts = [f"a soldier in {rn(r)}" for r in m.get("soldiers") or []]
        parts += [f"a {'farmer into a soldier' if c['to'] == 'soldier' else 'soldier into a farmer'} in {rn(c['region'])}"
                  for c in m.get("conversions") or []]
        parts += [f"a farmer by irrigation in {rn(r)}" for r in m.get("irrigation") or []]
        return f"{who} mustered {', '.join(parts) or 'nothing'}{cost}."
    if card == "conquest":
        if m.get("attack") is not None:
            return f"{who} attacked {seat_name(names, m['attack'])} in {rn(m['region'])}{cost}."
        return f"{who} annexed {rn(m['region'])}{cost}."
    if card == "raid":
        moves = ", ".join(f"{_n(x['count'], 'soldier')} from {rn(x['from'])} to {rn(x['to'])}" for x in m.get("moves") or [])
        text = f"{who} raided, moving {moves or 'no soldiers'}"
        if gained:
            text += f", and collected {gained}"
        elif before and after:
            text += ", and collected nothing"
        losers = _others_lost(g, names, before, after, m)
        return text + (f" ({losers})" if losers else "") + "."
    if card == "build":
        lab = " with Labour" if m.get("use_labour") else ""
        return f"{who} built a {title(m['building'])} in {rn(m['region'])}{lab}{cost}."
    if card == "govern":
        if "unrest" in d and isinstance(seat, int):
            now = after["players"][seat]["unrest"]
            return f"{who} governed{cost}: unrest from {now - d['unrest']} down to {now}."
        return f"{who} governed ({m.get('steps', 0)} paid step(s))."
    if card == "progress":
        row = m.get("row", "")
        if m.get("mode") == "new":
            return f"{who} started the {row_name(g, row)} on {title(g.level1.get(row, row))}."
        if after and isinstance(seat, int) and row in after["players"][seat]["progress_markers"]:
            lv = after["players"][seat]["progress_markers"][row]
            cards = after["progress_rows"].get(row, [])
            if 0 < lv <= len(cards):
                return f"{who} advanced in the {row_name(g, row)} to {title(cards[lv - 1])} (level {lv})."
        return f"{who} advanced in the {row_name(g, row)}."
    if card in ("caravan_1", "caravan_2"):
        good = g.border_info.get(g.key(*m["border"]), {}).get("trade_good") if all(r in g.region for r in m["border"]) else None
        her = f", +1 {m['heritage']} heritage" if m.get("heritage") else ""
        return f"{who} placed a caravan between {border_name(g, m['border'])}{' (' + title(good) + ')' if good else ''}{cost}{her}."
    if card == "resettle":
        parts = [f"{_n(x.get('farmers', 0), 'farmer')} and {_n(x.get('soldiers', 0), 'soldier')} from {rn(x['from'])} to "
                 f"{rn(x['to'])}{' via the road in ' + rn(x['via']) if x.get('via') else ''}" for x in m.get("moves") or []]
        car = m.get("caravan")
        text = f"{who} resettled {'; '.join(parts) or 'nobody'}"
        if car:
            text += f", and placed a free caravan between {border_name(g, car['border'])}"
        if after and (after.get("action") or {}).get("kind") == "road_permission":
            asked = ", ".join(rn(r) for r in after["action"]["asked"])
            text += f" (asking passage through {asked})"
        return text + "."
    if card == "tribute":
        text = f"{who} collected tribute from {'colonies' if m.get('mode') == 'colonies' else 'caravans'}"
        text += f": gained {gained}" if gained else (": gained nothing" if before and after else "")
        losers = _others_lost(g, names, before, after, m)
        return text + (f" ({losers})" if losers else "") + "."
    return f"{who} played {card_name(g, card)}."


def _others_lost(g: GameData, names: list[str], before: dict | None, after: dict | None, m: dict) -> str:
    if not _same_generation(before, after):
        return ""
    out = []
    for i, (b, a) in enumerate(zip(before["players"], after["players"])):
        lost = [f"{b[k] - a[k]} {k}" for k in ("grain", "gold") if a[k] < b[k]]
        if lost and i != (after.get("turn") or {}).get("seat", before.get("active_player")):
            out.append(f"{seat_name(names, i)} lost {' and '.join(lost)}")
    return "; ".join(out)


def _automatic(g: GameData, names: list[str], seat: object, m: dict, before: dict, after: dict) -> list[str]:
    lines: list[str] = []
    combat = after.get("last_combat")
    if combat and combat != before.get("last_combat"):
        a, d = combat["attacker"], combat["defender"]
        v, s, tot = combat["values"], combat["strength"], combat["totals"]
        lines.append(f"Combat in {region_name(g, combat['region'])}: {seat_name(names, a)} combat value {s[str(a)]} + "
                     f"die value {v[str(a)]} x3 = {tot[str(a)]}, {seat_name(names, d)} combat value {s[str(d)]} + "
                     f"die value {v[str(d)]} x3 = {tot[str(d)]}: {seat_name(names, combat['winner'])} wins.")
    if m.get("type") in ("end_turn", "decline", "act", "bonus") and before.get("turn") and before["turn"].get("seat") is not None:
        s = before["turn"]["seat"]
        up = after["players"][s]["unrest"] - before["players"][s]["unrest"]
        if (after.get("turn") or {}).get("seat") != s and up > 0 and _same_generation(before, after):
            lines.append(f"{seat_name(names, s)}'s unrest rose by {up} at the end of the turn (re-used card or new bonus action).")
    rolls = after.get("last_die_rolls") or []
    for r in rolls[len(before.get("last_die_rolls") or []):]:
        more = "another turn follows" if r["roll"] >= r["needed"] else "the generation's turns end"
        lines.append(f"Generation die: {r['roll']} (needed {r['needed']}), {more}.")
    if after.get("growth_done") and not before.get("growth_done"):
        lines.append("Population growth: every player placed a farmer in each region they control.")
    for dyn in after["dynasties_scored"][len(before["dynasties_scored"]):]:
        gains = []
        for i, (b, a) in enumerate(zip(before["players"], after["players"])):
            gains.append(f"{seat_name(names, i)} {'+' if a['vp'] >= b['vp'] else ''}{a['vp'] - b['vp']} VP")
        lines.append(f"Dynasty {dyn} scored (chronicle cards revealed): {', '.join(gains)}.")
    if after["generation_index"] > before["generation_index"] and not after.get("result"):
        inc = ", ".join(f"{seat_name(names, i)} {p['grain']} grain and {p['gold']} gold"
                        for i, p in enumerate(after["players"]))
        lines.append(f"Generation {after['generation_index'] + 1} begins; resources reset, income: {inc}.")
    if after.get("result") and not before.get("result"):
        res = after["result"]
        scores = ", ".join(f"{seat_name(names, i)} {s} VP" for i, s in enumerate(res.get("scores", [])))
        winners = " and ".join(seat_name(names, w) for w in res.get("winners", []))
        lines.append(f"Game over: {winners} won ({scores}).")
    return lines
