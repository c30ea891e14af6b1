"""The state model (RULES.md section 8): cheap copies, the acting context and small helpers.

`apply` works on a full copy of the input (plain JSON, copied by `clone`, much faster than
copy.deepcopy), so a move that fails half-way leaves the caller's state untouched (all or
nothing, section 10.2) without any undo code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.games.gentes.data import GameData
from referee.engine.jsondata import clone  # noqa: F401 (the games' one deep copy)

State = dict[str, Any]
Player = dict[str, Any]
Move = dict[str, Any]




def need(cond: bool, message: str, rule: str) -> None:
    """Refuse the move with `rule` unless `cond` holds."""
    if not cond:
        raise IllegalMove(message, rule)


class Choices:
    """The `choices` list of a move (section 10.3), consumed in order by effects needing one."""

    def __init__(self, items: Any, rule: str):
        need(items is None or type(items) is list, Text("choices must be a list"), rule)
        self.items = list(items or [])
        self.rule = rule
        self.pos = 0

    def take(self, what: str) -> dict[str, Any]:
        need(self.pos < len(self.items), Text("a choice is missing for %(what)s", what=what), self.rule)
        item = self.items[self.pos]
        self.pos += 1
        need(type(item) is dict, Text("the choice for %(what)s must be an object", what=what), self.rule)
        return item

    def done(self) -> None:
        need(self.pos == len(self.items), Text("surplus choices in the move"), self.rule)


@dataclass
class Ctx:
    """One player acting on a working copy: data, state, seat and the event's Rng."""

    data: GameData
    st: State
    seat: int
    rng: Rng | None
    checkpoints: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def me(self) -> Player:
        return self.st["players"][self.seat]

    @property
    def seats(self) -> int:
        return len(self.st["players"])

    @property
    def epoch(self) -> int:
        return self.data.epoch_of_round[self.st["round"]]


def empty_cells(track: list[str]) -> int:
    """G-9: E, the number of empty cells."""
    return sum(1 for c in track if c == "empty")


def own_cities(st: State, seat: int) -> list[str]:
    """Spaces holding `seat`'s cities (map and hometown)."""
    return [s for s, o in st["city_owner"].items() if o == seat]
