"""The move table: who may move now, the shape of each move, and dispatch.

`validate` is the single legality test: `apply` runs it before any effect and the prompt
choices are exactly the candidates it accepts. `perform` validates, applies the effect to a
Draft and evaluates the end of the game after each action (B-29).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from referee.engine.contract import IllegalMove, Move, State
from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.engine.schemas import load_schema

from referee.games.babel import abilities, actions, turns
from referee.games.babel.config import Config
from referee.games.babel.draft import Draft
from referee.games.babel.feasibility import finish_steps, start_card_site


@dataclass(frozen=True)
class Handler:
    check: Callable[[Config, State, int, Move], Any]
    effect: Callable[[Config, Draft, int, Move, Any, Rng], None]
    rule: str            # cited when a move of this type is malformed
    action: bool = True  # B-29: the end conditions are evaluated after it


def _check_end_turn(cfg: Config, state: State, seat: int, move: Move) -> None:
    """B-15: refused while the start card could still be built this turn (F, Ruling B-R4)."""
    if start_card_site(cfg, state, seat) is not None:
        raise IllegalMove(Text("you can still build your start card this turn (use finish_first_turn)"), "B-15")


def _do_end_turn(cfg: Config, draft: Draft, seat: int, move: Move, plan: None, rng: Rng) -> None:
    turns.end_turn(cfg, draft, rng)


def _check_finish(cfg: Config, state: State, seat: int, move: Move) -> list[Move]:
    """B-15: legal only while the seat holds its start card and F holds."""
    if not state["players"][seat]["start_card"]:
        raise IllegalMove(Text("you no longer hold your start card"), "B-15")
    loc = start_card_site(cfg, state, seat)
    if loc is None:
        raise IllegalMove(Text("your start card cannot be built this turn; end your turn"), "B-15")
    return finish_steps(cfg, state, seat, loc)


def _do_finish(cfg: Config, draft: Draft, seat: int, move: Move, steps: list[Move], rng: Rng) -> None:
    """B-15 steps 2-5: each sub-step is a checked action; the turn ends unless the game did."""
    for step in steps:
        perform(cfg, draft, seat, step, rng)
    if draft.state["phase"] != "over":
        turns.end_turn(cfg, draft, rng)


HANDLERS: dict[str, Handler] = {
    "travel": Handler(actions.check_travel, actions.do_travel, "B-17"),
    "settle": Handler(actions.check_settle, actions.do_settle, "B-18"),
    "build": Handler(actions.check_build, actions.do_build, "B-19"),
    "migrate": Handler(actions.check_migrate, actions.do_migrate, "B-20"),
    "ability": Handler(abilities.check_ability, abilities.do_ability, "B-21"),
    "discard": Handler(abilities.check_discard, abilities.do_discard, "B-28"),
    "end_turn": Handler(_check_end_turn, _do_end_turn, "B-14", action=False),
    "finish_first_turn": Handler(_check_finish, _do_finish, "B-15", action=False),
}


def _field_table(schema: dict[str, Any]) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """(required, allowed) field names per move type, read from move.json so the two agree."""
    table = {}
    for branch in schema["oneOf"]:
        kind = branch["properties"]["type"]["const"]
        table[kind] = (frozenset(branch["required"]), frozenset(branch["properties"]))
    return table


FIELDS = _field_table(load_schema("games/babel/move.json"))


def _gate(state: State, seat: int, kind: str) -> None:
    """Who may move now: B-14 (active player, no response pending) and B-28 (pending seat)."""
    if kind == "discard":
        pending = state["pending"]
        if pending is None or pending["seat"] != seat:
            raise IllegalMove(Text("no discard is asked of you"), "B-28")
    elif seat != state["active"]:
        raise IllegalMove(Text("it is not your turn"), "B-14")
    elif state["phase"] != "actions":
        raise IllegalMove(Text("wait for your opponent's halving discard"), "B-14")


def _check_fields(move: Move, kind: str, rule: str) -> None:
    required, allowed = FIELDS[kind]
    keys = move.keys()
    if required <= keys and keys <= allowed:
        return
    missing = sorted(required - keys)
    if missing:
        raise IllegalMove(Text("%(kind)s needs field(s) %(fields)s", kind=kind, fields=", ".join(missing)), rule)
    raise IllegalMove(Text("%(kind)s takes no field(s) %(fields)s", kind=kind,
                           fields=", ".join(sorted(keys - allowed))), rule)


def validate(cfg: Config, state: State, seat: int, move: Move) -> tuple[Handler, Any]:
    """Raise IllegalMove unless `seat` may play `move` now; return its handler and plan."""
    if state["phase"] == "over":
        raise IllegalMove(Text("the game is over"), "B-29")
    if not isinstance(move, dict) or move.get("type") not in HANDLERS:
        raise IllegalMove(Text("a move needs a type: one of %(types)s", types=", ".join(HANDLERS)), "B-14")
    kind = move["type"]
    handler = HANDLERS[kind]
    _gate(state, seat, kind)
    _check_fields(move, kind, handler.rule)
    return handler, handler.check(cfg, state, seat, move)


def is_legal(cfg: Config, state: State, seat: int, move: Move) -> bool:
    try:
        validate(cfg, state, seat, move)
    except IllegalMove:
        return False
    return True


def perform(cfg: Config, draft: Draft, seat: int, move: Move, rng: Rng) -> None:
    """Validate and apply one move on the draft."""
    handler, plan = validate(cfg, draft.state, seat, move)
    handler.effect(cfg, draft, seat, move, plan, rng)
    if handler.action and draft.state["phase"] != "over":
        turns.check_end(cfg, draft)
