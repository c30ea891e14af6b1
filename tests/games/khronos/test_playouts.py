"""Random playouts: complete games for every player count (2-5), with and without Hold'em.

Each game runs through tests.playout.random_playout, which checks the invariants (check_state:
cubes, overlaps, board bounds, coins, card and tile conservation, the rank rule between
actions) after every move and replays the log to reproduce every state hash. Every other game
hides coins (`coins_public` false). Games are spread over two spawned worker processes; the
in-process rate (games per CPU second) is printed per configuration (pytest -s).
KHRONOS_PLAYOUTS sets the number of games per configuration (default 10, 50 with --long; 300 for the full run).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from concurrent.futures import Future
from typing import Any, Iterator

import pytest

from tests.modes import budget
from tests.playout import pooled_playouts

GAMES = int(os.environ.get("KHRONOS_PLAYOUTS", budget(10, 50)))
CONFIGS = [(seats, holdem) for seats in (2, 3, 4, 5) for holdem in (False, True)]


def play_games(seats: int, holdem: bool, first: int, last: int) -> dict[str, Any]:
    """Games first..last-1 of one configuration, in this process; counts and CPU time."""
    from referee.games.khronos.rules import GameRules
    from tests.games.khronos.policy import CountingPick, move_gen
    from tests.playout import random_playout

    rules = GameRules()
    reasons: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    moves = 0
    start = time.process_time()
    for i in range(first, last):
        options = {"holdem": holdem, "coins_public": i % 2 == 0}
        pick = CountingPick(i)
        out = random_playout(rules, seats, options, f"khronos-{seats}-{holdem}-{i}".encode(), pick,
                             move_gen=move_gen)
        decisions.update(pick.decisions)
        res = out["result"]
        assert res is not None and len(res["scores"]) == seats and sorted(res["ranking"]) == list(range(seats))
        assert res["winners"] and (res["winner"] is None) == (len(res["winners"]) > 1)
        assert out["state"]["round"] == 7
        reasons[res["reason"]] += 1
        moves += out["moves"]
    return {"games": last - first, "cpu": time.process_time() - start, "moves": moves, "reasons": reasons,
            "decisions": decisions}


def _play(args: tuple[int, bool, int, int]) -> dict[str, Any]:
    return play_games(*args)



@pytest.fixture(scope="module")
def playouts(request: pytest.FixtureRequest) -> Iterator[dict[tuple, list[Future]]]:
    yield from pooled_playouts(request, ('seats', 'holdem'), _play, lambda cfg: GAMES,
                               longest_first=lambda cfg: -cfg[0])


@pytest.mark.slow
@pytest.mark.parametrize("seats,holdem", CONFIGS)
def test_random_playouts(seats: int, holdem: bool, playouts: dict[tuple[int, bool], list[Future]]) -> None:
    parts = [f.result() for f in playouts[(seats, holdem)]]
    games = sum(p["games"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    moves = sum(p["moves"] for p in parts)
    reasons = sum((p["reasons"] for p in parts), Counter())
    decisions = sum((p["decisions"] for p in parts), Counter())
    assert games == GAMES and reasons == {"end": GAMES}
    print(f"\nkhronos {seats}p holdem={holdem}: {games} games, {games / cpu:.1f} games/s in-process, "
          f"{moves / games:.0f} moves per game, decisions {dict(sorted(decisions.items()))}")
