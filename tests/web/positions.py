"""Random positions of a game, reached cheaply: random legal moves built step by step through
the service in process (no HTTP, no browser), as a client builds them."""

from __future__ import annotations

import random
from typing import Any


def advance(svc: Any, gid: str, pick: random.Random, moves: int) -> int:
    """Play up to `moves` random moves of game `gid` (a prompt's listed move, else one built step by
    step, stopping early at random where the move is already complete); the number played (fewer
    once the game ends)."""
    played = 0
    for _ in range(moves):
        loaded = svc.load(gid)
        if loaded.status != "active" or not loaded.prompts:
            break
        prompt = pick.choice(loaded.prompts)
        if prompt.choices:  # a listed move: no need to build it
            move = pick.choice(prompt.choices)
            status, body = svc.submit_move(gid, prompt.seat, {"move": move, "expected_seq": loaded.seq})
            assert status < 300, body
            played += 1
            continue
        path: list[str] = []
        step: dict[str, Any] = {}
        for _ in range(60):
            step = svc.steps(gid, prompt.seat, prompt.kind, path)
            if step.get("move") is not None and (not step["options"] or pick.random() < 0.3):
                break
            path.append(pick.choice(step["options"])["id"])
        status, body = svc.submit_move(gid, prompt.seat, {"move": step["move"], "expected_seq": loaded.seq})
        assert status < 300, body
        played += 1
    return played


def new_game(svc: Any, game: str, names: list[str]) -> dict[str, Any]:
    """A game created through the service: its id and seats (tokens, personal links)."""
    return svc.create_game({"game": game, "seats": [{"name": n} for n in names]})


def play_defaults(svc: Any, gid: str, events: int) -> int:
    """Play each prompt's default move until the log holds `events` events or the game ends (the
    defaults keep a game going longest: a long game, cheaply); the log's length."""
    while True:
        loaded = svc.load(gid)
        if loaded.status != "active" or loaded.seq >= events or not loaded.prompts:
            return loaded.seq
        prompt = loaded.prompts[0]
        status, body = svc.submit_move(gid, prompt.seat, {"move": prompt.default, "expected_seq": loaded.seq})
        assert status < 300, body
