"""Moves offered step by step: the one mechanism by which pages, mails and bots build a move
by pointing and clicking, with the rules as the only judge (README, "Moves step by step").

A move is a short path of choices. At each point the rules offer the options that can still
lead to a legal move; each option has words, and where it is a place or thing on the board,
the id of that board element in the game's picture (so the page can highlight it and take a
click on it as the step). Once the path makes a complete move, `Step.move` holds it and the
client submits it as any move is submitted. The page and the client hold no rules.

Games whose prompts list their `choices` get steps for free: `from_moves` builds the tree
from the legal moves and the game's `move_path` (how one move reads as steps). Games whose
moves are too many to list walk the tree lazily in their own `steps`, using the same types.
Both are pure: same state, same path, same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from referee.plumbing.i18n import Text

Move = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One option of a step. `id` is the token of `?chosen=` (letters, digits, `-_.:~`; never
    a comma), stable for the same state and path; `element` is the id of the board element
    this option is (None for a number, a yes/no, a button beside the board); `group` a heading
    under which long lists are shown."""

    id: str
    label: str
    element: str | None = None
    group: str | None = None


@dataclass(frozen=True)
class Step:
    """The answer to a path: what the next step asks (`question`), its `options` (empty once
    nothing more can be chosen) and, once the path makes a complete move, that `move`. A path
    can be complete and still extensible (an optional extra): both are then set."""

    question: str
    options: list[Option] = field(default_factory=list)
    move: Move | None = None

    def to_json(self) -> dict[str, Any]:
        # (each option by hand: dataclasses.asdict deep-copies every label, a `Text` rebuilt by
        # pickling, which cost more than the step itself; labels are never changed in place)
        return {"question": self.question,
                "options": [{"id": o.id, "label": o.label, "element": o.element, "group": o.group} for o in self.options],
                "move": self.move}


class StepRefused(Exception):
    """A path the rules do not offer: `index` is the position in `chosen` of the first choice
    that is unknown or no longer legal; `rule` the spec's rule id when one rule explains it."""

    def __init__(self, index: int, message: str, rule: str | None = None):
        super().__init__(message)  # a `Text`, so the reader sees it in their language
        self.index = index
        self.message = message
        self.rule = rule


# How one legal move reads as steps: a list of (question, option) pairs, one per step.
MovePath = Callable[[Move], Sequence[tuple[str, Option]]]


def from_moves(moves: Iterable[Move], path_of: MovePath, chosen: Sequence[str],
               done: str = Text("Ready to play")) -> Step:
    """The step after `chosen` in the tree of `moves`, each read as steps by `path_of`.
    Options keep the order of the first move that offers them. StepRefused names the first
    choice that no legal move follows."""
    paths = [(m, list(path_of(m))) for m in moves]
    for i, token in enumerate(chosen):
        paths = [(m, p) for m, p in paths if len(p) > i and p[i][1].id == token]
        if not paths:
            raise StepRefused(i, Text("step %(step)s: %(token)s is not one of the options offered here",
                                      step=i + 1, token=repr(token)))
    depth = len(chosen)
    move = next((m for m, p in paths if len(p) == depth), None)
    options: dict[str, Option] = {}
    question = done
    for _, p in paths:
        if len(p) > depth:
            q, opt = p[depth]
            if not options:
                question = q
            options.setdefault(opt.id, opt)
    return Step(question, list(options.values()), move)


def walk(steps: Callable[[Sequence[str]], Step], path: Sequence[str]) -> Step:
    """Follow `path` through `steps` one choice at a time (what a client does); the last answer.
    Used by tests and by the mail's step-by-step `moves` command."""
    answer = steps([])
    for i in range(len(path)):
        answer = steps(path[: i + 1])
    return answer


def parse_chosen(raw: str | None) -> list[str]:
    """`?chosen=a,b,c` as a list (empty for a missing or empty parameter)."""
    if not raw:
        return []
    return raw.split(",")
