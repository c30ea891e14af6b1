"""Random playouts: complete games for 2, 3 and 4 seats with the shipped components and with a
second, different deck supplied as components (second_deck.py).

Each game runs through tests.playout.random_playout: invariants (check_state: cards, tiles and
cubes conserved, track shape, coins >= 0) after every move, then a replay that must reproduce
every state hash. Defaults: 10 games per seat count (50 with --long; GENTES_PLAYOUTS) and 10 with the second
deck (GENTES_SECOND_DECK_PLAYOUTS, or GENTES_PLAYOUTS / 3). `pytest -s` prints games/s in process.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from concurrent.futures import Future
from typing import Any, Iterator

import pytest

from referee.games.gentes.rules import GameRules
from tests.games.gentes.policy import move_gen
from tests.games.gentes.second_deck import second_components
from tests.modes import budget
from tests.playout import pooled_playouts, random_playout

GAMES = int(os.environ.get("GENTES_PLAYOUTS", budget(10, 50)))
SECOND = int(os.environ.get("GENTES_SECOND_DECK_PLAYOUTS", str(max(10, GAMES // 3))))
CONFIGS = [(seats, deck) for deck in ("shipped", "second") for seats in (2, 3, 4)]


def play_games(seats: int, deck: str, first: int, last: int) -> dict[str, Any]:
    rules = GameRules(second_components() if deck == "second" else None)
    reasons: Counter[str] = Counter()
    moves = 0
    start = time.process_time()
    for i in range(first, last):
        out = random_playout(rules, seats, {}, f"gentes-{deck}-{seats}-{i}".encode(), random.Random(i), move_gen=move_gen)
        res = out["result"]
        assert res is not None and len(res["scores"]) == seats and sorted(res["ranking"]) == list(range(seats))
        assert res["winners"] and (res["winner"] is None) == (len(res["winners"]) > 1)
        assert out["state"]["phase"] == "over" and out["state"]["round"] == rules.data.rounds
        reasons[res["reason"]] += 1
        moves += out["moves"]
    return {"games": last - first, "cpu": time.process_time() - start, "moves": moves, "reasons": reasons}


def _play(args: tuple[int, str, int, int]) -> dict[str, Any]:
    return play_games(*args)


def _count(deck: str) -> int:
    return SECOND if deck == "second" else GAMES


@pytest.fixture(scope="module")
def playouts(request: pytest.FixtureRequest) -> Iterator[dict[tuple, list[Future]]]:
    yield from pooled_playouts(request, ('seats', 'deck'), _play, lambda cfg: _count(cfg[1]),
                               longest_first=lambda cfg: -cfg[0])


@pytest.mark.slow
@pytest.mark.parametrize("seats,deck", CONFIGS)
def test_random_playouts(seats: int, deck: str, playouts: dict[tuple[int, str], list[Future]]) -> None:
    parts = [f.result() for f in playouts[(seats, deck)]]
    games = sum(p["games"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    moves = sum(p["moves"] for p in parts)
    reasons = sum((p["reasons"] for p in parts), Counter())
    assert games == _count(deck)
    assert reasons == {"end": games}
    print(f"\ngentes {seats}p {deck} deck: {games} games, {games / cpu:.1f} games/s in-process, "
          f"{moves / games:.0f} moves per game")
