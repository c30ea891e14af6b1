"""Random playouts through the engine only, shared by every game's playout test.

A playout plays whole games with random legal moves (from prompt choices, or from a
game-supplied generator when choices are null), checks the game's invariants after every
step, then replays the recorded moves and checks every state hash is reproduced.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from referee.engine.contract import Rules
from referee.engine.replay import advance, initial

MoveGen = Callable[[Rules, dict, Any, random.Random], dict]


def random_playout(rules: Rules, seats: int, options: dict, seed: bytes, pick: random.Random,
                   max_steps: int = 20000, move_gen: MoveGen | None = None) -> dict[str, Any]:
    step = initial(rules, seed, seats, options, None)
    state = step.state
    log: list[tuple[int, int, dict]] = []
    hashes = [step.state_hash]
    seq = 1
    problems = rules.check_state(state)
    assert not problems, problems
    while rules.result(state) is None:
        assert len(log) < max_steps, "game did not end"
        prompts = rules.prompts(state)
        assert prompts, "no prompt while the game is running"
        prompt = pick.choice(prompts)
        if prompt.choices is not None:
            assert prompt.choices, "empty choice list"
            assert prompt.default in prompt.choices or move_gen is not None, (prompt.default, prompt.choices)
            move = pick.choice(prompt.choices)
        else:
            assert move_gen is not None, "prompt without choices needs a move generator"
            move = move_gen(rules, state, prompt, pick)
        seq += 1
        step = advance(rules, seed, state, seq, "move", prompt.seat, {"move": move})
        state = step.state
        problems = rules.check_state(state)
        assert not problems, (seq, move, problems)
        log.append((seq, prompt.seat, move))
        hashes.append(step.state_hash)
    # Replay from scratch must reproduce every state hash.
    replayed = initial(rules, seed, seats, options, None)
    state2 = replayed.state
    assert replayed.state_hash == hashes[0]
    for i, (s, seat, move) in enumerate(log, start=1):
        r = advance(rules, seed, state2, s, "move", seat, {"move": move})
        state2 = r.state
        assert r.state_hash == hashes[i], f"replay diverged at seq {s}"
    return {"state": state, "moves": len(log), "result": rules.result(state)}
