"""Final scoring (RULES.md section 6, G-57..G-59; G-R8, G-R16, G-R17) and the result."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes import track
from referee.games.gentes.chronicler import meets, temple_total
from referee.games.gentes.cubes import do_free_ops
from referee.games.gentes.simultaneous import submit
from referee.games.gentes.state import Ctx, State, need


def ceil_half(v: int) -> int:
    return -((-v) // 2)


def must_fulfil(st: State, seat: int) -> bool:
    """Section 10.1: asked with a hand card or an own-board cube."""
    p = st["players"][seat]
    return bool(p["hand"]) or p["cubes"]["eye"] + p["cubes"]["temple"] > 0


def start_final(ctx: Ctx) -> None:
    st = ctx.st
    st["phase"] = "final"
    st["turn_seat"] = None
    st["final_submitted"] = {}
    st["final_pending"] = [s for s in range(ctx.seats) if must_fulfil(st, s)]
    if not st["final_pending"]:
        finish_final(ctx)


def do_final_fulfil(ctx: Ctx, move: dict[str, Any]) -> dict[str, int]:
    """G-57, G-58 for one seat; returns the score breakdown (and changes VP, cubes)."""
    ctx.checkpoints = False
    do_free_ops(ctx, move.get("free_ops"))
    me, data = ctx.me, ctx.data
    claims = move.get("claims", [])
    need(type(claims) is list, Text("claims must be a list"), "G-57")
    temple_of: dict[str, dict[str, int]] = {}
    for c in claims:
        need(type(c) is dict and c.get("card") in me["hand"] and c["card"] not in temple_of,
             Text("%(card)s is not an unclaimed hand card", card=repr(c.get("card") if type(c) is dict else c)), "G-57")
        temple_of[c["card"]] = c.get("temple") or {}
        temple_total(ctx, temple_of[c["card"]], me["cubes"]["temple"], "G-57")
    spent = sum(sum(t.values()) for t in temple_of.values())
    need(spent <= me["cubes"]["temple"], Text("%(named)s temple cubes claimed, %(owned)s owned", named=spent, owned=me["cubes"]["temple"]), "G-57")
    fulfilled = unfulfilled = 0
    for cid in me["hand"]:
        half = ceil_half(data.cards[cid]["vp"])
        if meets(ctx, data.cards[cid], me["pop"], temple_of.get(cid, {})) is None:
            fulfilled += half
        else:
            unfulfilled -= half
    me["cubes"]["temple"] -= spent
    ctx.st["supply_cubes"] += spent
    cubes = me["cubes"]["eye"] + me["cubes"]["temple"]
    out = {"played_vp": me["vp"], "hand_fulfilled": fulfilled, "hand_unfulfilled": unfulfilled,
           "cubes": (cubes // 2) * data.vp_per_2_cubes, "coins": (me["coins"] // 10) * data.vp_per_10_coins,
           "hourglasses": data.hg_penalty_for(track.symbols(me["track"]))}
    me["vp"] += sum(v for k, v in out.items() if k != "played_vp")
    out["total"] = me["vp"]
    return out


def default_fulfil() -> dict[str, Any]:
    return {"type": "final_fulfil", "free_ops": [], "claims": []}


def submit_final(ctx: Ctx, move: dict[str, Any]) -> None:
    """Simultaneous: tried on a copy now, applied in seat order when all have answered."""
    submit(ctx, move, "final", "G-57", do_final_fulfil, finish_final)


def finish_final(ctx: Ctx) -> None:
    st = ctx.st
    st["final"] = [do_final_fulfil(Ctx(ctx.data, st, s, None), st["final_submitted"].get(str(s), default_fulfil()))
                   for s in range(ctx.seats)]
    st["final_submitted"] = {}
    st["phase"] = "over"
    st["result"] = ranking_result(st, "end")


def ranking_result(st: State, reason: str, last: int | None = None) -> dict[str, Any]:
    """G-59 / G-R16: VP, then cards in the tableau, then coins; remaining ties share a place.
    A resigned seat (`last`) is ranked last and cannot win."""
    players = st["players"]

    def key(s: int) -> tuple[int, int, int, int]:
        p = players[s]
        return (0 if s == last else 1, p["vp"], len(p["tableau"]), p["coins"])

    order = sorted(range(len(players)), key=lambda s: (tuple(-v for v in key(s)), s))
    places, place = [], 0
    for i, s in enumerate(order):
        if i == 0 or key(s) != key(order[i - 1]):
            place = i + 1
        places.append(place)
    place_of = dict(zip(order, places))
    winners = [s for s in order if place_of[s] == 1]
    return {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "scores": [p["vp"] for p in players], "ranking": order,
            "places": [place_of[s] for s in range(len(players))],
            "tiebreak": [{"cards_played": len(p["tableau"]), "coins": p["coins"]} for p in players],
            "reason": reason}
