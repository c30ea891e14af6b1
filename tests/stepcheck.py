"""Checks of the step-by-step mechanism (referee/engine/steps.py) against a game's rules, shared
by every game's `test_steps.py`:

- every move reached by steps is accepted by `apply` (`random_walk`);
- every legal move (a prompt's choices, or the playout generator's moves for long prompts) is
  reachable: its `move_path` walks to exactly that move (`reachable`);
- a path is refused exactly where the rules refuse: an option id that is not offered is refused
  with StepRefused naming its index, and a path that is offered never raises (`refusals`).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from referee.engine.contract import IllegalMove, Rules
from referee.engine.hashing import canonical
from referee.engine.rng import Rng
from referee.engine.steps import Step, StepRefused


def _apply_ok(rules: Rules, state: dict, seat: int, move: dict) -> str | None:
    """None when `apply` accepts `move`, else the reason."""
    try:
        rules.apply(copy.deepcopy(state), seat, move, Rng(b"\0" * 32, 10 ** 6))
    except IllegalMove as e:
        return f"{e.message} ({e.rule})"
    return None


def random_walk(rules: Rules, state: dict, seat: int, kind: str, pick: random.Random,
                max_depth: int = 40) -> dict:
    """Take random options until a move is complete (sometimes stopping early where allowed);
    assert every answer is well formed and the move is accepted by apply. Returns the move."""
    path: list[str] = []
    for _ in range(max_depth):
        step: Step = rules.steps(state, seat, kind, path)
        assert step.options or step.move is not None, f"dead end at {path}"
        for o in step.options:
            assert o.id and "," not in o.id and o.label, o
        ids = [o.id for o in step.options]
        assert len(ids) == len(set(ids)), f"duplicate option ids at {path}: {ids}"
        if step.move is not None and (not step.options or pick.random() < 0.3):
            reason = _apply_ok(rules, state, seat, step.move)
            assert reason is None, f"steps {path} built {step.move}, refused: {reason}"
            return step.move
        path.append(pick.choice(step.options).id)
    raise AssertionError(f"no move after {max_depth} steps: {path}")


def reachable(rules: Rules, state: dict, seat: int, kind: str, move: dict) -> None:
    """The legal `move` is built by following its `move_path` through `steps`."""
    path = rules.move_path(state, seat, kind, move)
    step = rules.steps(state, seat, kind, [])
    for i, token in enumerate(path):
        assert token in [o.id for o in step.options], f"{move}: step {i} {token!r} not offered"
        step = rules.steps(state, seat, kind, path[: i + 1])
    assert step.move is not None and canonical(step.move) == canonical(move), (move, path, step.move)


def refusals(rules: Rules, state: dict, seat: int, kind: str, pick: random.Random) -> None:
    """A token not offered at some point of a valid path is refused with that index; nothing
    in the state changes."""
    before = canonical(state)
    path: list[str] = []
    for depth in range(6):
        step = rules.steps(state, seat, kind, path)
        try:
            rules.steps(state, seat, kind, path + ["no-such-option"])
            raise AssertionError(f"unknown option accepted after {path}")
        except StepRefused as e:
            assert e.index == depth, (e.index, depth)
        if not step.options:
            break
        path.append(pick.choice(step.options).id)
    assert canonical(state) == before, "steps changed the state"


def check_prompts(rules: Rules, state: dict, pick: random.Random, move_gen: Any = None,
                  samples: int = 3) -> int:
    """All three checks on every prompt of `state`; returns how many moves were checked."""
    checked = 0
    for p in rules.prompts(state):
        for _ in range(samples):
            random_walk(rules, state, p.seat, p.kind, pick)
        refusals(rules, state, p.seat, p.kind, pick)
        if p.choices is not None:
            moves = p.choices if len(p.choices) <= 60 else pick.sample(p.choices, 60)
        else:
            moves = [move_gen(rules, state, p, pick) for _ in range(samples)] if move_gen else []
        moves.append(p.default)
        for m in moves:
            reachable(rules, state, p.seat, p.kind, m)
            checked += 1
    return checked
