"""The step-by-step driver of Gentes (engine/steps.py): a move grammar run as a generator.

Gentes turns cannot be listed (free ops make them unbounded), so each prompt kind has a
*grammar* (steps_turn.py, steps_phases.py): a generator that yields an `Ask` per step (the
question, the candidate options, and -- when building the path of a known move -- the option
that move takes) and receives the chosen option id. The same generator serves both
directions: `steps` feeds it the client's `chosen` ids, `move_path` feeds it the target
move's own choices. An ask with one candidate and `auto` set is taken without a click (and
without a token), in both directions alike.

The rules stay the only judge: candidates are cheap supersets, and every option offered is
kept only if some completion of it is accepted by `apply` (a bounded depth-first search that
tries options in order, so the first legal completion is usually found at once). A complete
move is offered only when `apply` accepts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generator, Sequence

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.engine.hashing import canonical
from referee.engine.rng import Rng
from referee.engine.steps import Option, Step, StepRefused
from referee.plumbing.i18n import Text

Move = dict[str, Any]

# Depth-first search budget (grammar replays) per `steps` call; past it an option is assumed
# viable (a complete path is still checked by apply before it is offered as a move).
BUDGET = 1000
READY = Text("Ready to play")


@dataclass
class Ask:
    """One step: `options` are candidates (supersets, pruned by the driver); `want` is the id
    the target move takes here (None: the target stops here, only where `complete` is set);
    `complete` the move if the path may end here; `auto` lets a single candidate pass unasked."""

    question: str
    options: list[Option]
    want: str | None = None
    complete: Move | None = None
    auto: bool = False
    rule: str | None = None  # for an ask with nothing to choose: the rule that leaves nothing


Grammar = Generator[Ask, str, Move]


class Walker:
    """One prompt of one position: replays its grammar along paths, judges completions.

    A walker may serve several calls on its position (steps_moves.py keeps a few): what
    `apply` said of a move, and whether a path is viable when the search said so without
    running out of budget, hold for the position's life. What rested on the budget running out
    (or on the loop guard) is kept for the call only, so each call judges as a fresh walker
    would or better: never a guess of an earlier call."""

    def __init__(self, rules: Any, state: dict, seat: int, grammar: Callable[[Move | None], Grammar]):
        self.rules, self.state, self.seat, self.grammar = rules, state, seat, grammar
        self._legal: dict[bytes, tuple[dict | None, IllegalMove | None]] = {}
        self._viable: dict[tuple[str, ...], bool] = {}   # exact verdicts, kept across calls
        self._guess: dict[tuple[str, ...], bool] = {}    # verdicts of this call only
        self._unsure = 0  # times this call assumed a path viable (budget) or met the loop guard
        self.budget = BUDGET

    def begin(self) -> None:
        """A new call: a full budget, no guesses."""
        self.budget, self._guess, self._unsure = BUDGET, {}, 0

    # -- judging -----------------------------------------------------------------------------
    def outcome(self, move: Move) -> tuple[dict | None, IllegalMove | None]:
        """(the state after `move`, None) when apply accepts it, else (None, its refusal);
        memoised per call."""
        key = canonical(move)
        if key not in self._legal:
            try:
                self._legal[key] = (self.rules.apply(self.state, self.seat, move, Rng(b"\0" * 32, 10 ** 6)), None)
            except IllegalMove as e:
                self._legal[key] = (None, e)
        return self._legal[key]

    def refusal(self, move: Move) -> IllegalMove | None:
        return self.outcome(move)[1]

    def legal(self, move: Move | None) -> bool:
        return move is not None and self.refusal(move) is None

    # -- replaying ---------------------------------------------------------------------------
    def run(self, chosen: Sequence[str]) -> tuple[Ask | None, Move | None]:
        """Replay `chosen`: (the next ask, None) or (None, the finished move). StepRefused names
        the first id that is not a candidate."""
        self.budget -= 1
        gen = self.grammar(None)
        ask = next(gen)
        i = 0
        try:
            while True:
                if ask.auto and len(ask.options) == 1 and ask.complete is None:
                    ask = gen.send(ask.options[0].id)
                    continue
                if i == len(chosen):
                    return ask, None
                token = chosen[i]
                if token not in {o.id for o in ask.options}:
                    raise StepRefused(i, Text("step %(step)s: %(token)s is not one of the options offered here "
                                              "(%(question)s)", step=i + 1, token=repr(token), question=ask.question))
                i += 1
                ask = gen.send(token)
        except StopIteration as stop:
            if i < len(chosen):
                raise StepRefused(i, Text("step %(step)s: the move is already complete", step=i + 1)) from None
            return None, stop.value

    def path_of(self, move: Move) -> list[str]:
        """The ids that build `move` (the grammar reads its choices off the move)."""
        gen = self.grammar(move)
        path: list[str] = []
        try:
            ask = next(gen)
            while True:
                if ask.auto and len(ask.options) == 1 and ask.complete is None:
                    ask = gen.send(ask.options[0].id)
                    continue
                if ask.want is None:
                    return path
                path.append(ask.want)
                ask = gen.send(ask.want)
        except StopIteration:
            return path

    def viable(self, chosen: tuple[str, ...]) -> bool:
        """Some completion of `chosen` is a legal move (depth-first, options in order)."""
        known = self._viable.get(chosen)
        if known is None:
            known = self._guess.get(chosen)
        if known is not None:
            if chosen in self._guess and chosen not in self._viable:
                self._unsure += 1  # (a guard or a guess: what rests on it is this call's only)
            return known
        if self.budget <= 0:
            self._unsure += 1
            return True
        self._guess[chosen] = False  # guards against a grammar that loops
        unsure = self._unsure
        try:
            ask, move = self.run(chosen)
        except StepRefused:
            self._guess.pop(chosen)
            self._viable[chosen] = False
            return False
        if ask is None:
            ok = self.legal(move)
        else:
            ok = self.legal(ask.complete) if ask.complete is not None else False
            if not ok:
                ok = any(self.viable(chosen + (o.id,)) for o in ask.options)
        if self._unsure == unsure:
            self._guess.pop(chosen)
            self._viable[chosen] = ok
        else:
            self._guess[chosen] = ok
        return ok

    # -- the contract ------------------------------------------------------------------------
    def why(self, chosen: tuple[str, ...]) -> IllegalMove | None:
        """Why a path leads nowhere: the refusal met first when following its first options."""
        path = chosen
        for _ in range(40):
            try:
                ask, move = self.run(path)
            except StepRefused:
                return None
            if ask is None:
                return self.refusal(move)
            if ask.complete is not None and self.refusal(ask.complete) is not None and not ask.options:
                return self.refusal(ask.complete)
            if not ask.options:
                return IllegalMove(ask.question, ask.rule) if ask.rule else None
            path = path + (ask.options[0].id,)
        return None

    def step(self, chosen: Sequence[str]) -> Step:
        self.begin()
        chosen = tuple(chosen)
        ask, move = self.run(chosen)  # refuses unknown ids with their index
        if not self.viable(chosen):
            index = next(i for i in range(len(chosen)) if not self.viable(chosen[: i + 1]))
            why = self.why(chosen[: index + 1])
            step, token = index + 1, repr(chosen[index])
            raise StepRefused(index, Text("step %(step)s: %(token)s leads to no legal move: %(reason)s", step=step,
                                          token=token, reason=why.message) if why else
                              Text("step %(step)s: %(token)s leads to no legal move", step=step, token=token),
                              why.rule if why else None)
        if ask is None:
            return Step(READY, [], move)
        options = [o for o in ask.options if self.viable(chosen + (o.id,))]
        done = ask.complete if ask.complete is not None and self.legal(ask.complete) else None
        question = ask.question if options else READY
        return Step(question, options, done)
