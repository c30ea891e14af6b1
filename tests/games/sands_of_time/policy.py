"""A random but purposeful player for playouts and the HTTP game: builds `turn` and
`resettle_replan` moves (their prompts list no choices) from the state and keeps the first
one the rules accept, so that every action, combat and road request is exercised."""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.games.sands_of_time.caravans import connected
from referee.games.sands_of_time.resettle import has_road

TRIES = 6


def _own(state: dict, seat: int) -> list[str]:
    return [r for r, v in state["regions"].items() if v["controller"] == seat]


def _with_citizens(state: dict, seat: int, kind: str | None = None) -> list[str]:
    out = []
    for r, v in state["regions"].items():
        c = v["citizens"].get(str(seat))
        if c and (c["farmers"] + c["soldiers"] if kind is None else c[kind]) > 0:
            out.append(r)
    return out


def candidate(rules: Any, state: dict, seat: int, card: str, pick: random.Random) -> dict:
    g = rules.data
    p = state["players"][seat]
    own = _own(state, seat) or list(g.region_order)
    cats = g.categories
    if card == "chronicle":
        empty = [f for f, v in p["chronicle_board"].items() if v is None] or g.field_ids
        hand = p["chronicle_hand"] or [1]
        value = min(hand) if pick.random() < 0.6 else pick.choice(hand)  # low cards score more often
        return {"type": "act", "card": card, "placements": [{"card": value,
                                                             "field": pick.choice(empty)}]}
    if card == "muster":
        m = {"type": "act", "card": card, "soldiers": [pick.choice(own)] if pick.random() < 0.8 else [],
             "conversions": [], "irrigation": []}
        if pick.random() < 0.5:
            m["conversions"] = [{"region": pick.choice(own), "to": pick.choice(["soldier", "farmer"])}]
        if pick.random() < 0.3:
            m["irrigation"] = [pick.choice(own)]
        return m
    if card == "conquest":
        mine = _with_citizens(state, seat)
        contested = [r for r in mine if any(k != str(seat) for k in state["regions"][r]["citizens"])]
        if contested and pick.random() < 0.7:
            r = pick.choice(contested)
            foe = int(pick.choice([k for k in state["regions"][r]["citizens"] if k != str(seat)]))
            return {"type": "act", "card": card, "region": r, "attack": foe, "annex": False}
        return {"type": "act", "card": card, "region": pick.choice(mine or own), "attack": None, "annex": True}
    if card == "raid":
        src = _with_citizens(state, seat, "soldiers")
        if not src:
            return {"type": "act", "card": card, "moves": [], "target": None}
        a = pick.choice(src)
        b = pick.choice(sorted(g.adj[a]))
        return {"type": "act", "card": card, "moves": [{"from": a, "to": b, "count": 1}], "target": b}
    if card == "build":
        return {"type": "act", "card": card, "region": pick.choice(own), "building": pick.choice(g.building_ids),
                "use_labour": pick.random() < 0.3}
    if card == "govern":
        return {"type": "act", "card": card, "steps": pick.choice([0, 1, 1, 2])}
    if card == "progress":
        rows = list(p["progress_markers"])
        if rows and pick.random() < 0.8:
            return {"type": "act", "card": card, "mode": "advance", "row": pick.choice(rows)}
        return {"type": "act", "card": card, "mode": "new", "row": pick.choice(g.rows)}
    if card in ("caravan_1", "caravan_2"):
        reach = sorted(connected(g, state, seat)) or own
        a = pick.choice(reach)
        b = pick.choice(sorted(g.adj[a]))
        return {"type": "act", "card": card, "border": [a, b], "pay": pick.choice(["grain", "gold"]),
                "heritage": pick.choice(cats)}
    if card == "resettle":
        src = _with_citizens(state, seat)
        if not src:
            return {"type": "act", "card": card, "moves": [], "caravan": None}
        a = pick.choice(src)
        roads = [r for r in g.adj[a] if has_road(g, state, r)]
        via = pick.choice(sorted(roads)) if roads and pick.random() < 0.7 else None
        b = pick.choice(sorted((g.adj[via] - {a}) if via else g.adj[a]))
        c = state["regions"][a]["citizens"][str(seat)]
        kind = "farmers" if c["farmers"] and (not c["soldiers"] or pick.random() < 0.5) else "soldiers"
        mv = {"from": a, "to": b, "via": via, "farmers": int(kind == "farmers"), "soldiers": int(kind == "soldiers")}
        car = None
        if pick.random() < 0.3:
            car = {"border": [b, pick.choice(sorted(g.adj[b]))], "heritage": pick.choice(cats)}
        return {"type": "act", "card": card, "moves": [mv], "caravan": car}
    return {"type": "act", "card": card, "mode": pick.choice(["colonies", "caravans"])}


def bonus_move(rules: Any, state: dict, seat: int, pick: random.Random) -> dict:
    b = pick.choice(rules.data.bonus_ids)
    if b == "oppression":
        return {"type": "bonus", "bonus": b, "region": pick.choice(_own(state, seat) or rules.data.region_order)}
    if b == "support":
        return {"type": "bonus", "bonus": b, "category": pick.choice(rules.data.categories)}
    return {"type": "bonus", "bonus": b, "resource": pick.choice(["grain", "gold"])}


def legal(rules: Any, state: dict, seat: int, move: dict) -> bool:
    try:
        rules.apply(state, seat, move, Rng(b"probe", 2))
        return True
    except IllegalMove:
        return False


def move_gen(rules: Any, state: dict, prompt: Any, pick: random.Random) -> dict:
    seat = prompt.seat
    if prompt.kind == "resettle_replan":
        return prompt.default
    t = state["turn"]
    p = state["players"][seat]
    pending = [c for c in t["cards"] if t["status"][c] == "pending"]
    if p["bonus_used_this_turn"] is None and pick.random() < 0.25:
        m = bonus_move(rules, state, seat, pick)
        if legal(rules, state, seat, m):
            return m
    if pending and pick.random() < 0.95:
        card = pick.choice(pending)
        for _ in range(TRIES):
            m = candidate(rules, state, seat, card, pick)
            if legal(rules, state, seat, m):
                return m
        return {"type": "decline", "card": card}
    return {"type": "end_turn"}


class BiasedPick(random.Random):
    """Picks among prompt choices; prefers to grant roads and answer choose_cards without
    auto_decline so that games are eventful."""

    def choice(self, seq):  # type: ignore[override]
        seq = list(seq)
        if seq and isinstance(seq[0], dict) and seq[0].get("type") == "choose_cards" and self.random() < 0.95:
            seq = [m for m in seq if not m["auto_decline"]] or seq
        return super().choice(seq)
