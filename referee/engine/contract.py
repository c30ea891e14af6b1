"""The contract every game's rules module fulfils (see DESIGN.md, "The engine contract").

A rules module is pure and deterministic: it never touches the database, the clock, the
network or `random`. State is plain JSON data; `apply` never mutates its input. All
randomness comes through the `Rng` handed in, which records every draw as a chance record.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable, Protocol, runtime_checkable

from referee.engine.rng import Rng
from referee.plumbing.i18n import EN, Translator
from referee.engine.steps import Step

State = dict[str, Any]
Move = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules refuse. `rule` is the spec's rule id (e.g. "B-7")."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True)
class Prompt:
    """A decision a seat must take now.

    `choices` is the complete list of legal moves when it is small (a few hundred at most),
    otherwise None and the client builds the move from the move schema. `default` is the move
    the referee plays if the deadline passes; it is always legal.
    """

    seat: int
    kind: str
    text: str
    choices: list[Move] | None
    default: Move

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@runtime_checkable
class Rules(Protocol):
    """One game's rules. Instances are built with the game's component data.

    `result` returns None while the game runs, then a dict with at least
    `winner` (seat or None for a draw / shared win) and `scores` (one entry per seat);
    games add their own fields (reason, ranking, tie-breaks).
    """

    id: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options_schema: dict
    move_schema: dict
    state_schema: dict
    components: dict

    def setup(self, seats: int, options: dict, rng: Rng) -> State: ...

    def prompts(self, state: State) -> list[Prompt]: ...

    def apply(self, state: State, seat: int, move: Move, rng: Rng) -> State: ...

    def default_move(self, state: State, seat: int) -> Move: ...

    def view(self, state: State, seat: int | None) -> dict: ...

    def redact(self, state: State, move: Move, seat: int, viewer: int | None) -> Move: ...

    def result(self, state: State) -> dict | None: ...

    def standings(self, state: State) -> dict:
        """The result as the game's own scoring rules give it now, for a running game: at least
        `scores`, `ranking` (seats, best first) and `winners`. Used when a game ends without its
        rules ending it (abandoned: every seat absent for the clock's `abandon_after`)."""
        ...

    def resign(self, state: State, seat: int) -> State:
        """The state after `seat` resigns (a service action, not a move)."""
        ...

    def vacate(self, state: State, seat: int) -> State:
        """The state when a new holder takes `seat`: a secret choice the old holder made and
        that is not revealed yet is dropped, so the newcomer makes its own (never two)."""
        ...

    def steps(self, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
        """The move of `seat`'s prompt `kind` offered step by step (engine/steps.py): the options
        after the choices `chosen`, and the complete move once they make one. Raises StepRefused
        for a path the rules do not offer. Options are only what that seat may see."""
        ...

    def move_path(self, state: State, seat: int, kind: str, move: Move) -> list[str]:
        """The option ids that build the legal `move` through `steps` (the inverse of `steps`;
        tests check every legal move is reachable)."""
        ...

    def determinize(self, view: dict, rng: Rng) -> State:
        """A full state consistent with `view` (the result of `view(state, seat)`), for bots that
        search (README, "Bots"): what the view hides (hands, deck orders, secret choices) dealt
        at random through `rng` (the bot's own stream, never the game's), respecting every count
        the view shows, so that `view(determinize(v, rng), seat) == v` and the state passes the
        state schema and `check_state`. In games/<id>/determinize.py."""
        ...

    def check_state(self, state: State) -> list[str]:
        """Invariant violations of a state (empty when sound); used to validate positions."""
        ...

    def parse_text(self, text: str) -> Move:
        """The move written in the game's short text form (for play by email).

        Raises ValueError with a readable message when the text is not a move."""
        ...

    # Presentation hooks (DESIGN.md, "The engine contract"). Each works only from what a seat
    # may see -- a view or an event already redacted for the viewer -- never from the full
    # state, so none of them can leak. Every game implements all four.

    def format_move(self, move: Move) -> str:
        """`move` in the game's text form (for mails, forms and prompts):
        `parse_text(format_move(m)) == m` for every legal move `m`."""
        ...

    def picture(self, view: dict, seat: int | None, names: list[str] | None = None, tr: Translator = EN) -> str:
        """`view` (the result of `view(state, seat)`) drawn as one standalone inline SVG
        element: it has a `<title>` and text labels, so it reads without colour and with a
        screen reader; players are called by `names` (seat numbers when None); its words are in
        `tr`'s language (titles, labels, legends; the game's terms from its glossary). Things a step
        may name carry `data-el` (engine/drawing.py). Pure: same view, same bytes."""
        ...

    def narrate(self, event: dict, names: list[str], before: dict | None = None,
                after: dict | None = None, tr: Translator = EN) -> str:
        """One short sentence for a `move` or `timeout` event as a viewer may see it; automatic
        steps that follow from it (collecting, feeding, income, scoring) each on a line of their
        own after it ("\n"-separated).

        `before`/`after`, when given, are the viewer's own views (`view(state, viewer)`) just
        before and after the event, so the sentence can name outcomes (a battle's result, coins
        gained) without seeing more than that viewer may; without them it says what it can.

        `event` is `{"seq", "type", "seat", "payload"}` with the payload already redacted for
        that viewer (`payload["move"]` through `redact`, `payload["chance"]` with withheld
        values null and only their `public` part shown), so the sentence cannot reveal more
        than the viewer may see. `names[i]` is seat i's player name. `tr` is the viewer's
        language (plumbing/i18n.py): the hook stays pure, the language comes as an argument, and
        old callers get English. Game terms come from the game's glossary (engine/glossary.py)."""
        ...

    def summary(self, view: dict, seat: int | None, tr: Translator = EN) -> str:
        """A short plain-text summary of `view` for mails: a few lines, no JSON; in `tr`'s
        language where the game's hook is translated."""
        ...

    def facts(self, view: dict) -> dict:
        """What every game shares, under one name for all games (README, "Shared vocabulary"):
        `{"round": int, "active_seat": int | None, "scores": [int | None per seat]}` -- the round
        as the game counts it, the seat whose turn it is (None while seats decide at once), and
        each seat's score as far as `view` shows it (None where it is hidden)."""
        ...


# An optional hook, outside the Protocol so that a game without it still is `Rules`:
#
#     def evaluate(self, state: State, seat: int) -> float
#
# What a running position is worth to `seat`, in [0, 1] (1: it surely wins, 0: it surely
# loses), as a game-playing program's evaluation function: the search bot (referee/bots/)
# scores a playout it stops before the end with it, instead of the standings as they are. It
# is given a full state the bot dealt from its own view (`determinize`), so it may read the
# whole state; pure and cheap (it runs once per playout).

Evaluate = Callable[[State, int], float]


def evaluator(rules: Any) -> Evaluate | None:
    """The game's `evaluate(state, seat)` when it has one, else None."""
    hook = getattr(rules, "evaluate", None)
    return hook if callable(hook) else None


# An optional hook beside it:
#
#     def prompted(self, state: State) -> list[int]
#
# The seats `prompts(state)` prompts, without making the prompts: a game whose prompts list
# many choices (Babel's whole turn) says cheaply whose turn it is. Every move's write needs the
# seats (the games list's `to_move`) while only its answer needs the choices (issue 41). Equal
# to the prompts' seats in every state (tests/playout.py checks it in every playout).


def prompted_seats(rules: Any, state: State) -> list[int]:
    """The distinct seats `rules.prompts(state)` prompts, in order; by the game's `prompted`
    hook where it has one."""
    hook = getattr(rules, "prompted", None)
    if callable(hook):
        return sorted(set(hook(state)))
    return seats_of(rules.prompts(state))


def seats_of(prompts: Iterable[Prompt]) -> list[int]:
    """The distinct seats of some prompts, in order."""
    return sorted({p.seat for p in prompts})


# An optional attribute beside it:
#
#     search_pace: int
#
# How much work the search bot does in this game per CPU second (moves applied plus steps
# walked; measured with `bots` levels on the 2-core reference machine): a game whose moves are
# built by long walks of costly steps does less. A level's work bound scales by it, so every
# game's bot thinks about the same CPU time, bounded by work and not by the clock.

REFERENCE_PACE = 11_250


def search_pace(rules: Any) -> int:
    """The game's `search_pace`, else REFERENCE_PACE (Babel's and Iron Age's, which the levels' work is sized by)."""
    pace = getattr(rules, "search_pace", None)
    return pace if isinstance(pace, int) and pace > 0 else REFERENCE_PACE
