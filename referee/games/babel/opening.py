"""Setup (RULES.md §4, B-8…B-11) with its chance records C-1, C-2, C-3 and turn 1's draw."""

from __future__ import annotations

from typing import Any

from referee.engine.rng import Rng
from referee.engine.schemas import check

from referee.games.babel.board import other
from referee.games.babel.config import Config
from referee.games.babel.draft import Draft
from referee.games.babel.turns import begin_turn


def _empty_player(cfg: Config, hand: list[str]) -> dict[str, Any]:
    """A player before turn 1: dealt hand, start card held, pawn off the board (B-10, B-11)."""
    return {
        "hand": {p: hand.count(p) for p in cfg.peoples},
        "start_card": True,
        "pawn": cfg.pawn_start,
        "columns": {loc: [] for loc in cfg.peoples},
        "sites": {loc: [] for loc in cfg.peoples},
    }


def initial_state(cfg: Config, seats: int, options: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """A new game; raises ValueError for a wrong seat count or invalid options."""
    if seats != 2:
        raise ValueError("babel is played by exactly 2 players")
    errors = check("games/babel/options.json", options)
    if errors:
        raise ValueError(f"invalid options at {errors[0]['path']}: {errors[0]['message']}")
    # B-8 / B-R1: the option, else a public fair pick (C-1).
    start = options["first_seat"] if "first_seat" in options else rng.below(2, label="C-1")
    # B-9 / B-R2: shuffle (C-2), the start player's 5 first, then the other's; each sees his own.
    deck = rng.shuffle(cfg.people_deck(), label="C-2")
    n = cfg.starting_hand
    hands: dict[int, list[str]] = {}
    for i, seat in enumerate((start, other(start))):
        hands[seat] = deck[i * n:(i + 1) * n]
        rng.note("C-2", hands[seat], visible_to=[seat], public=cfg.hand_draw_public(hands[seat]))
    # B-10 / B-R3: start cards aside, the rest shuffled face down (C-3).
    supply = list(rng.shuffle(cfg.supply_deck(), label="C-3"))  # not shared with the record
    state = {
        "start_seat": start,
        "turn": 1,
        "active": start,
        "phase": "actions",
        "pending": None,
        "migrated_this_turn": False,
        "mode": "normal",
        "people_draw": deck[2 * n:],
        "people_discard": [],
        "temple_supply": supply,
        "temple_supply_known": 0,
        "yards": [[], []],
        "players": [_empty_player(cfg, hands[0]), _empty_player(cfg, hands[1])],
        "result": None,
    }
    draft = Draft(state)
    begin_turn(cfg, draft, start, rng)  # B-11: setup ends by beginning turn 1 with its draw
    return draft.state
