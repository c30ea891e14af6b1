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


ADJUDICATED = "adjudicated"


def adjudicated_result(rules: Rules, state: State) -> dict[str, Any]:
    """A stalled tournament game ended by its organiser (or the stall policy): scored as the
    rules score it at that moment, like an abandoned game, and marked adjudicated."""
    standings = rules.standings(state)
    winners = list(standings.get("winners", []))
    return {**standings, "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "reason": ADJUDICATED, "adjudicated": True}


def expected_result(rules: Rules, state: State, recorded: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result a replay expects for a recorded `game_ended`: abandoned and adjudicated games
    are scored by standings, every other by the rules' own result."""
    if is_abandoned(recorded):
        return abandoned_result(rules, state)
    if recorded and recorded.get("reason") == ADJUDICATED and recorded.get("adjudicated") is True:
        return adjudicated_result(rules, state)
    return rules.result(state)
