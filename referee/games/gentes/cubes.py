"""Indicator cubes (RULES.md 4.10, G-36..G-41) and the extra options with own-board cubes
(4.11, G-42..G-45)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes import population, track
from referee.games.gentes.bonus import checkpoint
from referee.games.gentes.effects import apply_effects
from referee.games.gentes.state import Choices, Ctx, need


# -- cube abilities ----------------------------------------------------------------------------

def check_source(ctx: Ctx, source: Any, want: str, rule: str = "G-36") -> tuple[dict[str, Any], str, str]:
    """G-36, G-41: an unmarked own cube-ability card or own hometown city whose named option has
    kind `want` ("action" for use_ability, "modifier" for take_tile). Returns
    (option or ability, "card"|"hometown_space", id)."""
    st, me = ctx.st, ctx.me
    need(type(source) is dict, Text("name the cube's place"), rule)
    need(st["supply_cubes"] > 0, Text("the cube supply is empty"), "G-41")
    if "card" in source and want == "action":
        cid = source["card"]
        need(cid in me["tableau"], Text("%(card)s is not in your tableau", card=repr(cid)), "G-36")
        ability = ctx.data.cards[cid].get("ability")
        need(ability is not None and ability["kind"] == "cube", Text("%(card)s has no cube ability", card=cid), "G-36")
        need(cid not in me["cards_marked"], Text("%(place)s already carries a cube this round", place=cid), "G-36")
        need(set(source) == {"card"}, Text("a card source names only the card"), rule)
        return ability, "card", cid
    space = source.get("hometown_space")
    need(type(space) is str and space in ctx.data.home_spaces, Text("unknown hometown space %(space)s", space=repr(space)), "G-36")
    need(st["city_owner"].get(space) == ctx.seat, Text("you have no city on %(space)s", space=space), "G-36")
    need(space not in st["hometown_marked"], Text("%(place)s already carries a cube this round", place=space), "G-36")
    opt = ctx.data.home_option(space, source.get("option"))
    need(opt is not None and opt["kind"] == want, Text("%(space)s has no action option %(option)s", space=space, option=repr(source.get("option")))
         if want == "action" else Text("%(space)s has no modifier option %(option)s", space=space, option=repr(source.get("option"))),
         "G-40" if want == "modifier" else "G-38")
    need(set(source) == {"hometown_space", "option"}, Text("a hometown source names the space and the option"), rule)
    return opt, "hometown_space", space


def place_cube(ctx: Ctx, where: str, ident: str) -> None:
    """G-36: one cube from the supply onto the card or hometown space (G-37: one per turn)."""
    ctx.st["supply_cubes"] -= 1
    (ctx.me["cards_marked"] if where == "card" else ctx.st["hometown_marked"]).append(ident)


def check_use_ability(ctx: Ctx, move: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    """G-36..G-38, G-41, G-12: the source is usable and coins and time suffice."""
    ability, where, ident = check_source(ctx, move.get("source"), "action")
    need(ctx.me["coins"] >= ability.get("coins", 0), Text("the ability costs %(coins)s coins", coins=ability.get("coins", 0)), "G-38")
    track.check_room(ctx.me["track"], False, ability.get("hourglasses", 0), move.get("doubles", 0))
    return ability, where, ident


def do_use_ability(ctx: Ctx, move: dict[str, Any]) -> None:
    """G-38: cube, coins, hourglasses, effects in order (all or nothing), checkpoint."""
    ability, where, ident = check_use_ability(ctx, move)
    place_cube(ctx, where, ident)
    ctx.me["coins"] -= ability.get("coins", 0)
    track.place_hourglasses(ctx.me["track"], ability.get("hourglasses", 0), move.get("doubles", 0))
    params = move.get("params") or {}
    need(type(params) is dict, Text("params must be an object"), "G-38")
    choices = Choices(params.get("choices"), "G-38")
    apply_effects(ctx, ability["effects"], choices)
    choices.done()
    checkpoint(ctx)


# -- extra options (free ops) ------------------------------------------------------------------

def _prof(ctx: Ctx, p: Any, rule: str) -> str:
    need(type(p) is str and p in ctx.data.partner, Text("unknown profession %(profession)s", profession=repr(p)), rule)
    return p


def do_eye_shift(ctx: Ctx, op: dict[str, Any]) -> None:
    """G-42 / G-R7: one eye cube back; down first, then a different profession up; optionally
    a second free pair."""
    me = ctx.me
    need(me["cubes"]["eye"] >= 1, Text("an eye shift needs an own eye cube"), "G-42")
    me["cubes"]["eye"] -= 1
    ctx.st["supply_cubes"] += 1
    pairs = [op]
    if op.get("second") is not None:
        need(type(op["second"]) is dict, Text("second must be a pair or null"), "G-42")
        pairs.append(op["second"])
    for pair in pairs:
        down, up = _prof(ctx, pair.get("down"), "G-42"), _prof(ctx, pair.get("up"), "G-42")
        need(down != up, Text("up must differ from down"), "G-42")
        population.lower_prof(ctx.data, me["pop"], down, "G-42")
        population.raise_prof(ctx.data, me["pop"], up, "G-42")


def do_convert_cubes(ctx: Ctx, op: dict[str, Any]) -> None:
    """G-43: return 3 own cubes (any mix) and raise one profession."""
    me = ctx.me
    eye, temple = op.get("eye"), op.get("temple")
    need(type(eye) is int and type(temple) is int and eye >= 0 and temple >= 0 and eye + temple == 3,
         Text("convert exactly 3 cubes (eye + temple = 3)"), "G-43")
    need(me["cubes"]["eye"] >= eye and me["cubes"]["temple"] >= temple, Text("not enough own cubes"), "G-43")
    me["cubes"]["eye"] -= eye
    me["cubes"]["temple"] -= temple
    ctx.st["supply_cubes"] += 3
    population.raise_prof(ctx.data, me["pop"], _prof(ctx, op.get("up"), "G-43"), "G-43")


FREE_OPS = {"eye_shift": do_eye_shift, "convert_cubes": do_convert_cubes}


def do_free_ops(ctx: Ctx, ops: Any) -> None:
    """G-45: extra options in order, each followed by checkpoint G-47."""
    need(ops is None or type(ops) is list, Text("free ops must be a list"), "G-45")
    for op in ops or []:
        need(type(op) is dict and type(op.get("op")) is str and op["op"] in FREE_OPS, Text("unknown free op %(op)s", op=repr(op)), "G-45")
        FREE_OPS[op["op"]](ctx, op)
        checkpoint(ctx)
