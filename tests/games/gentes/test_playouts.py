"""Random playouts: complete games for 2, 3 and 4 seats with the shipped components and with a
second, different deck supplied as components (second_deck.py).

Each game runs through tests.playout.random_playout: invariants (check_state: cards, tiles and
cubes conserved, track shape, coins >= 0) after every move, then a replay that must reproduce
every state hash. Defaults: 50 games per seat count (GENTES_PLAYOUTS) and 20 with the second
deck (GENTES_SECOND_DECK_PLAYOUTS, or GENTES_PLAYOUTS / 3). `pytest -s` prints games/s in process.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Iterator

import pytest

from referee.games.gentes.rules import GameRules
from tests.games.gentes.policy import move_gen
from tests.games.gentes.second_deck import second_components
from tests.playout import random_playout

GAMES = int(os.environ.get("GENTES_PLAYOUTS", "50"))
SECOND = int(os.environ.get("GENTES_SECOND_DECK_PLAYOUTS", str(max(20, GAMES // 3))))
WORKERS = max(1, min(2, os.cpu_count() or 1))
CHUNK = 25
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
def playouts(request: pytest.FixtureRequest) -> Iterator[dict[tuple[int, str], list[Future]]]:
    wanted = [(i.callspec.params["seats"], i.callspec.params["deck"]) for i in request.session.items
              if getattr(i, "originalname", "") == "test_random_playouts"]
    chunks = {cfg: [(*cfg, lo, min(lo + CHUNK, _count(cfg[1]))) for lo in range(0, _count(cfg[1]), CHUNK)]
              for cfg in wanted}
    if WORKERS == 1:
        yield {cfg: [_done(_play(c)) for c in cs] for cfg, cs in chunks.items()}
        return
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as ex:
        order = sorted(chunks, key=lambda cfg: -cfg[0])
        futures = {cfg: [ex.submit(_play, c) for c in chunks[cfg]] for cfg in order}
        yield futures
        for fs in futures.values():
            for f in fs:
                f.cancel()


def _done(value: dict[str, Any]) -> Future:
    f: Future = Future()
    f.set_result(value)
    return f


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
