"""Component data (components.json, RULES.md section 2) read once into lookups.

Every number the referee uses comes from here; nothing in the rules code names a card, a
tile or a space. A corrected components file (another deck, track length, tiles) is read the
same way without code changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass
class GameData:
    """Lookups over the component data, built once per rules instance."""

    raw: dict[str, Any]

    def __post_init__(self) -> None:
        c = self.raw
        self.rounds: int = c["rounds"]["count"]
        self.epoch_of_round: dict[int, int] = {r: e["epoch"] for e in c["rounds"]["epochs"] for r in e["rounds"]}
        self.epochs: list[int] = sorted({e["epoch"] for e in c["rounds"]["epochs"]})
        self.professions: list[str] = [p["id"] for p in c["professions"]]
        rows = c["population_rows"]
        self.partner: dict[str, str] = {}
        self.rows: list[tuple[str, str]] = []
        for r in rows["rows"]:
            self.partner[r["left"]], self.partner[r["right"]] = r["right"], r["left"]
            self.rows.append((r["left"], r["right"]))
        self.row_capacity: int = rows["row_capacity"]
        self.pop_start: int = rows.get("start_value", 0)
        self.pop_bonus: int = rows["bonus_threshold"]
        tt = c["time_track"]
        self.track_len: int = tt["spaces"]
        self.track_locked: list[int] = list(tt["locked_at_start"])
        self.track_start_hg: list[dict[str, int]] = list(tt["start_hourglasses"])
        self.unlock_per_epoch: int = tt.get("lock_removed_per_epoch_change", 1)
        self.cube_total: int = c["indicator_cubes"]["supply"]
        self.start_coins: int = c["coins"]["start_per_player"]
        self.hand_limit: int = c["hand_limit"]["cards"]
        self.hand_excess_hg: int = c["hand_limit"]["hourglass_per_excess_card"]
        sh = c["starting_hand"]
        self.start_cards: int = sh["cards"]
        self.start_epoch: int = sh.get("epoch", 1)
        tr = c["training_table"]
        self.cost_one: list[int] = list(tr["cost_one_person"])
        self.cost_two: list[int] = list(tr["cost_two_persons"])
        self.tiles: dict[str, dict[str, Any]] = {t["id"]: t for t in c["action_tiles"]}
        self.tile_order: list[str] = [t["id"] for t in c["action_tiles"]]
        self.tax_options: dict[int, int] = {o["hourglasses"]: o["coins"] for o in c["tax_collector"]["options"]}
        self.leader_coins: int = c["leader"]["coins"]
        d = c["card_display"]
        self.display_slots: int = d["slots"]
        self.indicators: dict[str, dict[str, Any]] = {i["id"]: i for i in d["indicators"]}
        self.discard_options: list[dict[str, int]] = sorted(d["discard_options"], key=lambda o: o["min_paid"])
        self.two_player_slots: list[int] = list(d.get("two_player_marked_slots", []))
        self.regions: list[str] = [r["id"] for r in c["regions"]]
        self.symbols: dict[str, dict[str, Any]] = {s["id"]: s for s in c["city_symbols"]}
        self.wildcards: set[str] = {s["id"] for s in c["city_symbols"] if s.get("wildcard")}
        self.map_spaces: dict[str, dict[str, Any]] = {s["id"]: s for s in c["city_spaces"]}
        self.map_order: list[str] = [s["id"] for s in c["city_spaces"]]
        ht = c["hometown"]
        self.home_spaces: dict[str, dict[str, Any]] = {s["id"]: s for s in ht["spaces"]}
        self.home_order: list[str] = [s["id"] for s in ht["spaces"]]
        self.home_rows: dict[int, dict[str, dict[str, Any]]] = {
            r["row"]: {o["id"]: o for o in r["options"]} for r in ht["rows"]}
        self.cities: int = c["cities_per_player"]["count"]
        bt = c["bonus_tiles"]
        self.bonus_kinds: list[str] = [k["id"] for k in bt["kinds"]]
        self.bonus_conditions: dict[str, str] = {k["id"]: k["condition"] for k in bt["kinds"]}
        self.bonus_stacks: list[dict[str, int]] = list(bt["stacks"])
        self.synergy: list[str] = [s["id"] for s in c["synergy_symbols"]]
        self.cards: dict[str, dict[str, Any]] = {k["id"]: k for k in c["cards"]}
        self.card_order: list[str] = [k["id"] for k in c["cards"]]
        fs = c["final_scoring"]
        self.vp_per_2_cubes: int = fs.get("vp_per_2_board_cubes", 1)
        self.vp_per_10_coins: int = fs.get("vp_per_10_coins", 1)
        self.hg_penalty: list[dict[str, Any]] = sorted(fs["hourglass_penalty"], key=lambda r: r["hourglasses"])

    # -- derived lookups -------------------------------------------------------------------

    def space(self, sid: str) -> dict[str, Any] | None:
        """A map or hometown space by id (None if unknown)."""
        return self.map_spaces.get(sid) or self.home_spaces.get(sid)

    def tiles_for(self, seats: int) -> list[str]:
        """G-1: the tiles in play for `seats` players, in component order."""
        return [t for t in self.tile_order if self.tiles[t].get("min_players", 0) <= seats]

    def stack_for(self, seats: int) -> list[int]:
        """G-1, G-47: one bonus stack's values for `seats` players, highest on top."""
        return sorted((s["value"] for s in self.bonus_stacks if s.get("min_players", 0) <= seats), reverse=True)

    def deck(self, epoch: int) -> list[str]:
        return [k for k in self.card_order if self.cards[k]["epoch"] == epoch]

    def bonus_threshold(self, kind: str) -> int:
        """The number in a bonus kind's condition (population sum, cities or cards played)."""
        if kind == "population18":
            return self.pop_bonus
        if kind == "all_cities":
            return self.cities
        m = re.search(r"\d+", self.bonus_conditions.get(kind, ""))
        return int(m.group()) if m else 0

    def home_option(self, space: str, option: str) -> dict[str, Any] | None:
        sp = self.home_spaces.get(space) if type(space) is str else None
        return None if sp is None or type(option) is not str else self.home_rows.get(sp["row"], {}).get(option)

    def hg_penalty_for(self, symbols: int) -> int:
        """G-58 (5): the VP change for `symbols` hourglass symbols left on the track."""
        vp = 0
        for row in self.hg_penalty:
            if symbols >= row["hourglasses"]:
                vp = row["vp"]
        return vp
