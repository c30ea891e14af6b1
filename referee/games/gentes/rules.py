"""Gentes (Stefan Risthaus; Spielworxx 2017) for 2-4 players: the engine contract.

The spec is /work/shared/games/gentes/RULES.md (rule ids G-n, rulings G-Rn). This class only
wires the contract to the modules beside it, one responsibility each:

    data          numbers from components.json     state        copies, context, helpers (8)
    setup         setup and draft (3)              track        time track (4.2, G-50, G-56)
    heyday        turns, tiles, tax, pass (4.1-4.12) population  rows and pushing (G-17, G-18)
    philosopher / scribe / navigator / chronicler / leader, actions   main actions (4.4-4.8)
    cubes         cube abilities, free ops (4.10, 4.11)          bonus   checkpoint (G-47)
    effects       the op/mod interpreter (5)       display      display and 2-player cubes (G-23, 7)
    decline       the Decline phase (4.14)         scoring      final scoring, ranking (6)
    prompts       who is asked, defaults (10)      views        hidden information (9)
    invariants    check_state                      text_form / picture / narration / summary: hooks
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.plumbing.i18n import Text
from referee.plumbing.i18n import EN, Translator
from referee.engine.base import GameRulesBase
from referee.engine.contract import IllegalMove, Move, Prompt, State
from referee.engine.rng import Rng
from referee.engine.steps import Step
from referee.games.gentes import determinize
from referee.games.gentes import narration, picture, prompts, steps_moves, summary, text_form
from referee.games.gentes.data import GameData
from referee.games.gentes.decline import start_decline, submit_decline
from referee.games.gentes.heyday import next_seat, play_turn
from referee.games.gentes.invariants import violations
from referee.games.gentes.scoring import ranking_result, submit_final
from referee.games.gentes.setup import do_draft_pick, initial_state
from referee.games.gentes.state import Ctx, clone, need
from referee.games.gentes.views import redact_move, view_for


def _check_options(options: dict[str, Any], seats: int) -> None:
    """schemas/games/gentes/options.json, checked by hand (setup runs on every replay)."""
    extra = set(options) - {"first_seat"}
    if extra:
        raise ValueError(f"unknown option(s) {sorted(extra)}")
    GameRulesBase.first_seat(options, seats)


class GameRules(GameRulesBase):
    """The rules of Gentes; every number comes from `self.components` (via `self.data`)."""

    id = "gentes"
    title = "Gentes"
    rules_version = "1"
    min_players = 2
    max_players = 4
    package_dir = Path(__file__).parent
    data_class = GameData
    # The search bot's work per CPU second (engine/contract.py): its steps and prompts cost the most of all games.
    search_pace = 900

    def setup(self, seats: int, options: dict, rng: Rng) -> State:
        """G-1..G-4: a game waiting for the first draft pick."""
        self.check_seats(seats)
        options = dict(options or {})
        _check_options(options, seats)
        return initial_state(self.data, seats, options, rng)

    def prompted(self, state: State) -> list[int]:
        """The seats `prompts` prompts (engine/contract.py), without listing their choices (10.1)."""
        return prompts.prompted(state)

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.open_prompts(self.data, state)

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State:
        """The state after `move` on a copy (all or nothing); the input is never changed."""
        need(state["phase"] != "over", Text("the game is over"), "G-59")
        need(type(seat) is int and 0 <= seat < len(state["players"]), Text("no seat %(seat)s", seat=repr(seat)), "G-1")
        need(type(move) is dict, Text("a move is a JSON object with a type"), "G-7")
        st = clone(state)
        ctx = Ctx(self.data, st, seat, rng)
        phase, kind = st["phase"], move.get("type")
        if phase == "draft":
            need(kind == "draft_pick", Text("the starting-hand draft is running: draft_pick"), "G-4")
            need(seat == st["turn_seat"], Text("it is not your pick"), "G-4")
            do_draft_pick(ctx, move)
        elif phase == "heyday":
            need(not st["passed"][seat], Text("you have passed this round"), "G-46")
            need(seat == st["turn_seat"], Text("it is not your turn"), "G-6")
            play_turn(ctx, move)
            nxt = next_seat(st, seat)
            if nxt is None:
                start_decline(ctx)
            else:
                st["turn_seat"] = nxt
        elif phase == "decline":
            need(kind == "decline_choices", Text("the Decline phase asks for decline_choices"), "G-54")
            submit_decline(ctx, move)
        else:
            need(kind == "final_fulfil", Text("final scoring asks for final_fulfil"), "G-57")
            submit_final(ctx, move)
        return st

    def default_move(self, state: State, seat: int) -> Move:
        return prompts.default_move(self.data, state, seat)

    def view(self, state: State, seat: int | None) -> dict:
        return view_for(state, seat)

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (determinize.py), for bots that search."""
        return determinize.determinize(self.data, view, rng)

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move:
        """Heyday moves are public (every card taken or played is face up, section 9);
        decline and final answers stay hidden until all seats have answered."""
        return redact_move(state, move, seat, viewer)

    def result(self, state: State) -> dict | None:
        return clone(state["result"])

    def standings(self, state: State) -> dict:
        """G-59 / G-R16 applied to the position as it stands (a game ended as abandoned)."""
        return ranking_result(state, "standings")

    def resign(self, state: State, seat: int) -> State:
        """Ruling (README "Resigning"): the game ends at once, scored by VP as it stands; the
        resigning seat is ranked last and cannot win."""
        if state["phase"] == "over":
            raise IllegalMove(Text("the game is over"), "G-59")
        if type(seat) is not int or not 0 <= seat < len(state["players"]):
            raise IllegalMove(Text("no seat %(seat)s", seat=repr(seat)), "G-1")
        st = clone(state)
        st.update(phase="over", turn_seat=None, resigned=seat, result=ranking_result(st, "resigned", last=seat))
        return st

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        """Every prompt's move step by step (steps_moves.py); apply is the only judge."""
        return steps_moves.steps(self, state, seat, kind, chosen)

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        return steps_moves.move_path(self, state, seat, kind, move)

    def check_state(self, state: State) -> list[str]:
        return violations(self.data, state)

    def parse_text(self, text: str) -> Move:
        return text_form.parse_text(text)

    def format_move(self, move: Move) -> str:
        return text_form.format_move(move)

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        return picture.draw(self.data, view, seat, names, tr)

    def narrate(self, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
                tr: Translator = EN) -> str:
        return narration.narrate(self.data, event, names, before, after, tr)

    def facts(self, view: dict) -> dict:
        """The shared vocabulary (README, "Shared vocabulary"): the round as the game counts it,
        the seat whose turn it is (None while seats decide at once), every seat's public score."""
        return {"round": view["round"], "active_seat": view.get("turn_seat"),
                "scores": [p.get("vp") for p in view["players"]]}

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        return summary.summarize(self.data, view, seat, tr)
