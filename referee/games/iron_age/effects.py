"""The component data digested once, and the effect vocabulary of RULES.md §2.9 read from it.

Every number the rules use comes from here, so that a corrected components.json changes
behaviour without code changes (RULES.md §2). Checks the schema cannot express (unique ids,
references between entries, disjoint disaster skull counts) raise ComponentError at load.
"""

from __future__ import annotations

from typing import Any

from referee.engine.base import ComponentError

Player = dict[str, Any]

TRACKS = ("food", "goods", "military", "ships", "wealth")


def _unique_ids(items: list[dict[str, Any]], what: str) -> dict[str, dict[str, Any]]:
    """Index entries by id; duplicate ids would make moves ambiguous."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        if item["id"] in out:
            raise ComponentError(f"duplicate {what} id {item['id']!r}")
        out[item["id"]] = item
    return out


class GameData:
    """Read-only view of components.json with the lookups the rules need."""

    def __init__(self, c: dict[str, Any]):
        self.raw = c
        self.tracks: dict[str, dict[str, int]] = c["tracks"]
        self.track_max = {t: c["tracks"][t]["max"] for t in TRACKS}
        self.max_dice: int = c["empire_dice"]["count"]
        self.empire_faces = _unique_ids(c["empire_dice"]["faces"], "empire face")
        self.empire_face_ids = [f["id"] for f in c["empire_dice"]["faces"]]
        self.skull_faces = frozenset(f["id"] for f in c["empire_dice"]["faces"] if f.get("is_skull"))
        self.choice_faces = frozenset(f["id"] for f in c["empire_dice"]["faces"] if "choice" in f)
        self.fate_faces = _unique_ids(c["fate_die"]["faces"], "fate face")
        self.fate_face_ids = [f["id"] for f in c["fate_die"]["faces"]]
        self.fate_effect = {f["id"]: f["effect"] for f in c["fate_die"]["faces"]}
        self.ports: list[dict[str, Any]] = c["ports"]
        self.provinces: list[dict[str, Any]] = c["provinces"]
        self.monuments = _unique_ids(c["monuments"], "monument")
        self.monument_ids = [m["id"] for m in c["monuments"]]
        self.developments = _unique_ids(c["developments"], "development")
        self.development_ids = [d["id"] for d in c["developments"]]
        self.disasters = _unique_ids(c["disasters"], "disaster")
        self.conquest_total: int = c["conquest_area"]["boxes_total"]
        self.sheet_start = {k: c["sheet_start"][k]["value"] for k in ("tribute", "conquest_boxes_filled", "skulls")}
        self.pay_goods: int = c["payment_values"]["goods"]["value"]
        self.pay_inventions: int = c["payment_values"]["inventions"]["value"]
        self.pay_wealth: int = c["payment_values"]["wealth"]["value"]
        self.goods_per_wealth: int = c["conversion"]["goods_per_wealth"]
        self.military_cost: dict[str, int] = {k: c["military_cost"][k] for k in ("workers", "food")}
        self.end_conditions: dict[str, Any] = c["end_conditions"]
        self.scoring: dict[str, Any] = c["scoring"]
        self.famine = next((d for d in c["disasters"] if d.get("trigger") == "unfed_province"), None)
        self.disaster_by_skulls: dict[int, dict[str, Any]] = {}
        # effects per development, by type, so lookups in the hot path are dict reads
        self.dev_effects: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for d in c["developments"]:
            by_type: dict[str, list[dict[str, Any]]] = {}
            for e in d["effects"]:
                by_type.setdefault(e["type"], []).append(e)
            self.dev_effects[d["id"]] = by_type
        self._check_references(c)

    def _check_references(self, c: dict[str, Any]) -> None:
        """Cross-entry consistency the JSON schema cannot state (RULES.md §2)."""
        for t, tr in self.tracks.items():
            if tr["start"] > tr["max"]:
                raise ComponentError(f"track {t}: start above max")
        if not self.skull_faces:
            raise ComponentError("empire dice need a face with is_skull")
        for f in c["empire_dice"]["faces"]:
            if "food_producing_if" in f and f["food_producing_if"] not in f.get("choice", {}):
                raise ComponentError(f"face {f['id']}: food_producing_if names no choice")
        for what, cols in (("port", self.ports), ("province", self.provinces)):
            if [x["column"] for x in cols] != list(range(1, len(cols) + 1)):
                raise ComponentError(f"{what} columns must be numbered 1..n in order")
            if not any(x["prebuilt"] for x in cols) or all(x["prebuilt"] for x in cols):
                raise ComponentError(f"{what}s need a prebuilt column and one to choose (IA-S2, IA-S3)")
            for x in cols:
                if not x["prebuilt"] and x["worker_boxes"] + x.get("amphoras", 0) == 0:
                    raise ComponentError(f"{what} column {x['column']} has nothing to build")
        if self.sheet_start["conquest_boxes_filled"] > self.conquest_total:
            raise ComponentError("conquest start above boxes_total")
        for d in c["disasters"]:
            for n in d.get("skulls_rolled", []):
                if n in self.disaster_by_skulls:
                    raise ComponentError(f"two disasters for {n} skulls (IA-R4: exactly one)")
                self.disaster_by_skulls[n] = d
        if sum(1 for d in c["disasters"] if d.get("trigger") == "unfed_province") > 1:
            raise ComponentError("at most one famine disaster")
        for d in c["developments"]:
            for e in d["effects"]:
                if e["type"] in ("food_per_die", "workers_per_die") and e["face"] not in self.empire_faces:
                    raise ComponentError(f"development {d['id']}: unknown face {e['face']!r}")
                if e["type"] == "immune_disaster" and e["disaster"] not in self.disasters:
                    raise ComponentError(f"development {d['id']}: unknown disaster {e['disaster']!r}")

    # --- effect queries (RULES.md §2.9) over the developments a player owns ------------------

    def effects(self, p: Player, etype: str) -> list[dict[str, Any]]:
        """All effects of type `etype` among the developments `p` owns."""
        out: list[dict[str, Any]] = []
        for d in p["developments"]:
            out.extend(self.dev_effects[d["id"]].get(etype, ()))
        return out

    def owns(self, p: Player, dev_id: str) -> bool:
        return any(d["id"] == dev_id for d in p["developments"])

    def strength(self, p: Player) -> int:
        """IA-4.1: military + flat bonuses + ships x per-ship bonuses (Divisions, Navy)."""
        flat = sum(e["delta"] for e in self.effects(p, "strength_flat"))
        per_ship = sum(e["delta"] for e in self.effects(p, "strength_per_ship"))
        return p["military"] + flat + p["ships"] * per_ship

    def ship_losses(self, p: Player) -> int:
        """IA-4.2 step 3 / IA-R13: ships lost after each battle (Navy)."""
        return sum(e["count"] for e in self.effects(p, "lose_ship_after_battle"))

    def immune(self, p: Player, disaster_id: str) -> bool:
        """IA-3.2: Religion (unrest), Medicine (plague) and any other immune_disaster effect."""
        return any(e["disaster"] == disaster_id for e in self.effects(p, "immune_disaster"))

    def invention_value(self, p: Player) -> int:
        """IA-6.2: payment value of one invention (Coinage raises it); the best value counts."""
        return max([self.pay_inventions] + [e["value"] for e in self.effects(p, "invention_value")])

    def goods_per_ship(self, p: Player) -> int | None:
        """IA-5.2 ship: goods per ship if the player may build ships (Shipbuilding), else None."""
        costs = [e["goods_per_ship"] for e in self.effects(p, "enables_ships")]
        return min(costs) if costs else None

    def die_modifier(self, p: Player, etype: str, face: str) -> int:
        """IA-2.3 / IA-2.4: extra food or workers per die showing `face` (Agriculture, ...)."""
        return sum(e["delta"] for e in self.effects(p, etype) if e["face"] == face)

    def bonus_points(self, p: Player) -> int:
        """IA-E2: development bonus points (Commerce, Architecture, Empire)."""
        total = 0
        for e in self.effects(p, "bonus_points"):
            per = e["per"]
            if per == "ship":
                n = p["ships"]
            elif per == "completed_monument":
                n = sum(1 for m in p["monuments"].values() if m["complete"])
            else:  # port_or_province_owned
                n = p["ports_owned"] + p["provinces_owned"]
            total += n * e["points"]
        return total

    def monuments_needed(self, length: str) -> int:
        """IA-E1: distinct monuments completed that end the game (IA-R20)."""
        need = self.end_conditions[length]["monuments_completed_at_least"]
        if need == "all":
            return len(self.monument_ids)
        if need == "all_but_one":
            return len(self.monument_ids) - 1
        return int(need)

    def clamp(self, track: str, value: int) -> int:
        """IA-R26: gains above a track maximum are lost."""
        m = self.track_max[track]
        return m if value > m else value
