"""Dynasty end (ST-40..ST-46, ST-R15, ST-R34) and game end (ST-110, ST-111, ST-R16)."""

from __future__ import annotations

from itertools import combinations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import measure, progress_effects, symbols
from referee.games.sands_of_time.state import State, add_heritage, clockwise, controlled


def dynasty_due(g: GameData, state: State) -> int | None:
    """ST-40: the dynasty to score now (at most one per generation), else None."""
    d = len(state["dynasties_scored"]) + 1
    if d <= g.dynasty_count and state["dynasty_space"] >= g.dynasty_end_space[d]:
        return d
    return None


def best_subset(g: GameData, state: State, seat: int) -> list[tuple[str, int]]:
    """ST-42 / ST-R15: the VP-maximising set of eligible cards (ties: the higher value)."""
    p = state["players"][seat]
    out = []
    for cat in g.categories:
        fields = [f for f in g.field_ids if g.fields[f]["category"] == cat]
        heritage = p["heritage"][cat]
        eligible = []
        for f in fields:
            v = p["chronicle_board"][f]
            if v is not None and v <= heritage and measure(g, state, seat, g.fields[f]["measure"]) >= g.chronicle[v]["conditions"][f]:
                eligible.append((f, v))
        best: list[tuple[str, int]] = []
        best_key = (0, 0)
        for k in range(1, len(eligible) + 1):
            for combo in combinations(eligible, k):
                if sum(v for _, v in combo) > heritage:
                    continue
                key = (sum(g.chronicle[v]["vp"] for _, v in combo), max(v for _, v in combo))
                if key > best_key:
                    best, best_key = list(combo), key
        out.extend(best)
    return out


def score_dynasty(g: GameData, state: State, dynasty: int) -> None:
    """ST-41..ST-45 for every player in seat order from the start player."""
    for seat in clockwise(state, state["start_player"]):  # ST-41
        p = state["players"][seat]
        for r in controlled(state, seat):
            for b in state["regions"][r]["buildings"]:
                p["vp"] += sum(e["amount"] for e in g.buildings[b]["effects"] if e["kind"] == "dynasty_vp")
        for e in progress_effects(g, state, seat):
            if e["kind"] == "dynasty_vp":
                p["vp"] += e["amount"]
            elif e["kind"] == "dynasty_heritage":
                add_heritage(state, seat, e["category"], e["amount"], g.heritage_max)
    for seat in clockwise(state, state["start_player"]):  # ST-42..ST-45
        p = state["players"][seat]
        bonus = sum(e["amount"] for e in progress_effects(g, state, seat) if e["kind"] == "chronicle_vp_bonus")
        scored = best_subset(g, state, seat)
        vp = sum(g.chronicle[v]["vp"] + bonus for _, v in scored)
        p["vp"] += vp
        p["chronicle_vp_by_dynasty"][str(dynasty)] = vp
        p["last_scored"] = [{"field": f, "card": v} for f, v in scored]
        for cat in {g.fields[f]["category"] for f, _ in scored}:
            add_heritage(state, seat, cat, 1, g.heritage_max)
    state["revealed_chronicles"] = [dict(p["chronicle_board"]) for p in state["players"]]
    for p in state["players"]:  # ST-44
        p["chronicle_hand"] = sorted(p["chronicle_hand"] + [v for v in p["chronicle_board"].values() if v is not None])
        p["chronicle_board"] = {f: None for f in g.field_ids}
    state["dynasties_scored"].append(dynasty)


def award_measures(g: GameData, state: State) -> dict[str, dict[int, int]]:
    """ST-110's measures per award and seat, higher is better (unrest negated): the final
    awards and the search bot's evaluation (evaluation.py) read the same ones."""
    seats = range(len(state["players"]))
    measures = {
        "most_controlled_regions": {s: len(controlled(state, s)) for s in seats},
        "lowest_unrest": {s: -state["players"][s]["unrest"] for s in seats},
        "most_fountain_plus_lyre": {s: sum(symbols(g, state, s).values()) for s in seats},
    }
    return {award: measures[award] for award in g.awards}


def awards(g: GameData, state: State) -> None:
    """ST-110: +VP to everybody tied for most regions, lowest unrest, most fountains + lyres."""
    state["awards"] = {}
    for award, m in award_measures(g, state).items():
        best = max(m.values())
        winners = [s for s in m if m[s] == best]
        state["awards"][award] = winners
        for s in winners:
            state["players"][s]["vp"] += g.award_vp


def standings(g: GameData, state: State, resigned: int | None = None) -> dict:
    """ST-111 / ST-R16 as things stand: rank by VP, then dynasty-3 chronicle VP; remaining ties
    share the win. A resigned seat ranks last and cannot win."""
    def key(s: int) -> tuple:
        p = state["players"][s]
        return (s != resigned, p["vp"], p["chronicle_vp_by_dynasty"].get(str(g.dynasty_count), 0))
    seats = list(range(len(state["players"])))
    ranking = sorted(seats, key=lambda s: (tuple(-x for x in key(s)), s))
    winners = [s for s in ranking if key(s) == key(ranking[0])]
    return {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "scores": [state["players"][s]["vp"] for s in seats], "ranking": ranking,
            "tie_break": [state["players"][s]["chronicle_vp_by_dynasty"].get(str(g.dynasty_count), 0) for s in seats]}


def finish(g: GameData, state: State, reason: str, resigned: int | None = None) -> None:
    """Ends the game with its standings (ST-111) and the reason."""
    state["phase"] = "GAME_OVER"
    state["game_over"] = True
    state["pending"] = []
    state["action"] = None
    state["result"] = {**standings(g, state, resigned), "reason": reason}
