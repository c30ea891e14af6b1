"""Simultaneous prompts (RULES.md 10.1, section 9): Decline step 4 and final fulfilment.

An answer is tried on a copy when it arrives (refused at once if illegal), kept secret in
`<step>_submitted`, and all answers are applied together once the last seat has answered."""

from __future__ import annotations

from typing import Any, Callable

from referee.plumbing.i18n import Text
from referee.games.gentes.state import Ctx, clone, need


def submit(ctx: Ctx, move: dict[str, Any], step: str, rule: str, trial: Callable[[Ctx, dict[str, Any]], Any],
           finish: Callable[[Ctx], None]) -> None:
    st = ctx.st
    need(ctx.seat in st[f"{step}_pending"], Text("you have no %(step)s answer to give now", step=step), rule)
    trial(Ctx(ctx.data, clone(st), ctx.seat, None), move)
    st[f"{step}_pending"].remove(ctx.seat)
    st[f"{step}_submitted"][str(ctx.seat)] = move
    if not st[f"{step}_pending"]:
        finish(ctx)
