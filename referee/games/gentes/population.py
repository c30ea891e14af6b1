"""Population rows (RULES.md 4.4, G-17, G-18): raising with the push rule, lowering."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.gentes.data import GameData
from referee.games.gentes.state import need


def can_raise(data: GameData, pop: dict[str, int], prof: str) -> bool:
    partner = data.partner[prof]
    return pop[prof] + pop[partner] < data.row_capacity or pop[partner] >= 1


def raise_prof(data: GameData, pop: dict[str, int], prof: str, rule: str = "G-18") -> None:
    """G-18: +1, pushing the partner back when the row is full; impossible if both ends meet.
    (The refusals' texts are made only when refused: the search for step options raises
    professions thousands of times a request.)"""
    if prof not in data.partner:
        need(False, Text("unknown profession %(profession)s", profession=repr(prof)), rule)
    partner = data.partner[prof]
    if pop[prof] + pop[partner] < data.row_capacity:
        pop[prof] += 1
    elif pop[partner] >= 1:
        pop[prof] += 1
        pop[partner] -= 1
    else:
        need(False, Text("%(profession)s cannot be raised: its row is full", profession=prof), rule)


def lower_prof(data: GameData, pop: dict[str, int], prof: str, rule: str = "G-18") -> None:
    """G-18: -1 needs at least 1."""
    if prof not in data.partner:
        need(False, Text("unknown profession %(profession)s", profession=repr(prof)), rule)
    if pop[prof] < 1:
        need(False, Text("%(profession)s is already 0", profession=prof), rule)
    pop[prof] -= 1
