"""The decision machine: which decisions are open (RULES.md 13), applying a move to the right
module, and the automatic steps between decisions (the generation loop, reveals, turn ends)."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.games.sands_of_time import (
    bonus,
    build,
    caravans,
    cards,
    chronicle,
    combat,
    generation,
    military,
    progress,
    resettle,
    scoring,
    setup,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import unlocked
from referee.games.sands_of_time.state import Move, State, clone, fail

SUB_DECISIONS = ("combat_value", "combat_losses", "retreat", "new_capital", "annex", "road_permission",
                 "resettle_replan", "progress_pick")


def decisions(state: State) -> list[dict]:
    """The open decisions [{kind, seat}] (several seats at once where the spec says so)."""
    if state["game_over"]:
        return []
    phase = state["phase"]
    if phase in setup.SETUP_KIND:
        return [{"kind": setup.SETUP_KIND[phase], "seat": setup.setup_seat(state)}]
    if phase == "SELECT":
        return [{"kind": "choose_cards", "seat": s} for s, p in enumerate(state["players"]) if p["selected_cards"] is None]
    if phase == "GROWTH":
        return [{"kind": "growth_allocation", "seat": s} for s in state["growth"]["waiting"]]
    if phase == "OVERPOP":
        seat = generation.overpop_seat(state)
        return [{"kind": "overpop_remove", "seat": seat}] if seat is not None else []
    if phase != "EXECUTE":
        return []
    a = state["action"]
    if a is None:
        return [{"kind": "turn", "seat": state["active_player"]}]
    if a["kind"] == "combat":
        if a.get("stage") == "values":
            return [{"kind": "combat_value", "seat": s} for s in sorted(combat.values_missing(state))]
        kind = {"losses": "combat_losses", "retreat": "retreat", "new_capital": "new_capital", "annex": "annex"}[a["stage"]]
        return [{"kind": kind, "seat": a["stage_seat"]}]
    if a["kind"] == "road_permission":
        return [{"kind": "road_permission", "seat": s, "region": r} for r, s in a["asked"].items() if r not in a["answers"]]
    if a["kind"] == "resettle_replan":
        return [{"kind": "resettle_replan", "seat": a["seat"]}]
    return [{"kind": "progress_pick", "seat": a["seat"]}]


ACTIONS = {
    "chronicle": lambda g, st, s, m, rng: chronicle.do_chronicle(g, st, s, m) or True,
    "muster": lambda g, st, s, m, rng: military.do_muster(g, st, s, m) or True,
    "raid": lambda g, st, s, m, rng: military.do_raid(g, st, s, m) or True,
    "conquest": lambda g, st, s, m, rng: combat.do_conquest(g, st, s, m),
    "build": lambda g, st, s, m, rng: build.do_build(g, st, s, m) or True,
    "govern": lambda g, st, s, m, rng: build.do_govern(g, st, s, m) or True,
    "progress": lambda g, st, s, m, rng: progress.do_progress(g, st, s, m, rng),
    "caravan_1": lambda g, st, s, m, rng: caravans.do_caravan(g, st, s, m) or True,
    "caravan_2": lambda g, st, s, m, rng: caravans.do_caravan(g, st, s, m) or True,
    "resettle": lambda g, st, s, m, rng: resettle.do_resettle(g, st, s, m),
    "tribute": lambda g, st, s, m, rng: caravans.do_tribute(g, st, s, m) or True,
}


def play(g: GameData, state: State, seat: int, move: Move, rng: Rng) -> State:
    """apply: checks that `seat` has an open decision of the move's type, performs it on a copy,
    then runs the automatic steps up to the next decisions."""
    if state["game_over"]:
        raise fail("NOT_ALLOWED", Text("the game is over"), "ST-111")
    if not isinstance(move, dict) or "type" not in move:
        raise fail("NOT_ALLOWED", Text("a move is an object with a type"), "ST-22")
    if "player" in move and move["player"] != seat:
        raise fail("NOT_YOUR_TURN", Text("player must be your own seat"), "ST-22")
    mine = [d for d in state["pending"] if d["seat"] == seat]
    if not mine and move["type"] == "choose_cards" and state["phase"] == "SELECT":
        raise fail("ACTION_ALREADY_DONE", Text("your choice is submitted and final"), "ST-21")
    if not mine and move["type"] == "combat_value" and state["action"] and state["action"].get("stage") == "values":
        raise fail("ACTION_ALREADY_DONE", Text("no die value is asked of you now"), "ST-56")
    if not mine:
        raise fail("NOT_YOUR_TURN", Text("no decision is asked of you now"), "ST-22")
    kinds = {d["kind"] for d in mine}
    mtype = move["type"]
    want = {"act": "turn", "decline": "turn", "bonus": "turn", "end_turn": "turn"}.get(mtype, mtype)
    if "resettle_replan" in kinds and mtype == "act":
        want = "resettle_replan"
    if want not in kinds:
        raise fail("PENDING_DECISION", Text("the decision asked of you is %(decisions)s", decisions=", ".join(sorted(kinds))), _rule_for(sorted(kinds)[0]))
    st = clone(state)
    _perform(g, st, seat, move, want, rng)
    advance(g, st, rng)
    st["pending"] = decisions(st)
    return st


def _rule_for(kind: str) -> str:
    return {"choose_cards": "ST-21", "turn": "ST-22", "combat_value": "ST-56", "combat_losses": "ST-57",
            "retreat": "ST-58", "new_capital": "ST-59", "annex": "ST-60", "road_permission": "ST-75",
            "resettle_replan": "ST-75", "progress_pick": "ST-69", "growth_allocation": "ST-30",
            "overpop_remove": "ST-32"}.get(kind, "ST-6")


def _perform(g: GameData, st: State, seat: int, move: Move, kind: str, rng: Rng) -> None:
    if kind in setup.SETUP_KIND.values():
        setup.apply_setup(g, st, seat, move)
    elif kind == "choose_cards":
        cards.check_choose(g, st, seat, move)
        cards.do_choose(st, seat, move)
    elif kind == "growth_allocation":
        generation.do_growth(st, seat, move)
    elif kind == "overpop_remove":
        generation.do_overpop(st, seat, move)
    elif kind == "turn":
        _turn_move(g, st, seat, move, rng)
    elif kind == "combat_value":
        _after_action(g, st, combat.do_value(g, st, seat, move))
    elif kind in ("combat_losses", "retreat", "new_capital", "annex"):
        _after_action(g, st, combat.do_decision(g, st, seat, move))
    elif kind == "progress_pick":
        progress.do_pick(g, st, seat, move)
        _after_action(g, st, True)
    elif kind == "road_permission":
        region = resettle.check_permission(st, seat, move)
        a = st["action"]
        a["answers"][region] = move["grant"]
        if len(a["answers"]) == len(a["asked"]):
            if all(a["answers"].values()):
                resettle.execute(g, st, a["seat"], a["plan"])
                _after_action(g, st, True)
            else:
                a["kind"] = "resettle_replan"
    elif kind == "resettle_replan":
        if move.get("card") != "resettle":
            raise fail("PENDING_DECISION", Text("re-plan your resettle (act resettle)"), "ST-75")
        a = st["action"]
        granted = {r for r, ok in a["answers"].items() if ok}
        resettle.check_moves(g, st, seat, move, allowed_vias=granted)
        resettle.execute(g, st, seat, move)
        _after_action(g, st, True)


def _turn_move(g: GameData, st: State, seat: int, move: Move, rng: Rng) -> None:
    """ST-22..ST-25 and the actions of section 5."""
    t = st["turn"]
    mtype = move["type"]
    if mtype == "end_turn":
        for c in cards.pending_cards(st):
            cards.decline(g, st, c)
        _end_turn(g, st)
        return
    if mtype == "decline":
        cards.decline(g, st, cards.check_decline(g, st, move))
    elif mtype == "bonus":
        bonus.do_bonus(g, st, seat, move)
    else:
        card = move.get("card")
        if card not in t["cards"] or card in g.focus:
            raise fail("NOT_REVEALED_CARD", Text("%(card)s is not one of your revealed action cards", card=card), "ST-22")
        if t["status"][card] != "pending":
            raise fail("ACTION_ALREADY_DONE", Text("%(card)s is already resolved", card=card), "ST-22")
        st["action_card"] = card
        done = ACTIONS[card](g, st, seat, move, rng)
        if st["action"] is not None:
            st["action"]["card"] = card
        _after_action(g, st, done)
        return
    _maybe_end_turn(g, st)


def _after_action(g: GameData, st: State, done: bool) -> None:
    """An action (and all its sub-decisions) completed: the card is played (ST-91 marker)."""
    if not done:
        return
    st["action"] = None
    card, st["action_card"] = st["action_card"], None
    if card is not None:
        cards.finish_card(g, st, card)
    _maybe_end_turn(g, st)


def _maybe_end_turn(g: GameData, st: State) -> None:
    """ST-22: the turn ends by itself once every action card is resolved and the bonus taken;
    a Caravan II that culture no longer permits is declined then (ST-R37)."""
    t = st["turn"]
    p = st["players"][t["seat"]]
    if p["bonus_used_this_turn"] is None or st["action"] is not None:
        return
    left = cards.pending_cards(st)
    if left == ["caravan_2"] and not unlocked(g, st, t["seat"], "culture"):
        cards.decline(g, st, "caravan_2")
        left = []
    if not left:
        _end_turn(g, st)


def _end_turn(g: GameData, st: State) -> None:
    cards.end_turn_unrest(g, st)
    st["turn"] = None
    st["turn_order_index"] += 1
    st["phase"] = "REVEAL"


def advance(g: GameData, st: State, rng: Rng) -> None:
    """Runs the automatic steps until a decision is open or the game is over."""
    n = len(st["players"])
    while not st["game_over"]:
        phase = st["phase"]
        if phase == "INCOME":
            generation.income(g, st)
            generation.start_turn(st)
        elif phase == "SELECT":
            if any(p["selected_cards"] is None for p in st["players"]):
                return
            st["phase"] = "REVEAL"
            st["turn_order_index"] = 0
        elif phase == "REVEAL":
            if st["turn_order_index"] >= n:
                st["phase"] = "TURN_END"
                continue
            seat = (st["start_player"] + st["turn_order_index"]) % n
            st["phase"] = "EXECUTE"
            cards.reveal(g, st, seat)
            if st["players"][seat]["auto_decline"]:
                _end_turn(g, st)
        elif phase == "EXECUTE":
            return
        elif phase == "TURN_END":
            if generation.step_c(g, st, rng):
                generation.start_turn(st)
            elif generation.growth_due(g, st):
                generation.start_growth(g, st)
            else:
                generation.start_overpop(g, st)
        elif phase == "GROWTH":
            if st["growth"]["waiting"]:
                return
            generation.start_overpop(g, st)
        elif phase == "OVERPOP":
            if not generation.overpop_run(g, st):
                return
            st["phase"] = "DYNASTY"
        elif phase == "DYNASTY":
            d = scoring.dynasty_due(g, st)
            if d is not None:
                scoring.score_dynasty(g, st, d)
                if d == g.dynasty_count:
                    scoring.awards(g, st)
                    scoring.finish(g, st, "end")
                    return
            generation.new_generation(g, st)
            st["phase"] = "INCOME"
        else:
            return
