"""check_state: invariants of a position (RULES.md §6 and the rules that bound each field).

Shape is the state schema's job (schemas/games/iron_age/state.json); these checks assume it
and look at what the schema cannot see: component limits, consistency between fields, the
phase and its open decisions. A state whose shape breaks the checks is reported with the
schema's own error messages instead of an exception.
"""

from __future__ import annotations

from typing import Any

from referee.engine.schemas import check as schema_check
from referee.games.iron_age import battles, collect, dice
from referee.games.iron_age.effects import TRACKS, GameData
from referee.games.iron_age.state import DECISION_PHASES, Player, State
from referee.games.iron_age.turn import pending

TOP_KEYS = {"config", "round", "active_seat", "phase", "monument_first_by", "pending_decisions", "game_over",
            "final_scores", "winners", "end_reason", "resigned", "players", "turn"}
BEFORE_COLLECT = ("roll", "omen")
AFTER_BUILD = ("buy", "convert")


def check_state(g: GameData, st: Any) -> list[str]:
    """Human-readable invariant violations; empty when the position is sound."""
    try:
        return _check(g, st)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as e:
        errors = schema_check("games/iron_age/state.json", st)
        found = [f"{x['path']}: {x['message']}" for x in errors[:5]]
        return found or [f"malformed state ({type(e).__name__}: {e})"]


def _check(g: GameData, st: State) -> list[str]:
    out: list[str] = []
    if set(st) != TOP_KEYS:
        return [f"top-level keys must be {sorted(TOP_KEYS)}"] + [
            f"{x['path']}: {x['message']}" for x in schema_check("games/iron_age/state.json", st)[:5]]
    players = st["players"]
    n = len(players)
    cfg = st["config"]
    if not 1 <= n <= 4 or cfg["players"] != list(range(n)):
        out.append("config.players must list the seats 0..N-1 of 1 to 4 players")
    if cfg["solo"] != (n == 1):
        out.append("solo must be true exactly when there is one seat (IA-S5)")
    if not 0 <= st["active_seat"] < n:
        return out + ["active_seat out of range"]
    if st["round"] < 1 or (cfg["solo"] and st["round"] > g.end_conditions["solo"]["rounds"]):
        out.append("round out of range (IA-E1)")
    if sum(1 for p in players if p["start_player"]) != 1:
        out.append("exactly one player must be the start player (IA-S1)")
    for i, p in enumerate(players):
        if p["seat"] != i:
            out.append(f"player {i}: seat field must be {i}")
        out += [f"player {i}: {m}" for m in _check_player(g, p)]
        if any(d["round"] > st["round"] for d in p["developments"]):
            out.append(f"player {i}: a development bought in a later round")
    me = players[st["active_seat"]]
    if st["phase"] in ("roll", "omen", "assign", "conquest", "tribute", "build", "buy") and any(
            d["round"] == st["round"] for d in me["developments"]):
        # IA-6.1 / IA-R17: the active player buys only in Phase 6 of this turn
        out.append("the active player cannot own a development bought this round before buying")
    out += _check_monuments(g, st)
    out += _check_setup(st)
    out += _check_phase(g, st)
    if st["pending_decisions"] != pending(st):
        out.append("pending_decisions do not match the phase (RULES.md §7)")
    return out


def _check_player(g: GameData, p: Player) -> list[str]:
    """Tracks within limits, structures within their boxes, developments once each."""
    out = []
    for t in TRACKS:
        if not 0 <= p[t] <= g.track_max[t]:
            out.append(f"{t} {p[t]} outside 0..{g.track_max[t]} (IA-R26)")
    if p["tribute"] < 0 or p["skulls"] < 0:
        out.append("tribute and skulls cannot be negative")
    if not g.sheet_start["conquest_boxes_filled"] <= p["conquest_boxes_filled"] <= g.conquest_total:
        out.append(f"conquest boxes outside {g.sheet_start['conquest_boxes_filled']}..{g.conquest_total} (IA-4.4)")
    for what, cols, spec, owned in (("port", p["ports"], g.ports, "ports_owned"),
                                    ("province", p["provinces"], g.provinces, "provinces_owned")):
        if len(cols) != len(spec):
            out.append(f"{what}s must have {len(spec)} columns")
            continue
        complete = 0
        for c, s in zip(cols, spec):
            # inline fast path (this runs after every move in playouts); details only on failure
            b, a, done = c["boxes_filled"], c.get("amphoras_filled", 0), c["complete"]
            wb, am = s["worker_boxes"], s.get("amphoras", 0)
            complete += done
            if (c["column"] != s["column"] or b < 0 or b > wb or a < 0 or a > am
                    or done != (b == wb and a == am) or (s["prebuilt"] and not done)):
                out += _check_column(what, c, s)
        if p[owned] != complete:
            out.append(f"{owned} must count the complete {what}s")
    mons = p["monuments"]
    if mons.keys() != g.monuments.keys():
        out.append("monuments must list every monument of the components")
    else:
        for m, v in mons.items():
            spec = g.monuments[m]
            b = v["boxes_filled"]
            if not 0 <= b <= spec["worker_boxes"]:
                out.append(f"monument {m}: boxes outside 0..{spec['worker_boxes']}")
            if v["complete"] != (b == spec["worker_boxes"]):
                out.append(f"monument {m}: complete must mean all boxes filled")
            if v["complete"] != (v["points"] is not None) or (
                    v["complete"] and v["points"] not in (spec["points_first"], spec["points_later"])):
                out.append(f"monument {m}: points must be the first or later value once complete (IA-5.4)")
    ids = [d["id"] for d in p["developments"]]
    if len(set(ids)) != len(ids):
        out.append("a development is owned twice (IA-6.1)")
    if any(d not in g.developments for d in ids):
        out.append("unknown development")
    return out


def _check_column(what: str, c: dict[str, Any], s: dict[str, Any]) -> list[str]:
    out = []
    if c["column"] != s["column"]:
        out.append(f"{what} columns must be in order")
    full = c["boxes_filled"] == s["worker_boxes"]
    if not 0 <= c["boxes_filled"] <= s["worker_boxes"]:
        out.append(f"{what} {s['column']}: boxes outside 0..{s['worker_boxes']}")
    if what == "port":
        if not 0 <= c["amphoras_filled"] <= s["amphoras"]:
            out.append(f"port {s['column']}: amphoras outside 0..{s['amphoras']}")
        full = full and c["amphoras_filled"] == s["amphoras"]
    if c["complete"] != full:
        out.append(f"{what} {s['column']}: complete must mean every box (and amphora) filled (IA-5.4)")
    if s["prebuilt"] and not c["complete"]:
        out.append(f"{what} {s['column']} is prebuilt and must be complete (IA-S2)")
    return out


def _check_monuments(g: GameData, st: State) -> list[str]:
    """IA-R16: first-completion points go to exactly the seat recorded as first."""
    out = []
    first_by = st["monument_first_by"]
    if set(first_by) != set(g.monument_ids):
        return ["monument_first_by must list every monument"]
    for m, seat in first_by.items():
        done = [p["seat"] for p in st["players"] if p["monuments"][m]["complete"]]
        spec = g.monuments[m]
        if (seat is None) != (not done) or (seat is not None and seat not in done):
            out.append(f"monument {m}: monument_first_by must name a player who completed it")
            continue
        if seat is None or spec["points_first"] == spec["points_later"]:
            continue
        firsts = [s for s in done if st["players"][s]["monuments"][m]["points"] == spec["points_first"]]
        if firsts != [seat]:
            out.append(f"monument {m}: first-completion points must be taken by exactly seat {seat}")
    return out


def _check_setup(st: State) -> list[str]:
    """IA-S3: initial choices are made clockwise from the start player, once each."""
    players = st["players"]
    n = len(players)
    start = next((p["seat"] for p in players if p["start_player"]), 0)
    if st["game_over"] and st["resigned"] is not None:
        return []  # a resignation may end the game during setup
    if st["phase"] == "setup":
        done = (st["active_seat"] - start) % n
        chosen = {(start + k) % n for k in range(done)}
    else:
        chosen = set(range(n))
    if any((p["initial_choice"] is not None) != (p["seat"] in chosen) for p in players):
        return ["initial choices must be made clockwise from the start player before round 1 (IA-S3)"]
    return []


def _check_phase(g: GameData, st: State) -> list[str]:
    """The phase is one that waits for a decision, and the turn record fits it (§6.3, §7)."""
    phase = st["phase"]
    over = phase == "game_over"
    out = []
    if st["game_over"] != over:
        out.append("game_over must be true exactly in phase game_over")
    if over:
        n = len(st["players"])
        if type(st["final_scores"]) is not list or len(st["final_scores"]) != n or type(st["winners"]) is not list:
            out.append("a finished game records final_scores for every seat and winners")
        if st["turn"] is not None:
            out.append("a finished game has no turn")
        return out
    if phase not in DECISION_PHASES:
        return out + [f"phase {phase!r} is passed through automatically; a position must wait for a decision"]
    if st["final_scores"] is not None or st["winners"] is not None or st["end_reason"] is not None \
            or st["resigned"] is not None:
        out.append("final_scores, winners, end_reason and resigned are set only when the game is over")
    if phase == "setup":
        return out + (["no turn during setup"] if st["turn"] is not None else [])
    if st["turn"] is None:
        return out + ["a turn record is required after setup"]
    return out + _check_turn(g, st)


def _check_turn(g: GameData, st: State) -> list[str]:
    out = []
    t, phase = st["turn"], st["phase"]
    p = st["players"][st["active_seat"]]
    n = t["dice_count"]
    if not 1 <= n <= g.max_dice or len(t["empire_faces"]) != n or len(t["locked"]) != n:
        return ["dice_count must match the faces and locks, 1..empire_dice.count (IA-1.1)"]
    expect = dice.dice_count(g, p)
    if (n != expect) if phase not in AFTER_BUILD else (n > expect):
        out.append("dice_count must be max(ports, provinces) owned at the start of the turn (IA-1.1)")
    if any(f not in g.empire_faces for f in t["empire_faces"]) or t["fate_face"] not in g.fate_faces:
        return out + ["unknown die face"]
    if t["locked"] != [f in g.skull_faces for f in t["empire_faces"]]:
        out.append("exactly the skull dice are locked (IA-1.3)")
    if t["skulls_rolled"] != sum(t["locked"]):
        out.append("skulls_rolled must count the skull faces (IA-1.7)")
    if not 1 <= t["rolls_used"] <= dice.MAX_ROLLS:
        out.append("rolls_used outside 1..3 (IA-1.4)")
    if (phase == "roll") == (t["rolling_done"] or t["rolls_used"] >= dice.MAX_ROLLS):
        out.append("rolling continues exactly in phase roll (IA-1.4)")
    effect = g.fate_effect[t["fate_face"]]
    if phase == "omen" and (effect != "omen" or t["omen_used"]):
        out.append("the omen decision needs the omen face, unused (IA-1.6)")
    if phase in BEFORE_COLLECT and t["omen_used"]:
        out.append("the omen is used after rolling, then the turn moves on (IA-1.6)")
    early = phase in BEFORE_COLLECT or phase == "assign"
    if early and (t["workers"] or t["inventions"] or t["fow_choices"] or t["disaster"] or t["battles"]):
        out.append("nothing is collected or suffered before the food-or-workers choice (IA-2.2)")
    if not early and set(t["fow_choices"]) != {str(i) for i in collect.choice_dice(g, st)}:
        out.append("fow_choices must cover exactly the food_or_workers dice (IA-2.2)")
    if phase == "assign" and not collect.choice_dice(g, st):
        out.append("the assign decision needs a food_or_workers die (IA-2.2)")
    if t["end_turn"] and phase != "tribute":
        out.append("after end_turn the active player is never asked again this turn (§7)")
    if t["pending_battles"]:
        out.append("battles are resolved before any decision after them (IA-4.3)")
    if t["workers"] < 0 or t["inventions"] < 0:
        out.append("workers and inventions cannot be negative")
    if phase in AFTER_BUILD and t["workers"]:
        out.append("unspent workers are lost after building (IA-5.5)")
    if phase == "convert" and t["inventions"]:
        out.append("unused inventions are lost after buying (IA-6.3)")
    bought = t["development_bought"]
    if bought is not None and (phase != "convert" or not p["developments"] or p["developments"][-1]["id"] != bought):
        out.append("development_bought must be the active player's last purchase, this turn (IA-6.1)")
    if phase == "conquest" and (effect != "conquest" or p["military"] < 1):
        out.append("the conquest decision needs a conquest face and military >= 1 (IA-4.4, IA-R10)")
    out += _check_tribute(g, st, effect)
    return out


def _check_tribute(g: GameData, st: State, effect: str) -> list[str]:
    """IA-4.5: answers come only from weaker opponents; only holders of goods may deny."""
    t, phase = st["turn"], st["phase"]
    resp = t["tribute_responses"]
    if phase == "tribute" and (effect != "tribute" or st["config"]["solo"] or not battles.waiting_for(st)):
        return ["the tribute decision needs a tribute face, opponents and an open answer (IA-4.5)"]
    if resp and (effect != "tribute" or phase in BEFORE_COLLECT or phase in ("assign", "conquest")):
        return ["tribute answers exist only after a tribute demand (IA-4.5)"]
    if not resp or phase != "tribute":
        return []
    me = st["players"][st["active_seat"]]
    out = []
    for k, v in resp.items():
        if not k.isdigit() or int(k) == st["active_seat"] or int(k) >= len(st["players"]):
            return ["tribute answers are keyed by opponent seats"]
        other = st["players"][int(k)]
        if g.strength(other) >= g.strength(me):
            out.append(f"seat {k} is not weaker and is not asked for tribute (IA-4.5)")
        if v is not False and other["goods"] < 1:
            out.append(f"seat {k} has no goods and cannot deny (IA-4.5)")
    return out
