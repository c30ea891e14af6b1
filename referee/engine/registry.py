"""The games this referee knows, by id.

A game is known when its package `referee/games/<id>/` has a `rules.py`; the order below is
the order lists and documents show them in.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from referee.engine.contract import Rules

_ORDER = ("babel", "iron_age", "khronos", "sands_of_time", "gentes")
_GAMES_DIR = Path(__file__).resolve().parent.parent / "games"

GAME_IDS: tuple[str, ...] = tuple(g for g in _ORDER if (_GAMES_DIR / g / "rules.py").exists())


def rules_for(game: str, components: dict[str, Any] | None = None, version: str | None = None) -> Rules:
    """A rules instance for `game`, with the bundled or the given component data, under rules
    `version` (a recorded game's own; None for the newest)."""
    if game not in GAME_IDS:
        raise KeyError(game)
    module = importlib.import_module(f"referee.games.{game}.rules")
    if version is None or version == module.GameRules.rules_version:
        return module.GameRules(components)
    return module.GameRules(components, version)
