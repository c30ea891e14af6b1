"""Derived quantities of a Babel position (RULES.md §3): never stored, always recomputed.

Pure functions over the plain-JSON state; shared by legality checks, effects, views and the
invariant checks so that each definition exists exactly once.
"""

from __future__ import annotations

from typing import Any

from referee.engine.contract import State

from referee.games.babel.config import Config

Player = dict[str, Any]


def other(seat: int) -> int:
    """The opponent of a seat (2 players, B-8)."""
    return 1 - seat


def top(site: list[int]) -> int:
    """B-5: the top level of a site, 0 when empty."""
    return site[-1] if site else 0


def score(player: Player) -> int:
    """B-5 / B-R18: the sum of the five temple values (each temple's top level)."""
    return sum(site[-1] for site in player["sites"].values() if site)  # top(site) of each, inline: every view counts it


def scores(state: State) -> list[int]:
    return [score(p) for p in state["players"]]


def hand_size(player: Player) -> int:
    """B-7: the public size of a private hand."""
    return sum(player["hand"].values())


def hand_sizes(state: State) -> list[int]:
    return [hand_size(p) for p in state["players"]]


def hand_cards(player: Player, order: tuple[str, ...]) -> list[str]:
    """The hand as a list sorted in canonical order (defaults use this, B-R17)."""
    return [p for p in order for _ in range(player["hand"].get(p, 0))]


def run_bounds(column: list[str], i: int) -> tuple[int, int]:
    """B-4: the maximal run containing index i, as the half-open range [start, end)."""
    start, end = i, i + 1
    while start > 0 and column[start - 1] == column[i]:
        start -= 1
    while end < len(column) and column[end] == column[i]:
        end += 1
    return start, end


def runs(column: list[str]) -> list[tuple[int, int]]:
    """B-4: every run of a column as (first index, length), in column order."""
    out = []
    i = 0
    while i < len(column):
        start, end = run_bounds(column, i)
        out.append((start, end - start))
        i = end
    return out


def open_end_run(column: list[str]) -> int:
    """Length of the run at the open end (B-26); 0 for an empty column."""
    return 0 if not column else len(column) - run_bounds(column, len(column) - 1)[0]


def migration_available(cfg: Config, state: State) -> bool:
    """B-20: migration is still unused this turn (and the components allow one at all)."""
    return cfg.migrations_per_turn > 0 and not state["migrated_this_turn"]


def migratable(cfg: Config, column: list[str]) -> bool:
    """B-20: a column can give a migration (columns of 1 or 2 cards cannot)."""
    return len(column) >= cfg.migration_cards
