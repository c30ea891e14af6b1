"""The four basic actions: travel, settle, build, migrate (RULES.md §6, B-17…B-20).

Each action is a pair: `check_*` decides legality without touching the state and returns
what the effect needs; `do_*` performs it on a Draft. The same checks serve `apply` and the
enumeration of prompt choices.
"""

from __future__ import annotations

from referee.engine.contract import IllegalMove, Move, State
from referee.engine.rng import Rng

from referee.games.babel.board import migratable, migration_available, top
from referee.games.babel.config import Config
from referee.games.babel.draft import Draft
from referee.plumbing.i18n import Text
from referee.games.babel.fields import pawn_location, people_field, seat_field


def _card_in_hand(cfg: Config, state: State, seat: int, move: Move, rule: str) -> str:
    people = people_field(cfg, move, "people", rule)
    if state["players"][seat]["hand"][people] < 1:
        raise IllegalMove(Text("no %(people)s card in hand", people=people), rule)
    return people


def check_travel(cfg: Config, state: State, seat: int, move: Move) -> str:
    """B-17: any card of people X in hand; travelling in place is legal (B-R9)."""
    return _card_in_hand(cfg, state, seat, move, "B-17")


def do_travel(cfg: Config, draft: Draft, seat: int, move: Move, people: str, rng: Rng) -> None:
    draft.hand(seat)[people] -= 1
    draft.pile("people_discard").append(people)
    draft.player(seat)["pawn"] = people


def check_settle(cfg: Config, state: State, seat: int, move: Move) -> tuple[str, str]:
    """B-18: pawn on a location and a card of people X in hand."""
    loc = pawn_location(state, seat, move, "B-18")
    return _card_in_hand(cfg, state, seat, move, "B-18"), loc


def do_settle(cfg: Config, draft: Draft, seat: int, move: Move, plan: tuple[str, str], rng: Rng) -> None:
    people, loc = plan
    draft.hand(seat)[people] -= 1
    draft.column(seat, loc).append(people)  # B-3: only at the open end


def check_build(cfg: Config, state: State, seat: int, move: Move) -> tuple[str, int]:
    """B-19: the next level on the own site, with as many own cards there as the level."""
    source = move.get("source")
    if source == "start":
        if "yard" in move:
            raise IllegalMove(Text("build from the start card takes no yard"), "B-19")
        if not state["players"][seat]["start_card"]:
            raise IllegalMove(Text("you no longer hold your start card"), "B-19")
        level = cfg.start_level
    elif source == "yard":
        yard = seat_field(move, "yard", "B-19")
        if not state["yards"][yard]:
            raise IllegalMove(Text("yard %(yard)s is empty", yard=yard), "B-19")
        level = state["yards"][yard][-1]  # B-6: only the top card can be taken
    else:
        raise IllegalMove(Text("source must be 'start' or 'yard'"), "B-19")
    loc = pawn_location(state, seat, move, "B-19")
    me = state["players"][seat]
    if level != top(me["sites"][loc]) + 1:
        raise IllegalMove(Text("a level-%(level)s card needs level %(below)s on top of your site at %(loc)s",
                               level=level, below=level - 1, loc=loc), "B-19")
    if len(me["columns"][loc]) < level:  # B-R27: own cards only
        raise IllegalMove(Text("a level-%(level)s card needs %(level)s of your people cards at %(loc)s",
                               level=level, loc=loc), "B-19")
    return loc, level


def do_build(cfg: Config, draft: Draft, seat: int, move: Move, plan: tuple[str, int], rng: Rng) -> None:
    loc, level = plan
    if move["source"] == "start":
        draft.player(seat)["start_card"] = False
    else:
        draft.yard(move["yard"]).pop()
    draft.site(seat, loc).append(level)


def check_migrate(cfg: Config, state: State, seat: int, move: Move) -> tuple[str, str]:
    """B-20: once per turn, between two different locations, from an own column of >= 3."""
    if not migration_available(cfg, state):
        raise IllegalMove(Text("you have already migrated this turn"), "B-20")
    src = people_field(cfg, move, "from", "B-20")
    dst = people_field(cfg, move, "to", "B-20")
    if src == dst:
        raise IllegalMove(Text("migration needs two different locations"), "B-20")
    if not migratable(cfg, state["players"][seat]["columns"][src]):
        raise IllegalMove(Text("your column at %(loc)s has fewer than %(n)s cards",
                               loc=src, n=cfg.migration_cards), "B-20")
    return src, dst


def do_migrate(cfg: Config, draft: Draft, seat: int, move: Move, plan: tuple[str, str], rng: Rng) -> None:
    src, dst = plan
    column = draft.column(seat, src)
    moved = column[-cfg.migration_cards:]
    del column[-cfg.migration_cards:]
    draft.column(seat, dst).extend(moved)  # same order, at the open end (B-20)
    draft.replace("migrated_this_turn", True)
