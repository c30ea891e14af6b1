"""Random but plausible Gentes moves for playouts and the HTTP client.

Turn, decline-with-moon and final prompts list no choices (free ops make them unbounded), so
`move_gen` builds random candidate moves from what the seat can see and keeps the first one
the rules accept; the default move is the fallback. Works on a state or on the seat's view.
"""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.games.gentes.decline import cities_by_region, moon_cards
from referee.games.gentes.scribe import discard_allowance
from referee.games.gentes.state import Ctx, empty_cells, own_cities

TRIES = 25


def _profs(data, rnd: random.Random, n: int) -> list[str]:
    return [rnd.choice(data.professions) for _ in range(n)]


def gen_choices(data, st: dict, seat: int, effects: list[dict], rnd: random.Random, depth: int = 0) -> list[dict]:
    me = st["players"][seat]
    out = []
    for e in effects:
        op = e["op"]
        if op == "pop_any":
            out.append({"train": _profs(data, rnd, e["n"])})
        elif op == "hourglass":
            out.append({"doubles": rnd.randint(0, e["n"] // 2)})
        elif op == "remove_hourglass":
            cells = [i for i, c in enumerate(me["track"]) if c in ("hg1", "hg2")]
            out.append({"cells": rnd.sample(cells, min(len(cells), e["n"], rnd.randint(0, e["n"])))})
        elif op == "draw_display":
            slots = [i + 1 for i, c in enumerate(st["display"][:e["max_slot"]]) if c is not None]
            out.append({"slots": rnd.sample(slots, min(len(slots), rnd.randint(1, e["n"])))})
        elif op == "draw_discard":
            out.append({"cards": rnd.sample(st["discard"], min(len(st["discard"]), rnd.randint(0, e["n"])))})
        elif op == "action":
            out.append(gen_params(data, st, seat, e["kind"], e.get("as_cost", 0), e.get("symbol"), rnd, depth + 1))
    return out


def gen_params(data, st: dict, seat: int, kind: str, x: int, symbol: str | None, rnd: random.Random,
               depth: int = 0) -> dict[str, Any]:
    me = st["players"][seat]
    if kind == "philosopher":
        n = rnd.choice([1, 2])
        table = data.cost_one if n == 1 else data.cost_two
        open_ = [p for i, p in enumerate(st["training_queue"]) if table[i] <= x] or data.professions
        return {"train": [rnd.choice(open_) for _ in range(n)]}
    if kind == "scribe":
        ctx = Ctx(data, st, seat, None)
        allow = discard_allowance(ctx, x)
        if st["discard"] and allow and rnd.random() < 0.3:
            return {"mode": "discard", "cards": rnd.sample(st["discard"], min(allow, len(st["discard"]), rnd.randint(1, allow)))}
        inds = [i for i in data.indicators.values() if i["min_paid"] <= x] or list(data.indicators.values())
        ind = rnd.choice(inds)
        slots = [i + 1 for i, c in enumerate(st["display"][:ind["max_slot"]]) if c is not None]
        k = min(len(slots), rnd.randint(1, ind["max_cards"]))
        return {"mode": "display", "indicator": ind["id"], "slots": rnd.sample(slots, k) if k else [1]}
    if kind == "navigator":
        spaces = [s for s in data.map_order + data.home_order
                  if symbol in data.wildcards or data.space(s)["symbol"] == symbol]
        params: dict[str, Any] = {}
        if me["cities_in_supply"] == 0:
            mine = own_cities(st, seat)
            params["from"] = rnd.choice(mine)
            free = [s for s in spaces if s not in st["city_owner"] or s == params["from"]]
        else:
            free = [s for s in spaces if s not in st["city_owner"]]
        params["space"] = rnd.choice(free or spaces)
        if params["space"] in data.home_spaces:
            params["region"] = rnd.choice(data.regions)
        return params
    if kind == "chronicler":
        if not me["hand"]:
            return {"card": "none"}
        card = data.cards[rnd.choice(me["hand"])]
        temple, left = {}, me["cubes"]["temple"]
        for prof, need in card["requires"].get("professions", {}).items():
            gap = max(0, need - me["pop"][prof])
            if gap and left >= gap:
                temple[prof] = gap
                left -= gap
        params = {"card": card["id"], "temple": temple, "synergy": rnd.choice(card["synergy"]) if card["synergy"] else None}
        choices = gen_choices(data, st, seat, card.get("rewards", []) + card.get("penalties", []), rnd, depth) if depth < 3 else []
        if choices:
            params["choices"] = choices
        return params
    return {}


def gen_free_ops(data, st: dict, seat: int, rnd: random.Random) -> list[dict]:
    me = st["players"][seat]
    ops = []
    if me["cubes"]["eye"] and rnd.random() < 0.3:
        down = rnd.choice([p for p, v in me["pop"].items() if v > 0] or data.professions)
        up = rnd.choice([p for p in data.professions if p != down])
        ops.append({"op": "eye_shift", "down": down, "up": up, "second": None})
    if me["cubes"]["eye"] + me["cubes"]["temple"] >= 3 and rnd.random() < 0.3:
        eye = min(3, me["cubes"]["eye"])
        ops.append({"op": "convert_cubes", "eye": eye, "temple": 3 - eye, "up": rnd.choice(data.professions)})
    return ops


def gen_turn(data, st: dict, seat: int, rnd: random.Random) -> dict[str, Any]:
    me = st["players"][seat]
    e = empty_cells(me["track"])
    kinds = []
    if e >= 1:
        kinds += ["tile"] * 6 + ["tax"]
    else:
        kinds += ["pass"] * 2
    abilities = [{"card": c} for c in me["tableau"] if (data.cards[c].get("ability") or {}).get("kind") == "cube"]
    abilities += [{"hometown_space": s, "option": "a"} for s in own_cities(st, seat) if s in data.home_spaces]
    if abilities and st["supply_cubes"]:
        kinds += ["ability"] * 2
    kind = rnd.choice(kinds)
    move: dict[str, Any]
    if kind == "pass":
        move = {"type": "pass"}
    elif kind == "tax":
        h = rnd.choice(sorted(data.tax_options))
        move = {"type": "tax_collector", "hourglasses": h, "doubles": rnd.randint(0, h // 2)}
    elif kind == "ability":
        src = rnd.choice(abilities)
        ab = data.cards[src["card"]]["ability"] if "card" in src else data.home_option(src["hometown_space"], "a")
        move = {"type": "use_ability", "source": src, "doubles": rnd.randint(0, ab.get("hourglasses", 0) // 2),
                "params": {"choices": gen_choices(data, st, seat, ab["effects"], rnd)}}
    else:
        tile = data.tiles[rnd.choice(st["tiles_on_board"])]
        move = {"type": "take_tile", "tile": tile["id"], "doubles": rnd.randint(0, tile["hourglasses"] // 2)}
        x = tile["cost"]
        homes = [s for s in own_cities(st, seat) if s in data.home_spaces and s not in st["hometown_marked"]]
        mods = [s for s in homes if (data.home_option(s, "b") or {}).get("applies_to") == tile["action"]]
        if mods and rnd.random() < 0.5:
            space = rnd.choice(mods)
            move["modifier"] = {"hometown_space": space, "option": "b"}
            m = data.home_option(space, "b")["modifier"]
            if m["mod"] == "tile_boost":
                x += m["n"]
        move["params"] = gen_params(data, st, seat, tile["action"], x, tile.get("symbol"), rnd)
    ops = gen_free_ops(data, st, seat, rnd)
    if ops:
        move["free_ops" if rnd.random() < 0.5 or kind == "pass" else "free_ops_after"] = ops
    return move


def gen_decline(data, st: dict, seat: int, rnd: random.Random) -> dict[str, Any]:
    ctx = Ctx(data, st, seat, None)
    act = {r: rnd.choice(v) for r, v in cities_by_region(ctx, seat).items()}
    moons = [c for c in moon_cards(ctx, seat) if rnd.random() < 0.7]
    rnd.shuffle(moons)
    return {"type": "decline_choices", "activate": act,
            "moon": [{"card": c, "choices": gen_choices(data, st, seat, data.cards[c]["ability"]["effects"], rnd)} for c in moons]}


def gen_final(data, st: dict, seat: int, rnd: random.Random) -> dict[str, Any]:
    me = st["players"][seat]
    claims, left = [], me["cubes"]["temple"]
    for cid in me["hand"]:
        temple = {}
        for prof, need in data.cards[cid]["requires"].get("professions", {}).items():
            gap = max(0, need - me["pop"][prof])
            if gap and left >= gap and rnd.random() < 0.8:
                temple[prof] = gap
                left -= gap
        claims.append({"card": cid, "temple": temple})
    return {"type": "final_fulfil", "free_ops": gen_free_ops(data, st, seat, rnd), "claims": claims}


GENERATORS = {"turn": gen_turn, "decline_choices": gen_decline, "final_fulfil": gen_final}


def candidate(rules, st: dict, kind: str, seat: int, rnd: random.Random) -> dict[str, Any]:
    return GENERATORS[kind](rules.data, st, seat, rnd)


def move_gen(rules, state: dict, prompt, rnd: random.Random) -> dict[str, Any]:
    """The first random candidate the rules accept, else the prompt's default."""
    for i in range(TRIES):
        move = candidate(rules, state, prompt.kind, prompt.seat, rnd)
        try:
            rules.apply(state, prompt.seat, move, Rng(b"policy-probe", i))
        except IllegalMove:
            continue
        return move
    return prompt.default
