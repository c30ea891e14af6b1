"""Moves offered step by step (engine/steps.py): the options after a seat's choices so far, and
the complete move once they make one. Read only: the move is then submitted as any move is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.steps import StepRefused
from referee.plumbing.errors import Conflict, StepRefusedError

if TYPE_CHECKING:
    from referee.service.core import Core


def steps(core: "Core", game_id: str, seat: int, kind: str, chosen: list[str]) -> dict[str, Any]:
    """`{"seq", "kind", "chosen", "question", "options", "move"}` for `seat`'s prompt `kind`.
    409 when the seat has no such decision now (the game moved on); 422 naming the step for a
    path the rules do not offer."""
    loaded = core.load(game_id)
    if loaded.status != "active":
        raise Conflict(f"the game is {loaded.status}; nothing can be played now", current_seq=loaded.seq)
    if not any(p.seat == seat and p.kind == kind for p in loaded.prompts):
        raise Conflict(f"you have no {kind!r} decision now", current_seq=loaded.seq)
    try:
        step = loaded.rules.steps(loaded.state, seat, kind, list(chosen))
    except StepRefused as e:
        extra = {"rule": e.rule} if e.rule else {}
        raise StepRefusedError(e.message, step=e.index, current_seq=loaded.seq, **extra) from None
    return {"seq": loaded.seq, "kind": kind, "chosen": list(chosen), **step.to_json()}
