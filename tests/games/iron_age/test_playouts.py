"""Random playouts: complete games per player count (1-4) and length (short, long).

Each game runs through tests.playout.random_playout, which checks the invariants (check_state)
after every move and replays the log to reproduce every state hash. Games are spread over the
machine's cores (spawned workers: safe even when other fixtures run threads); the in-process rate (games per CPU second of one process)
is printed per configuration (pytest -s).
IRON_AGE_PLAYOUTS sets the number of games per configuration: 10 in the suite (50 with --long), 300 on demand
(`IRON_AGE_PLAYOUTS=300 python -m pytest tests/games/iron_age/test_playouts.py -s`).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from concurrent.futures import Future
from typing import Any, Iterator

import pytest

from referee.games.iron_age.rules import GameRules
from tests.games.iron_age.policy import BiasedPick, move_gen
from tests.modes import budget
from tests.playout import pooled_playouts, random_playout

GAMES = int(os.environ.get("IRON_AGE_PLAYOUTS", budget(10, 50)))  # 300 on demand (closing note figures)
CONFIGS = [(seats, length) for seats in (1, 2, 3, 4) for length in ("short", "long")]


def play_games(seats: int, length: str, first: int, last: int) -> dict[str, Any]:
    """Games first..last-1 of one configuration, in this process; returns counts and CPU time."""
    rules = GameRules()
    reasons: Counter[str] = Counter()
    moves = rounds = 0
    start = time.process_time()
    for i in range(first, last):
        out = random_playout(rules, seats, {"length": length}, f"iron-age-{seats}-{length}-{i}".encode(),
                             BiasedPick(i), move_gen=move_gen)
        res = out["result"]
        assert res is not None and len(res["scores"]) == seats and sorted(res["ranking"]) == list(range(seats))
        assert res["winners"] and (res["winner"] is None) == (len(res["winners"]) > 1)
        reasons[res["reason"]] += 1
        moves += out["moves"]
        rounds += out["state"]["round"]
    return {"games": last - first, "cpu": time.process_time() - start, "moves": moves, "rounds": rounds,
            "reasons": reasons}


def _play(args: tuple[int, str, int, int]) -> dict[str, Any]:
    return play_games(*args)


@pytest.fixture(scope="module")
def playouts(request: pytest.FixtureRequest) -> Iterator[dict[tuple, list[Future]]]:
    yield from pooled_playouts(request, ('seats', 'length'), _play, lambda cfg: GAMES,
                               longest_first=lambda cfg: (-cfg[0], cfg[1] != "long"))


@pytest.mark.slow
@pytest.mark.parametrize("seats,length", CONFIGS)
def test_random_playouts(seats: int, length: str, playouts: dict[tuple[int, str], list[Future]]) -> None:
    parts = [f.result() for f in playouts[(seats, length)]]
    games = sum(p["games"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    moves = sum(p["moves"] for p in parts)
    reasons = sum((p["reasons"] for p in parts), Counter())
    assert games == GAMES
    if seats == 1:
        assert reasons == {"solo_rounds": GAMES}
    print(f"\niron_age {seats}p {length}: {games} games, {games / cpu:.1f} games/s in-process, "
          f"{moves / games:.0f} moves and {sum(p['rounds'] for p in parts) / games:.1f} rounds per game, "
          f"ends {dict(reasons)}")
