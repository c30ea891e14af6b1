"""Babel (Rosenberg & Dorgathen, Kosmos 2000) for two players: the engine contract.

The spec is /work/shared/games/babel/RULES.md (rule ids B-n, rulings B-R n). This class only
wires the contract to the modules beside it, each with one responsibility:

    config        numbers from components.json        board        derived quantities (§3)
    draft         copy-on-write editing                fields       reading move fields
    actions       travel/settle/build/migrate (§6)     abilities    powers and halving (§7)
    feasibility   start-card predicate F (B-15)        turns        draws, turn change, end (§5, §8)
    moves         who may move, dispatch               choices      prompts' choices, defaults (§10)
    opening       setup (§4)                           views        what each seat sees (§9)
    invariants    check_state (§13)                    text_form    the mail text form (§10)
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.plumbing.i18n import EN, Text, Translator
from referee.engine.base import GameRulesBase
from referee.engine.contract import IllegalMove, Move, Prompt, State
from referee.engine.rng import Rng
from referee.engine.steps import Option, Step, StepRefused

from referee.games.babel import determinize
from referee.games.babel import choices
from referee.games.babel.board import hand_sizes, other, scores
from referee.games.babel.config import config_from
from referee.games.babel.draft import Draft
from referee.games.babel.invariants import violations
from referee.games.babel.moves import perform
from referee.games.babel.opening import initial_state
from referee.games.babel.picture import draw as draw_picture
from referee.games.babel.narration import narrate
from referee.games.babel.steps import discard_steps, turn_path
from referee.games.babel.summary import summary
from referee.games.babel.text_form import format_move, parse_move
from referee.games.babel.turns import finish
from referee.games.babel.views import view_for


class GameRules(GameRulesBase):
    """The rules of Babel; every number comes from `self.components` (via `self.cfg`)."""

    id = "babel"
    title = "Babel"
    # 2: a draw into a hand shows every seat how many cards were drawn (C-2, C-4: a public
    #    count beside the withheld identities). Games created under 1 replay under 1.
    # 3: the result also names `winners` and `ranking`, as every game's does (README, "Shared
    #    vocabulary"). Games created under 1 or 2 keep their recorded result shape.
    rules_version = "3"
    rules_versions = ("1", "2", "3")
    min_players = 2
    max_players = 2
    package_dir = Path(__file__).parent

    def __init__(self, components: dict[str, Any] | None = None, version: str | None = None):
        super().__init__(components, version)
        self.cfg = replace(config_from(self.components), public_draw_count=self.rules_version != "1")

    def setup(self, seats: int, options: dict, rng: Rng) -> State:
        return initial_state(self.cfg, seats, options, rng)

    def prompted(self, state: State) -> list[int]:
        """The seats `prompts` prompts (engine/contract.py), without listing their choices."""
        if state["phase"] == "over":
            return []
        if state["phase"] == "halve_response":
            return [state["pending"]["seat"]]
        return [state["active"]]

    def prompts(self, state: State) -> list[Prompt]:
        """DP-1 to the active seat, or DP-2 to the seat owing a halving discard; none once over."""
        return [self._prompt(state, seat) for seat in self.prompted(state)]

    def _prompt(self, state: State, seat: int) -> Prompt:
        if state["phase"] == "halve_response":
            k = state["pending"]["count"]
            text = (Text("Hand halving: discard %(n)s card of your choice.", n=k) if k == 1
                    else Text("Hand halving: discard %(n)s cards of your choice.", n=k))
            return Prompt(seat, "choose_cards", text, choices.discard_choices(self.cfg, state, seat),
                          self.default_move(state, seat))
        text = Text("Turn %(turn)s: act at will, then end your turn.", turn=state["turn"])
        return Prompt(seat, "turn", text, choices.turn_choices(self.cfg, state, seat), self.default_move(state, seat))

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State:
        """The state after `move`; the input is never modified (only a Draft is written)."""
        draft = Draft(state)
        perform(self.cfg, draft, seat, move, rng)
        return draft.state

    def default_move(self, state: State, seat: int) -> Move:
        """DP-1 / DP-2 defaults; a seat with nothing to decide has no default."""
        if state["phase"] == "over":
            raise IllegalMove(Text("the game is over"), "B-29")
        if state["phase"] == "halve_response" and state["pending"]["seat"] == seat:
            return choices.default_discard(self.cfg, state, seat)
        if state["phase"] == "actions" and state["active"] == seat:
            return choices.default_turn(self.cfg, state, seat)
        raise IllegalMove(Text("seat %(seat)s has nothing to decide now", seat=seat), "B-14")

    def view(self, state: State, seat: int | None) -> dict:
        return view_for(state, seat)

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (determinize.py), for bots that search."""
        return determinize.determinize(self.cfg, view, rng)

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move:
        """Moves unchanged: no Babel move carries a secret. Travel, settle and discard name
        cards that go face up onto the discard pile or a column, and the halving discard is
        public by B-28 / B-R17. The hidden parts of an event are its chance records (C-2,
        C-3, C-4, C-5), which the service withholds by their `visible_to`."""
        return move

    def result(self, state: State) -> dict | None:
        if state["result"] is None:  # every move asks, and the answer is mostly "not over"
            return None
        result = copy.deepcopy(state["result"])
        if self.rules_version in ("1", "2"):
            return result
        winner, sc = result["winner"], result["scores"]
        # A winner ranks first whatever the scores (a race or a resignation); a draw shares first place.
        ranking = [winner, other(winner)] if winner is not None else sorted((0, 1), key=lambda s: (-sc[s], s))
        return {**result, "winners": [winner] if winner is not None else [0, 1], "ranking": ranking}

    def standings(self, state: State) -> dict:
        """Scores as B-31 counts them now (for an abandoned game): higher score ranks first,
        an equal score is a shared place."""
        sc = scores(state)
        ranking = sorted((0, 1), key=lambda s: (-sc[s], s))
        return {"scores": sc, "ranking": ranking, "winners": [s for s in ranking if sc[s] == max(sc)],
                "hand_sizes": hand_sizes(state)}

    def resign(self, state: State, seat: int) -> State:
        """B-33: resignation is a service action; the other seat wins, reason "resigned"."""
        if state["phase"] == "over":
            raise IllegalMove(Text("the game is over"), "B-29")
        if seat not in (0, 1):
            raise IllegalMove(Text("no seat %(seat)s", seat=repr(seat)), "B-8")
        draft = Draft(state)
        finish(draft, other(seat), "resigned")
        return draft.state

    # -- moves step by step (steps.py) -------------------------------------------------------

    def move_steps(self, state: State, seat: int, kind: str, move: Move) -> list[tuple[str, Option]]:
        """A turn move as the action, then the board thing it uses (steps.turn_path)."""
        return turn_path(self.cfg, state, seat, move)

    def _decision(self, state: State, seat: int, kind: str) -> None:
        for p in self.prompts(state):
            if p.seat == seat and p.kind == kind:
                return
        raise StepRefused(0, Text("seat %(seat)s has no %(kind)s decision now", seat=seat, kind=repr(kind)), "B-14")

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        """DP-1 from its listed moves; DP-2 card by card (it may list none)."""
        if kind == "choose_cards":
            self._decision(state, seat, kind)
            return discard_steps(self.cfg, state, seat, chosen)
        return super().steps(state, seat, kind, chosen)

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        if kind == "choose_cards":
            self._decision(state, seat, kind)
            return list(move["cards"])
        return super().move_path(state, seat, kind, move)

    def check_state(self, state: State) -> list[str]:
        return violations(self.cfg, state)

    def parse_text(self, text: str) -> Move:
        return parse_move(text, self.cfg.peoples, self.cfg.powers)

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        """The board as SVG, from the view only (picture.py)."""
        return draw_picture(view, seat, names, tr)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def narrate(self, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
                tr: Translator = EN) -> str:
        return narrate(event, names, before, after, tr)

    def facts(self, view: dict) -> dict:
        """The shared vocabulary (README, "Shared vocabulary"): the round as the game counts it,
        the seat whose turn it is (None while seats decide at once), every seat's public score."""
        return {"round": view["turn"], "active_seat": None if view["phase"] == "over" else view["active"],
                "scores": list(view["scores"])}

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        return summary(view, seat, tr)
