"""Prompts (RULES.md §7): one per pending decision and seat, with the complete choice list for
D0..D5 and D8 (every candidate validated by the same code `apply` uses) and null for D6, D7.
"""

from __future__ import annotations

from referee.engine.contract import Prompt
from referee.plumbing.i18n import Text
from referee.games.iron_age import collect, dice
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active, fail
from referee.games.iron_age.turn import DECISIONS, END_TURN, default_for, deciders, is_legal

ACTIVE_ONLY = ("roll", "omen", "assign", "conquest", "build", "buy", "convert")


def default_move(g: GameData, st: State, seat: int) -> Move:
    """The §7 default for `seat`'s open decision; only prompted seats have one."""
    if st["game_over"]:
        raise fail("game_over", Text("the game is over"), "IA-E1")
    if seat not in deciders(st):
        d = DECISIONS.get(st["phase"])
        raise fail("not_your_decision", Text("seat %(seat)s has no open decision", seat=seat), d.rule if d else "§7")
    return default_for(g, st, st["phase"])


def _candidates(g: GameData, st: State) -> list[Move] | None:
    """Every move worth trying for the current decision (legal or not); None for D6 and D7."""
    phase, t = st["phase"], st["turn"]
    if phase == "setup":
        return [{"type": "initial_choice", "choice": c} for c in ("port", "province")]
    if phase == "omen":
        return [{"type": "omen", "die": die, "face": f} for die in [*range(t["dice_count"]), dice.FATE]
                for f in dice.die_faces(g, die)]
    if phase == "assign":
        return collect.assign_candidates(g, st)
    if phase in ("conquest", "tribute"):
        key, kind = ("attack", "conquest") if phase == "conquest" else ("deny", "tribute_response")
        return [{"type": kind, key: v} for v in (False, True)]
    if phase == "convert":
        return [{"type": "convert", "wealth": k} for k in range(active(st)["goods"] // g.goods_per_wealth + 1)]
    return None


def choices(g: GameData, st: State, seat: int) -> list[Move] | None:
    """The complete legal move list (default first, end_turn last for the active player)."""
    default = default_for(g, st, st["phase"])
    if st["phase"] == "roll":
        out = [default] + dice.reroll_choices(st["turn"])
    else:
        cands = _candidates(g, st)
        if cands is None:
            return None
        out = [default] + [m for m in cands if m != default and is_legal(g, st, seat, m)]
    if st["phase"] in ACTIVE_ONLY:
        out.append(dict(END_TURN))
    return out


def _dice_text(st: State) -> str:
    t = st["turn"]
    faces = ", ".join(f"{i}:{f}{'(locked)' if t['locked'][i] else ''}" for i, f in enumerate(t["empire_faces"]))
    return f"dice [{faces}], fate {t['fate_face']}"


def text(g: GameData, st: State, seat: int) -> str:
    """A short human description of the decision for `seat`."""
    phase = st["phase"]
    if phase == "setup":
        return "Choose your free start column: port or province."
    head = f"Round {st['round']}: "
    t, p = st["turn"], active(st)
    if phase == "roll":
        return head + f"roll {t['rolls_used']} of {dice.MAX_ROLLS}, {_dice_text(st)}. Reroll unlocked dice or stop."
    if phase == "omen":
        return head + f"omen! {_dice_text(st)}. Turn one die to any face, or decline."
    if phase == "assign":
        return head + f"{_dice_text(st)}. Take each food-or-workers die as food or workers."
    if phase == "conquest":
        enemy = min(p["conquest_boxes_filled"], g.conquest_total)
        return head + f"conquest: strength {g.strength(p)} against {enemy}. Attack?"
    if phase == "tribute":
        mine = g.strength(st["players"][seat])
        return head + (f"seat {st['active_seat']} (strength {g.strength(p)}) demands {g.strength(p) - mine} tribute "
                       f"from you (strength {mine}). Deny it by giving 1 good?")
    if phase == "build":
        return head + f"build with {t['workers']} workers, {p['goods']} goods, {p['food']} food."
    if phase == "buy":
        return head + (f"buy one development with {p['goods']} goods, {t['inventions']} inventions, "
                       f"{p['wealth']} wealth, or none.")
    return head + f"convert goods to wealth ({g.goods_per_wealth} goods each; you have {p['goods']} goods)."


def open_prompts(g: GameData, st: State) -> list[Prompt]:
    if st["game_over"]:
        return []
    out = []
    for seat in deciders(st):
        d = DECISIONS[st["phase"]]
        out.append(Prompt(seat, d.kind, text(g, st, seat), choices(g, st, seat), default_for(g, st, st["phase"])))
    return out

