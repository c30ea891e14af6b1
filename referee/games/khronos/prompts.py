"""Prompts and defaults (RULES.md §11.1, §11.2, §11.4): one seat is prompted at a time."""

from __future__ import annotations

from referee.engine.contract import IllegalMove, Prompt
from referee.plumbing.i18n import Text

from referee.games.khronos.decisions import answer_choices, default_answer
from referee.games.khronos.state import Move, State

END_TURN: Move = {"type": "end_turn"}


def _text(st: State, d: dict) -> Text:
    """The pending decision in words (a Text: English, or the reader's language where shown)."""
    if d["decision"] == "choose_reduction":
        return Text("Choose which building in %(age)s is reduced (rank rule, K-24).", age=d["age"])
    if d["decision"] == "place_reduced":
        return Text("Your building at %(at)s in %(age)s is reduced to rank %(rank)s: choose the anchor of the smaller "
                    "tile.", at=str(tuple(d["at"])), age=d["age"], rank=d["rank"])
    return Text("Choose which player keeps a cube on the printed hamlet at %(at)s in reason.",
                at=str(tuple(d["square"])))


def prompted(st: State) -> list[int]:
    """The one seat asked (§11.4): the first pending decision's (§11.2), else the active seat's
    turn (§11.1); none after round 7."""
    if st["phase"] == "finished":
        return []
    return [st["pending"][0]["seat"] if st["pending"] else st["active_seat"]]


def _prompt(st: State, seat: int) -> Prompt:
    """The prompted seat's prompt: the first pending decision, else its turn."""
    if st["pending"]:
        d = st["pending"][0]
        return Prompt(seat, d["decision"], _text(st, d), answer_choices(d), default_answer(d, len(st["players"])))
    text = (Text("Round %(round)s: your turn (exchange or act, then end your turn).", round=st["round"])
            if st["phase"] == "exchange" else
            Text("Round %(round)s: your turn (act, then end your turn).", round=st["round"]))
    return Prompt(seat, "turn", text, None, dict(END_TURN))


def open_prompts(st: State) -> list[Prompt]:
    return [_prompt(st, seat) for seat in prompted(st)]


def default_move(st: State, seat: int) -> Move:
    for p in open_prompts(st):
        if p.seat == seat:
            return p.default
    raise IllegalMove(Text("seat %(seat)s has nothing to decide now", seat=seat), "K-9")

