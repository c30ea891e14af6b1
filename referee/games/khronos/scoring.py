"""Taxation (K-25) and the end of the game (K-26, Rulings K-R11, K-R12)."""

from __future__ import annotations

from referee.games.khronos.data import GameData
from referee.games.khronos.spatial import Layout
from referee.games.khronos.state import REASON, State

RULING_TYPE = {"might": "military", "faith": "religious"}


def building_value(g: GameData, b: dict) -> int:
    """Tax value: front value, or the ruin value while a ruin (K-1, K-2); printed hamlets = 1."""
    kind = g.kinds[f"{b['type']}_{b['rank']}"]
    return kind.ruin_value if b.get("ruin") and kind.ruin_value is not None else kind.value


def domain_tax(g: GameData, lay: Layout, age: str, dom: list[str], seat: int) -> int:
    """K-25 for one domain: what `seat` collects there."""
    blds = [lay.blds[b] for b in dom]
    if age == REASON:
        counts: dict[int, int] = {}
        for b in blds:
            if b["type"] == "civil":
                for p in b["cubes"]:
                    counts[p] = counts.get(p, 0) + 1
        mine = counts.get(seat, 0)
        if mine < 1 or mine < max(counts.values()):
            return 0
        return sum(building_value(g, b) for b in blds if b["type"] != "civil")
    ruler = RULING_TYPE[age]
    top = max((b["rank"] for b in blds if b["type"] == ruler), default=0)
    tops = [b for b in blds if b["type"] == ruler and b["rank"] == top]
    if len(tops) != 1 or tops[0]["owner"] != seat:
        return 0
    return sum(building_value(g, b) for b in blds if b["type"] == "civil")


def taxes(g: GameData, st: State, seat: int) -> dict[str, int]:
    """K-25: per age where the seat has an adventurer (once per age), the sum over its domains."""
    out = {}
    for age in g.ages:
        if age in st["players"][seat]["adventurers"]:
            lay = Layout.of(g, st, age)
            out[age] = sum(domain_tax(g, lay, age, d, seat) for d in lay.domains())
    return out


def finish(st: State, reason: str) -> None:
    """K-26: the game ends; most coins win, equal coins share the rank (Ruling K-R12)."""
    st["phase"] = "finished"
    st["result"] = standing(st, reason)


def standing(st: State, reason: str) -> dict:
    """K-26 / K-R12 applied to the position as it stands. A seat that resigned is ranked last
    and cannot win (README, "Resigning")."""
    coins = [p["coins"] for p in st["players"]]
    out = [st["resigned"]] if st.get("resigned") is not None else []
    ranking = sorted(range(len(coins)), key=lambda s: (s in out, -coins[s], s))
    live = [s for s in ranking if s not in out]
    best = max(coins[s] for s in live) if live else None
    winners = [s for s in live if coins[s] == best]
    ranks, rank = [], 0
    for i, s in enumerate(ranking):
        prev = ranking[i - 1] if i else None
        if prev is None or (s in out) != (prev in out) or coins[s] != coins[prev]:
            rank = i + 1
        ranks.append(rank)
    return {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "scores": coins, "ranking": ranking, "ranks": ranks, "reason": reason}
