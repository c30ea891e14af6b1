"""Who is asked what (RULES.md 10.1) and the default moves (10.4)."""

from __future__ import annotations

import itertools
from typing import Any

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove, Prompt
from referee.games.gentes.data import GameData
from referee.games.gentes.decline import cities_by_region, default_choices, moon_cards
from referee.games.gentes.scoring import default_fulfil
from referee.games.gentes.state import Ctx, State, empty_cells

MAX_CHOICES = 300


def default_move(data: GameData, st: State, seat: int) -> dict[str, Any]:
    """Section 10.4: conservative, always legal, never using optional effects or cubes."""
    phase = st["phase"]
    if phase == "draft" and st["turn_seat"] == seat:
        return {"type": "draft_pick", "card": next(c for c in st["draft_pool"] if c is not None)}
    if phase == "heyday" and st["turn_seat"] == seat:
        if empty_cells(st["players"][seat]["track"]) >= 1:
            return {"type": "tax_collector", "hourglasses": min(data.tax_options), "doubles": 0}
        return {"type": "pass"}
    if phase == "decline" and seat in st["decline_pending"]:
        return default_choices(Ctx(data, st, seat, None), seat)
    if phase == "final" and seat in st["final_pending"]:
        return default_fulfil()
    raise IllegalMove(Text("seat %(seat)s has nothing to decide now", seat=seat), "G-6")


def decline_list(data: GameData, st: State, seat: int) -> list[dict[str, Any]] | None:
    """Every decline answer when no moon card is owned and the combinations are few."""
    ctx = Ctx(data, st, seat, None)
    if moon_cards(ctx, seat):
        return None
    regions = cities_by_region(ctx, seat)
    keys = [r for r in data.regions if r in regions]
    combos = list(itertools.islice(itertools.product(*(regions[r] for r in keys)), MAX_CHOICES + 1))
    if len(combos) > MAX_CHOICES:
        return None
    return [{"type": "decline_choices", "activate": dict(zip(keys, c)), "moon": []} for c in combos]


def only_pass(data: GameData, st: State, seat: int) -> list[dict[str, Any]] | None:
    """[pass] when it is the only legal turn: a full track, no own-board cube for free ops and
    no usable cube ability without hourglasses (G-46, G-R5); otherwise None (unbounded)."""
    p = st["players"][seat]
    if empty_cells(p["track"]) or p["cubes"]["eye"] or p["cubes"]["temple"]:
        return None
    if st["supply_cubes"]:
        for c in p["tableau"]:
            ab = data.cards[c].get("ability") or {}
            if ab.get("kind") == "cube" and not ab.get("hourglasses") and c not in p["cards_marked"]:
                return None
        for sid, owner in st["city_owner"].items():
            opt = data.home_option(sid, "a") if owner == seat and sid not in st["hometown_marked"] else None
            if opt is not None and opt["kind"] == "action" and not opt.get("hourglasses"):
                return None
    return [{"type": "pass"}]


def prompted(st: State) -> list[int]:
    """The seats asked (10.1): the seat whose pick or turn it is (G-4, G-6), every seat still to
    choose its decline (G-54) or final fulfilment (G-57); none otherwise."""
    phase = st["phase"]
    if phase in ("draft", "heyday"):
        return [st["turn_seat"]]
    if phase == "decline":
        return list(st["decline_pending"])
    if phase == "final":
        return list(st["final_pending"])
    return []


def _prompt(data: GameData, st: State, seat: int) -> Prompt:
    """The prompt of one prompted seat in the current phase (10.1)."""
    phase = st["phase"]
    if phase == "draft":
        return Prompt(seat, "draft_pick", Text("Pick a starting card from the draft pool (G-4)."),
                      [{"type": "draft_pick", "card": c} for c in st["draft_pool"] if c is not None],
                      default_move(data, st, seat))
    if phase == "heyday":
        e = empty_cells(st["players"][seat]["track"])
        text = (Text("Round %(round)s: your turn - take an action tile, use a cube ability or the tax "
                     "collector (%(empty)s empty time space(s)).", round=st["round"], empty=e) if e else
                Text("Round %(round)s: your time track is full - pass (or use a cube ability without hourglasses).",
                     round=st["round"]))
        return Prompt(seat, "turn", text, only_pass(data, st, seat), default_move(data, st, seat))
    if phase == "decline":
        return Prompt(seat, "decline_choices",
                      Text("Decline: choose one city per region to activate and your moon abilities (G-54)."),
                      decline_list(data, st, seat), default_move(data, st, seat))
    p = st["players"][seat]
    cubes = p["cubes"]["eye"] + p["cubes"]["temple"]
    return Prompt(seat, "final_fulfil", Text("Final scoring: use your cubes and claim your hand cards (G-57)."),
                  None if cubes else [default_fulfil()], default_fulfil())


def open_prompts(data: GameData, st: State) -> list[Prompt]:
    return [_prompt(data, st, seat) for seat in prompted(st)]
