"""Phase 1: rolling, locking skulls, rerolls (D1) and the omen (D2). RULES.md IA-1.1..IA-1.7."""

from __future__ import annotations

from typing import Any

from referee.engine.rng import Rng
from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, bool_arg, fail, only_keys

Turn = dict[str, Any]

MAX_ROLLS = 3  # IA-1.4: at most three rolls in total
FATE = "fate"  # IA-1.2: how moves address the fate die


def dice_count(g: GameData, p: dict[str, Any]) -> int:
    """IA-1.1 / IA-R15: max(ports, provinces) owned at the start of the turn, at most the dice there are."""
    return min(max(p["ports_owned"], p["provinces_owned"]), g.max_dice)


def roll(g: GameData, t: Turn, rng: Rng, empire: list[int], fate: bool) -> None:
    """IA-1.2 / §8: roll the chosen dice (empire dice ascending, then fate) and lock skulls (IA-1.3)."""
    empire = sorted(empire)
    if empire:
        for i, face in zip(empire, rng.roll(g.empire_face_ids, len(empire), label="roll")):
            t["empire_faces"][i] = face
    if fate:
        t["fate_face"] = rng.roll(g.fate_face_ids, 1, label="roll")[0]
    t["rolls_used"] += 1
    lock_skulls(g, t)
    rng.note("roll", {"roll_no": t["rolls_used"],
                      "empire": {str(i): t["empire_faces"][i] for i in empire},
                      "fate": t["fate_face"] if fate else None}, visible_to="all")


def lock_skulls(g: GameData, t: Turn) -> None:
    """IA-1.3: every die showing a skull is locked; skulls_rolled follows the faces (IA-1.7)."""
    t["locked"] = [f in g.skull_faces for f in t["empire_faces"]]
    t["skulls_rolled"] = sum(t["locked"])


def first_roll(g: GameData, t: Turn, rng: Rng) -> None:
    """IA-1.2: roll 1 throws the fate die and every empire die of this turn."""
    n = t["dice_count"]
    t["empire_faces"] = [g.empire_face_ids[0]] * n
    t["locked"] = [False] * n
    roll(g, t, rng, list(range(n)), True)


def rerollable(t: Turn, i: int) -> bool:
    """IA-1.3 / IA-1.5: an empire die may be rerolled unless locked; the fate die always may."""
    return not t["locked"][i]


def reroll_choices(t: Turn) -> list[Move]:
    """Every legal reroll: each non-empty subset of the dice `rerollable` accepts, plus the fate
    die, while rolls are left (the same predicates check_reroll applies to a submitted move;
    checking 127 candidates one by one made every roll prompt slow)."""
    if t["rolls_used"] >= MAX_ROLLS:
        return []
    free = [i for i in range(t["dice_count"]) if rerollable(t, i)]
    k = len(free)
    return [{"type": "reroll", "empire": [free[b] for b in range(k) if mask >> b & 1], "fate": bool(mask >> k & 1)}
            for mask in range(1, 1 << (k + 1))]


def check_reroll(g: GameData, t: Turn, move: Move) -> tuple[list[int], bool]:
    """IA-1.4 (D1): a non-empty set of distinct, unlocked dice, while rolls are left."""
    only_keys(move, ("empire", "fate"), "IA-1.4")
    if t["rolls_used"] >= MAX_ROLLS:
        raise fail("no_rolls_left", Text("all %(n)s rolls are used", n=MAX_ROLLS), "IA-1.4")
    empire = move.get("empire", [])
    fate = bool_arg(move, "fate", "IA-1.4") if "fate" in move else False
    if type(empire) is not list or any(type(i) is not int for i in empire):
        raise fail("bad_move", Text("'empire' must be a list of die indices"), "IA-1.4")
    if len(set(empire)) != len(empire):
        raise fail("bad_move", Text("a die is listed twice"), "IA-1.4")
    for i in empire:
        if not 0 <= i < t["dice_count"]:
            raise fail("bad_die", Text("there is no empire die %(die)s (dice 0..%(last)s)",
                                       die=i, last=t["dice_count"] - 1),
                       "IA-1.2")
        if not rerollable(t, i):
            raise fail("die_locked", Text("die %(die)s shows a skull and is locked", die=i), "IA-1.3")
    if not empire and not fate:
        raise fail("bad_move", Text("select at least one die to reroll, or stop rolling"), "IA-1.4")
    return empire, fate


def die_faces(g: GameData, die: int | str) -> list[str]:
    return g.fate_face_ids if die == FATE else g.empire_face_ids


def check_omen(g: GameData, t: Turn, move: Move) -> tuple[int | str, str]:
    """IA-1.6 (D2): turn one die (any empire die, skulls included, or the fate die) to another face."""
    only_keys(move, ("die", "face"), "IA-1.6")
    die = move.get("die")
    if die != FATE and (type(die) is not int or not 0 <= die < t["dice_count"]):
        raise fail("bad_die", Text("'die' must be 0..%(last)s or \"fate\"", last=t["dice_count"] - 1), "IA-1.6")
    face = move.get("face")
    if face not in die_faces(g, die):
        raise fail("bad_face", Text("%(face)s is not a face of that die", face=repr(face)), "IA-1.6")
    current = t["fate_face"] if die == FATE else t["empire_faces"][die]
    if face == current:
        raise fail("bad_face", Text("the die already shows that face; decline the omen instead"), "IA-1.6")
    return die, face


def apply_omen(g: GameData, t: Turn, die: int | str, face: str) -> None:
    """IA-1.6 / IA-R3: the die shows the new face; a turned fate die applies that face (IA-R29)."""
    if die == FATE:
        t["fate_face"] = face
    else:
        t["empire_faces"][die] = face
    t["omen_used"] = True
    lock_skulls(g, t)
