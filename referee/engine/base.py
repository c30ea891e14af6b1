"""Shared plumbing for game rules classes: component data and schemas from files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from referee.engine.schemas import check, load_schema


class ComponentError(ValueError):
    """A component data file that does not match the game's components schema."""


class GameRulesBase:
    """Loads `games/<id>/components.json` (or a corrected copy) and the game's schemas.

    Subclasses set `id`, `title`, `rules_version`, `min_players`, `max_players` and
    `package_dir` (the folder of their rules module).
    """

    id: str
    package_dir: Path

    def __init__(self, components: dict[str, Any] | None = None):
        if components is None:
            components = self.bundled_components()
        errors = check(f"games/{self.id}/components.json", components)
        if errors:
            first = errors[0]
            raise ComponentError(f"component data invalid at {first['path']}: {first['message']}")
        self.components = copy.deepcopy(components)
        self.options_schema = load_schema(f"games/{self.id}/options.json")
        self.move_schema = load_schema(f"games/{self.id}/move.json")
        self.state_schema = load_schema(f"games/{self.id}/state.json")

    @classmethod
    def bundled_components(cls) -> dict[str, Any]:
        return json.loads((cls.package_dir / "components.json").read_text())
