"""Setup [§3.0]: tiles (ST-1), tracks (ST-2..4), start player (ST-5), the snake draft (ST-6, ST-R22),
citizens (ST-7), capital (ST-8), first caravan and heritage (ST-9, ST-R21, ST-R44), first farmer
(ST-10), progress rows and stacks (ST-11, ST-R1) and the first progress marker (ST-12)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import (
    Move,
    State,
    add_heritage,
    clockwise,
    controlled,
    fail,
    place,
    set_control,
)

SETUP_PHASES = ("SETUP_DRAFT", "SETUP_CAPITAL", "SETUP_CARAVAN", "SETUP_FARMER", "SETUP_PROGRESS")
SETUP_KIND = {"SETUP_DRAFT": "setup_region", "SETUP_CAPITAL": "setup_capital", "SETUP_CARAVAN": "setup_caravan",
              "SETUP_FARMER": "setup_farmer", "SETUP_PROGRESS": "setup_progress"}


def new_player(g: GameData, seat: int) -> dict:
    """ST-3: unrest 3, heritage 0, VP 0, no resources; full supplies and hands."""
    return {
        "unrest": g.unrest_start, "vp": g.vp_start, "vp_lost": 0,
        "heritage": {c: g.heritage_start for c in g.categories},
        "grain": 0, "gold": 0,
        "supply": dict(g.pieces),
        "capital_region": None, "drafted": [],
        "hand_actions": list(g.action_order), "played_actions": [],
        "focus_revealed": None, "focus_used_this_gen": False, "focus_markers": 0,
        "chronicle_hand": list(g.chronicle_values), "chronicle_board": {f: None for f in g.field_ids},
        "progress_markers": {},
        "bonus_used_this_gen": [], "bonus_used_this_turn": None, "support_this_turn": None,
        "selected_cards": None, "auto_decline": False,
        "chronicle_vp_by_dynasty": {},
    }


def new_state(g: GameData, seats: int, rng: Rng, start: int | None) -> State:
    in_play = g.in_play_regions(seats)
    tiles = rng.shuffle(g.tiles_for(seats), label="C1", visible_to="all")  # ST-1
    if len(tiles) != len(in_play):
        raise ValueError(f"component data: {len(tiles)} tiles for {len(in_play)} regions in play")
    placed = dict(zip(in_play, tiles))
    if start is None:
        start = rng.below(seats, label="C2")  # ST-5
    regions = {}
    for r in g.region_order:
        t = g.tile.get(placed.get(r, ""), None)
        regions[r] = {"in_play": r in placed, "tile": t["id"] if t else None,
                      "resource": t["resource"] if t else None, "capacity": t["capacity"] if t else None,
                      "controller": None, "control_type": None, "citizens": {}, "buildings": []}
    per_type = g.building_supply[seats]
    supply = {b: ("unlimited" if b == "city" else per_type) for b in g.building_ids}  # ST-4
    rows: dict[str, list[str]] = {}
    stacks: dict[str, dict[str, list[str]]] = {}
    for cat in g.categories:  # ST-11 / ST-R1
        deal = rng.shuffle(g.cards_by.get((cat, 2), []), label="C3", visible_to="all")
        cat_rows = [row for row in g.rows if g.row_category(row) == cat]
        for row, card in zip(cat_rows, deal):
            rows[row] = [g.level1[row], card]
        stacks[cat] = {}
        for level in range(3, g.max_level + 1):
            cards = g.cards_by.get((cat, level), [])
            stacks[cat][str(level)] = rng.shuffle(cards, label="C3", public={"count": len(cards)})
    for row in g.rows:
        rows.setdefault(row, [g.level1[row]])
    order = clockwise({"players": [0] * seats}, start)
    state: State = {
        "num_players": seats, "phase": "SETUP_DRAFT", "pending": [], "start_player": start,
        "dynasty_space": g.dynasty_start, "dynasties_scored": [], "generation_index": 0,
        "turn_in_generation": 0, "generation_space": 0, "dynasty_space_at_generation_start": g.dynasty_start,
        "growth_done": False, "active_player": None, "turn_order_index": 0,
        "region_order": list(g.region_order), "regions": regions, "caravans": {}, "building_supply": supply,
        "progress_rows": rows, "progress_stacks": stacks, "last_die_rolls": [],
        "players": [new_player(g, s) for s in range(seats)],
        "setup": {"order": order + order[::-1] + order, "index": 0},
        "turn": None, "action": None, "action_card": None, "last_combat": None, "overpop": None, "growth": None,
        "revealed_chronicles": None, "awards": None,
        "game_over": False, "result": None,
    }
    return state


def setup_seat(state: State) -> int:
    return state["setup"]["order"][state["setup"]["index"]]


def draft_options(g: GameData, state: State, seat: int) -> list[str]:
    """ST-6 / ST-R22: empty in-play regions; rounds 2-3 adjacent to own ones where possible."""
    empty = [r for r in state["region_order"] if state["regions"][r]["in_play"] and state["regions"][r]["controller"] is None]
    own = controlled(state, seat)
    if not own:
        return empty
    near = [r for r in empty if any(r in g.adj[o] for o in own)]
    return near or empty


def caravan_options(g: GameData, state: State, seat: int) -> list[list[str] | None]:
    """ST-9 / ST-R44: borders between the capital and an adjacent own province."""
    cap = state["players"][seat]["capital_region"]
    out = [[cap, r] for r in controlled(state, seat) if r != cap and r in g.adj[cap]]
    return out or [None]


def options(g: GameData, state: State, seat: int) -> list[Move]:
    """Every legal move of the current setup decision, default first."""
    phase = state["phase"]
    kind = SETUP_KIND[phase]
    own = controlled(state, seat)
    if phase == "SETUP_DRAFT":
        return [{"type": kind, "region": r} for r in draft_options(g, state, seat)]
    if phase == "SETUP_CAPITAL":
        own = [r for r in state["players"][seat]["drafted"] if r in own]  # draft order (RULES.md 13)
        first = [r for r in own if any(o in g.adj[r] for o in own if o != r)]
        ordered = first[:1] + [r for r in own if r not in first[:1]]
        return [{"type": kind, "region": r} for r in ordered]
    if phase == "SETUP_CARAVAN":
        cats = g.categories
        return [{"type": kind, "border": b, "heritage": c} for b in caravan_options(g, state, seat) for c in cats]
    if phase == "SETUP_FARMER":
        cap = state["players"][seat]["capital_region"]
        return [{"type": kind, "region": r} for r in [cap] + [r for r in own if r != cap]]
    return [{"type": kind, "row": row} for row in g.rows]


def apply_setup(g: GameData, state: State, seat: int, move: Move) -> None:
    """Checks and performs one setup move (the legal moves are few: compare with options)."""
    phase = state["phase"]
    rule = {"SETUP_DRAFT": "ST-6", "SETUP_CAPITAL": "ST-8", "SETUP_CARAVAN": "ST-9", "SETUP_FARMER": "ST-10",
            "SETUP_PROGRESS": "ST-12"}[phase]
    if move.get("type") != SETUP_KIND[phase]:
        raise fail("PENDING_DECISION", Text("the open decision is %(decision)s", decision=SETUP_KIND[phase]), rule)
    legal = options(g, state, seat)
    norm = dict(move)
    norm.pop("player", None)
    cap = state["players"][seat]["capital_region"]
    border = norm.get("border")
    if phase == "SETUP_CARAVAN" and isinstance(border, list) and len(border) == 2 and border[1] == cap:
        norm["border"] = [cap, border[0]]  # either order names the same border
    if norm not in legal:
        raise fail("NOT_ALLOWED", Text("not a legal %(decision)s now", decision=SETUP_KIND[phase]), rule)
    p = state["players"][seat]
    if phase == "SETUP_DRAFT":
        r = norm["region"]
        set_control(state, r, seat, "province")
        p["drafted"].append(r)
        place(state, r, seat, "farmers", 2)  # ST-7
        place(state, r, seat, "soldiers", 1)
    elif phase == "SETUP_CAPITAL":
        r = norm["region"]
        set_control(state, r, None, None)  # ST-8: the province marker goes back to supply
        set_control(state, r, seat, "capital")
    elif phase == "SETUP_CARAVAN":
        if norm["border"] is not None:
            state["caravans"].setdefault(g.key(*norm["border"]), []).append(seat)
            p["supply"]["caravans"] -= 1
        add_heritage(state, seat, norm["heritage"], g.heritage_setup, g.heritage_max)
    elif phase == "SETUP_FARMER":
        place(state, norm["region"], seat, "farmers")
    else:
        p["progress_markers"][norm["row"]] = 1
        p["supply"]["progress_markers"] -= 1
    s = state["setup"]
    s["index"] += 1
    if s["index"] >= len(s["order"]):
        nxt = SETUP_PHASES.index(phase) + 1
        if nxt < len(SETUP_PHASES):
            state["phase"] = SETUP_PHASES[nxt]
            state["setup"] = {"order": clockwise(state, state["start_player"]), "index": 0}
        else:
            state["setup"] = None
            state["phase"] = "INCOME"
