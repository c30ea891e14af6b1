"""Random playouts through the engine only, shared by every game's playout test.

A playout plays whole games with random legal moves (from prompt choices, or from a
game-supplied generator when choices are null), checks the game's invariants after every
step, then replays the recorded moves and checks every state hash is reproduced.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from referee.engine.contract import Rules, prompted_seats, seats_of
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
        assert prompted_seats(rules, state) == seats_of(prompts), "the prompted hook disagrees"
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
    assert prompted_seats(rules, state) == seats_of(rules.prompts(state))
    # Replay from scratch must reproduce every state hash.
    replayed = initial(rules, seed, seats, options, None)
    state2 = replayed.state
    assert replayed.state_hash == hashes[0]
    for i, (s, seat, move) in enumerate(log, start=1):
        r = advance(rules, seed, state2, s, "move", seat, {"move": move})
        state2 = r.state
        assert r.state_hash == hashes[i], f"replay diverged at seq {s}"
    return {"state": state, "moves": len(log), "result": rules.result(state)}


# -- running many playouts on every core ---------------------------------------------------------

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Iterator, Sequence

WORKERS = max(1, min(2, os.cpu_count() or 1))
CHUNK = 25


def _done(value: Any) -> Future:
    f: Future = Future()
    f.set_result(value)
    return f


def pooled_playouts(request: Any, params: Sequence[str], play: Callable[[tuple], dict[str, Any]],
                    games: Callable[[tuple], int], longest_first: Callable[[tuple], Any] | None = None,
                    ) -> Iterator[dict[tuple, list[Future]]]:
    """The body of a module-scoped `playouts` fixture: every selected configuration of this
    module's `test_random_playouts` (its `params`, in order) split into chunks of CHUNK games,
    all submitted at once to spawned worker processes so both cores stay busy across the tests
    (each test then waits only for its own chunks). `play((*config, first, last))` plays games
    first..last-1 in a worker and must be a module-level function; `games(config)` is how many
    a configuration plays; `longest_first` orders submission so the last chunks are short."""
    wanted = [tuple(item.callspec.params[p] for p in params) for item in request.session.items
              if getattr(item, "originalname", "") == "test_random_playouts" and item.module is request.module]
    chunks = {cfg: [(*cfg, lo, min(lo + CHUNK, games(cfg))) for lo in range(0, games(cfg), CHUNK)]
              for cfg in wanted}
    if WORKERS == 1:
        yield {cfg: [_done(play(c)) for c in cs] for cfg, cs in chunks.items()}
        return
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as ex:
        order = sorted(chunks, key=longest_first) if longest_first else list(chunks)
        futures = {cfg: [ex.submit(play, c) for c in chunks[cfg]] for cfg in order}
        yield futures
        for fs in futures.values():
            for f in fs:
                f.cancel()
