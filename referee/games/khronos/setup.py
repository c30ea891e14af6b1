"""Setup (RULES.md §4): shuffle, Hold'em display, start seat, deal, empty boards."""

from __future__ import annotations

from typing import Any

from referee.engine.base import GameRulesBase
from referee.engine.rng import Rng

from referee.games.khronos import cards as cardlib
from referee.games.khronos.data import GameData
from referee.games.khronos.phases import start_turn
from referee.games.khronos.state import State

OPTIONS = {"holdem": False, "coins_public": True}


def check_options(g: GameData, seats: int, options: dict[str, Any]) -> dict[str, bool]:
    """schemas/games/khronos/options.json, checked by hand (setup runs on every replay)."""
    if type(seats) is not int or not g.min_players <= seats <= g.max_players:
        raise ValueError(f"khronos needs {g.min_players} to {g.max_players} seats")
    extra = set(options) - set(OPTIONS) - {"players", "first_seat"}
    if extra:
        raise ValueError(f"unknown option(s) {sorted(extra)}")
    if "players" in options and options["players"] != seats:
        raise ValueError(f"players is {options['players']!r} but the game has {seats} seats")
    GameRulesBase.first_seat(options, seats)
    out = {**OPTIONS, **{k: v for k, v in options.items() if k in OPTIONS}}
    for k in OPTIONS:
        if type(out[k]) is not bool:
            raise ValueError(f"{k} must be true or false")
    return out


def holdem_display(g: GameData, deck: list[str]) -> list[str]:
    """Step 3 / Ruling K-R15: the first card of each colour from the top, in colour order civil,
    religious, military as the seed lists them; the rest of the deck keeps its order."""
    display = []
    for colour in ("civil", "religious", "military")[: g.display_size]:
        card = next((c for c in deck if g.colour(c) == colour), None)
        if card is not None:
            deck.remove(card)
            display.append(card)
    return display


def initial_state(g: GameData, seats: int, options: dict[str, Any], rng: Rng) -> State:
    opts = check_options(g, seats, options)
    deck = rng.shuffle(list(g.cards), label="shuffle", public={"count": len(g.cards)})  # step 2
    display = holdem_display(g, deck) if opts["holdem"] else []  # step 3
    if display:
        rng.note("holdem_display", display, visible_to="all")
    # step 4; `first_seat` is the start-seat option every game shares (README, "Shared vocabulary")
    start = options["first_seat"] if "first_seat" in options else rng.below(seats, label="start_seat")
    st: State = {
        "options": opts, "start_seat": start, "round": 1, "active_seat": start, "phase": "exchange",
        "deck": deck, "discard": [], "display": display,
        "supply": {k.id: k.tiles for k in g.kinds.values()},
        "pending": [], "resolution_cursor": None, "next_id": 1, "next_tag": 1,
        "players": [{"coins": g.start_coins, "hand": [], "adventurers": [g.start_age] * g.adventurers,
                     "cards_played": [0] * g.adventurers, "exchanged": False, "holdem_swapped": False}
                    for _ in range(seats)],
        "boards": {age: {"tiles": {}, "hamlet_cubes": {}} for age in g.ages},  # step 6
        "last_tax": None, "resigned": None, "result": None,
    }
    for i in range(seats):  # step 5
        cardlib.draw(st, (start + i) % seats, g.start_cards, rng, "deal")
    start_turn(st, start)
    return st
