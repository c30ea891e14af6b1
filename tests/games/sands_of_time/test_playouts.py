"""Random playouts: SANDS_OF_TIME_PLAYOUTS complete games (default 10, 50 with --long) per player count 2-5.

Each game runs through tests.playout.random_playout (invariants after every move, replay
reproduces every state hash); in addition VP + VP lost to ST-101 never decreases. Games are
spread over two spawned workers; the in-process rate is printed (pytest -s).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest

from referee.games.sands_of_time.rules import GameRules
from tests.games.sands_of_time.policy import BiasedPick, move_gen
from tests.modes import budget
from tests.playout import pooled_playouts, random_playout

GAMES = int(os.environ.get("SANDS_OF_TIME_PLAYOUTS", budget(10, 50)))


class Checked(GameRules):
    """The rules with one more invariant checked after every move: VP never decreases except
    through the ST-101 penalty (counted in vp_lost)."""

    def apply(self, state, seat, move, rng):  # type: ignore[override]
        out = super().apply(state, seat, move, rng)
        for before, after in zip(state["players"], out["players"]):
            assert after["vp"] + after["vp_lost"] >= before["vp"] + before["vp_lost"], (move, before["vp"], after["vp"])
        return out


def play_games(seats: int, first: int, last: int) -> dict[str, Any]:
    rules = Checked()
    moves = gens = 0
    start = time.process_time()
    for i in range(first, last):
        out = random_playout(rules, seats, {}, f"sands-{seats}-{i}".encode(), BiasedPick(i), move_gen=move_gen)
        res = out["result"]
        assert res is not None and len(res["scores"]) == seats and sorted(res["ranking"]) == list(range(seats))
        assert res["winners"] and (res["winner"] is None) == (len(res["winners"]) > 1)
        assert out["state"]["dynasties_scored"] == [1, 2, 3]
        moves += out["moves"]
        gens += out["state"]["generation_index"] + 1
    return {"games": last - first, "cpu": time.process_time() - start, "moves": moves, "generations": gens}


def _play(args: tuple[int, int, int]) -> dict[str, Any]:
    return play_games(*args)


@pytest.fixture(scope="module")
def playouts(request: pytest.FixtureRequest) -> Iterator[dict[tuple, list[Future]]]:
    yield from pooled_playouts(request, ("seats",), _play, lambda cfg: GAMES, longest_first=lambda cfg: -cfg[0])


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts(seats: int, playouts: dict[tuple, list[Future]]) -> None:
    parts = [f.result() for f in playouts[(seats,)]]
    games = sum(p["games"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    assert games == GAMES
    print(f"\nsands_of_time {seats}p: {games} games, {games / cpu:.1f} games/s in-process, "
          f"{sum(p['moves'] for p in parts) / games:.0f} moves and "
          f"{sum(p['generations'] for p in parts) / games:.1f} generations per game")
