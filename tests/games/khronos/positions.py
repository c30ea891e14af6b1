"""Positions for rule tests, built from the state schema, on a small test board supplied as
component data (any rows x cols, terrain, printed hamlets) -- the engine reads the board from
the data only, so these tests also show that a corrected board plays without code changes."""

from __future__ import annotations

import copy
import json
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.khronos.rules import GameRules

BUNDLED = GameRules.bundled_components()


def components(rows: int = 8, cols: int = 8, terrain: list[str] | None = None,
               hamlets: list[list[int]] | None = None, **tiles: int) -> dict[str, Any]:
    """A corrected component file: a plain rows x cols board (or the given terrain) with the given
    printed hamlets (none by default) in every age; `tiles` overrides tile counts by kind id."""
    comp = copy.deepcopy(BUNDLED)
    terrain = terrain or ["P" * cols] * rows
    for age in ("might", "faith", "reason"):
        comp["board"]["ages"][age] = {"rows": rows, "cols": cols, "terrain": list(terrain),
                                      "printed_hamlets": [list(h) for h in hamlets or []]}
    for b in comp["buildings"]:
        if b["id"] in tiles:
            b["tiles"] = tiles[b["id"]]
    return comp


class Pos:
    """A position under construction: `put` tiles, set hands and adventurers, then `play`."""

    def __init__(self, seats: int = 2, comp: dict | None = None, holdem: bool = False, coins_public: bool = True,
                 coins: int = 10, active: int = 0, phase: str = "actions", round: int = 1, **board: Any):
        self.rules = GameRules(comp if comp is not None else components(**board))
        g = self.rules.data
        self.st: dict[str, Any] = {
            "options": {"holdem": holdem, "coins_public": coins_public}, "start_seat": 0, "round": round,
            "active_seat": active, "phase": phase, "deck": list(g.cards), "discard": [], "display": [],
            "supply": {k.id: k.tiles for k in g.kinds.values()}, "pending": [], "resolution_cursor": None,
            "next_id": 1, "next_tag": 1,
            "players": [{"coins": coins, "hand": [], "adventurers": ["might", "might"], "cards_played": [0, 0],
                         "exchanged": False, "holdem_swapped": False} for _ in range(seats)],
            "boards": {age: {"tiles": {}, "hamlet_cubes": {}} for age in g.ages},
            "last_tax": None, "resigned": None, "result": None,
        }
        if holdem:
            self.st["display"] = [self._take("C"), self._take("R"), self._take("M")]

    def _take(self, card: str) -> str:
        """`card` out of the deck; a bare colour letter takes the first card of that colour."""
        deck = self.st["deck"]
        if len(card) == 1:
            card = next(c for c in deck if c.startswith(card))
        deck.remove(card)
        return card

    def hand(self, seat: int, *cards: str) -> list[str]:
        got = [self._take(c) for c in cards]
        self.st["players"][seat]["hand"].extend(got)
        return got

    def advs(self, seat: int, *ages: str) -> "Pos":
        self.st["players"][seat]["adventurers"] = list(ages)
        return self

    def put(self, age: str, btype: str, rank: int, anchor: tuple[int, int], owner: int | None = None, *,
            ruin: bool = False, cubes: list[int] | None = None, restore_cube: int | None = None) -> str:
        if owner is None and btype != "civil" and age != "reason":
            owner = 0
        tid = f"t{self.st['next_id']}"
        self.st["next_id"] += 1
        self.st["supply"][f"{btype}_{rank}"] -= 1
        self.st["boards"][age]["tiles"][tid] = {
            "id": tid, "age": age, "type": btype, "rank": rank, "anchor": list(anchor), "ruin": ruin,
            "owner": owner if age != "reason" else None, "restore_cube": restore_cube, "cubes": list(cubes or []),
            "merge_tag": None}
        return tid

    def hamlet_cubes(self, sq: tuple[int, int], *seats: int) -> None:
        self.st["boards"]["reason"]["hamlet_cubes"][f"{sq[0]},{sq[1]}"] = list(seats)

    def sound(self) -> dict[str, Any]:
        """The position, checked against the state schema and the invariants."""
        assert check("games/khronos/state.json", self.st) == []
        assert self.rules.check_state(self.st) == [], self.rules.check_state(self.st)
        return self.st

    def play(self, seat: int, move: dict, st: dict | None = None) -> dict[str, Any]:
        return self.rules.apply(self.sound() if st is None else st, seat, move, Rng(b"test", 2))

    def refused(self, seat: int, move: dict, st: dict | None = None) -> IllegalMove:
        """The refusal of `move`; the state is unchanged."""
        st = self.sound() if st is None else st
        before = json.dumps(st, sort_keys=True)
        try:
            self.rules.apply(st, seat, move, Rng(b"test", 2))
        except IllegalMove as e:
            assert json.dumps(st, sort_keys=True) == before
            return e
        raise AssertionError(f"{move} was accepted")


def at(st: dict, age: str, anchor: tuple[int, int]) -> dict | None:
    """The tile anchored at `anchor` in `age`, if any."""
    return next((t for t in st["boards"][age]["tiles"].values() if tuple(t["anchor"]) == tuple(anchor)), None)


def kinds(st: dict, age: str) -> list[tuple]:
    """(type, rank, anchor, owner, ruin) of every tile of `age`, sorted."""
    return sorted((t["type"], t["rank"], tuple(t["anchor"]), t["owner"], t["ruin"])
                  for t in st["boards"][age]["tiles"].values())
