"""Decision points (RULES.md §10): prompt choices and the default moves.

Choices are generated as candidate moves and kept only when `moves.validate` accepts them,
so a listed choice and an accepted move can never disagree. The generator leaves out the
candidates a cheap necessary condition already rules out (an off-board pawn, a build card
that is not the site's next level, a start card no longer held, a migration spent or onto
itself): the prompts are computed inside every move's write, and each refused candidate
cost a raised IllegalMove. The full list stays (prune=False) as the
tests' oracle that pruning never drops a legal move.
"""

from __future__ import annotations

from typing import Any, Iterator

from referee.engine.contract import Move, State

from referee.games.babel.abilities import POWERS
from referee.games.babel.board import hand_cards, migratable, migration_available, runs, top
from referee.games.babel.config import Config
from referee.games.babel.feasibility import start_card_site
from referee.games.babel.moves import is_legal

MAX_CHOICES = 300  # DP-2: above this many sub-multisets the choices are left out (null)


def _ability_candidates(cfg: Config, power: str, index: int) -> Iterator[Move]:
    """One candidate per value of the power's extra field (persians: yard; medes: target)."""
    base = {"type": "ability", "power": power, "index": index}
    field = POWERS[power].field
    if field is None:
        yield base
        return
    values: dict[str, tuple[Any, ...]] = {"yard": (0, 1), "target": cfg.peoples}
    for value in values[field]:
        yield {**base, field: value}


def _turn_candidates(cfg: Config, state: State, seat: int, prune: bool = True) -> Iterator[Move]:
    """Every move DP-1 could list (without `at`); abilities once per run, at its first index.
    With `prune`, not those a necessary condition of B-15/B-18/B-19/B-20 already refuses."""
    me = state["players"][seat]
    on_board = me["pawn"] is not None or not prune  # B-18, B-19: settle and build need the pawn
    held = [p for p in cfg.peoples if me["hand"][p] > 0]
    for kind in ("travel", "settle") if on_board else ("travel",):
        for people in held:
            yield {"type": kind, "people": people}
    if on_board:
        wanted = top(me["sites"][me["pawn"]]) + 1 if prune else None  # B-19: the next level only
        if (me["start_card"] and cfg.start_level == wanted) or not prune:
            yield {"type": "build", "source": "start"}
        for yard in (0, 1):
            if (state["yards"][yard] and state["yards"][yard][-1] == wanted) or not prune:
                yield {"type": "build", "source": "yard", "yard": yard}
    if migration_available(cfg, state) or not prune:
        for src in cfg.peoples:
            if migratable(cfg, me["columns"][src]):  # only sources that can give (B-20)
                for dst in cfg.peoples:
                    if dst != src or not prune:
                        yield {"type": "migrate", "from": src, "to": dst}
    if me["pawn"] is not None:
        column = me["columns"][me["pawn"]]
        for start, length in runs(column):
            if length >= cfg.min_run:
                for power in cfg.powers:
                    if power == cfg.halve or cfg.power_people[power] == column[start]:
                        yield from _ability_candidates(cfg, power, start)
    yield {"type": "end_turn"}
    if me["start_card"] or not prune:  # B-15
        yield {"type": "finish_first_turn"}


def turn_choices(cfg: Config, state: State, seat: int) -> list[Move]:
    """DP-1: every distinct legal move of the active seat."""
    return [m for m in _turn_candidates(cfg, state, seat) if is_legal(cfg, state, seat, m)]


def default_turn(cfg: Config, state: State, seat: int) -> Move:
    """DP-1 default: finish_first_turn when F holds with the start card held, else end_turn."""
    if start_card_site(cfg, state, seat) is not None:
        return {"type": "finish_first_turn"}
    return {"type": "end_turn"}


def count_discards(counts: list[int], k: int) -> int:
    """How many distinct sub-multisets of size k a hand (counts per people) has."""
    ways = [1] + [0] * k  # ways[j]: sub-multisets of size j from the peoples seen so far
    for c in counts:
        ways = [sum(ways[j - t] for t in range(min(c, j) + 1)) for j in range(k + 1)]
    return ways[k]


def _discards(cfg: Config, hand: dict[str, int], k: int, i: int = 0) -> Iterator[list[str]]:
    """Sub-multisets of size k, each in canonical order, in lexicographic canonical order."""
    if k == 0:
        yield []
        return
    if i == len(cfg.peoples):
        return
    people = cfg.peoples[i]
    for take in range(min(hand[people], k), -1, -1):
        for rest in _discards(cfg, hand, k - take, i + 1):
            yield [people] * take + rest


def discard_choices(cfg: Config, state: State, seat: int) -> list[Move] | None:
    """DP-2: every distinct discard, or None when there are more than MAX_CHOICES."""
    hand = state["players"][seat]["hand"]
    k = state["pending"]["count"]
    if count_discards([hand[p] for p in cfg.peoples], k) > MAX_CHOICES:
        return None
    candidates = ({"type": "discard", "cards": cards} for cards in _discards(cfg, hand, k))
    return [m for m in candidates if is_legal(cfg, state, seat, m)]


def default_discard(cfg: Config, state: State, seat: int) -> Move:
    """DP-2 default (B-R17): the first k cards of the hand sorted in canonical order."""
    k = state["pending"]["count"]
    return {"type": "discard", "cards": hand_cards(state["players"][seat], cfg.peoples)[:k]}
