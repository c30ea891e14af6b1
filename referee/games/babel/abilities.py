"""People abilities and the halving response (RULES.md §7, B-21…B-28).

`check_ability` holds the common part (B-21: a triple in the own column at the pawn, the
run's people, the index) and hands over to one small check per power; `do_ability` discards
the activating card, then runs the power's effect. Every power acts at the pawn's location on
the opponent's site, column or hand (Ruling B-R11) and must change something (B-R12).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from referee.engine.contract import IllegalMove, Move, State
from referee.plumbing.i18n import Text
from referee.engine.rng import Rng

from referee.games.babel.board import hand_size, open_end_run, other, run_bounds, top
from referee.games.babel.config import Config
from referee.games.babel.draft import Draft
from referee.games.babel.fields import index_field, pawn_location, people_field, seat_field


@dataclass(frozen=True)
class Where:
    """Where an activation happens: the pawn's location, the card index, and n = len(C) (B-21)."""

    loc: str
    index: int
    n: int


# --- per-power checks: (cfg, state, seat, where, move) -> whatever the effect needs ------------

def _opponent_temple(state: State, seat: int, at: Where, rule: str) -> list[int]:
    """The opponent's site here, which Hittites and Assyrians need non-empty (B-R12)."""
    theirs = state["players"][other(seat)]["sites"][at.loc]
    if not theirs:
        raise IllegalMove(Text("your opponent has no temple at %(loc)s", loc=at.loc), rule)
    return theirs


def _enough_cards(at: Where, level: int, rule: str) -> None:
    """n >= level: own cards only (B-R27), the discarded card included (B-21)."""
    if at.n < level:
        raise IllegalMove(Text("level %(level)s needs %(level)s of your people cards at %(loc)s",
                               level=level, loc=at.loc), rule)


def _check_hittites(cfg: Config, state: State, seat: int, at: Where, move: Move) -> int:
    """B-22: steal the opponent's top level v when v > own top and n >= v."""
    v = _opponent_temple(state, seat, at, "B-22")[-1]
    if v <= top(state["players"][seat]["sites"][at.loc]):
        raise IllegalMove(Text("your temple at %(loc)s is already at level %(level)s or higher",
                               loc=at.loc, level=v), "B-22")
    _enough_cards(at, v, "B-22")
    return v


def _check_assyrians(cfg: Config, state: State, seat: int, at: Where, move: Move) -> None:
    """B-23: the opponent's temple here must exist (B-R12)."""
    _opponent_temple(state, seat, at, "B-23")


def _check_persians(cfg: Config, state: State, seat: int, at: Where, move: Move) -> int:
    """B-24: a yard top exactly two above the own top, with n >= its level (B-R14)."""
    yard = seat_field(move, "yard", "B-24")
    if not state["yards"][yard]:
        raise IllegalMove(Text("yard %(yard)s is empty", yard=yard), "B-24")
    v = state["yards"][yard][-1]
    own = top(state["players"][seat]["sites"][at.loc])
    if v != own + 2:
        raise IllegalMove(Text("persians skip exactly one level: from %(own)s only a level-%(level)s card",
                               own=own, level=own + 2), "B-24")
    _enough_cards(at, v, "B-24")
    return yard


def _check_medes(cfg: Config, state: State, seat: int, at: Where, move: Move) -> str:
    """B-25: the target people must be present in the opponent's column here (B-R12)."""
    target = people_field(cfg, move, "target", "B-25")
    if target not in state["players"][other(seat)]["columns"][at.loc]:
        raise IllegalMove(Text("your opponent has no %(people)s card at %(loc)s", people=target, loc=at.loc), "B-25")
    return target


def _check_sumerians(cfg: Config, state: State, seat: int, at: Where, move: Move) -> None:
    """B-26: the opponent's column here must not be empty (B-R12)."""
    if not state["players"][other(seat)]["columns"][at.loc]:
        raise IllegalMove(Text("your opponent has no people cards at %(loc)s", loc=at.loc), "B-26")


def _check_halve(cfg: Config, state: State, seat: int, at: Where, move: Move) -> None:
    """B-27: the opponent must hold at least 2 cards (B-R12)."""
    if hand_size(state["players"][other(seat)]) < 2:
        raise IllegalMove(Text("your opponent holds fewer than 2 cards"), "B-27")


# --- per-power effects: (cfg, draft, seat, where, extra) ----------------------------------------

def _do_hittites(cfg: Config, draft: Draft, seat: int, at: Where, v: int) -> None:
    draft.site(other(seat), at.loc).pop()
    draft.site(seat, at.loc).append(v)  # levels may be skipped (B-22)


def _do_assyrians(cfg: Config, draft: Draft, seat: int, at: Where, extra: None) -> None:
    site = draft.site(other(seat), at.loc)
    temple = list(site)
    site.clear()
    # Removed top first, each onto the supply top: the supply then starts bottom-to-top (B-23).
    draft.replace("temple_supply", temple + draft.state["temple_supply"])
    draft.replace("temple_supply_known", draft.state["temple_supply_known"] + len(temple))  # B-R24


def _do_persians(cfg: Config, draft: Draft, seat: int, at: Where, yard: int) -> None:
    draft.site(seat, at.loc).append(draft.yard(yard).pop())


def _do_medes(cfg: Config, draft: Draft, seat: int, at: Where, target: str) -> None:
    column = draft.column(other(seat), at.loc)
    kept = [c for c in column if c != target]
    draft.pile("people_discard").extend([target] * (len(column) - len(kept)))  # B-R16 order
    column[:] = kept


def _do_sumerians(cfg: Config, draft: Draft, seat: int, at: Where, extra: None) -> None:
    column = draft.column(other(seat), at.loc)
    k = open_end_run(column)
    moved = column[-k:]
    del column[-k:]
    draft.column(seat, at.loc).extend(moved)  # B-R15: after the Sumerian card left


def _do_halve(cfg: Config, draft: Draft, seat: int, at: Where, extra: None) -> None:
    opponent = other(seat)
    h = hand_size(draft.state["players"][opponent])
    draft.replace("phase", "halve_response")
    draft.replace("pending", {"seat": opponent, "count": h // 2})  # keeps ceil(h/2), B-R17


@dataclass(frozen=True)
class Power:
    check: Callable[[Config, State, int, Where, Move], Any]
    effect: Callable[[Config, Draft, int, Where, Any], None]
    field: str | None = None  # the extra move field this power requires (and no other allows)
    rule: str = "B-21"


POWERS: dict[str, Power] = {
    "hittites": Power(_check_hittites, _do_hittites, rule="B-22"),
    "assyrians": Power(_check_assyrians, _do_assyrians, rule="B-23"),
    "persians": Power(_check_persians, _do_persians, field="yard", rule="B-24"),
    "medes": Power(_check_medes, _do_medes, field="target", rule="B-25"),
    "sumerians": Power(_check_sumerians, _do_sumerians, rule="B-26"),
    "halve": Power(_check_halve, _do_halve, rule="B-27"),
}


def _check_power_fields(move: Move, power: str) -> None:
    """`yard` belongs to persians only, `target` to medes only (§10)."""
    for name, spec in POWERS.items():
        if spec.field is not None and (spec.field in move) != (name == power):
            field = repr(spec.field)
            raise IllegalMove(Text("%(power)s requires field %(field)s", power=power, field=field) if name == power
                              else Text("%(power)s takes no field %(field)s", power=power, field=field), spec.rule)


def check_ability(cfg: Config, state: State, seat: int, move: Move) -> tuple[Where, Any]:
    """B-21, then the power's own condition (B-22…B-27)."""
    power = move.get("power")
    if power not in cfg.powers:
        raise IllegalMove(Text("power must be one of %(powers)s", powers=", ".join(cfg.powers)), "B-21")
    _check_power_fields(move, power)
    index = index_field(move, "index", "B-21")
    loc = pawn_location(state, seat, move, "B-21")
    column = state["players"][seat]["columns"][loc]
    if index >= len(column):
        raise IllegalMove(Text("your column at %(loc)s has no card at index %(index)s", loc=loc, index=index), "B-21")
    start, end = run_bounds(column, index)
    if end - start < cfg.min_run:
        raise IllegalMove(Text("the card at index %(index)s is not in a run of %(n)s or more",
                               index=index, n=cfg.min_run),
                          "B-21")
    if power != cfg.halve and column[index] != cfg.power_people[power]:
        raise IllegalMove(Text("the run at index %(index)s is %(people)s, not %(wanted)s", index=index,
                               people=column[index], wanted=cfg.power_people[power]), "B-21")
    at = Where(loc, index, len(column))  # n counts the card about to be discarded (B-21)
    return at, POWERS[power].check(cfg, state, seat, at, move)


def do_ability(cfg: Config, draft: Draft, seat: int, move: Move, plan: tuple[Where, Any], rng: Rng) -> None:
    at, extra = plan
    card = draft.column(seat, at.loc).pop(at.index)  # B-R13: the card at `index`
    draft.pile("people_discard").append(card)
    POWERS[move["power"]].effect(cfg, draft, seat, at, extra)


def check_discard(cfg: Config, state: State, seat: int, move: Move) -> list[str]:
    """B-28: exactly k cards that the pending seat holds (a sub-multiset of his hand)."""
    cards = move.get("cards")
    if not isinstance(cards, list) or any(c not in cfg.peoples for c in cards):
        raise IllegalMove(Text("cards must be a list of people ids (%(peoples)s)",
                               peoples=", ".join(cfg.peoples)), "B-28")
    count = state["pending"]["count"]
    if len(cards) != count:
        raise IllegalMove(Text("discard exactly %(count)s cards", count=count), "B-28")
    hand = state["players"][seat]["hand"]
    if any(hand[p] < n for p, n in Counter(cards).items()):
        raise IllegalMove(Text("you do not hold all of those cards"), "B-28")
    return list(cards)


def do_discard(cfg: Config, draft: Draft, seat: int, move: Move, cards: list[str], rng: Rng) -> None:
    hand = draft.hand(seat)
    for card in cards:
        hand[card] -= 1
    draft.pile("people_discard").extend(cards)  # in the listed order (B-28)
    draft.replace("pending", None)
    draft.replace("phase", "actions")
