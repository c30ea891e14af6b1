"""Khronos (Bonnin/Bodin/Urbon; Ystari 2006) for 2-5 players: the engine contract.

The spec is /work/shared/games/khronos/RULES.md (rule ids K-n, rulings K-Rn). This class only
wires the contract to the modules beside it, each with one responsibility:

    data        numbers and board from components.json   state       state model, copy, supply
    spatial     footprints, domains, K-20/K-23/K-24 (§6)   shadows     copy forward, paradox (§9.1, 9.6)
    resolve     RESOLVE/REDUCE, resumable (§9.4, 9.5)      actions     check_*/do_* per action (§5, §7)
    cards       draws, K-42, adventurer charges (K-13)     phases      turn machine, refill (K-8..K-10, K-21)
    decisions   mid-action decisions (§11.2, 11.3)         scoring     taxation, end (K-25, K-26)
    moves       dispatch                                   prompts     prompts and defaults (§11)
    setup       setup (§4)                                 views       what each seat sees (§10.1)
    invariants  check_state                                text_form   the mail text form
    picture     the three boards as SVG                    narration   one sentence per event
    summary     a few lines for mails
"""

from __future__ import annotations

from pathlib import Path

from referee.plumbing.i18n import EN, Text, Translator
from referee.engine.base import GameRulesBase
from referee.engine.contract import IllegalMove, Move, Prompt, State
from referee.engine.rng import Rng

from referee.engine.steps import Option, Step

from referee.games.khronos import determinize
from referee.games.khronos import moves, narration, picture, prompts, steps, summary, text_form
from referee.games.khronos.data import GameData
from referee.games.khronos.invariants import violations
from referee.games.khronos.scoring import finish, standing
from referee.games.khronos.setup import initial_state
from referee.games.khronos.state import clone
from referee.games.khronos.views import view_for


class GameRules(GameRulesBase):
    """The rules of Khronos; every number and the board come from `self.components`."""

    id = "khronos"
    title = "Khronos"
    rules_version = "1"
    min_players = 2
    max_players = 5
    package_dir = Path(__file__).parent
    data_class = GameData
    # The search bot's work per CPU second (engine/contract.py): building by steps walks the board's sites.
    search_pace = 2_000

    def setup(self, seats: int, options: dict, rng: Rng) -> State:
        return initial_state(self.data, seats, dict(options or {}), rng)

    def prompted(self, state: State) -> list[int]:
        """The seats `prompts` prompts (engine/contract.py), without building them (§11.4)."""
        return prompts.prompted(state)

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.open_prompts(state)

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State:
        return moves.play(self.data, state, seat, move, rng)

    def default_move(self, state: State, seat: int) -> Move:
        return prompts.default_move(state, seat)

    def view(self, state: State, seat: int | None) -> dict:
        return view_for(self.data, state, seat)

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (determinize.py), for bots that search."""
        return determinize.determinize(self.data, view, rng)

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move:
        """Moves unchanged: every card a move names goes face up (played, discarded, swapped with
        the display), and no move carries a coin amount. Drawn cards are chance records, which
        the service withholds by their `visible_to` (RULES.md §10.1)."""
        return move

    def result(self, state: State) -> dict | None:
        return clone(state["result"])

    def standings(self, state: State) -> dict:
        """K-26 scoring of the position as it stands (a game ended as abandoned)."""
        return standing(state, "standings")

    def resign(self, state: State, seat: int) -> State:
        """README "Resigning": the game ends at once, scored by coins; the resigning seat is
        ranked last and cannot win."""
        if state["phase"] == "finished":
            raise IllegalMove(Text("the game is over"), "K-26")
        if type(seat) is not int or not 0 <= seat < len(state["players"]):
            raise IllegalMove(Text("no seat %(seat)s", seat=repr(seat)), "K-8")
        st = clone(state)
        st["resigned"] = seat
        st["pending"] = []
        finish(st, "resigned")
        return st

    # -- moves step by step (engine/steps.py): the turn is walked lazily, decisions are listed --

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        if kind == "turn":
            return steps.turn_steps(self.data, state, seat, list(chosen))
        return super().steps(state, seat, kind, chosen)

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        if kind == "turn":
            return steps.turn_path(self.data, state, seat, move)
        return super().move_path(state, seat, kind, move)

    def move_steps(self, state: State, seat: int, kind: str, move: Move) -> list[tuple[str, Option]]:
        return steps.decision_step(self.data, state, kind, move)

    def check_state(self, state: State) -> list[str]:
        return violations(self.data, state)

    def parse_text(self, text: str) -> Move:
        return text_form.parse_text(text)

    def format_move(self, move: Move) -> str:
        return text_form.format_move(move)

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        return picture.svg(view, seat, names, tr)

    def narrate(self, event: dict, names: list[str], before: dict | None = None, after: dict | None = None,
                tr: Translator = EN) -> str:
        return narration.sentence(event, names, before, after, tr)

    def facts(self, view: dict) -> dict:
        """The shared vocabulary (README, "Shared vocabulary"): the round as the game counts it,
        the seat whose turn it is (None while seats decide at once), every seat's public score."""
        coins = [p.get("coins") for p in view["players"]]  # hidden coins stay None (K-45)
        return {"round": view["round"], "active_seat": None if view["phase"] == "finished" else view["active_seat"],
                "scores": [c if isinstance(c, int) else None for c in coins]}

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        return summary.lines(view, seat, tr)
