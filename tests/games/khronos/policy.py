"""A legal, mildly purposeful random player for Khronos playouts and the HTTP game.

Turn prompts list no choices (too many moves), so `move_gen` builds a move: it proposes random
candidates (builds near existing buildings so domains merge, upgrades, populations,
restorations, demolitions, travel) and returns the first one the engine's own checks accept,
else `end_turn`. It reads only what the acting seat sees (its own hand), so it works on a
state and on that seat's view alike.
"""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import IllegalMove
from referee.games.khronos.actions import restore_counts
from referee.games.khronos.moves import check
from referee.games.khronos.spatial import Layout, footprint, on_board, surcharge

END = {"type": "end_turn"}
DECISIONS = ("choose_reduction", "place_reduced", "choose_hamlet_keeper")
KINDS = ["build"] * 6 + ["upgrade"] * 5 + ["join"] * 3 + ["populate"] * 2 + ["restore"] * 2 + ["demolish", "travel"]


def _pay(pick: random.Random, hand: list[str], g: Any, colour: str, cost: int, extra: int) -> list[str] | None:
    own = [c for c in hand if g.colour(c) == colour]
    if len(own) < cost or len(hand) < cost + extra:
        return None
    chosen = pick.sample(own, cost)
    rest = [c for c in hand if c not in chosen]
    return chosen + pick.sample(rest, extra)


def _near(pick: random.Random, lay: Layout, rows: int, cols: int, size: int) -> list[int]:
    """Mostly next to an existing building (a ruler's, more often), so that domains grow and merge."""
    rulers = sorted(b for b, v in lay.blds.items() if v["owner"] is not None)
    if rulers and pick.random() < 0.5:
        bid = pick.choice(rulers)
        r, c = pick.choice(lay.squares[bid])
        return [max(0, r + pick.randint(-size, 1)), max(0, c + pick.randint(-size, 1))]
    if lay.blds and pick.random() < 0.7:
        bid = pick.choice(sorted(lay.blds))
        r, c = pick.choice(lay.squares[bid])
        return [max(0, r + pick.randint(-size, 1)), max(0, c + pick.randint(-size, 1))]
    return [pick.randrange(rows), pick.randrange(cols)]


def _join(rules: Any, st: dict, pick: random.Random, ages: list[str], hand: list[str]) -> dict | None:
    """A civil hamlet on a free square touching two domains with rulers: a merge (9.2)."""
    g = rules.data
    blue = [c for c in hand if g.colour(c) == "civil"]
    if not ages or not blue:
        return None
    age = pick.choice(ages)
    lay = Layout.of(g, st, age)
    ruled = [d for d in lay.domains() if any(lay.blds[b]["owner"] is not None for b in d)]
    if len(ruled) < 2:
        return None
    spots = sorted({n for d in ruled for b in d for s in lay.squares[b] for n in
                    ((s[0] - 1, s[1]), (s[0] + 1, s[1]), (s[0], s[1] - 1), (s[0], s[1] + 1))
                    if n not in lay.occ and g.boards[age].on_board(n)})
    spots = [sq for sq in spots if len(lay.domains_adjacent_to([sq])) >= 2]
    if not spots:
        return None
    sq = pick.choice(spots)
    return {"type": "build", "age": age, "building": "civil", "rank": 1, "anchor": [sq[0], sq[1]], "cards": [blue[0]]}


def candidate(rules: Any, st: dict, seat: int, pick: random.Random) -> dict | None:
    g = rules.data
    p = st["players"][seat]
    hand = p["hand"]
    kind = pick.choice(KINDS)
    ages = sorted(set(p["adventurers"]))
    if kind == "travel":
        adv = pick.randrange(len(p["adventurers"]))
        return {"type": "travel", "adventurer": adv, "to": pick.choice([a for a in g.ages if a != p["adventurers"][adv]])}
    if not hand:
        return None
    if kind == "join":
        return _join(rules, st, pick, [a for a in ages if a != "reason"], hand)
    if kind in ("build", "upgrade", "demolish"):
        ages = [a for a in ages if a != "reason"]
        if not ages:
            return None
        age = pick.choice(ages)
        lay = Layout.of(g, st, age)
        board = g.boards[age]
        n = len(st["players"])
        if kind == "build":
            btype = g.colour(pick.choice(hand))
            rank = pick.choice([1, 1, 2, 2, 2, 3])
            size = g.size(btype, rank)
            anchor = _near(pick, lay, board.rows, board.cols, size)
            sqs = footprint((anchor[0], anchor[1]), size)
            if not on_board(g, age, sqs):
                return None
            cards = _pay(pick, hand, g, btype, g.value(btype, rank), surcharge(g, age, sqs, n))
            return cards and {"type": "build", "age": age, "building": btype, "rank": rank, "anchor": anchor,
                              "cards": cards}
        mine = [b for b, v in lay.blds.items() if v["owner"] == seat or v["type"] == "civil"]
        if kind == "demolish":
            small = [b for b, v in lay.blds.items() if v["rank"] == 1 and not v.get("printed")]
            if not small:
                return None
            x = lay.blds[pick.choice(sorted(small))]
            card = next((c for c in hand if g.colour(c) == x["type"]), None)
            return card and {"type": "demolish", "age": age, "at": list(x["anchor"]), "card": card}
        if not mine:
            return None
        x = lay.blds[pick.choice(sorted(mine))]
        rank = x["rank"] + pick.choice([1, 1, 2])
        if g.kind(x["type"], rank) is None:
            return None
        d = g.size(x["type"], rank) - g.size(x["type"], x["rank"])
        anchor = [x["anchor"][0] - pick.randint(0, d), x["anchor"][1] - pick.randint(0, d)]
        sqs = footprint((anchor[0], anchor[1]), g.size(x["type"], rank))
        if not on_board(g, age, sqs):
            return None
        cards = _pay(pick, hand, g, x["type"], g.value(x["type"], rank) - g.value(x["type"], x["rank"]),
                     surcharge(g, age, sqs, n))
        return cards and {"type": "upgrade", "age": age, "at": list(x["anchor"]), "rank": rank, "anchor": anchor,
                          "cards": cards}
    if "reason" not in ages:
        return None
    lay = Layout.of(g, st, "reason")
    if kind == "populate":
        civil = sorted(b for b, v in lay.blds.items() if v["type"] == "civil")
        blue = [c for c in hand if g.colour(c) == "civil"]
        if not civil or not blue:
            return None
        x = lay.blds[pick.choice(civil)]
        return {"type": "populate", "at": list(x["anchor"]), "cards": pick.sample(blue, pick.randint(1, len(blue)))}
    ruins = sorted(b for b, v in lay.blds.items() if v.get("ruin"))
    if not ruins:
        return None
    x = lay.blds[pick.choice(ruins)]
    own = [c for c in hand if g.colour(c) == x["type"]]
    n = pick.choice(restore_counts(g, x))
    return {"type": "restore", "at": list(x["anchor"]), "cards": own[:n]} if len(own) >= n else None


def move_gen(rules: Any, st: dict, prompt: Any, pick: random.Random) -> dict:
    """A legal turn move for the active seat."""
    g = rules.data
    seat = st["active_seat"]
    p = st["players"][seat]
    if st["phase"] == "exchange" and p["hand"]:
        r = pick.random()
        if st["options"]["holdem"] and r < 0.3 and st["display"]:
            take = pick.choice(st["display"])
            move = {"type": "holdem_swap", "take": [take], "give": [pick.choice(p["hand"])]}
            if _legal(rules, st, seat, move):
                return move
        if r > 0.85 and (p["coins"] or 0) >= g.exchange_cost + 2:
            move = {"type": "exchange_cards", "discard": pick.sample(p["hand"], pick.randint(1, len(p["hand"])))}
            if _legal(rules, st, seat, move):
                return move
    if pick.random() < 0.12:
        return dict(END)
    for _ in range(40):
        move = candidate(rules, st, seat, pick)
        if move and _legal(rules, st, seat, move):
            return move
    return dict(END)


def _legal(rules: Any, st: dict, seat: int, move: dict) -> bool:
    try:
        check(rules.data, st, seat, move)
        return True
    except IllegalMove:
        return False


class CountingPick(random.Random):
    """random.Random that also counts the mid-action decisions it answers (for the playout report)."""

    def __init__(self, seed: Any):
        super().__init__(seed)
        self.decisions: dict[str, int] = {}

    def choice(self, seq: Any) -> Any:  # type: ignore[override]
        item = super().choice(seq)
        if isinstance(item, dict) and item.get("type") in DECISIONS:
            self.decisions[item["type"]] = self.decisions.get(item["type"], 0) + 1
        return item
