"""Every game played in Chromium by clicking what the referee offers (highlighted board
elements, option buttons, "play"; never typing; driver in clicking.py): one whole game per title
at 2 seats (Babel's: test_babel_pages.py, Iron Age's: test_click_iron_age_whole.py), hurrying
(clicking.hurry: "play" as soon as a move is complete, mostly what ends a turn sooner;
with --long, the varied choice). The short
games are clicked at every move; Gentes and Sands of Time at each kind of decision's first
prompt and every CLICK_EVERY-th move, their other moves played through the same step links over
HTTP (every link checked against the referee's options) while the seats' pages follow by their
live updates; with `tasks.py test --long`, every move is clicked, and the largest table of every
game is clicked for at least 3 rounds too (test_step_playouts_http.py plays those through the
step links over HTTP in every run, with every viewer checked at every move). Every viewer's page
and feed as served (httpplay.py) are checked every third move (Khronos: every move), and with the
seats' pages as their browsers show them every tenth move and at the end (every move with --long); screenshots at 1280 and 390 px per game land in
tmp/artifacts (REFEREE_ARTIFACTS), with the 390 px page not scrolling sideways and no board text
under 11 px at 1280."""

from __future__ import annotations

import pytest

from tests.modes import LONG
from tests.web.clicking import BROWSER_EVERY, CLICK_EVERY, WHOLE_GAME, play
from tests.web.httpplay import game_round, max_seats

# Babel's whole game: test_babel_pages.py; Iron Age's (the longest): test_click_iron_age_whole.py,
# a file of its own so that the two test workers share the browser games.
WHOLE = ["gentes", "khronos", "sands_of_time"]
# Every move of the short games is clicked; the long ones click each kind of decision the first
# time and every CLICK_EVERY-th move, the others played through the step links over HTTP.
# The short games' viewers are checked over HTTP at every move too, the long ones' every third
# (every move with --long): their only whole 2-seat game in the fast suite
# (test_step_playouts_http.py plays them whole with --long).
EVERY = {"khronos": 1}
HTTP_EVERY = min(3, BROWSER_EVERY)


@pytest.mark.parametrize("game", WHOLE)
def test_whole_game_at_two_seats(web, tabs, game):
    table = play(web, tabs, game, 2, f"{game}-2", policy=WHOLE_GAME, click_every=EVERY.get(game, CLICK_EVERY),
                 http_every=1 if game in EVERY else HTTP_EVERY)
    assert web.service.load(table.gid).finished


if LONG:  # collected in the long run only (no skipped test in the ordinary one)
    @pytest.mark.parametrize("game", ["babel", "iron_age", "gentes", "khronos", "sands_of_time"])
    def test_largest_table_three_rounds(web, tabs, game):
        seats = max_seats(game)
        table = play(web, tabs, game, seats, f"{game}-{seats}", until_round=3)
        loaded = web.service.load(table.gid)
        assert loaded.finished or game_round(web, table.gid) > 3
