"""The main action of each tile kind (RULES.md 4.4-4.8), shared by tiles and `action`
effects (G-39)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes import effects
from referee.games.gentes.chronicler import do_chronicler
from referee.games.gentes.leader import do_leader
from referee.games.gentes.navigator import do_navigator
from referee.games.gentes.philosopher import do_philosopher
from referee.games.gentes.scribe import do_scribe
from referee.games.gentes.state import Ctx, need


def perform_main(ctx: Ctx, kind: str, params: Any, threshold: int = 0, symbol: str | None = None,
                 rule: str = "G-15") -> None:
    """G-15 step 4 / G-39: the main action, mandatory and complete (G-R14)."""
    need(type(params) is dict, Text("params must be an object"), rule)
    if kind == "philosopher":
        do_philosopher(ctx, threshold, params)
    elif kind == "scribe":
        do_scribe(ctx, threshold, params)
    elif kind == "navigator":
        do_navigator(ctx, symbol or "", params)
    elif kind == "chronicler":
        do_chronicler(ctx, params)
    elif kind == "leader":
        do_leader(ctx, params)
    else:
        need(False, Text("unknown action kind %(kind)s", kind=repr(kind)), rule)


effects.use_main_actions(perform_main)
