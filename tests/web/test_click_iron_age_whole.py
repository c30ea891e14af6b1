"""A whole Iron Age game played in Chromium only by clicking what the referee offers, checked as
the other whole games are (test_click_whole_games.py), in a file of its own so that the test
workers share the browser games. The fast suite clicks the solo game (Iron Age's smallest legal
table, exactly 8 rounds: IA-S5, Ruling IA-R22); the 2-seat game, whose pages hold another
seat's hidden information, is played to its end through the step links over HTTP with every
viewer's page, fragments and feed checked at every move in every run
(test_step_playouts_http.py::test_whole_games_through_step_links[iron_age]), and is clicked in
the browser too with `tasks.py test --long`."""

from __future__ import annotations

import pytest

from tests.modes import LONG
from tests.web.clicking import WHOLE_GAME, play


def test_whole_iron_age_game_solo(web, tabs):
    table = play(web, tabs, "iron_age", 1, "iron_age-1", policy=WHOLE_GAME, http_every=1)  # every move clicked and checked
    assert web.service.load(table.gid).finished
    assert table.moves >= 8, "a solo game lasts 8 rounds (IA-R22)"


if LONG:  # collected in the long run only (no skipped test in the ordinary one)
    @pytest.mark.parametrize("seats", [2])
    def test_whole_iron_age_game_at_two_seats(web, tabs, seats):
        table = play(web, tabs, "iron_age", seats, f"iron_age-{seats}")
        assert web.service.load(table.gid).finished
