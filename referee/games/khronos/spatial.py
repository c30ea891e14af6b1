"""Spatial primitives (RULES.md §3, §6): footprints, the building set of an age, adjacency,
domains (K-22), geography (K-20), the domain rule (K-23) and the rank rule (K-24).

Domains are recomputed from the board whenever needed and never stored (K-22). A `Layout` is
one age's building set: every tile plus every uncovered printed hamlet (K-7), each with the
squares it occupies; hypothetical sets (COPY_ALLOWED_FAITH, 9.1.1) are Layouts too.
"""

from __future__ import annotations

from typing import Iterable

from referee.games.khronos.data import GameData, Square
from referee.games.khronos.state import State, key, sq_of

MIL_REL = ("military", "religious")


def footprint(anchor: Square, size: int) -> list[Square]:
    """K-5: the size x size block whose north-west square is `anchor`."""
    r, c = anchor
    return [(r + i, c + j) for i in range(size) for j in range(size)]


def edge_neighbours(sq: Square) -> tuple[Square, ...]:
    r, c = sq
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def hamlet_id(sq: Square) -> str:
    return f"h{sq[0]}_{sq[1]}"


class Layout:
    """The building set of one age: `blds` id -> building dict, `squares` id -> squares,
    `occ` square -> id. Printed hamlets appear as civil rank-1 buildings with `printed` true."""

    def __init__(self, blds: dict[str, dict], squares: dict[str, list[Square]]):
        self.blds = blds
        self.squares = squares
        self.occ: dict[Square, str] = {sq: bid for bid, sqs in squares.items() for sq in sqs}
        self._domains: list[list[str]] | None = None

    @classmethod
    def of(cls, g: GameData, st: State, age: str, drop: Iterable[str] = (),
           cover: Iterable[Square] = ()) -> "Layout":
        """The age's building set; or a hypothetical one without the tiles in `drop` (printed
        hamlets under them re-emerge) and with the printed hamlets on `cover` covered."""
        board = st["boards"][age]
        blds: dict[str, dict] = {}
        squares: dict[str, list[Square]] = {}
        covered: set[Square] = set(cover)
        dropped = set(drop)
        for tid, t in board["tiles"].items():
            if tid in dropped:
                continue
            sqs = footprint(sq_of(t["anchor"]), g.size(t["type"], t["rank"]))
            blds[tid], squares[tid] = t, sqs
            covered.update(sqs)
        cubes = board.get("hamlet_cubes", {})
        for h in g.boards[age].hamlets:
            if h not in covered:
                hid = hamlet_id(h)
                blds[hid] = {"id": hid, "type": "civil", "rank": 1, "anchor": [h[0], h[1]], "printed": True,
                             "owner": None, "ruin": False, "restore_cube": None, "cubes": cubes.get(key(h), []),
                             "merge_tag": None}
                squares[hid] = [h]
        return cls(blds, squares)

    def at(self, sq: Square) -> str | None:
        return self.occ.get(sq)

    def overlapping(self, sqs: Iterable[str] | Iterable[Square]) -> list[str]:
        """Ids of buildings with a square in `sqs`, in order of their anchors."""
        found = {self.occ[s] for s in sqs if s in self.occ}  # type: ignore[index]
        return sorted(found, key=self.anchor)

    def anchor(self, bid: str) -> Square:
        return sq_of(self.blds[bid]["anchor"])

    def touching(self, sqs: Iterable[Square]) -> set[str]:
        """Buildings with a square edge-adjacent to `sqs` and not inside them."""
        inside = set(sqs)
        out = set()
        for s in inside:
            for n in edge_neighbours(s):
                if n not in inside and n in self.occ:
                    out.add(self.occ[n])
        return out

    def neighbours(self, bid: str) -> set[str]:
        return self.touching(self.squares[bid]) - {bid}

    def domains(self) -> list[list[str]]:
        """K-22: connected components, each sorted by anchor, in order of their lowest square."""
        if self._domains is None:
            seen: set[str] = set()
            out = []
            for bid in sorted(self.blds, key=self.anchor):
                if bid in seen:
                    continue
                comp, stack = [], [bid]
                seen.add(bid)
                while stack:
                    b = stack.pop()
                    comp.append(b)
                    for n in self.neighbours(b):
                        if n not in seen:
                            seen.add(n)
                            stack.append(n)
                out.append(sorted(comp, key=self.anchor))
            self._domains = out
        return self._domains

    def domain_of(self, bid: str) -> list[str]:
        for d in self.domains():
            if bid in d:
                return d
        raise KeyError(bid)

    def domains_adjacent_to(self, sqs: Iterable[Square]) -> list[list[str]]:
        """K-22 `domains_adjacent_to`: domains with a building touching the footprint."""
        touch = self.touching(sqs)
        return [d for d in self.domains() if touch.intersection(d)]

    def max_rank(self, ids: Iterable[str], btype: str) -> int:
        return max((self.blds[b]["rank"] for b in ids if self.blds[b]["type"] == btype), default=0)


def on_board(g: GameData, age: str, sqs: list[Square]) -> bool:
    return all(g.boards[age].on_board(s) for s in sqs)


def river_blocked(g: GameData, age: str, btype: str, rank: int, sqs: list[Square]) -> bool:
    """K-20.1: a river square is allowed only under the kinds listed in the data."""
    return f"{btype}_{rank}" not in g.river_allowed and any(g.terrain(age, s) == "R" for s in sqs)


def surcharge(g: GameData, age: str, sqs: list[Square], players: int) -> int:
    """K-20.2 with Ruling K-R6: forest and mountain surcharges add up."""
    terr = {g.terrain(age, s) for s in sqs}
    return (g.forest[players] if "F" in terr else 0) + (g.mountain[players] if "M" in terr else 0)


def build_domain_violation(lay: Layout, sqs: list[Square]) -> bool:
    """K-23, build form: the new building would connect two or more domains."""
    return len(lay.domains_adjacent_to(sqs)) >= 2


def upgrade_domain_violation(lay: Layout, x: str, sqs: list[Square]) -> bool:
    """K-23, upgrade form: every building touching the new footprint must be in X's domain."""
    d0 = set(lay.domain_of(x))
    return any(b not in d0 for b in lay.touching(sqs) if b != x)


def rank_violation(lay: Layout, domain: Iterable[str], btype: str, rank: int) -> bool:
    """K-24: within a domain the top building of each of military/religious is unique, so a
    new one may not equal the current top rank of its type."""
    return btype in MIL_REL and lay.max_rank(domain, btype) == rank
