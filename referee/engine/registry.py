"""The games this referee knows, by id."""

from __future__ import annotations

import importlib
from typing import Any

from referee.engine.contract import Rules

GAME_IDS = ("babel", "iron_age")


def rules_for(game: str, components: dict[str, Any] | None = None) -> Rules:
    """A rules instance for `game`, with the bundled or the given component data."""
    if game not in GAME_IDS:
        raise KeyError(game)
    module = importlib.import_module(f"referee.games.{game}.rules")
    return module.GameRules(components)
