"""What a running position is worth to a seat, for the search bot (the contract's optional
`evaluate`): each seat's score as it stands, plus the points still to come -- half-built
monuments, production for the rounds likely left -- minus the disasters still to come, which
depend on the dice it rolls, its strength and its immunities, and on the dice its opponents
roll. The margin over the best other seat becomes a value in [0, 1].

Why: Iron Age never ends by passing, so the search's playouts stop long before the end, where
the score as it stands misjudges a position (a province that feeds no one, no defence against
the invasions to come). Pure, like the rules; it reads the state only as the rules keep it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from referee.games.iron_age.dice import dice_count
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.scoring import breakdown, end_reason
from referee.games.iron_age.state import Player, State

POINTS_PER_DIE = 0.8   # points a die earns per turn as the game goes (monuments, developments, wealth)
MAX_ROUNDS_LEFT = 12   # the longest the estimate looks ahead
SCALE = 6.0            # points of projected margin that make a clear favourite (logistic scale)


@lru_cache(maxsize=None)
def skull_chances(dice: int, skull_share: float) -> tuple[float, ...]:
    """P(k skulls) for k = 0..dice: each die shows a skull with `skull_share` (rerolls aside)."""
    return tuple(math.comb(dice, k) * skull_share ** k * (1 - skull_share) ** (dice - k) for k in range(dice + 1))


def rounds_left(g: GameData, st: State) -> float:
    """How many rounds the game likely runs on: the round so far stretched by how far the
    nearest end condition (IA-E1) has come."""
    if end_reason(g, st) is not None:
        return 0.0
    cond = g.end_conditions[st["config"]["length"]]
    players = st["players"]
    done = {m for p in players for m, v in p["monuments"].items() if v["complete"]}
    progress = max([len(done) / g.monuments_needed(st["config"]["length"])]
                   + [len(p["developments"]) / cond["developments_bought"] for p in players]
                   + [p["tribute"] / cond["tribute_at_least"] for p in players])
    progress = min(max(progress, 0.05), 1.0)
    return min(MAX_ROUNDS_LEFT, st["round"] * (1 - progress) / progress)


def disaster_loss(g: GameData, p: Player, dice: int, own_turn: bool) -> float:
    """Expected points `p` loses to one turn's skulls (IA-3.2, IA-4.2): its own roll of `dice`
    when `own_turn`, else an opponent's roll of `dice` (plague and invasion reach it then)."""
    share = len(g.skull_faces) / len(g.empire_face_ids)
    strength = g.strength(p)
    loss = 0.0
    for k, chance in enumerate(skull_chances(dice, share)):
        d = g.disaster_by_skulls.get(k)
        if not chance or d is None or g.immune(p, d["id"]):
            continue
        e = d["effect"]
        if e["type"] == "skulls_self" and own_turn:
            loss += chance * e["count"]
        elif e["type"] == "skulls_opponents" and not own_turn:
            loss += chance * e["count"]
        elif e["type"] == "battle_all" or (e["type"] == "battle_self" and own_turn):
            loss += chance * (e["enemy_strength"] - strength)  # a win gives tribute: a negative loss
    return loss


def projected(g: GameData, st: State, seat: int, left: float) -> float:
    """`seat`'s score at the end as far as one can tell now."""
    p = st["players"][seat]
    score = float(breakdown(g, p)["total"])
    for m, v in p["monuments"].items():
        if not v["complete"] and v["boxes_filled"]:
            spec = g.monuments[m]
            score += v["boxes_filled"] / spec["worker_boxes"] * spec["points_later"]
    famine = max(0, p["provinces_owned"] - p["food"])  # skulls at the next feeding unless food comes
    if g.famine is not None and not g.immune(p, g.famine["id"]):
        score -= 0.5 * famine
    mine = dice_count(g, p)
    per_round = POINTS_PER_DIE * mine - disaster_loss(g, p, mine, True)
    for o, other in enumerate(st["players"]):
        if o != seat:
            per_round -= disaster_loss(g, p, dice_count(g, other), False)
    return score + left * per_round


def evaluate(g: GameData, st: State, seat: int) -> float:
    """The position's worth to `seat` in [0, 1]: a logistic of its projected margin over the
    best other seat (1 for a seat alone)."""
    if len(st["players"]) < 2:
        return 0.5
    left = rounds_left(g, st)
    scores = [projected(g, st, s, left) for s in range(len(st["players"]))]
    best = max(x for s, x in enumerate(scores) if s != seat)
    return 1.0 / (1.0 + math.exp(-(scores[seat] - best) / SCALE))
