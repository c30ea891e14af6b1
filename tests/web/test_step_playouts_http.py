"""Whole games played over plain HTTP through the step links the page offers (`?kind=&chosen=`,
no script), every link and step fragment checked at every step (httpplay.py): the largest table
of every game for its first round (`tasks.py test --long`: three rounds), every viewer's page and
feed checked at every move; and step playouts to the end at two seats (Iron Age's, through
every round and phase; --long: 50 of every game), every viewer's page and feed checked every
third and every tenth move and at the end (--long: every move; their pages cost about half the
CPU of a move). The browser plays one whole game per title by
clicking (test_click_whole_games.py, test_babel_pages.py); with --long, the largest tables too."""

from __future__ import annotations

import pytest

from referee.engine.registry import GAME_IDS
from tests.modes import LONG, budget
from tests.web.httpplay import game_round, max_seats, play_http

PLAYOUTS = 50 if LONG else 1
# The largest table's rounds: the first holds every seat's first decisions (at five seats of Sands
# of Time, more than half the moves of three rounds); the later rounds' phases are played through
# in the whole games below.
ROUNDS = budget(1, 3)
# The whole games' viewers: every CHECK_EVERY-th move (the largest tables' first round: every move).
CHECK_EVERY = budget(3, 1)
# The whole 2-seat games played here in the fast suite: those no other test plays whole. The others'
# are played whole in the browser through the same step links, every viewer checked over HTTP every
# third move or more often (test_click_whole_games.py: Gentes, Khronos, Sands of Time;
# test_babel_pages.py: Babel); Iron Age's clicked game is its solo one. All five with --long.
WHOLE = GAME_IDS if LONG else ("iron_age",)


@pytest.mark.parametrize("game", GAME_IDS)
def test_largest_table_first_rounds_through_step_links(web, game):
    seats = max_seats(game)
    table = play_http(web, game, seats, until_round=ROUNDS)
    assert web.service.load(table.gid).finished or game_round(web, table.gid) > ROUNDS


@pytest.mark.parametrize("game", WHOLE)
def test_whole_games_through_step_links(web, game):
    for seed in range(PLAYOUTS):
        table = play_http(web, game, 2, seed=100 + seed, check_every=CHECK_EVERY)
        assert web.service.load(table.gid).finished
