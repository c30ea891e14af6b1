"""Every number and the whole board, read from components.json (RULES.md §2, §3).

Nothing in the engine hard-codes a value, a tile count or a square: a corrected component file
(any rows x cols, terrain, printed hamlets, building values) plays without code changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Square = tuple[int, int]

TYPES = ("military", "religious", "civil")
NAMES = {  # the spec's English names (RULES.md, "Names used here"), for the text form and narration
    ("military", 1): "watchtower", ("military", 2): "castle", ("military", 3): "fortress",
    ("religious", 1): "church", ("religious", 2): "monastery", ("religious", 3): "abbey",
    ("civil", 1): "hamlet", ("civil", 2): "village", ("civil", 3): "city",
}


@dataclass(frozen=True)
class Kind:
    """One building kind `<type>_<rank>` (K-1, K-2)."""

    id: str
    type: str
    rank: int
    size: int
    tiles: int
    value: int
    ruin_value: int | None
    copied: bool
    capacity: int


@dataclass(frozen=True)
class AgeBoard:
    """One age's grid (K-5, K-6, K-7)."""

    rows: int
    cols: int
    terrain: tuple[str, ...]
    hamlets: tuple[Square, ...]

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.rows and 0 <= sq[1] < self.cols


@dataclass
class GameData:
    """The component data in the shapes the engine needs."""

    raw: dict[str, Any]
    ages: tuple[str, ...] = ()
    kinds: dict[str, Kind] = field(default_factory=dict)
    boards: dict[str, AgeBoard] = field(default_factory=dict)
    cards: tuple[str, ...] = ()
    card_colour: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        c = self.raw
        self.ages = tuple(c["ages"]["order"])
        for b in c["buildings"]:
            self.kinds[b["id"]] = Kind(b["id"], b["type"], b["rank"], b["size"], b["tiles"], b["value"],
                                       b.get("ruin_value"), b["copied"], b.get("cube_capacity") or 0)
        for age in self.ages:
            a = c["board"]["ages"][age]
            self.boards[age] = AgeBoard(a["rows"], a["cols"], tuple(a["terrain"]),
                                        tuple(tuple(h) for h in a["printed_hamlets"]))  # type: ignore[misc]
        cards = []
        by_colour = c["cards"]["by_color"]
        for colour in TYPES:  # a fixed order: stored component data may come back with sorted keys
            for i in range(1, by_colour[colour] + 1):
                cid = f"{colour[0].upper()}{i:02d}"
                cards.append(cid)
                self.card_colour[cid] = colour
        self.cards = tuple(cards)
        pp, costs = c["per_player"], c["costs"]
        self.adventurers = pp["adventurers"]
        self.cubes = pp["control_cubes"]
        self.start_coins = pp["start_coins"]
        self.start_cards = pp["start_cards"]
        self.start_age = pp["adventurer_start_age"]
        self.hand_size = costs["hand_size"]
        self.exchange_cost = costs["exchange_cards"]
        self.travel_cost = costs["travel"]
        self.demolish_coins = costs["demolish_coins"]
        self.demolish_cards = costs["demolish_cards"]
        self.per_adventurer = costs["max_cards_per_adventurer_per_turn"]
        self.rounds = c["rounds"]["count"]
        self.tax_rounds = tuple(c["rounds"]["taxation_rounds"])
        self.income = {a: v for a, v in c["income"]["build_or_upgrade_rank_2_or_3"].items() if v is not None}
        geo = c["geography_surcharge"]
        self.forest = {int(k): v for k, v in geo["forest"].items()}
        self.mountain = {int(k): v for k, v in geo["mountain"].items()}
        self.river_allowed = frozenset(geo["river_allowed"])
        self.display_size = c["holdem_variant"]["display_size"]
        self.min_players = c["player_count"]["min"]
        self.max_players = c["player_count"]["max"]

    # -- lookups ---------------------------------------------------------------------------

    def kind(self, btype: str, rank: int) -> Kind | None:
        return self.kinds.get(f"{btype}_{rank}")

    def value(self, btype: str, rank: int) -> int:
        return self.kinds[f"{btype}_{rank}"].value

    def size(self, btype: str, rank: int) -> int:
        return self.kinds[f"{btype}_{rank}"].size

    def max_rank(self, btype: str) -> int:
        return max(k.rank for k in self.kinds.values() if k.type == btype)

    def colour(self, card: str) -> str:
        return self.card_colour[card]

    def terrain(self, age: str, sq: Square) -> str:
        return self.boards[age].terrain[sq[0]][sq[1]]
