"""Every number the Babel rules use, read once from the component data.

The engine never hard-codes counts or thresholds (DESIGN.md: a game may be created with a
corrected data file); this module turns `components.json` into one frozen object and checks
the arithmetic a JSON Schema cannot (totals, supply = all cards minus start cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.base import ComponentError


@dataclass(frozen=True)
class Config:
    """Component data in the shape the rules need it."""

    peoples: tuple[str, ...]            # canonical order (B-1); location ids are the same
    people_counts: dict[str, int]       # cards per people
    people_total: int
    power_people: dict[str, str]        # power id -> the people whose triple activates it
    halve: str                          # id of the any-triple power (B-27)
    temple_counts: dict[int, int]       # cards per level, start cards included
    temple_total: int
    max_level: int
    start_level: int
    supply_counts: dict[int, int]       # the face-down supply at setup (B-10)
    pawn_start: str | None
    starting_hand: int
    people_draw: int
    temple_draw: int
    migration_cards: int
    migrations_per_turn: int
    min_run: int
    goal: int
    threshold: int
    race_goal: int
    public_draw_count: bool = True      # rules version 2+: chance records C-2/C-4 show their count

    @property
    def powers(self) -> tuple[str, ...]:
        """Every ability power id, people powers in canonical order, then halving."""
        return tuple(self.power_people) + (self.halve,)

    def hand_draw_public(self, cards: list[str]) -> dict[str, int] | None:
        """The part of a hand draw every seat sees (C-2, C-4): how many cards, not which."""
        return {"count": len(cards)} if self.public_draw_count else None

    def people_deck(self) -> list[str]:
        """All people cards in canonical order (the input to shuffle C-2)."""
        return [p for p in self.peoples for _ in range(self.people_counts[p])]

    def supply_deck(self) -> list[int]:
        """The setup supply in ascending level order (the input to shuffle C-3)."""
        return [lv for lv in sorted(self.supply_counts) for _ in range(self.supply_counts[lv])]


def _value(node: dict[str, Any]) -> Any:
    return node["value"]


def config_from(components: dict[str, Any]) -> Config:
    """Build the Config; raise ComponentError when the numbers do not add up."""
    consts = components["constants"]
    peoples = tuple(p["id"] for p in components["peoples"])
    temple = components["temple_cards"]
    cfg = Config(
        peoples=peoples,
        people_counts={p["id"]: p["cards"] for p in components["peoples"]},
        people_total=_value(components["people_cards_total"]),
        power_people={p["power"]: p["id"] for p in components["peoples"]},
        halve=components["any_triple_power"]["id"],
        temple_counts={lv["level"]: lv["count"] for lv in temple["levels"]},
        temple_total=_value(temple["total"]),
        max_level=_value(temple["max_level"]),
        start_level=components["start_cards"]["level"],
        supply_counts={int(k): v for k, v in components["temple_supply_at_setup"]["levels"].items()},
        pawn_start=components["pawns"]["start_location"],
        starting_hand=_value(consts["starting_hand"]),
        people_draw=_value(consts["people_draw_per_turn"]),
        temple_draw=_value(consts["temple_draw_per_turn"]),
        migration_cards=_value(consts["migration_cards"]),
        migrations_per_turn=_value(consts["migrations_per_turn"]),
        min_run=components["any_triple_power"]["min_run"],
        goal=_value(consts["goal_points"]),
        threshold=_value(consts["opponent_threshold"]),
        race_goal=_value(consts["race_goal_points"]),
    )
    _check_consistency(cfg, components)
    return cfg


def _check_consistency(cfg: Config, components: dict[str, Any]) -> None:
    """Totals that must agree across the file (§2 of RULES.md)."""
    problems = []
    if sum(cfg.people_counts.values()) != cfg.people_total:
        problems.append("people card counts do not add up to people_cards_total")
    if sum(cfg.temple_counts.values()) != cfg.temple_total:
        problems.append("temple level counts do not add up to temple_cards.total")
    start_cards = components["start_cards"]["per_player"] * components["players"]["max"]
    expected = dict(cfg.temple_counts)
    expected[cfg.start_level] -= start_cards
    if cfg.supply_counts != expected:
        problems.append("temple_supply_at_setup.levels is not the level counts minus the start cards")
    if sum(cfg.supply_counts.values()) != components["temple_supply_at_setup"]["value"]:
        problems.append("temple_supply_at_setup.levels do not add up to its value")
    if cfg.starting_hand * components["players"]["max"] > cfg.people_total:
        problems.append("not enough people cards for the starting hands")
    if not cfg.threshold <= cfg.goal <= cfg.race_goal:
        problems.append("thresholds must satisfy opponent_threshold <= goal_points <= race_goal_points")
    if problems:
        raise ComponentError("component data inconsistent: " + "; ".join(problems))
