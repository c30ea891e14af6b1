"""The state model of RULES.md §6: building it, copying it cheaply, and small shared helpers.

`apply` must never mutate its input, but deep-copying the whole state on every move is the
slowest part of a playout. `working_copy` copies every dict a move may change at top level
(players, turn) and leaves the nested per-player structures (ports, provinces, monuments,
developments) shared; code that changes one of those first takes its own copy with `own`.
"""

from __future__ import annotations

from typing import Any

from referee.engine.contract import IllegalMove
from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import TRACKS, GameData
from referee.engine.jsondata import clone  # noqa: F401 (the games' one deep copy)

State = dict[str, Any]
Player = dict[str, Any]
Move = dict[str, Any]

# Phases where the game waits for a decision (RULES.md §6.2, §7); the others are passed
# through automatically inside one `apply`.
DECISION_PHASES = ("setup", "roll", "omen", "assign", "conquest", "tribute", "build", "buy", "convert")
TRANSIENT_PHASES = ("feed_disaster", "battle")
PHASES = DECISION_PHASES + TRANSIENT_PHASES + ("game_over",)
NESTED = ("ports", "provinces", "monuments", "developments")


def fail(reason: str, text: Text, rule: str) -> IllegalMove:
    """An IllegalMove whose message starts with the spec's machine-readable reason (§7); the
    reason stays as it is in every language (clients read it), the `text` is the reader's."""
    # i18n: a machine-readable reason code (kept as is), then why the move is refused
    return IllegalMove(Text("%(reason)s: %(text)s", reason=reason, text=text), rule)




def working_copy(state: State) -> State:
    """A copy safe to change at the top level of the state, of each player and of the turn."""
    st = dict(state)
    st["players"] = [dict(p) for p in state["players"]]
    t = state.get("turn")
    if t is not None:
        # the turn's lists and maps are replaced or changed in place; battle records never are
        t = st["turn"] = dict(t)
        for key in ("empire_faces", "locked", "pending_battles", "battles"):
            t[key] = list(t[key])
        for key in ("fow_choices", "tribute_responses"):
            t[key] = dict(t[key])
    return st


def own(p: Player, key: str) -> Any:
    """Give player `p` (already shallow-copied) its own copy of a nested field before changing it."""
    p[key] = clone(p[key])
    return p[key]


def new_player(g: GameData, seat: int, start: bool) -> Player:
    """IA-S2: track start values, prebuilt port and province columns, empty sheet."""
    p: Player = {"seat": seat, "start_player": start}
    for t in TRACKS:
        p[t] = g.tracks[t]["start"]
    p.update(g.sheet_start)
    p["ports"] = [{"column": c["column"], "boxes_filled": c["worker_boxes"] if c["prebuilt"] else 0,
                   "amphoras_filled": c["amphoras"] if c["prebuilt"] else 0, "complete": c["prebuilt"]}
                  for c in g.ports]
    p["provinces"] = [{"column": c["column"], "boxes_filled": c["worker_boxes"] if c["prebuilt"] else 0,
                       "complete": c["prebuilt"]} for c in g.provinces]
    p["ports_owned"] = sum(1 for c in g.ports if c["prebuilt"])
    p["provinces_owned"] = sum(1 for c in g.provinces if c["prebuilt"])
    p["monuments"] = {m: {"boxes_filled": 0, "complete": False, "points": None} for m in g.monument_ids}
    p["developments"] = []
    p["initial_choice"] = None
    return p


def new_state(g: GameData, seats: int, length: str, start: int) -> State:
    """IA-S1..S5: the position before the first initial choice (D0) of the start player."""
    return {
        "config": {"players": list(range(seats)), "length": length, "solo": seats == 1},
        "round": 1,
        "active_seat": start,
        "phase": "setup",
        "monument_first_by": {m: None for m in g.monument_ids},
        "pending_decisions": [],
        "game_over": False,
        "final_scores": None,
        "winners": None,
        "end_reason": None,
        "resigned": None,
        "players": [new_player(g, s, s == start) for s in range(seats)],
        "turn": None,
    }


def new_turn(dice_count: int) -> dict[str, Any]:
    """RULES.md §6.3: the per-turn record, reset at each turn start (faces set by roll 1)."""
    return {
        "dice_count": dice_count, "empire_faces": [], "locked": [], "fate_face": None,
        "rolls_used": 0, "rolling_done": False, "omen_used": False, "fow_choices": {},
        "skulls_rolled": 0, "workers": 0, "inventions": 0, "pending_battles": [],
        "tribute_responses": {}, "development_bought": None, "end_turn": False,
        "disaster": None, "battles": [],
    }


def seats(st: State) -> int:
    return len(st["players"])


def start_seat(st: State) -> int:
    """IA-S1: the seat flagged start_player."""
    for p in st["players"]:
        if p["start_player"]:
            return p["seat"]
    raise ValueError("no start player")


def clockwise(st: State, first: int) -> list[int]:
    """Every seat in clockwise order beginning with `first` (IA-4.3, IA-4.5)."""
    n = seats(st)
    return [(first + k) % n for k in range(n)]


def active(st: State) -> Player:
    return st["players"][st["active_seat"]]


def count_arg(move: Move, key: str, rule: str, minimum: int = 1) -> int:
    """An integer field of a move, at least `minimum`; bools are not counts."""
    v = move.get(key)
    if type(v) is not int or v < minimum:
        raise fail("bad_move", Text("%(key)s must be an integer >= %(minimum)s", key=repr(key), minimum=minimum), rule)
    return v


def bool_arg(move: Move, key: str, rule: str) -> bool:
    v = move.get(key)
    if type(v) is not bool:
        raise fail("bad_move", Text("%(key)s must be true or false", key=repr(key)), rule)
    return v


def only_keys(move: Move, allowed: tuple[str, ...], rule: str) -> None:
    """Reject unknown fields, as the move schema does (additionalProperties: false)."""
    extra = set(move) - set(allowed) - {"type"}
    if extra:
        raise fail("bad_move", Text("unknown field(s) %(fields)s", fields=str(sorted(extra))), rule)
