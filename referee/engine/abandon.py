"""The result of a game that ends because every seat stopped playing (DESIGN.md, "Ending every
game"): scored as the game's own rules score it at that moment, marked abandoned.

Deterministic in the state, so `referee verify` recomputes it like any other result."""

from __future__ import annotations

from typing import Any

from referee.engine.contract import Rules, State

REASON = "abandoned"


def abandoned_result(rules: Rules, state: State) -> dict[str, Any]:
    standings = rules.standings(state)
    winners = list(standings.get("winners", []))
    return {**standings, "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "reason": REASON, "abandoned": True}


def is_abandoned(result: dict[str, Any] | None) -> bool:
    return bool(result) and result.get("reason") == REASON and result.get("abandoned") is True
