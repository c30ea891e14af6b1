"""Shared plumbing for game rules classes: component data and schemas from files."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

from referee.engine.hashing import canonical
from referee.engine.schemas import check, load_schema
from referee.engine.steps import Option, Step, StepRefused, from_moves
from referee.plumbing.i18n import Text


class ComponentError(ValueError):
    """A component data file that does not match the game's components schema."""


class UnknownRulesVersion(ValueError):
    """A log written under a rules version this code no longer (or not yet) knows."""


class GameRulesBase:
    """Loads `games/<id>/components.json` (or a corrected copy) and the game's schemas.

    Subclasses set `id`, `title`, `rules_version` (the newest, used for new games),
    `min_players`, `max_players` and `package_dir` (the folder of their rules module). A game
    whose rules fix had to change behaviour keeps the older versions it can still replay in
    `rules_versions`: a game is always replayed under the version it was created with
    (README, "Upgrades"), so a running game never changes under its players.
    """

    id: str
    package_dir: Path
    rules_version: str = "1"
    rules_versions: tuple[str, ...] = ()
    min_players: int
    max_players: int
    data_class: type | None = None  # the game's typed reading of its component data, built once

    def __init__(self, components: dict[str, Any] | None = None, version: str | None = None):
        supported = self.rules_versions or (type(self).rules_version,)
        if version is not None and version not in supported:
            raise UnknownRulesVersion(f"{self.id} rules version {version!r} is not one of {', '.join(supported)}")
        self.rules_version = version or type(self).rules_version
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
        if self.data_class is not None:
            self.data = self.data_class(self.components)

    @staticmethod
    def first_seat(options: dict[str, Any], seats: int, name: str = "first_seat") -> int | None:
        """The start seat the `first_seat` option (every game's) names, None when it names none;
        ValueError for a seat the game does not have."""
        start = options.get(name)
        if start is not None and (type(start) is not int or not 0 <= start < seats):
            raise ValueError(f"first_seat must be a seat 0..{seats - 1}")
        return start

    def vacate(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        """A new holder takes `seat` (engine/contract.py). Games without secret choices that wait
        for a reveal have nothing to drop."""
        return state

    def check_seats(self, seats: Any) -> None:
        """The seat count setup was given is one this game is played with."""
        if type(seats) is not int or not self.min_players <= seats <= self.max_players:
            raise ValueError(f"{self.id} needs {self.min_players} to {self.max_players} seats")

    @classmethod
    def bundled_components(cls) -> dict[str, Any]:
        return json.loads((cls.package_dir / "components.json").read_text())

    def determinize(self, view: dict[str, Any], rng: Any) -> dict[str, Any]:
        """Contract `determinize`; every game has its own (games/<id>/determinize.py)."""
        raise NotImplementedError(f"{self.id} has no determinize hook")

    # -- moves step by step (engine/steps.py) ---------------------------------------------------
    # The default serves prompts that list their choices: the tree of those moves, each read as
    # steps by `move_steps`. A game refines `move_steps` (a move as several steps, board element
    # ids), or overrides `steps` and `move_path` where its prompts list no choices.

    def move_steps(self, state: dict[str, Any], seat: int, kind: str, move: dict[str, Any]) -> list[tuple[str, Option]]:
        """How one legal move of `kind` reads as steps: (question, option) per step. Default:
        one step, the move in the game's text form."""
        return [("Choose a move", Option(_move_id(move), self.format_move(move)))]  # type: ignore[attr-defined]

    def _prompt_choices(self, state: dict[str, Any], seat: int, kind: str) -> list[dict[str, Any]]:
        for p in self.prompts(state):  # type: ignore[attr-defined]
            if p.seat == seat and p.kind == kind:
                if p.choices is None:
                    raise NotImplementedError(f"{self.id}: prompt {kind!r} lists no choices; the game must override steps")
                return p.choices
        raise StepRefused(0, Text("seat %(seat)s has no %(kind)s decision now", seat=seat, kind=repr(kind)))

    def steps(self, state: dict[str, Any], seat: int, kind: str, chosen: list[str]) -> Step:
        moves = self._prompt_choices(state, seat, kind)
        return from_moves(moves, lambda m: self.move_steps(state, seat, kind, m), chosen)

    def move_path(self, state: dict[str, Any], seat: int, kind: str, move: dict[str, Any]) -> list[str]:
        return [opt.id for _, opt in self.move_steps(state, seat, kind, move)]


def _move_id(move: dict[str, Any]) -> str:
    """A short stable token for a whole move (the default one-step path)."""
    return "m" + hashlib.sha256(canonical(move)).hexdigest()[:10]
