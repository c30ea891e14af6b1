"""The component data of The Sands of Time read once into lookup tables (RULES.md section 2).

Every number the rules use comes from here, so a corrected components.json plays without code
changes. The only constants in code are ones the spec states and the data does not carry
(CARAVAN_COST, ST-71).
"""

from __future__ import annotations

from typing import Any

CARAVAN_COST = 2  # ST-71: "exactly 2 grain or exactly 2 gold" (not part of components.json)
CATEGORIES_OF_ROW_SUFFIX = ("_1", "_2")


class GameData:
    """Tables derived from components.json; read-only after construction."""

    def __init__(self, c: dict[str, Any]):
        self.c = c
        regions = sorted(c["map"]["regions"], key=lambda r: r["order"])
        self.region_order: list[str] = [r["id"] for r in regions]
        self.region: dict[str, dict] = {r["id"]: r for r in regions}
        self.index = {r: i for i, r in enumerate(self.region_order)}
        self.adj: dict[str, set[str]] = {r: set() for r in self.region_order}
        self.border_info: dict[str, dict] = {}
        for b in c["map"]["borders"]:
            a, z = b["regions"]
            self.adj[a].add(z)
            self.adj[z].add(a)
            self.border_info[self.key(a, z)] = b
        for r in regions:  # the per-region lists are the same relation, written out
            for z in r["adjacent"]:
                if z not in self.adj[r["id"]]:
                    self.adj[r["id"]].add(z)
                    self.adj[z].add(r["id"])
                    self.border_info.setdefault(self.key(r["id"], z), {"regions": [r["id"], z], "trade_good": None})
        self.borders: list[str] = sorted(self.border_info, key=lambda k: tuple(self.index[x] for x in k.split("|")))
        self.categories: list[str] = [x["id"] for x in c["categories"]]
        self.tiles: list[dict] = list(c["resource_tiles"])
        self.tile = {t["id"]: t for t in self.tiles}
        self.region_count = {int(k): v for k, v in c["region_count_by_players"].items() if k.isdigit()}
        self.buildings: dict[str, dict] = {b["id"]: b for b in c["buildings"]}
        self.building_ids: list[str] = [b["id"] for b in c["buildings"]]
        supply = c["building_supply"]["per_type_by_players"]
        self.building_supply = {int(k): v for k, v in supply.items()}
        prog = c["progress"]
        self.rows: list[str] = list(prog["rows"])
        self.progress: dict[str, dict] = {}
        self.level1: dict[str, str] = {}
        for p in prog["level1_printed_on_chronicle_board"]:
            self.progress[p["id"]] = p
            self.level1[p["printed_on_board_row"]] = p["id"]
        for p in prog["cards"]:
            self.progress[p["id"]] = p
        self.max_level: int = prog["max_level"]
        self.cards_by: dict[tuple[str, int], list[str]] = {}
        for p in prog["cards"]:
            self.cards_by.setdefault((p["category"], p["level"]), []).append(p["id"])
        self.actions: dict[str, dict] = {a["id"]: a for a in c["action_cards"]}
        self.action_order: list[str] = list(c["action_card_default_order"])
        self.focus: dict[str, dict] = {f["id"]: f for f in c["focus_cards"]}
        self.focus_ids: list[str] = [f["id"] for f in c["focus_cards"]]
        self.all_cards: list[str] = self.action_order + self.focus_ids
        self.bonus_ids: list[str] = [b["id"] for b in c["bonus_actions"]]
        self.fields: dict[str, dict] = {f["id"]: f for f in c["chronicle_fields"]}
        self.field_ids: list[str] = [f["id"] for f in c["chronicle_fields"]]
        self.chronicle: dict[int, dict] = {cc["value"]: cc for cc in c["chronicle_cards"]}
        self.chronicle_values: list[int] = sorted(self.chronicle)
        t = c["tracks"]
        self.unrest_start, self.unrest_max, self.unrest_min = t["unrest"]["start"], t["unrest"]["max"], t["unrest"]["min"]
        self.heritage_max, self.heritage_setup = t["heritage"]["max"], t["heritage"]["setup_bonus"]
        self.heritage_start = t["heritage"]["start"]
        self.vp_start = t["victory_points"]["start"]
        dyn = t["dynasty"]
        self.dynasty_start = dyn["start_space"]
        self.dynasty_last = max(s["space"] for s in dyn["spaces"])
        self.farmer_spaces = {s["space"] for s in dyn["spaces"] if s["farmer"]}
        firsts = dyn["dynasty_first_spaces"]
        self.dynasty_end_space = {1: firsts["2"], 2: firsts["3"], 3: firsts["end_area"]}
        self.dynasty_count = len(self.dynasty_end_space)
        self.generation_spaces = {s["space"]: s for s in t["generation"]["spaces"]}
        self.generation_last = max(self.generation_spaces)
        pcs = c["pieces_per_player"]
        self.pieces = {"farmers": pcs["farmers"], "soldiers": pcs["soldiers"], "caravans": pcs["caravans"],
                       "control_markers": sum(pcs["control_markers"].values()),
                       "progress_markers": pcs["progress_markers"]}
        self.max_regions: int = c["max_controlled_regions"]["value"]
        self.combat = c["combat"]
        self.award_vp: int = c["final_awards"]["vp"]
        self.awards: list[str] = list(c["final_awards"]["awards"])

    def key(self, a: str, z: str) -> str:
        """BorderKey: the two region ids joined by "|" in region order."""
        return f"{a}|{z}" if self.index[a] <= self.index[z] else f"{z}|{a}"

    def ends(self, key: str) -> list[str]:
        return key.split("|")

    def row_category(self, row: str) -> str:
        return row.rsplit("_", 1)[0]

    def in_play_regions(self, players: int) -> list[str]:
        return [r for r in self.region_order if self.region[r]["min_players"] <= players]

    def tiles_for(self, players: int) -> list[str]:
        return [t["id"] for t in self.tiles if t["min_players"] <= players]

    def category_of_card(self, card: str) -> str | None:
        """The category a focus card unlocks (None for action cards)."""
        f = self.focus.get(card)
        return f["category"] if f else None
