"""Setup and the starting-hand draft (RULES.md section 3, G-1..G-5, G-R23)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.games.gentes.data import GameData
from referee.games.gentes.display import place_two_player_cubes, slide_and_refill
from referee.games.gentes.state import Ctx, State, need
from referee.games.gentes.track import new_track


def new_player(data: GameData) -> dict[str, Any]:
    """G-3: coins, cities, population 0, the starting time track, no cubes, 0 VP."""
    return {
        "coins": data.start_coins, "vp": 0,
        "pop": {p: data.pop_start for p in data.professions},
        "track": new_track(data.track_len, data.track_locked, data.track_start_hg),
        "cubes": {"eye": 0, "temple": 0}, "cities_in_supply": data.cities,
        "hand": [], "tableau": [], "cards_marked": [], "bonus_tiles": [],
    }


def draft_order(seats: int, start: int, picks: int) -> list[int]:
    """G-4: snake draft, first pass from the last seat in turn order back to the start player,
    then forwards, alternating, `picks` passes."""
    forward = [(start + i) % seats for i in range(seats)]
    order: list[int] = []
    for k in range(picks):
        order += forward[::-1] if k % 2 == 0 else forward
    return order


def initial_state(data: GameData, seats: int, options: dict, rng: Rng) -> State:
    """G-1..G-4: a game waiting for the first draft pick."""
    start = options.get("first_seat")  # the shared start-seat option (README, "Shared vocabulary")
    if start is None:
        start = rng.below(seats, label="start_player")
    decks = {}
    for e in data.epochs:
        cards = data.deck(e)
        decks[str(e)] = rng.shuffle(cards, label=f"deck_{e}", public={"count": len(cards)})
    meeples = rng.shuffle(list(data.professions), label="meeples", visible_to="all")
    pool_size = data.start_cards * seats + 1
    first = decks[str(data.start_epoch)]
    pool, decks[str(data.start_epoch)] = first[:pool_size], first[pool_size:]
    rng.note("draft_pool", {"reveal": "draft_pool", "cards": pool}, visible_to="all")
    order = draft_order(seats, start, data.start_cards)
    return {
        "round": 1, "epoch": data.epoch_of_round[1], "phase": "draft", "start_player": start,
        "turn_seat": order[0], "passed": [False] * seats, "leader_holder": None,
        "tiles_on_board": data.tiles_for(seats), "training_queue": meeples,
        "display": [None] * data.display_slots, "decks": decks, "discard": [], "box": [],
        "draft_pool": pool, "draft_queue": order, "supply_cubes": data.cube_total,
        "bonus_stacks": {k: data.stack_for(seats) for k in data.bonus_kinds},
        "city_owner": {}, "hometown_marked": [], "decline_pending": [], "decline_submitted": {},
        "final_pending": [], "final_submitted": {}, "final": None, "result": None, "resigned": None,
        "players": [new_player(data) for _ in range(seats)],
    }


def check_draft_pick(ctx: Ctx, move: dict[str, Any]) -> int:
    """G-4: the card is in the pool; returns its position."""
    card = move.get("card")
    pool = ctx.st["draft_pool"]
    need(type(card) is str and card in pool, Text("%(card)s is not in the draft pool", card=repr(card)), "G-4")
    return pool.index(card)


def do_draft_pick(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-4, G-5: take the card; after the last pick return the leftover, reshuffle deck I,
    deal the display and start the first Heyday."""
    st = ctx.st
    pos = check_draft_pick(ctx, move)
    ctx.me["hand"].append(st["draft_pool"][pos])
    st["draft_pool"][pos] = None
    st["draft_queue"].pop(0)
    if st["draft_queue"]:
        st["turn_seat"] = st["draft_queue"][0]
        return
    key = str(ctx.data.start_epoch)
    deck = st["decks"][key] + [c for c in st["draft_pool"] if c is not None]
    st["decks"][key] = ctx.rng.shuffle(deck, label=f"deck_{key}", public={"count": len(deck)}) if ctx.rng else deck
    st["draft_pool"] = []
    slide_and_refill(ctx)
    start_heyday(ctx)


def start_heyday(ctx: Ctx) -> None:
    """G-6 / G-60: a new Heyday begins with the start player."""
    st = ctx.st
    st["phase"] = "heyday"
    st["passed"] = [False] * ctx.seats
    st["turn_seat"] = st["start_player"]
    place_two_player_cubes(ctx)
