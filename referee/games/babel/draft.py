"""Copy-on-write editing of a state.

`apply` must never mutate its input (engine contract), and copying the whole state for every
move is wasteful; a Draft copies each container the first time a move writes to it and
shares everything else with the input.
"""

from __future__ import annotations

from typing import Any

from referee.engine.contract import State


class Draft:
    """A new top-level dict whose nested containers are copied on first write.

    Reading `draft.state` sees every change made so far, so legality checks can run on it
    between the sub-steps of a compound move (B-15 `finish_first_turn`).
    """

    def __init__(self, state: State):
        self.state: State = dict(state)
        self._copied: set[tuple[Any, ...]] = set()

    def _once(self, key: tuple[Any, ...]) -> bool:
        """True the first time `key` is asked for (the caller must copy then)."""
        if key in self._copied:
            return False
        self._copied.add(key)
        return True

    def pile(self, name: str) -> list[Any]:
        """A writable top-level list (a pile, `yards` or `players`; their items stay shared)."""
        if self._once((name,)):
            self.state[name] = list(self.state[name])
        return self.state[name]

    def replace(self, name: str, value: Any) -> None:
        """Set a top-level field to a new value the draft owns."""
        self.state[name] = value
        self._copied.add((name,))

    def yard(self, seat: int) -> list[int]:
        yards = self.pile("yards")
        if self._once(("yard", seat)):
            yards[seat] = list(yards[seat])
        return yards[seat]

    def player(self, seat: int) -> dict[str, Any]:
        """A writable player dict (its hand, columns and sites dicts are copied too)."""
        players = self.pile("players")
        if self._once(("player", seat)):
            p = dict(players[seat])
            for part in ("hand", "columns", "sites"):
                p[part] = dict(p[part])
            players[seat] = p
        return players[seat]

    def hand(self, seat: int) -> dict[str, int]:
        return self.player(seat)["hand"]

    def column(self, seat: int, loc: str) -> list[str]:
        columns = self.player(seat)["columns"]
        if self._once(("column", seat, loc)):
            columns[loc] = list(columns[loc])
        return columns[loc]

    def site(self, seat: int, loc: str) -> list[int]:
        sites = self.player(seat)["sites"]
        if self._once(("site", seat, loc)):
            sites[loc] = list(sites[loc])
        return sites[loc]
