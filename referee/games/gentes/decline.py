"""The Decline phase (RULES.md 4.14, G-48..G-56; G-R2, G-R4, G-R11, G-R18)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.games.gentes import track
from referee.games.gentes.bonus import checkpoint
from referee.games.gentes.display import box_cubed_cards, slide_and_refill
from referee.games.gentes.effects import apply_effects
from referee.games.gentes.simultaneous import submit
from referee.games.gentes.state import Choices, Ctx, State, clone, need, own_cities


def turn_order(st: State) -> list[int]:
    n = len(st["players"])
    return [(st["start_player"] + i) % n for i in range(n)]


def cities_by_region(ctx: Ctx, seat: int) -> dict[str, list[str]]:
    """Own map cities per region, in `city_spaces` order (hometown cities belong to none)."""
    mine = set(own_cities(ctx.st, seat))
    out: dict[str, list[str]] = {}
    for sid in ctx.data.map_order:
        if sid in mine:
            out.setdefault(ctx.data.map_spaces[sid]["region"], []).append(sid)
    return out


def moon_cards(ctx: Ctx, seat: int) -> list[str]:
    p = ctx.st["players"][seat]
    return [c for c in p["tableau"] if (ctx.data.cards[c].get("ability") or {}).get("kind") == "moon"]


def must_choose(ctx: Ctx, seat: int) -> bool:
    """Section 10.1: asked when a region offers a choice of city or a moon card is owned."""
    return any(len(v) >= 2 for v in cities_by_region(ctx, seat).values()) or bool(moon_cards(ctx, seat))


def default_choices(ctx: Ctx, seat: int) -> dict[str, Any]:
    """Section 10.4: the first own city of each region, no moon abilities."""
    return {"type": "decline_choices", "activate": {r: v[0] for r, v in cities_by_region(ctx, seat).items()}, "moon": []}


def start_decline(ctx: Ctx) -> None:
    """G-48..G-53 after the last pass, then step 4 (prompts or automatic)."""
    st, data = ctx.st, ctx.data
    box_cubed_cards(ctx)                                               # G-48 / G-62
    st["tiles_on_board"] = data.tiles_for(ctx.seats)                   # G-49
    for p in st["players"]:
        p["track"] = track.decline_reset(p["track"])                   # G-49, G-50
        st["supply_cubes"] += len(p["cards_marked"])                   # G-51
        p["cards_marked"] = []
    st["supply_cubes"] += len(st["hometown_marked"])
    st["hometown_marked"] = []
    if st["leader_holder"] is not None:                                # G-52
        st["start_player"] = st["leader_holder"]
    st["leader_holder"] = None
    st["decline_round"] = st["round"]
    if st["round"] < data.rounds:                                      # G-53 (G-R2)
        old = data.epoch_of_round[st["round"]]
        st["round"] += 1
        st["epoch"] = data.epoch_of_round[st["round"]]
        if st["epoch"] != old:
            st["discard"].extend(c["card"] for c in st["display"] if c is not None)
            st["display"] = [None] * data.display_slots
            slide_and_refill(ctx)
            for p in st["players"]:
                track.unlock(p["track"], data.unlock_per_epoch)
    st["phase"] = "decline"
    st["turn_seat"] = None
    st["decline_submitted"] = {}
    st["decline_pending"] = [s for s in turn_order(st) if must_choose(Ctx(data, st, s, None), s)]
    if not st["decline_pending"]:
        finish_decline(ctx)


def do_decline_choices(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-54 (G-R18): one chosen own city per region with cities, then moon abilities, each at
    most once, in the listed order; then checkpoint."""
    regions = cities_by_region(ctx, ctx.seat)
    act = move.get("activate")
    need(type(act) is dict and set(act) == set(regions), Text("name one own city for every region where you have one"), "G-54")
    city_choices = Choices(move.get("city_choices"), "G-54")
    for region in ctx.data.regions:
        if region in act:
            need(act[region] in regions[region], Text("%(space)s is not your city in %(region)s", space=repr(act[region]), region=region), "G-54")
            apply_effects(ctx, ctx.data.map_spaces[act[region]]["bonus"], city_choices)
    city_choices.done()
    moons = move.get("moon")
    need(type(moons) is list, Text("moon must be a list"), "G-54")
    owned, used = moon_cards(ctx, ctx.seat), set()
    for m in moons:
        need(type(m) is dict and m.get("card") in owned and m["card"] not in used,
             Text("%(card)s is not an unused moon card of yours", card=repr(m.get("card") if type(m) is dict else m)), "G-54")
        used.add(m["card"])
        ch = Choices(m.get("choices"), "G-54")
        apply_effects(ctx, ctx.data.cards[m["card"]]["ability"]["effects"], ch)
        ch.done()
    checkpoint(ctx)


def submit_decline(ctx: Ctx, move: dict[str, Any]) -> None:
    """A step-4 answer: tried on a copy now (refused if illegal), applied when all answered."""
    submit(ctx, move, "decline", "G-54", check_decline_choices, finish_decline)


def check_decline_choices(ctx: Ctx, move: dict[str, Any]) -> None:
    """The default answer is always accepted (10.4); if even it cannot be applied when the
    answers are resolved, that seat's step 4 is skipped (finish_decline)."""
    if move != default_choices(ctx, ctx.seat):
        do_decline_choices(ctx, move)


def finish_decline(ctx: Ctx) -> None:
    """G-54 in turn order from the start player, G-55 hand limit, then the next Heyday or the
    final scoring. An answer made impossible by an earlier player's step 4 falls back to the
    default (ruling)."""
    from referee.games.gentes.scoring import start_final
    from referee.games.gentes.setup import start_heyday
    st, data = ctx.st, ctx.data
    for seat in turn_order(st):
        sub = Ctx(data, st, seat, ctx.rng)
        move = st["decline_submitted"].get(str(seat)) or default_choices(sub, seat)
        for attempt in (move, default_choices(sub, seat)):
            trial = Ctx(data, clone(st), seat, ctx.rng)
            mark = len(ctx.rng.records) if ctx.rng is not None else 0
            try:
                do_decline_choices(trial, attempt)
            except IllegalMove:  # made impossible by an earlier player's step 4
                if ctx.rng is not None:
                    del ctx.rng.records[mark:]
                continue
            st.clear()
            st.update(trial.st)
            break
    st["decline_submitted"] = {}
    for p in st["players"]:                                            # G-55, G-56
        for _ in range(max(0, len(p["hand"]) - data.hand_limit) * data.hand_excess_hg):
            track.hand_limit_hourglass(p["track"])
    if st.pop("decline_round") >= data.rounds:
        start_final(ctx)
    else:
        start_heyday(ctx)
