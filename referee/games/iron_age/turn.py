"""The turn machine: who decides now (D0..D8), validating and applying moves, and the automatic
advance through every step that needs no decision (RULES.md §4, §7).

Each move type has one validator (shared by `apply` and by choice enumeration) and one effect
function returning the next step. Steps run until a decision is pending or the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.plumbing.i18n import Text
from referee.games.iron_age import battles, build, collect, developments, dice, disasters, scoring
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active, fail, new_turn, only_keys, start_seat, working_copy

Step = str | None


@dataclass(frozen=True)
class Decision:
    id: str  # D0..D8 of RULES.md §7
    kind: str  # the prompt kind
    rule: str  # the rule that says who decides now
    moves: tuple[str, ...]  # move types answering it
    summary: str  # legal_summary in pending_decisions


DECISIONS: dict[str, Decision] = {
    "setup": Decision("D0", "initial_choice", "IA-S3", ("initial_choice",), "choose port or province"),
    "roll": Decision("D1", "roll", "IA-1.4", ("reroll", "stop_rolling", "end_turn"),
                     "reroll unlocked dice or stop"),
    "omen": Decision("D2", "omen", "IA-1.6", ("omen", "omen_decline", "end_turn"),
                     "turn one die to any face, or decline"),
    "assign": Decision("D3", "assign", "IA-2.2", ("assign", "end_turn"),
                       "take each food-or-workers die as food or workers"),
    "conquest": Decision("D4", "conquest", "IA-4.4", ("conquest", "end_turn"), "attack or not"),
    "tribute": Decision("D5", "tribute_response", "IA-4.5", ("tribute_response",),
                        "deny the tribute for 1 good, or not"),
    "build": Decision("D6", "build", "IA-5.1", ("build", "end_turn"), "build actions ([] = nothing)"),
    "buy": Decision("D7", "buy", "IA-6.1", ("buy", "buy_none", "end_turn"), "buy one development or none"),
    "convert": Decision("D8", "convert", "IA-7.1", ("convert", "end_turn"), "convert goods to wealth"),
}

END_TURN: Move = {"type": "end_turn"}


def deciders(st: State) -> list[int]:
    """The seats that must decide now: the active seat, or each weaker opponent during D5."""
    phase = st["phase"]
    if phase == "tribute":
        return battles.waiting_for(st)
    if phase in DECISIONS:
        return [st["active_seat"]]
    return []


# --- defaults (RULES.md §7 "default on deadline"): conservative and always legal -----------------

def default_for(g: GameData, st: State, phase: str) -> Move:
    if phase == "assign":
        return collect.default_assign(g, st)
    return dict(DEFAULTS[phase])


DEFAULTS: dict[str, Move] = {
    "setup": {"type": "initial_choice", "choice": "port"},
    "roll": {"type": "stop_rolling"},
    "omen": {"type": "omen_decline"},
    "conquest": {"type": "conquest", "attack": False},
    "tribute": {"type": "tribute_response", "deny": False},
    "build": {"type": "build", "actions": []},
    "buy": {"type": "buy_none"},
    "convert": {"type": "convert", "wealth": 0},
}


# --- validators: raise IllegalMove or return what the effect needs ------------------------------

def _no_fields(rule: str) -> Callable[[GameData, State, int, Move], None]:
    def check(g: GameData, st: State, seat: int, move: Move) -> None:
        only_keys(move, (), rule)
    return check


def _check_initial(g: GameData, st: State, seat: int, move: Move) -> str:
    """IA-S3 (D0): port or province, once."""
    only_keys(move, ("choice",), "IA-S3")
    if move.get("choice") not in ("port", "province"):
        raise fail("bad_move", Text("'choice' must be \"port\" or \"province\""), "IA-S3")
    return move["choice"]


def _check_build(g: GameData, st: State, seat: int, move: Move) -> State:
    """IA-5.1: a build is legal iff it applies in order; the result is the built working state."""
    trial = dict(st)
    trial["players"] = list(st["players"])
    trial["players"][seat] = dict(st["players"][seat])
    trial["turn"] = dict(st["turn"])
    build.apply_build(g, trial, move)
    return trial


VALIDATE: dict[str, Callable[[GameData, State, int, Move], Any]] = {
    "initial_choice": _check_initial,
    "reroll": lambda g, st, seat, m: dice.check_reroll(g, st["turn"], m),
    "stop_rolling": _no_fields("IA-1.4"),
    "omen": lambda g, st, seat, m: dice.check_omen(g, st["turn"], m),
    "omen_decline": _no_fields("IA-1.6"),
    "assign": lambda g, st, seat, m: collect.check_assign(g, st, m),
    "conquest": lambda g, st, seat, m: battles.check_conquest(g, st, m),
    "tribute_response": battles.check_tribute_response,
    "build": _check_build,
    "buy": lambda g, st, seat, m: developments.check_buy(g, st, m),
    "buy_none": _no_fields("IA-6.1"),
    "convert": lambda g, st, seat, m: developments.check_convert(g, st, m),
    "end_turn": lambda g, st, seat, m: only_keys(m, (), DECISIONS[st["phase"]].rule),
}


def is_legal(g: GameData, st: State, seat: int, move: Move) -> bool:
    """The same validation apply uses, as a predicate (for choice lists)."""
    try:
        VALIDATE[move["type"]](g, st, seat, move)
    except IllegalMove:
        return False
    return True


# --- effects of accepted moves; each returns the next step --------------------------------------

def _do_initial(g: GameData, st: State, seat: int, choice: str, rng: Rng) -> Step:
    """IA-S3 / IA-S4: free port or province; the next seat clockwise chooses; then round 1."""
    p = st["players"][seat]
    p["initial_choice"] = choice
    build.complete_for_free(g, p, choice)
    nxt = (seat + 1) % len(st["players"])
    st["active_seat"] = nxt
    return "begin_turn" if nxt == start_seat(st) else None


def _do_reroll(g: GameData, st: State, seat: int, parsed: tuple[list[int], bool], rng: Rng) -> Step:
    dice.roll(g, st["turn"], rng, parsed[0], parsed[1])
    return "roll"


def _do_stop(g: GameData, st: State, seat: int, parsed: None, rng: Rng) -> Step:
    st["turn"]["rolling_done"] = True  # IA-R2
    return "roll"


def _do_omen(g: GameData, st: State, seat: int, parsed: tuple[int | str, str], rng: Rng) -> Step:
    dice.apply_omen(g, st["turn"], *parsed)
    return "collect"


def _do_assign(g: GameData, st: State, seat: int, choices: dict[str, str], rng: Rng) -> Step:
    collect.collect_rest(g, st, choices)
    return "feed_disaster"


def _do_conquest(g: GameData, st: State, seat: int, attack: bool, rng: Rng) -> Step:
    if attack:
        battles.conquer(g, st)
    return "build"


def _do_tribute(g: GameData, st: State, seat: int, deny: bool, rng: Rng) -> Step:
    """IA-4.5: record one answer; settle once every weaker opponent has answered."""
    st["turn"]["tribute_responses"] = {**st["turn"]["tribute_responses"], str(seat): deny}
    if battles.waiting_for(st):
        return None
    battles.settle_tribute(g, st)
    return "build"


def _do_build(g: GameData, st: State, seat: int, built: State, rng: Rng) -> Step:
    st.update(built)
    return "buy"


def _do_buy(g: GameData, st: State, seat: int, parsed: tuple[str, dict[str, int]], rng: Rng) -> Step:
    developments.buy(g, st, *parsed)
    return _after_buy(st)


def _do_buy_none(g: GameData, st: State, seat: int, parsed: None, rng: Rng) -> Step:
    return _after_buy(st)


def _after_buy(st: State) -> Step:
    st["turn"]["inventions"] = 0  # IA-6.3
    return "convert"


def _do_convert(g: GameData, st: State, seat: int, k: int, rng: Rng) -> Step:
    developments.convert(g, st, k)
    return "end_turn"


def _do_end_turn(g: GameData, st: State, seat: int, parsed: None, rng: Rng) -> Step:
    """§7 end_turn: the defaults of this and every later decision of this turn."""
    st["turn"]["end_turn"] = True
    return _auto(g, st, rng, st["phase"])


EFFECT: dict[str, Callable[[GameData, State, int, Any, Rng], Step]] = {
    "initial_choice": _do_initial, "reroll": _do_reroll, "stop_rolling": _do_stop, "omen": _do_omen,
    "omen_decline": lambda g, st, seat, parsed, rng: "collect", "assign": _do_assign,
    "conquest": _do_conquest, "tribute_response": _do_tribute, "build": _do_build, "buy": _do_buy,
    "buy_none": _do_buy_none, "convert": _do_convert, "end_turn": _do_end_turn,
}


def _answer(g: GameData, st: State, seat: int, move: Move, rng: Rng) -> Step:
    return EFFECT[move["type"]](g, st, seat, VALIDATE[move["type"]](g, st, seat, move), rng)


def _auto(g: GameData, st: State, rng: Rng, phase: str) -> Step:
    """Answer the active player's decision with its default (skipped decision or end_turn)."""
    return _answer(g, st, st["active_seat"], default_for(g, st, phase), rng)


def _ask(g: GameData, st: State, rng: Rng, phase: str) -> Step:
    """Wait for the active player, unless they ended their turn (then play the default)."""
    st["phase"] = phase
    return _auto(g, st, rng, phase) if st["turn"]["end_turn"] else None


# --- automatic steps -------------------------------------------------------------------------

def _begin_turn(g: GameData, st: State, rng: Rng) -> Step:
    """IA-1.1 / IA-1.2: a fresh turn record and roll 1."""
    t = new_turn(dice.dice_count(g, active(st)))
    st["turn"] = t
    dice.first_roll(g, t, rng)
    return "roll"


def _roll(g: GameData, st: State, rng: Rng) -> Step:
    """D1 after roll 1 and roll 2 (never skipped); after roll 3 rolling ends (IA-1.4)."""
    t = st["turn"]
    if t["rolls_used"] >= dice.MAX_ROLLS:
        t["rolling_done"] = True
    if t["rolling_done"]:
        return "omen"
    return _ask(g, st, rng, "roll")


def _omen(g: GameData, st: State, rng: Rng) -> Step:
    """D2 only when the final fate face is the omen (IA-1.6)."""
    if g.fate_effect[st["turn"]["fate_face"]] != "omen":
        return "collect"
    return _ask(g, st, rng, "omen")


def _collect(g: GameData, st: State, rng: Rng) -> Step:
    """IA-2.1 goods, then D3 when a food_or_workers die shows (IA-2.2)."""
    st["phase"] = "assign"
    collect.collect_goods(g, st)
    if not collect.choice_dice(g, st):
        return _auto(g, st, rng, "assign")
    return _ask(g, st, rng, "assign")


def _feed_disaster(g: GameData, st: State, rng: Rng) -> Step:
    """Phase 3 (IA-3.1, IA-3.2, IA-R6): feeding first, then the disaster."""
    st["phase"] = "feed_disaster"
    disasters.feed(g, st)
    disasters.strike(g, st)
    return "battle"


def _battle(g: GameData, st: State, rng: Rng) -> Step:
    """IA-4.3 disaster battles, then the fate face's conquest or tribute."""
    st["phase"] = "battle"
    battles.disaster_battles(g, st)
    effect = battles.fate_effect(g, st)
    return effect if effect in ("conquest", "tribute") else "build"


def _conquest(g: GameData, st: State, rng: Rng) -> Step:
    """D4, skipped without military (IA-4.4, IA-R10)."""
    st["phase"] = "conquest"
    if not battles.may_conquer(g, st):
        return "build"
    return _ask(g, st, rng, "conquest")


def _tribute(g: GameData, st: State, rng: Rng) -> Step:
    """IA-4.5 / IA-4.6: ask the weaker opponents with goods; settle when nobody is asked."""
    st["phase"] = "tribute"
    battles.open_tribute(g, st)
    if battles.waiting_for(st):
        return None
    if not st["config"]["solo"]:
        battles.settle_tribute(g, st)
    return "build"


def _build(g: GameData, st: State, rng: Rng) -> Step:
    st["phase"] = "build"
    if not build.can_build(g, st):
        return _auto(g, st, rng, "build")
    return _ask(g, st, rng, "build")


def _buy(g: GameData, st: State, rng: Rng) -> Step:
    st["phase"] = "buy"
    if not developments.affordable(g, st):
        return _auto(g, st, rng, "buy")
    return _ask(g, st, rng, "buy")


def _convert(g: GameData, st: State, rng: Rng) -> Step:
    st["phase"] = "convert"
    if developments.max_convert(g, st) <= 0:
        return _auto(g, st, rng, "convert")
    return _ask(g, st, rng, "convert")


def _end_turn(g: GameData, st: State, rng: Rng) -> Step:
    """The next seat clockwise; after the round's last turn, the end check IA-E1."""
    nxt = (st["active_seat"] + 1) % len(st["players"])
    if nxt == start_seat(st):
        reason = scoring.end_reason(g, st)
        if reason is not None:
            scoring.finish(g, st, reason)
            return None
        st["round"] += 1
    st["active_seat"] = nxt
    return "begin_turn"


STEPS: dict[str, Callable[[GameData, State, Rng], Step]] = {
    "begin_turn": _begin_turn, "roll": _roll, "omen": _omen, "collect": _collect,
    "feed_disaster": _feed_disaster, "battle": _battle, "conquest": _conquest, "tribute": _tribute,
    "build": _build, "buy": _buy, "convert": _convert, "end_turn": _end_turn,
}


def run(g: GameData, st: State, rng: Rng, step: Step) -> None:
    """Advance until a decision is pending or the game is over; then list the open decisions."""
    while step is not None:
        step = STEPS[step](g, st, rng)
    st["pending_decisions"] = pending(st)


def pending(st: State) -> list[dict[str, Any]]:
    """RULES.md §6.2 pending_decisions, derived from phase and turn."""
    if st["game_over"]:
        return []
    d = DECISIONS.get(st["phase"])
    if d is None:
        return []
    return [{"decision": d.id, "seat": s, "legal_summary": d.summary} for s in deciders(st)]


def play(g: GameData, state: State, seat: int, move: Move, rng: Rng) -> State:
    """Validate `move` from `seat` against the pending decision and return the advanced state."""
    if state["game_over"]:
        raise fail("game_over", Text("the game is over"), "IA-E1")
    d = DECISIONS.get(state["phase"])
    if d is None:
        raise fail("no_decision", Text("phase %(phase)s takes no move", phase=repr(state["phase"])), "§7")
    if seat not in deciders(state):
        who = deciders(state)
        raise fail("not_your_decision", Text("seat %(seat)s is not asked now; waiting for seat(s) %(who)s (%(decision)s)",
                                            seat=seat, who=str(who), decision=d.id), d.rule)
    if not isinstance(move, dict) or move.get("type") not in d.moves:
        got = move.get("type") if isinstance(move, dict) else move
        raise fail("wrong_move", Text("%(got)s does not answer %(decision)s; expected one of %(moves)s", got=repr(got),
                                     decision=d.id, moves=str(list(d.moves))), d.rule)
    st = working_copy(state)
    step = _answer(g, st, seat, move, rng)
    run(g, st, rng, step)
    return st

