"""Roll Through the Ages: The Iron Age - the rules engine (spec: shared/games/iron_age/RULES.md).

This class only wires the engine contract (referee/engine/contract.py) to the modules that
implement the rules: dice (Phase 1), collect (2), disasters (3), battles (4), build (5),
developments (6, 7), turn (the turn machine and decisions), scoring (game end), prompts,
checks (invariants) and text_form (the e-mail text form). Every number comes from the
component data through effects.GameData.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.plumbing.i18n import EN, Text, Translator
from referee.engine.base import GameRulesBase
from referee.engine.contract import IllegalMove, Prompt
from referee.engine.rng import Rng
from referee.engine.steps import Step
from referee.games.iron_age import determinize, evaluation
from referee.games.iron_age import checks, narration, picture, prompts, scoring, steps, summary, text_form, turn
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, clone, fail, new_state


def _check_options(options: dict[str, Any]) -> None:
    """schemas/games/iron_age/options.json, checked by hand: setup runs for every replay and
    the schema validator costs more than the rest of setup together."""
    extra = set(options) - {"length", "first_seat", "start_player", "solo"}
    if extra:
        raise ValueError(f"unknown option(s) {sorted(extra)}")
    if options.get("length", "short") not in ("short", "long"):
        raise ValueError("length must be \"short\" or \"long\"")
    if "first_seat" in options and "start_player" in options:
        raise ValueError("give first_seat (start_player is its older name), not both")
    for name in ("first_seat", "start_player"):
        if name in options and type(options[name]) is not int:
            raise ValueError(f"{name} must be a seat number")
    if "solo" in options and type(options["solo"]) is not bool:
        raise ValueError("solo must be true or false")


class GameRules(GameRulesBase):
    """The iron_age rules; see README.md next to this file for moves, defaults and rulings."""

    id = "iron_age"
    title = "Roll Through the Ages: The Iron Age"
    rules_version = "1"
    min_players = 1
    max_players = 4
    package_dir = Path(__file__).parent
    data_class = GameData
    # The search bot's work per CPU second (engine/contract.py): its moves are as cheap as Babel's, and
    # over a quarter of its work is walking steps, which the level's work did not count before; so its
    # decisions apply the moves they did (LEVEL_NODES was sized by Iron Age's moves).
    search_pace = 15_600

    def setup(self, seats: int, options: dict, rng: Rng) -> State:
        """IA-S1..IA-S5: a fresh game waiting for the start player's initial choice (D0)."""
        self.check_seats(seats)
        options = dict(options or {})
        _check_options(options)
        if "solo" in options and options["solo"] != (seats == 1):
            raise ValueError("solo is played with exactly one seat (IA-S5)")
        # `first_seat` is the start-seat option of every game (README, "Shared vocabulary");
        # `start_player` is its older name, still read for games created with it.
        start = self.first_seat(options, seats, "first_seat" if "first_seat" in options else "start_player")
        if start is None:
            start = rng.below(seats, label="start_player")  # IA-S1 / IA-R25: a logged chance event
        st = new_state(self.data, seats, options.get("length", "short"), start)
        st["pending_decisions"] = turn.pending(st)
        return st

    def prompted(self, state: State) -> list[int]:
        """The seats `prompts` prompts (engine/contract.py), without listing their choices (§7, IA-4.5)."""
        return prompts.prompted(state)

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.open_prompts(self.data, state)

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State:
        return turn.play(self.data, state, seat, move, rng)

    def default_move(self, state: State, seat: int) -> Move:
        return prompts.default_move(self.data, state, seat)

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public (RULES.md §1): the whole state for every seat and spectators,
        plus conveniences: current score and breakdown, strength and dice next turn per player."""
        g = self.data
        out = clone(state)
        out["derived"] = {
            "scores": [scoring.breakdown(g, p)["total"] for p in state["players"]],
            "score_breakdown": [scoring.breakdown(g, p) for p in state["players"]],
            "strength": [g.strength(p) for p in state["players"]],
            "tie_break": [scoring.tie_break(p) for p in state["players"]],
        }
        return out

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (determinize.py), for bots that search."""
        return determinize.determinize(view, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """The contract's optional hook for bots that search: the position's worth to `seat`
        in [0, 1], disasters and the points still to come included (evaluation.py)."""
        return evaluation.evaluate(self.data, state, seat)

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move:
        """Nothing in this game is hidden (RULES.md §1), so every move is shown as played."""
        return move

    def result(self, state: State) -> dict | None:
        return scoring.result(self.data, state)

    def standings(self, state: State) -> dict:
        """Scores as IA-E scoring gives them now (tie-break applied): for an abandoned game."""
        return scoring.standings(self.data, state)

    def resign(self, state: State, seat: int) -> State:
        """Ruling (README "Resigning"): the game ends at once and is scored as it stands; the
        resigning seat is ranked last and cannot win; the others are ranked by IA-E2/IA-E3."""
        if state["game_over"]:
            raise fail("game_over", Text("the game is over"), "IA-E1")
        if type(seat) is not int or not 0 <= seat < len(state["players"]):
            raise IllegalMove(Text("no seat %(seat)s", seat=seat), "IA-S1")
        st = dict(state)
        st["resigned"] = seat
        scoring.finish(self.data, st, "resigned")
        return st

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        """Every prompt offered step by step (steps.py): dice, sheet things, developments."""
        return steps.steps(self.data, state, seat, kind, chosen)

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        return steps.move_path(self.data, state, seat, kind, move)

    def check_state(self, state: State) -> list[str]:
        return checks.check_state(self.data, state)

    def parse_text(self, text: str) -> Move:
        return text_form.parse_text(self.data, text)

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        """The table as SVG, from the view only (picture.py)."""
        return picture.draw(view, seat, self.components, names, tr)

    def format_move(self, move: Move) -> str:
        return text_form.format_move(move)

    def narrate(self, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
                tr: Translator = EN) -> str:
        return narration.narrate(self.data, event, names, before, after, tr)

    def facts(self, view: dict) -> dict:
        """The shared vocabulary (README, "Shared vocabulary"): the round as the game counts it,
        the seat whose turn it is (None while seats decide at once), every seat's public score."""
        return {"round": view["round"], "active_seat": None if view["phase"] == "game_over" else view["active_seat"],
                "scores": scoring.standings(self.data, view)["scores"]}

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        return summary.summary(self.data, view, seat, tr)
