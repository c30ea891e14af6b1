"""Legal moves through the contract only: a prompt's `choices` when it lists them, else a
random walk through `steps` (the one mechanism pages and mails build moves with), so a bot holds
no rules of its own."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from referee.engine.contract import Move, Prompt, Rules, State
from referee.engine.steps import StepRefused

MAX_STEPS = 64


@dataclass
class Work:
    """What a search has done, in the unit its levels are bounded by: moves applied plus steps
    walked. A move built by a walk of steps (Khronos' and Gentes' builds) costs as much as
    applying several, so counting moves alone let such games think until the CPU ceiling."""
    done: int = 0


def random_move(rules: Rules, state: State, prompt: Prompt, rnd: random.Random, work: Work | None = None) -> Move:
    """A uniformly chosen legal move (choices), or one built by random steps; the default when
    a walk finds nothing (it is always legal). Each step walked counts in `work`."""
    if prompt.choices:
        return rnd.choice(prompt.choices)
    if prompt.choices is not None:
        return prompt.default
    chosen: list[str] = []
    try:
        for _ in range(MAX_STEPS):
            if work is not None:
                work.done += 1
            step = rules.steps(state, prompt.seat, prompt.kind, chosen)
            if step.move is not None and (not step.options or rnd.random() < 1 / (len(step.options) + 1)):
                return step.move
            if not step.options:
                break
            chosen.append(rnd.choice(step.options).id)
    except (StepRefused, NotImplementedError):
        pass
    return prompt.default


def active_move(rules: Rules, state: State, prompt: Prompt, rnd: random.Random, tries: int = 3,
                work: Work | None = None) -> Move:
    """A random legal move that is not the default when one is found in a few tries: the
    playout policy of the search bot. Defaults are passes and declines ("never clever"), so
    uniformly random playouts often stall into near-identical outcomes that tell moves apart
    poorly; playouts that act tell them apart better."""
    if prompt.choices:
        others = [m for m in prompt.choices if m != prompt.default]
        return rnd.choice(others) if others and rnd.random() < 0.9 else rnd.choice(prompt.choices)
    move = prompt.default
    for _ in range(tries):
        move = random_move(rules, state, prompt, rnd, work)
        if move != prompt.default:
            break
    return move


def candidates(rules: Rules, state: State, prompt: Prompt, rnd: random.Random, width: int,
               work: Work | None = None) -> list[Move]:
    """The moves a search weighs: every choice when the prompt lists them, else up to `width`
    distinct moves built by random steps, the default first (it is always legal)."""
    if prompt.choices:
        return list(prompt.choices)
    out = [prompt.default]
    seen = {_key(prompt.default)}
    for _ in range(width * 3):
        if len(out) >= width:
            break
        m = random_move(rules, state, prompt, rnd, work)
        k = _key(m)
        if k not in seen:
            seen.add(k)
            out.append(m)
    return out


def own_prompt(rules: Rules, state: State, seat: int, kind: str | None = None) -> Prompt | None:
    """The seat's prompt in `state` (of `kind` when given)."""
    for p in rules.prompts(state):
        if p.seat == seat and (kind is None or p.kind == kind):
            return p
    return None


def _key(move: Any) -> str:
    import json
    return json.dumps(move, sort_keys=True)
