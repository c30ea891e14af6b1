"""Prompts and defaults (RULES.md §11.1, §11.2, §11.4): one seat is prompted at a time."""

from __future__ import annotations

from referee.engine.contract import IllegalMove, Prompt
from referee.plumbing.i18n import Text

from referee.games.khronos.decisions import answer_choices, default_answer
from referee.games.khronos.state import Move, State

END_TURN: Move = {"type": "end_turn"}


def _text(st: State, d: dict) -> str:
    if d["decision"] == "choose_reduction":
        return f"Choose which building in {d['age']} is reduced (rank rule, K-24)."
    if d["decision"] == "place_reduced":
        return (f"Your building at {tuple(d['at'])} in {d['age']} is reduced to rank {d['rank']}: "
                f"choose the anchor of the smaller tile.")
    return f"Choose which player keeps a cube on the printed hamlet at {tuple(d['square'])} in reason."


def open_prompts(st: State) -> list[Prompt]:
    if st["phase"] == "finished":
        return []
    n = len(st["players"])
    if st["pending"]:
        d = st["pending"][0]
        return [Prompt(d["seat"], d["decision"], _text(st, d), answer_choices(d), default_answer(d, n))]
    text = (f"Round {st['round']}: your turn ({'exchange or act' if st['phase'] == 'exchange' else 'act'}, "
            f"then end your turn).")
    return [Prompt(st["active_seat"], "turn", text, None, dict(END_TURN))]


def default_move(st: State, seat: int) -> Move:
    for p in open_prompts(st):
        if p.seat == seat:
            return p.default
    raise IllegalMove(Text("seat %(seat)s has nothing to decide now", seat=seat), "K-9")

