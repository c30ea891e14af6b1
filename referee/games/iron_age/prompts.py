"""Prompts (RULES.md §7): one per pending decision and seat, with the complete choice list for
D0..D5 and D8 (every candidate validated by the same code `apply` uses) and null for D6, D7.
"""

from __future__ import annotations

from referee.engine.contract import Prompt
from referee.plumbing.i18n import N_, Text
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


# The faces as the prompt names them: in words (the fate die's two conquest and two tribute
# faces read alike), never their ids.
FACE_IDS = {"food": N_("food"), "workers": N_("workers"), "food_or_workers": N_("food or workers"),
            "goods": N_("goods"), "skull": N_("skull"), "invention": N_("invention"), "conquest_1": N_("conquest"),
            "conquest_2": N_("conquest"), "tribute_1": N_("tribute"), "tribute_2": N_("tribute"),
            "omen": N_("omen"), "harvest": N_("harvest")}


def _face(f: str) -> Text:
    return Text(FACE_IDS[f]) if f in FACE_IDS else f


def _dice_text(st: State) -> Text:
    """"dice: food, skull (locked); fate die: omen" as a Text, each face translatable."""
    t = st["turn"]
    faces = [Text("%(face)s (locked)", face=_face(f)) if t["locked"][i] else _face(f)
             for i, f in enumerate(t["empire_faces"])]
    joined: str = faces[-1] if faces else ""
    for f in reversed(faces[:-1]):
        joined = Text("%(first)s, %(rest)s", first=f, rest=joined)
    return Text("dice: %(faces)s; fate die: %(fate)s", faces=joined, fate=_face(t["fate_face"]))


def text(g: GameData, st: State, seat: int) -> Text:
    """A short human description of the decision for `seat` (a Text: English, or the reader's
    language where it is shown)."""
    phase = st["phase"]
    if phase == "setup":
        return Text("Choose your free start column: port or province.")
    r = st["round"]
    t, p = st["turn"], active(st)
    if phase == "roll":
        return Text("Round %(round)s: roll %(roll)s of %(max)s, %(dice)s. Reroll unlocked dice or stop.", round=r,
                    roll=t["rolls_used"], max=dice.MAX_ROLLS, dice=_dice_text(st))
    if phase == "omen":
        return Text("Round %(round)s: omen! %(dice)s. Turn one die to any face, or decline.", round=r,
                    dice=_dice_text(st))
    if phase == "assign":
        return Text("Round %(round)s: %(dice)s. Take each food-or-workers die as food or workers.", round=r,
                    dice=_dice_text(st))
    if phase == "conquest":
        enemy = min(p["conquest_boxes_filled"], g.conquest_total)
        return Text("Round %(round)s: conquest: strength %(strength)s against %(enemy)s. Attack?", round=r,
                    strength=g.strength(p), enemy=enemy)
    if phase == "tribute":
        mine = g.strength(st["players"][seat])
        return Text("Round %(round)s: seat %(seat)s (strength %(strength)s) demands %(due)s tribute from you "
                    "(strength %(mine)s). Deny it by giving 1 good?", round=r, seat=st["active_seat"],
                    strength=g.strength(p), due=g.strength(p) - mine, mine=mine)
    if phase == "build":
        return Text("Round %(round)s: build with %(workers)s workers, %(goods)s goods, %(food)s food.", round=r,
                    workers=t["workers"], goods=p["goods"], food=p["food"])
    if phase == "buy":
        return Text("Round %(round)s: buy one development with %(goods)s goods, %(inventions)s inventions, "
                    "%(wealth)s wealth, or none.", round=r, goods=p["goods"], inventions=t["inventions"],
                    wealth=p["wealth"])
    return Text("Round %(round)s: convert goods to wealth (%(per)s goods each; you have %(goods)s goods).", round=r,
                per=g.goods_per_wealth, goods=p["goods"])


def prompted(st: State) -> list[int]:
    """The seats with an open decision (§7 D0-D8; D5 each weaker opponent, IA-4.5); none once over."""
    return [] if st["game_over"] else deciders(st)


def open_prompts(g: GameData, st: State) -> list[Prompt]:
    out = []
    for seat in prompted(st):
        d = DECISIONS[st["phase"]]
        out.append(Prompt(seat, d.kind, text(g, st, seat), choices(g, st, seat), default_for(g, st, st["phase"])))
    return out

