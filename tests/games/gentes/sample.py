"""A few recorded random games (states and moves) shared by the hook and schema tests."""

from __future__ import annotations

import functools
import random

from referee.engine.replay import advance, initial
from referee.games.gentes.rules import GameRules
from tests.games.gentes.policy import move_gen

RULES = GameRules()


@functools.lru_cache(maxsize=None)
def sample_game(seats: int, i: int = 0) -> tuple[list[dict], list[tuple[int, dict]]]:
    """(states, [(seat, move)]) of one random game; states[k + 1] follows moves[k]."""
    seed = f"gentes-sample-{seats}-{i}".encode()
    pick = random.Random(i)
    st = initial(RULES, seed, seats, {}, None).state
    states, moves, seq = [st], [], 1
    while RULES.result(st) is None:
        p = pick.choice(RULES.prompts(st))
        m = pick.choice(p.choices) if p.choices else move_gen(RULES, st, p, pick)
        seq += 1
        st = advance(RULES, seed, st, seq, "move", p.seat, {"move": m}).state
        states.append(st)
        moves.append((p.seat, m))
    return states, moves
