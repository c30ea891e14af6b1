"""A whole Iron Age game at 2 seats played in Chromium only by clicking what the referee offers,
checked as the other whole games are (test_click_whole_games.py): a file of its own because it
is the longest of them (about 300 moves), so the two test workers share the browser games."""

from __future__ import annotations

from tests.web.clicking import play


def test_whole_iron_age_game_at_two_seats(web, tabs):
    table = play(web, tabs, "iron_age", 2, "iron_age-2")
    assert web.service.load(table.gid).finished
