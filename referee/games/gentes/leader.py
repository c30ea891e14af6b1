"""Leader (RULES.md 4.8, G-34): coins now, start player in Decline step 2 (G-52)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import Text
from referee.games.gentes.state import Ctx, need


def check_leader(ctx: Ctx, params: dict[str, Any]) -> None:
    need(params in (None, {}), Text("the leader takes no parameters"), "G-34")


def do_leader(ctx: Ctx, params: dict[str, Any]) -> None:
    check_leader(ctx, params)
    ctx.me["coins"] += ctx.data.leader_coins
    ctx.st["leader_holder"] = ctx.seat
