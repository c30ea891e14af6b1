"""Phase 3: feeding provinces (famine) and the skull-count disaster. IA-3.1, IA-3.2, IA-R4, IA-R8."""

from __future__ import annotations

from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import State, active, clockwise


def feed(g: GameData, st: State) -> None:
    """IA-3.1 / IA-R30: each owned province eats 1 food; every missing food is famine skulls."""
    p = active(st)
    need = p["provinces_owned"]
    if p["food"] >= need:
        p["food"] -= need
        return
    missing = need - p["food"]
    p["food"] = 0
    famine = g.famine
    if famine is not None and not g.immune(p, famine["id"]):
        p["skulls"] += famine["effect"]["per_unfed_food"] * missing


def strike(g: GameData, st: State) -> None:
    """IA-3.2: the one disaster chosen by the number of skulls after the omen (IA-R4).

    Skull effects happen now; battles are queued for Phase 4 (IA-R6), in seat order from the
    active player for an invasion (IA-R7). Immune players (Religion, Medicine) are skipped.
    """
    t = st["turn"]
    d = g.disaster_by_skulls.get(t["skulls_rolled"])
    t["disaster"] = d["id"] if d else None
    if d is None:
        return
    e = d["effect"]
    me = st["active_seat"]
    solo = st["config"]["solo"]
    if e["type"] == "skulls_self":
        victims = [me]
    elif e["type"] == "skulls_opponents":
        # IA-R8: never the roller in multi-player; IA-R22: the solo player when solo = self
        victims = ([me] if e.get("solo") == "self" else []) if solo else clockwise(st, me)[1:]
    elif e["type"] == "battle_self":
        victims = [me]
    else:  # battle_all
        victims = clockwise(st, me)
    victims = [s for s in victims if not g.immune(st["players"][s], d["id"])]
    if e["type"] in ("battle_self", "battle_all"):
        t["pending_battles"] = [{"disaster": d["id"], "seat": s, "enemy_strength": e["enemy_strength"]}
                                for s in victims]
    else:
        for s in victims:
            st["players"][s]["skulls"] += e["count"]
