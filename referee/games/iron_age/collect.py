"""Phase 2: goods, the food-or-workers choice (D3), food, workers and inventions. IA-2.1..IA-2.5."""

from __future__ import annotations

from itertools import product

from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active, fail, only_keys


def collect_goods(g: GameData, st: State) -> None:
    """IA-2.1 / IA-R5: goods per goods face x ports owned, plus 1 per skull; excess lost."""
    p, t = active(st), st["turn"]
    gained = 0
    for fid in t["empire_faces"]:
        y = g.empire_faces[fid].get("yields", {})
        gained += y.get("goods", 0) + y.get("goods_per_port_owned", 0) * p["ports_owned"]
    p["goods"] = g.clamp("goods", p["goods"] + gained)


def choice_dice(g: GameData, st: State) -> list[int]:
    """Indices of the dice whose final face asks the player to choose (food_or_workers)."""
    return [i for i, f in enumerate(st["turn"]["empire_faces"]) if f in g.choice_faces]


def check_assign(g: GameData, st: State, move: Move) -> dict[str, str]:
    """IA-2.2 (D3): one choice per food_or_workers die, keyed by die index, nothing else."""
    only_keys(move, ("choices",), "IA-2.2")
    choices = move.get("choices")
    if not isinstance(choices, dict):
        raise fail("bad_move", Text("'choices' must map die indices to food or workers"), "IA-2.2")
    want = {str(i) for i in choice_dice(g, st)}
    if set(choices) != want:
        raise fail("missing_choice", Text("give a choice for exactly the dice %(dice)s",
                                          dice=str(sorted(want, key=int))),
                   "IA-2.2")
    faces = st["turn"]["empire_faces"]
    for k, v in choices.items():
        if v not in g.empire_faces[faces[int(k)]]["choice"]:
            raise fail("bad_choice", Text("die %(die)s: %(choice)s is not one of its options",
                                          die=k, choice=repr(v)), "IA-2.2")
    return dict(choices)


def default_assign(g: GameData, st: State) -> Move:
    """D3 default: every die taken as food (the first option when a die offers no food)."""
    faces = st["turn"]["empire_faces"]
    return {"type": "assign", "choices": {str(i): _default_option(g, faces[i]) for i in choice_dice(g, st)}}


def _default_option(g: GameData, face: str) -> str:
    options = list(g.empire_faces[face]["choice"])
    return "food" if "food" in options else options[0]


def assign_candidates(g: GameData, st: State) -> list[Move]:
    """Every combination of options over the food_or_workers dice (at most 2^6)."""
    dice = choice_dice(g, st)
    faces = st["turn"]["empire_faces"]
    return [{"type": "assign", "choices": {str(i): c for i, c in zip(dice, combo)}}
            for combo in product(*(list(g.empire_faces[faces[i]]["choice"]) for i in dice))]


def collect_rest(g: GameData, st: State, choices: dict[str, str]) -> None:
    """IA-2.3..IA-2.5: food (with harvest and per-face modifiers), workers and inventions."""
    p, t = active(st), st["turn"]
    t["fow_choices"] = choices
    fate = g.fate_faces[t["fate_face"]]
    harvest = fate["delta"] if fate["effect"] == "food_per_food_die" else 0
    food = workers = inventions = 0
    for i, fid in enumerate(t["empire_faces"]):
        face = g.empire_faces[fid]
        got = dict(face.get("yields", {}))
        chosen = choices.get(str(i))
        if chosen is not None:
            got[chosen] = got.get(chosen, 0) + face["choice"][chosen]
        if face.get("food_producing") or (chosen is not None and chosen == face.get("food_producing_if")):
            # IA-2.3: harvest and Agriculture/Fishing only for food-producing dice
            food += got.get("food", 0) + harvest + g.die_modifier(p, "food_per_die", fid)
        else:
            food += got.get("food", 0)
        if got.get("workers"):
            # IA-2.4: Masonry adds per matching face that produces workers
            workers += got["workers"] + g.die_modifier(p, "workers_per_die", fid)
        inventions += got.get("inventions", 0)
    p["food"] = g.clamp("food", p["food"] + food)
    t["workers"] = workers
    t["inventions"] = inventions
