"""Invariants of a sound state (check_state): pieces conserved between board and supply, tracks
within range, at most the allowed regions, one controller and one capital each."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import max_unrest
from referee.games.sands_of_time.state import State, controlled


def check_state(g: GameData, state: State) -> list[str]:
    out: list[str] = []
    try:
        _check(g, state, out)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        out.append(f"malformed state: {e!r}")
    return out


def _check(g: GameData, state: State, out: list[str]) -> None:
    n = len(state["players"])
    if state["num_players"] != n or not g.c["player_count"]["min"] <= n <= g.c["player_count"]["max"]:
        out.append("player count")
    if state["region_order"] != g.region_order or sorted(state["regions"]) != sorted(g.region_order):
        out.append("region_order must list every region in the order of the component data")
    for seat, p in enumerate(state["players"]):
        board_f = board_s = 0
        for r, reg in state["regions"].items():
            c = reg["citizens"].get(str(seat))
            if c:
                if c["farmers"] < 0 or c["soldiers"] < 0:
                    out.append(f"seat {seat}: negative citizens in {r}")
                if not reg["in_play"] and c["farmers"] + c["soldiers"]:
                    out.append(f"citizens in {r}, which is not in play (ST-1)")
                board_f += c["farmers"]
                board_s += c["soldiers"]
        sup = p["supply"]
        if board_f + sup["farmers"] != g.pieces["farmers"] or board_s + sup["soldiers"] != g.pieces["soldiers"]:
            out.append(f"seat {seat}: citizens not conserved")
        on_board = sum(1 for owners in state["caravans"].values() for o in owners if o == seat)
        if on_board + sup["caravans"] != g.pieces["caravans"]:
            out.append(f"seat {seat}: caravans not conserved")
        regions = controlled(state, seat)
        markers = sum(1 for r in regions if state["regions"][r]["control_type"] != "capital")
        capitals = [r for r in regions if state["regions"][r]["control_type"] == "capital"]
        if markers + sup["control_markers"] != g.pieces["control_markers"]:
            out.append(f"seat {seat}: control markers not conserved")
        if len(capitals) > 1 or (capitals[:1] or [None])[0] != p["capital_region"]:
            out.append(f"seat {seat}: capital inconsistent")
        if len(regions) > g.max_regions:
            out.append(f"seat {seat}: more than {g.max_regions} regions")
        if len(p["progress_markers"]) + sup["progress_markers"] != g.pieces["progress_markers"]:
            out.append(f"seat {seat}: progress markers not conserved")
        for row, level in p["progress_markers"].items():
            if not 1 <= level <= len(state["progress_rows"][row]):
                out.append(f"seat {seat}: marker off its row {row}")
        if not g.unrest_min <= p["unrest"] <= max_unrest(g, state, seat):
            out.append(f"seat {seat}: unrest {p['unrest']} out of range")
        if any(not 0 <= v <= g.heritage_max for v in p["heritage"].values()):
            out.append(f"seat {seat}: heritage out of range")
        if p["vp"] < 0 or p["grain"] < 0 or p["gold"] < 0:
            out.append(f"seat {seat}: negative VP or resources")
        placed = [v for v in p["chronicle_board"].values() if v is not None]
        if sorted(placed + p["chronicle_hand"]) != g.chronicle_values:
            out.append(f"seat {seat}: chronicle cards not conserved")
        cards = p["hand_actions"] + p["played_actions"]
        if state["turn"] is not None and state["turn"]["seat"] == seat:
            cards += [c for c in state["turn"]["cards"] if c in g.actions and c not in cards]
        if sorted(cards) != sorted(g.action_order):
            out.append(f"seat {seat}: action cards not conserved")
    per_type = g.building_supply[n]
    for b in g.building_ids:
        built = sum(b in reg["buildings"] for reg in state["regions"].values())
        if state["building_supply"][b] != "unlimited" and built + state["building_supply"][b] != per_type:
            out.append(f"building {b} not conserved")
    for r, reg in state["regions"].items():
        if len(set(reg["buildings"])) != len(reg["buildings"]):
            out.append(f"{r}: duplicate building")
        if reg["in_play"] and len(reg["buildings"]) > reg["capacity"]:
            out.append(f"{r}: more buildings than capacity")
        if (reg["controller"] is None) != (reg["control_type"] is None):
            out.append(f"{r}: control marker inconsistent")
