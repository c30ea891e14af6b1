"""The short text form of moves for play by mail (README "Text form"), e.g. `cards conquest build`,
`act conquest 12 attack 2`, `decline raid`, `value 4`, `deny road 7`, `end`.

Regions may be written as id, name or number (the region order); format_move writes ids.
parse_text(format_move(m)) == m for moves in their canonical form (all optional lists and
fields written out, as the prompts' choices and the README examples are)."""

from __future__ import annotations

from typing import Any

from referee.games.sands_of_time.data import GameData
from referee.plumbing.i18n import Text

Move = dict[str, Any]


class Tokens:
    def __init__(self, g: GameData, text: str):
        self.g = g
        self.t = text.replace(",", " ").split()
        self.i = 0

    def more(self) -> bool:
        return self.i < len(self.t)

    def peek(self) -> str | None:
        return self.t[self.i].lower() if self.more() else None

    def word(self, what: str = Text("a word")) -> str:
        """The next word; `what` (a `Text` noun, so the reason reads in the player's language)
        names it when the text ends early."""
        if not self.more():
            raise ValueError(Text("expected %(what)s at the end", what=what))
        self.i += 1
        return self.t[self.i - 1].lower()

    def take(self, w: str) -> bool:
        if self.peek() == w:
            self.i += 1
            return True
        return False

    def int(self, what: str) -> int:
        w = self.word(what)
        if not w.lstrip("-").isdigit():
            raise ValueError(Text("expected %(what)s (a number), got %(word)s", what=what, word=repr(w)))
        return int(w)

    def region(self) -> str:
        w = self.word(Text("a region"))
        g = self.g
        if w.isdigit() and 1 <= int(w) <= len(g.region_order):
            return g.region_order[int(w) - 1]
        for r in g.region_order:
            if w in (r, g.region[r]["name"].lower().replace(" ", "_")):
                return r
        raise ValueError(Text("unknown region %(word)s", word=repr(w)))

    def one_of(self, options: list[str], what: str) -> str:
        w = self.word(what)
        if w not in options:
            raise ValueError(Text("expected %(what)s (%(options)s), got %(word)s", what=what,
                                  options=", ".join(options), word=repr(w)))
        return w

    def end(self) -> None:
        if self.more():
            raise ValueError(Text("unexpected %(words)s", words=repr(" ".join(self.t[self.i:]))))


def parse_text(g: GameData, text: str) -> Move:
    tk = Tokens(g, text)
    verb = tk.word(Text("a move"))
    m = _parse(g, tk, verb)
    tk.end()
    return m


def _parse(g: GameData, tk: Tokens, verb: str) -> Move:
    cats = g.categories
    if verb == "draft":
        return {"type": "setup_region", "region": tk.region()}
    if verb == "capital":
        return {"type": "setup_capital", "region": tk.region()}
    if verb == "start":
        border = None if tk.take("none") else [tk.region(), tk.region()]
        tk.take("heritage")
        return {"type": "setup_caravan", "border": border, "heritage": tk.one_of(cats, Text("a category"))}
    if verb == "farmer":
        return {"type": "setup_farmer", "region": tk.region()}
    if verb == "marker":
        return {"type": "setup_progress", "row": tk.one_of(g.rows, Text("a progress row"))}
    if verb == "cards":
        cards = [tk.one_of(g.all_cards, Text("a card")), tk.one_of(g.all_cards, Text("a card"))]
        return {"type": "choose_cards", "cards": cards, "auto_decline": tk.take("auto")}
    if verb == "act":
        return _act(g, tk, tk.one_of(g.action_order, Text("an action card")))
    if verb == "decline":
        return {"type": "decline", "card": tk.one_of(g.all_cards, Text("a card"))}
    if verb == "bonus":
        b = tk.one_of(g.bonus_ids, Text("a bonus action"))
        if b == "oppression":
            return {"type": "bonus", "bonus": b, "region": tk.region()}
        if b == "support":
            return {"type": "bonus", "bonus": b, "category": tk.one_of(cats, Text("a category"))}
        return {"type": "bonus", "bonus": b, "resource": tk.one_of(["grain", "gold"], Text("a resource"))}
    if verb in ("end", "end_turn"):
        return {"type": "end_turn"}
    if verb == "value":
        return {"type": "combat_value", "value": tk.int(Text("a combat value"))}
    if verb == "losses":
        return {"type": "combat_losses", "farmers": tk.int(Text("farmers")), "soldiers": tk.int(Text("soldiers"))}
    if verb == "retreat":
        return {"type": "retreat", "region": tk.region()}
    if verb == "new":
        tk.one_of(["capital"], Text("capital"))
        return {"type": "new_capital", "region": tk.region()}
    if verb == "annex":
        return {"type": "annex", "accept": tk.one_of(["yes", "no"], Text("yes or no")) == "yes"}
    if verb in ("grant", "deny"):
        tk.take("road")
        return {"type": "road_permission", "region": tk.region(), "grant": verb == "grant"}
    if verb == "pick":
        return {"type": "progress_pick", "card": tk.one_of(sorted(g.progress), Text("a progress card"))}
    if verb == "grow":
        regions = []
        while tk.more():
            regions.append(tk.region())
        return {"type": "growth_allocation", "regions": regions}
    if verb == "remove":
        return {"type": "overpop_remove", "kind": tk.one_of(["farmer", "soldier"], Text("farmer or soldier"))}
    raise ValueError(Text("unknown move %(word)s; see the game's player page for the text form", word=repr(verb)))


def _act(g: GameData, tk: Tokens, card: str) -> Move:
    m: Move = {"type": "act", "card": card}
    cats = g.categories
    if card == "chronicle":
        m["placements"] = []
        while tk.more():
            value = tk.int(Text("a chronicle card"))
            tk.take("on")
            m["placements"].append({"card": value, "field": tk.one_of([f.lower() for f in g.field_ids], Text("a field")).upper()})
    elif card == "muster":
        m.update(soldiers=[], conversions=[], irrigation=[])
        while tk.more():
            w = tk.one_of(["soldier", "convert", "irrigate"], Text("soldier, convert or irrigate"))
            if w == "soldier":
                m["soldiers"].append(tk.region())
            elif w == "convert":
                r = tk.region()
                m["conversions"].append({"region": r, "to": tk.one_of(["soldier", "farmer"], Text("soldier or farmer"))})
            else:
                m["irrigation"].append(tk.region())
    elif card == "conquest":
        m["region"] = tk.region()
        m["attack"] = tk.int(Text("a seat")) if tk.take("attack") else None
        m["annex"] = tk.take("annex")
    elif card == "raid":
        m["moves"], m["target"] = [], None
        while tk.more():
            if tk.take("target"):
                m["target"] = tk.region()
                continue
            tk.one_of(["move"], Text("move or target"))
            a, b = tk.region(), tk.region()
            m["moves"].append({"from": a, "to": b, "count": tk.int(Text("a count"))})
    elif card == "build":
        m["region"] = tk.region()
        m["building"] = tk.one_of(g.building_ids, Text("a building"))
        m["use_labour"] = tk.take("labour")
    elif card == "govern":
        m["steps"] = tk.int(Text("paid steps"))
    elif card == "progress":
        m["mode"] = tk.one_of(["advance", "new"], Text("advance or new"))
        m["row"] = tk.one_of(g.rows, Text("a progress row"))
    elif card in ("caravan_1", "caravan_2"):
        m["border"] = [tk.region(), tk.region()]
        tk.one_of(["pay"], Text("pay"))
        w = tk.word(Text("grain, gold or G/O"))
        if w in ("grain", "gold"):
            m["pay"] = w
        elif "/" in w and all(x.isdigit() for x in w.split("/", 1)):
            gr, go = w.split("/", 1)
            m["pay"] = {"grain": int(gr), "gold": int(go)}
        else:
            raise ValueError(Text("pay grain, gold or grain/gold (e.g. 1/1), got %(word)s", word=repr(w)))
        m["heritage"] = tk.one_of(cats, Text("a category")) if tk.take("heritage") else None
    elif card == "resettle":
        m["moves"], m["caravan"] = [], None
        while tk.more():
            if tk.take("caravan"):
                border = [tk.region(), tk.region()]
                m["caravan"] = {"border": border, "heritage": tk.one_of(cats, Text("a category")) if tk.take("heritage") else None}
                continue
            tk.one_of(["move"], Text("move or caravan"))
            a, b = tk.region(), tk.region()
            via = tk.region() if tk.take("via") else None
            m["moves"].append({"from": a, "to": b, "via": via, "farmers": tk.int(Text("farmers")), "soldiers": tk.int(Text("soldiers"))})
    else:
        m["mode"] = tk.one_of(["colonies", "caravans"], Text("colonies or caravans"))
    return m


def format_move(g: GameData, m: Move) -> str:
    t = m.get("type")
    simple = {"setup_region": "draft {region}", "setup_capital": "capital {region}", "setup_farmer": "farmer {region}",
              "setup_progress": "marker {row}", "decline": "decline {card}", "end_turn": "end",
              "combat_value": "value {value}", "combat_losses": "losses {farmers} {soldiers}",
              "retreat": "retreat {region}", "new_capital": "new capital {region}", "progress_pick": "pick {card}",
              "overpop_remove": "remove {kind}"}
    if t in simple:
        return simple[t].format(**m)
    if t == "setup_caravan":
        b = " ".join(m["border"]) if m.get("border") else "none"
        return f"start {b} heritage {m['heritage']}"
    if t == "choose_cards":
        cards = m["cards"] if isinstance(m["cards"], list) else ["(hidden)", "(hidden)"]
        return f"cards {' '.join(cards)}" + (" auto" if m.get("auto_decline") is True else "")
    if t == "bonus":
        arg = m.get("region") or m.get("category") or m.get("resource")
        return f"bonus {m['bonus']} {arg}"
    if t == "annex":
        return f"annex {'yes' if m['accept'] else 'no'}"
    if t == "road_permission":
        return f"{'grant' if m['grant'] else 'deny'} road {m['region']}"
    if t == "growth_allocation":
        return " ".join(["grow", *m["regions"]])
    if t == "act":
        return _format_act(m)
    return str(t)


def _format_act(m: Move) -> str:
    card = m["card"]
    out = ["act", card]
    if card == "chronicle":
        for x in m.get("placements") or []:
            out += [str(x["card"]) if isinstance(x["card"], int) else "?", "on", x["field"]]
    elif card == "muster":
        for r in m.get("soldiers") or []:
            out += ["soldier", r]
        for c in m.get("conversions") or []:
            out += ["convert", c["region"], c["to"]]
        for r in m.get("irrigation") or []:
            out += ["irrigate", r]
    elif card == "conquest":
        out.append(m["region"])
        if m.get("attack") is not None:
            out += ["attack", str(m["attack"])]
        if m.get("annex"):
            out.append("annex")
    elif card == "raid":
        for x in m.get("moves") or []:
            out += ["move", x["from"], x["to"], str(x["count"])]
        if m.get("target"):
            out += ["target", m["target"]]
    elif card == "build":
        out += [m["region"], m["building"]] + (["labour"] if m.get("use_labour") else [])
    elif card == "govern":
        out.append(str(m.get("steps", 0)))
    elif card == "progress":
        out += [m["mode"], m["row"]]
    elif card in ("caravan_1", "caravan_2"):
        pay = m["pay"] if isinstance(m["pay"], str) else f"{m['pay'].get('grain', 0)}/{m['pay'].get('gold', 0)}"
        out += [*m["border"], "pay", pay] + (["heritage", m["heritage"]] if m.get("heritage") else [])
    elif card == "resettle":
        for x in m.get("moves") or []:
            out += ["move", x["from"], x["to"]] + (["via", x["via"]] if x.get("via") else [])
            out += [str(x.get("farmers", 0)), str(x.get("soldiers", 0))]
        car = m.get("caravan")
        if car:
            out += ["caravan", *car["border"]] + (["heritage", car["heritage"]] if car.get("heritage") else [])
    else:
        out.append(m.get("mode", "colonies"))
    return " ".join(out)
