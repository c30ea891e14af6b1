"""Game end and scoring: IA-E1 (end conditions), IA-E2 (score), IA-E3 (tie-break), IA-E4 (solo)."""

from __future__ import annotations

from typing import Any

from referee.games.iron_age.effects import TRACKS, GameData
from referee.games.iron_age.state import Player, State


def breakdown(g: GameData, p: Player) -> dict[str, int]:
    """IA-E2: the parts of a player's score; goods, food, military and ships score nothing (IA-R28)."""
    sc = g.scoring
    parts = {
        "monuments": sum(m["points"] or 0 for m in p["monuments"].values()),
        "developments": sum(g.developments[d["id"]]["points"] for d in p["developments"]),
        "bonus": g.bonus_points(p),
        "wealth": p["wealth"] * sc["wealth_points_each"],
        "tribute": p["tribute"] * sc["tribute_points_each"],
        "skulls": p["skulls"] * sc["skull_points_each"],
    }
    parts["total"] = sum(parts.values())
    return parts


def tie_break(p: Player) -> int:
    """IA-E3 / IA-R21: the sum of the five peg-board tracks."""
    return sum(p[t] for t in TRACKS)


def end_reason(g: GameData, st: State) -> str | None:
    """IA-E1 / IA-R20 / IA-R22: why the game ends after this round, or None to play on."""
    if st["config"]["solo"]:
        return "solo_rounds" if st["round"] >= g.end_conditions["solo"]["rounds"] else None
    cond = g.end_conditions[st["config"]["length"]]
    players = st["players"]
    if any(len(p["developments"]) >= cond["developments_bought"] for p in players):
        return "developments"
    if any(p["tribute"] >= cond["tribute_at_least"] for p in players):
        return "tribute"
    done = {m for p in players for m, v in p["monuments"].items() if v["complete"]}
    if len(done) >= g.monuments_needed(st["config"]["length"]):
        return "monuments"
    return None


def standings(g: GameData, st: State) -> dict[str, Any]:
    """Scores, ranking (best first, tie-break applied, a resigned seat last) and winners."""
    players = st["players"]
    parts = [breakdown(g, p) for p in players]
    scores = [b["total"] for b in parts]
    ties = [tie_break(p) for p in players]
    resigned = st.get("resigned")

    def key(s: int) -> tuple[int, int, int]:
        return (s == resigned, -scores[s], -ties[s])

    ranking = sorted(range(len(players)), key=lambda s: (key(s), s))
    best = key(ranking[0])
    winners = [s for s in ranking if key(s) == best and s != resigned]
    return {"scores": scores, "tie_break": ties, "breakdown": parts, "ranking": ranking, "winners": winners}


def finish(g: GameData, st: State, reason: str) -> None:
    """Record the end of the game in the state (phase game_over, final scores, winners)."""
    s = standings(g, st)
    st.update(phase="game_over", game_over=True, final_scores=s["scores"], winners=s["winners"],
              end_reason=reason, turn=None, pending_decisions=[])


def result(g: GameData, st: State) -> dict[str, Any] | None:
    """The contract's result: None while running; winner is None when the win is shared."""
    if not st["game_over"]:
        return None
    s = standings(g, st)
    out: dict[str, Any] = {
        "winner": s["winners"][0] if len(s["winners"]) == 1 else None,
        **s,
        "reason": st.get("end_reason"),
        "resigned": st.get("resigned"),
        "rounds": st["round"],
    }
    if st["config"]["solo"]:
        target = g.end_conditions["solo"].get("target_points")
        out["target_points"] = target
        out["target_reached"] = target is not None and s["scores"][0] >= target
    return out
