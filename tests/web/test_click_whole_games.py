"""Every game played in Chromium only by clicking what the referee offers (highlighted board
elements, option buttons, "play"; never typing; driver in clicking.py): a whole game at 2 seats (Babel's: test_babel_pages.py). At every move, the
spectator's and every seat's page shows exactly that viewer's view; screenshots at 1280 and
390 px per game land in tmp/artifacts (REFEREE_ARTIFACTS), with the 390 px page not scrolling
sideways and no board text under 11 px at 1280. (Whole games and largest tables are two files so
that the test workers share them: together they are most of the suite's time.)"""

from __future__ import annotations

import pytest

from tests.web.clicking import play

# Whole games by clicking exercise the pages and the rules, not the store (the other browser
# tests, test_babel_pages.py among them, run on both databases): one database keeps CI short.
pytestmark = pytest.mark.one_database

WHOLE = ["iron_age", "gentes", "khronos", "sands_of_time"]  # Babel's whole game: test_babel_pages.py


@pytest.mark.parametrize("game", WHOLE)
def test_whole_game_at_two_seats(web, tabs, game):
    table = play(web, tabs, game, 2, f"{game}-2")
    assert web.service.load(table.gid).finished
