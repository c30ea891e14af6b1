"""What a running position is worth to a seat, for the search bot (the contract's optional
`evaluate`): each seat's victory points as they stand, plus the points still to come, and the
margin over the best other seat as a value in [0, 1].

The points still to come are what the rules score:
- the chronicle cards on the board that score at this dynasty's end (ST-42, ST-43, ST-R15:
  the best subset, a category's two cards within its heritage), and the cards still in hand
  that could join them while the dynasty lasts, at a discount (a placement still has to be
  played, ST-50);
- the dynasties after this one (ST-40): per dynasty, the best the seat's heritage and its
  measures as they stand allow (2.11), at a discount, with the +1 heritage of every category
  that scores now (ST-43);
- wonders and Vision at every dynasty end to come (ST-41);
- the three final awards as they stand, ties sharing (ST-110), and part of one for a seat one
  short of it (a majority still in reach);
- the tie-break (ST-111, ST-R16): the dynasty-3 chronicle points break an equal total.

Why: VP come almost only at the three dynasty ends and the game's end, so the search's
playouts stop where the score as it stands says nothing (the search bot placed no chronicle
card in whole games and tied on the awards). Pure, like the rules; it reads the state only as
the rules keep it (a state the bot dealt from its view: others' hidden cards are a deal).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import measure, progress_effects
from referee.games.sands_of_time.scoring import award_measures, best_subset
from referee.games.sands_of_time.state import State, controlled

IN_HAND = 0.5      # worth of a card still in hand that fits an empty field, while the dynasty lasts
LAST_CHANCE = 0.3  # ... in the dynasty's last generation (the chronicle card still unplayed)
LATER = 0.6        # worth of a later dynasty's best chronicle score, as heritage and measures stand
IN_REACH = 0.3     # share of an award for a seat one short of the best
TIE_BREAK = 0.01   # points per dynasty-3 chronicle VP: decides equal totals only (ST-111)
SCALE = 3.0        # points of projected margin that make a clear favourite (logistic scale)


@lru_cache(maxsize=4096)
def best_pair(heritage: int, options: tuple[tuple[int, ...], ...], vps: tuple[int, ...], bonus: int) -> int:
    """ST-42: the most VP from one card per field of a category (`options[i]`: the values
    that may lie on field i, 0 for none) with distinct cards whose values sum to at most the
    category's `heritage`; `vps[v]` is card v's VP."""
    best = 0
    for pick in product(*options):
        cards = [v for v in pick if v]
        if sum(cards) <= heritage and len(set(cards)) == len(cards):
            best = max(best, sum(vps[v] + bonus for v in cards))
    return best


def card_vps(g: GameData) -> tuple[int, ...]:
    """Card value -> its VP (2.11), index 0 for no card."""
    return tuple([0] + [g.chronicle[v]["vp"] if v in g.chronicle else 0 for v in range(1, max(g.chronicle_values) + 1)])


def category_best(g: GameData, state: State, seat: int, cat: str, heritage: int, fresh: bool) -> int:
    """The most chronicle VP `seat` can score in `cat` with `heritage` and its measures as they
    stand: with every card back in hand (`fresh`, a later dynasty, ST-44), else with the cards
    on the board where they lie and those in hand on the empty fields."""
    p = state["players"][seat]
    opts = []
    for f in (f for f in g.field_ids if g.fields[f]["category"] == cat):
        m = measure(g, state, seat, g.fields[f]["measure"])
        met = [v for v in g.chronicle_values if g.chronicle[v]["conditions"][f] <= m]
        placed = None if fresh else p["chronicle_board"][f]
        if placed is not None:
            opts.append((0, placed) if placed in met else (0,))
        else:
            opts.append((0, *(v for v in (met if fresh else p["chronicle_hand"]) if v in met)))
    bonus = sum(e["amount"] for e in progress_effects(g, state, seat) if e["kind"] == "chronicle_vp_bonus")
    return best_pair(heritage, tuple(opts), card_vps(g), bonus)


def chronicle_outlook(g: GameData, state: State, seat: int, weight: float) -> tuple[float, dict[str, int]]:
    """This dynasty's chronicle points for `seat`: the cards on the board that score (sure), plus
    `weight` of what cards from hand on empty fields would add; and the heritage per category
    after the scoring (+1 where a card scores, ST-43)."""
    p = state["players"][seat]
    bonus = sum(e["amount"] for e in progress_effects(g, state, seat) if e["kind"] == "chronicle_vp_bonus")
    scored = best_subset(g, state, seat)
    sure = sum(g.chronicle[v]["vp"] + bonus for _, v in scored)
    heritage = dict(p["heritage"])
    for cat in {g.fields[f]["category"] for f, _ in scored}:
        heritage[cat] = min(g.heritage_max, heritage[cat] + 1)
    if weight <= 0:
        return float(sure), heritage
    full = sum(category_best(g, state, seat, cat, p["heritage"][cat], False) for cat in g.categories)
    return sure + weight * max(0, full - sure), heritage


def later_dynasty(g: GameData, state: State, seat: int, heritage: dict[str, int]) -> int:
    """A later dynasty's best chronicle score with `heritage` and the measures as they stand."""
    return sum(category_best(g, state, seat, cat, heritage[cat], True) for cat in g.categories)


def in_hand_weight(g: GameData, state: State, seat: int) -> float:
    """How much a card in hand still counts this dynasty: IN_HAND while a later generation of it
    comes, LAST_CHANCE while its last one runs and the chronicle card is unplayed, else 0."""
    d = len(state["dynasties_scored"]) + 1
    if state["dynasty_space"] < g.dynasty_end_space[d]:
        return IN_HAND
    p = state["players"][seat]
    turn = state.get("turn") or {}
    pending = turn.get("seat") == seat and (turn.get("status") or {}).get("chronicle") == "pending"
    if state["phase"] in ("SELECT", "EXECUTE") and ("chronicle" in p["hand_actions"] or pending):
        return LAST_CHANCE
    return 0.0


def projected(g: GameData, state: State, seat: int) -> tuple[float, float]:
    """`seat`'s points at the end as far as one can tell now, and its dynasty-3 chronicle
    points (the tie-break, ST-111)."""
    p = state["players"][seat]
    score = float(p["vp"])
    ends_left = g.dynasty_count - len(state["dynasties_scored"])
    if ends_left <= 0:
        return score, float(p["chronicle_vp_by_dynasty"].get(str(g.dynasty_count), 0))
    per_end = sum(e["amount"] for r in controlled(state, seat) for b in state["regions"][r]["buildings"]
                  for e in g.buildings[b]["effects"] if e["kind"] == "dynasty_vp")
    per_end += sum(e["amount"] for e in progress_effects(g, state, seat) if e["kind"] == "dynasty_vp")
    now, heritage = chronicle_outlook(g, state, seat, in_hand_weight(g, state, seat))
    later = LATER * later_dynasty(g, state, seat, heritage)
    score += ends_left * per_end + now + (ends_left - 1) * later
    return score, now if ends_left == 1 else later


def award_points(g: GameData, state: State) -> list[float]:
    """ST-110 as things stand: every seat at the best of an award gets it (ties share), a seat
    one short gets IN_REACH of it."""
    out = [0.0] * len(state["players"])
    for m in award_measures(g, state).values():
        best = max(m.values())
        for s, v in m.items():
            out[s] += g.award_vp * (1.0 if v == best else IN_REACH if v == best - 1 else 0.0)
    return out


def evaluate(g: GameData, state: State, seat: int) -> float:
    """The position's worth to `seat` in [0, 1]: a logistic of its projected margin over the
    best other seat, the tie-break deciding equal totals (0.5 for a seat alone)."""
    if len(state["players"]) < 2:
        return 0.5
    awards = award_points(g, state)
    scores = []
    for s in range(len(state["players"])):
        points, tie = projected(g, state, s)
        scores.append(points + awards[s] + TIE_BREAK * tie)
    best = max(x for s, x in enumerate(scores) if s != seat)
    return 1.0 / (1.0 + math.exp(-(scores[seat] - best) / SCALE))
