"""Tournament pairings, seat orders and standings: pure arithmetic over player numbers
(0 = the first player given at creation), no database.

- Round-robin: two seats by the circle method (every pair meets once; a bye each round when the
  number of players is odd); more seats: every group of that many players plays once (every pair
  meets equally often), packed into rounds where nobody plays twice.
- Swiss: players sorted by points (then the order given) are grouped from the top, each group
  with nobody who has met before; a search backs up when a group cannot be filled, and only when no
  grouping avoids a rematch does it take the one with the fewest. Byes go to the lowest-placed
  players who have not had one.
- Seat order: chosen per game so that each player's count of first seats is as even as can be
  (then every other seat position), improved game by game until nothing improves.
- Standings: points by place, each opponent placed below you 1 and each tied with you 1/2 (so two
  seats: win 1, draw 1/2); a bye is worth a win over every seat of a game. Tie-breaks, in order:
  Sonneborn-Berger (the sum, over every opponent met, of your points against them times their
  total), then direct encounter (points against the other players still tied), then the order
  given at creation.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Iterable

from referee.plumbing.i18n import N_

MAX_ROUND_ROBIN_GAMES = 200
TIE_BREAKS = [N_("points"), "Sonneborn-Berger", N_("direct encounter"), N_("order given at creation")]  # ids: pages translate


def round_robin(n: int, k: int) -> list[list[tuple[int, ...]]]:
    """The rounds of a round-robin of n players at tables of k, each game a group of players."""
    if k == 2:
        ids: list[int | None] = list(range(n)) + ([None] if n % 2 else [])
        m = len(ids)
        rounds = []
        for r in range(m - 1):
            pairs = []
            for i in range(m // 2):
                a, b = ids[i], ids[m - 1 - i]
                if a is not None and b is not None:
                    pairs.append((min(a, b), max(a, b)))
            rounds.append(sorted(pairs))
            ids = [ids[0], ids[-1], *ids[1:-1]]
        return rounds
    out: list[list[tuple[int, ...]]] = []
    busy: list[set[int]] = []
    for group in combinations(range(n), k):
        for r, players in enumerate(busy):
            if not players & set(group):
                out[r].append(group)
                players.update(group)
                break
        else:
            out.append([group])
            busy.append(set(group))
    return out


def round_robin_size(n: int, k: int) -> int:
    from math import comb
    return n * (n - 1) // 2 if k == 2 else comb(n, k)


def _cost(counts: dict[int, list[int]], k: int) -> tuple[int, int]:
    first = sum(c[0] * c[0] for c in counts.values())
    every = sum(x * x for c in counts.values() for x in c)
    return first, every


def seat_orders(groups: list[tuple[int, ...]], k: int, counts: dict[int, list[int]] | None = None,
                passes: int = 12) -> list[tuple[int, ...]]:
    """Each group in a seat order that balances first seats (then every position) over all the
    groups, on top of `counts` (player -> times in each position so far; updated)."""
    counts = counts if counts is not None else {}
    for g in groups:
        for p in g:
            counts.setdefault(p, [0] * k)
    orders: list[tuple[int, ...] | None] = [None] * len(groups)

    def place(order: tuple[int, ...], sign: int) -> None:
        for pos, p in enumerate(order):
            counts[p][pos] += sign

    def best(group: tuple[int, ...]) -> tuple[int, ...]:
        choice, score = tuple(group), None
        for perm in permutations(group):
            place(perm, 1)
            s = _cost(counts, k)
            place(perm, -1)
            if score is None or s < score:
                choice, score = perm, s
        return choice

    for i, g in enumerate(groups):
        orders[i] = best(g)
        place(orders[i], 1)
    for _ in range(passes):
        changed = False
        for i, g in enumerate(groups):
            place(orders[i], -1)
            new = best(orders[i])
            changed |= new != orders[i]
            orders[i] = new
            place(new, 1)
        if not changed:
            break
    return [o for o in orders if o is not None]


def swiss_round(standing: list[int], k: int, met: set[frozenset[int]], had_bye: set[int],
                budget: int = 50_000) -> tuple[list[tuple[int, ...]], list[int]]:
    """Groups of k for the next Swiss round from players in standing order (best first), avoiding
    pairs in `met`; and the players who get a bye."""
    order = list(standing)
    byes: list[int] = []
    for _ in range(len(order) % k):
        pick = next((p for p in reversed(order) if p not in had_bye), order[-1])
        order.remove(pick)
        byes.append(pick)
    steps = [0]

    def clash(group: Iterable[int], p: int) -> int:
        return sum(frozenset((p, q)) in met for q in group)

    def search(left: list[int], allowed: int) -> list[tuple[int, ...]] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > budget:
            return None
        head, rest = left[0], left[1:]
        for mates in combinations(range(len(rest)), k - 1):
            group = (head, *(rest[i] for i in mates))
            rematches = sum(clash(group[:j], group[j]) for j in range(1, k))
            if rematches > allowed:
                continue
            remaining = [p for i, p in enumerate(rest) if i not in mates]
            tail = search(remaining, allowed - rematches)
            if tail is not None:
                return [group, *tail]
        return None

    for allowed in range(0, len(order) * k + 1):
        steps[0] = 0
        found = search(order, allowed)
        if found is not None:
            return found, byes
    return [tuple(order[i:i + k]) for i in range(0, len(order), k)], byes


def pairwise(ranks: list[int], a: int, b: int) -> float:
    """Seat a's points against seat b in one game: 1 placed above, 1/2 tied, 0 below."""
    return 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0


def standings(n: int, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Standings of n players from finished games `{"players": [player per seat], "ranks": [...]}`
    and byes `{"bye": player, "worth": points}`, best first, with each tie-break's value."""
    points = [0.0] * n
    against: dict[tuple[int, int], float] = {}
    played = [0] * n
    for g in games:
        if "bye" in g:
            points[g["bye"]] += g["worth"]
            continue
        ps, ranks = g["players"], g["ranks"]
        for i, p in enumerate(ps):
            played[p] += 1
            for j, q in enumerate(ps):
                if i != j:
                    got = pairwise(ranks, i, j)
                    points[p] += got
                    against[(p, q)] = against.get((p, q), 0.0) + got
    sb = [sum((got * points[q] for (p2, q), got in against.items() if p2 == p), 0.0) for p in range(n)]
    rows = [{"player": p, "points": points[p], "sonneborn_berger": sb[p], "games": played[p]} for p in range(n)]
    rows.sort(key=lambda r: (-r["points"], -r["sonneborn_berger"]))
    out: list[dict[str, Any]] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and (rows[j]["points"], rows[j]["sonneborn_berger"]) == (rows[i]["points"], rows[i]["sonneborn_berger"]):
            j += 1
        tied = rows[i:j]
        group = {r["player"] for r in tied}
        for r in tied:
            r["direct_encounter"] = sum((v for (p, q), v in against.items() if p == r["player"] and q in group and q != p), 0.0)
        tied.sort(key=lambda r: (-r["direct_encounter"], r["player"]))
        out.extend(tied)
        i = j
    for place, r in enumerate(out, 1):
        r["place"] = place
    return out
