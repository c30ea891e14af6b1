"""The Sands of Time - the rules engine (spec: shared/games/sands_of_time/RULES.md).

This class only wires the engine contract (referee/engine/contract.py) to the modules, one per
rulebook section: setup (§3), generation (§4), cards (§4.2 steps A/B, §7), chronicle, military
(muster, raid), combat (conquest), build (build, govern), progress, caravans (caravan, tribute),
resettle, bonus (§5), scoring (§4.5, §10), turn (the decision machine), prompts, views,
checks, text_form, picture, narration and summary. Every number comes from components.json
through data.GameData.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.plumbing.i18n import Text
from referee.plumbing.i18n import EN, Translator
from referee.engine.base import GameRulesBase
from referee.engine.contract import IllegalMove, Prompt
from referee.engine.rng import Rng
from referee.engine.steps import Step
from referee.games.sands_of_time import determinize, evaluation
from referee.games.sands_of_time import (
    checks,
    narration,
    picture,
    prompts,
    scoring,
    setup,
    steps,
    summary,
    text_form,
    turn,
    views,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import Move, State, clone


class GameRules(GameRulesBase):
    """The sands_of_time rules; see README.md next to this file for moves, defaults and rulings."""

    id = "sands_of_time"
    title = "The Sands of Time"
    rules_version = "1"
    min_players = 2
    max_players = 5
    package_dir = Path(__file__).parent

    data_class = GameData
    # The search bot's work per CPU second (engine/contract.py): its builds and caravans are walked by steps.
    search_pace = 3_700

    def __init__(self, components: dict[str, Any] | None = None):
        super().__init__(components)
        self.min_players = self.components["player_count"]["min"]
        self.max_players = self.components["player_count"]["max"]

    def setup(self, seats: int, options: dict, rng: Rng) -> State:
        """ST-1..ST-12: a fresh game waiting for the first draft pick."""
        self.check_seats(seats)
        options = dict(options or {})
        extra = set(options) - {"first_seat"}
        if extra:
            raise ValueError(f"unknown option(s) {sorted(extra)}")
        start = self.first_seat(options, seats)
        st = setup.new_state(self.data, seats, rng, start)
        st["pending"] = turn.decisions(st)
        return st

    def prompted(self, state: State) -> list[int]:
        """The seats `prompts` prompts (engine/contract.py), without listing their choices (RULES.md 13)."""
        return prompts.prompted(state)

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.open_prompts(self.data, state)

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State:
        return turn.play(self.data, state, seat, move, rng)

    def default_move(self, state: State, seat: int) -> Move:
        return prompts.default_move(self.data, state, seat)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (determinize.py), for bots that search."""
        return determinize.determinize(self.data, view, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """The contract's optional hook for bots that search: the position's worth to `seat` in
        [0, 1], the chronicle points, later dynasties and awards to come included (evaluation.py)."""
        return evaluation.evaluate(self.data, state, seat)

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move:
        return views.redact(state, move, seat, viewer)

    def result(self, state: State) -> dict | None:
        return state["result"]

    def standings(self, state: State) -> dict:
        """ST-111 applied to the position as it stands (an abandoned game is scored so)."""
        return scoring.standings(self.data, state)

    def resign(self, state: State, seat: int) -> State:
        """Ruling (README "Resigning"): the game ends at once and is ranked as it stands; the
        resigning seat is ranked last and cannot win."""
        if state["game_over"]:
            raise IllegalMove(Text("the game is over"), "ST-111")
        if type(seat) is not int or not 0 <= seat < len(state["players"]):
            raise IllegalMove(Text("no seat %(seat)s", seat=seat), "ST-3")
        st = clone(state)
        scoring.finish(self.data, st, "resigned", resigned=seat)
        return st

    def vacate(self, state: State, seat: int) -> State:
        """A newcomer takes `seat`: the two cards its old holder chose in secret (ST-21) and that
        are not revealed yet are dropped, so the newcomer chooses again and there are never two."""
        p = state["players"][seat]
        if state["phase"] != "SELECT" or p.get("selected_cards") is None:
            return state
        st = clone(state)
        st["players"][seat]["selected_cards"] = None
        st["players"][seat]["auto_decline"] = False
        if "pending" in st:
            st["pending"] = turn.decisions(st)
        return st

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        """Every decision step by step (steps.py, turn_steps.py)."""
        return steps.steps(self, state, seat, kind, chosen)

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        return steps.move_path(self, state, seat, kind, move)

    def check_state(self, state: State) -> list[str]:
        return checks.check_state(self.data, state)

    def parse_text(self, text: str) -> Move:
        return text_form.parse_text(self.data, text)

    def format_move(self, move: Move) -> str:
        return text_form.format_move(self.data, move)

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        return picture.picture(self.data, view, seat, names, tr)

    def narrate(self, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
                tr: Translator = EN) -> str:
        return narration.narrate(self.data, event, names, before, after, tr)

    def facts(self, view: dict) -> dict:
        """The shared vocabulary (README, "Shared vocabulary"): the round as the game counts it,
        the seat whose turn it is (None while seats decide at once), every seat's public score."""
        return {"round": view["generation_index"] + 1, "active_seat": view.get("active_player"),
                "scores": [p.get("vp") for p in view["players"]]}

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        return summary.summary(self.data, view, seat, tr)
