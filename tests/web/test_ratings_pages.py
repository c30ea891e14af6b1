"""Ratings and tournament pages in the browser (issue 28): after real rated games the
leaderboard states its policy and lists the players shown (5 rated games), links each to a
profile with a rating chart and a completion record, and the tournament page states its
tie-breaks; at 390 px nothing scrolls sideways, and no address is on any page."""

from __future__ import annotations

import pytest

from referee.store import players
from referee.store.db import write_transaction
from tests.flow.test_ratings import _play

pytestmark = pytest.mark.one_database


def test_leaderboard_profile_and_tournament_pages(web, tabs):
    svc = web.service
    with write_transaction(svc.db) as conn:
        for i in range(3):
            players.add(conn, f"p{i}", f"p{i}@example.org", 0)
    for n in range(5):  # p0 and p1 play five rated games; p2 only one: not on the board yet
        _play(svc, "babel", ["p0", "p1"], resign=[n % 2 if n < 4 else 1])
    _play(svc, "babel", ["p0", "p2"], resign=[1])
    made = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                  "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]})
    svc.resign(made["rounds"][0]["games"][0]["id"], 1)
    for width in (1280, 390):
        tab = tabs(f"ratings-{width}", width)
        page = tab.page
        page.goto(f"{web.url}/leaderboard/babel")
        assert "at least 3 moves" in page.inner_text("#policy")
        rows = page.locator("#leaderboard tbody tr")
        assert rows.count() == 2  # p2 has one rated game: not shown
        names = [rows.nth(i).locator("a").inner_text() for i in range(2)]
        assert names == ["P0", "P1"]  # p0 won three of the five, and the game against p2
        tab.shot(f"leaderboard-{width}")
        rows.nth(0).locator("a").click()
        page.wait_for_selector("svg.rating-chart")
        assert page.locator("svg.rating-chart circle").count() == 6  # one point per rated game
        record = page.inner_text("#record")
        assert "6 games finished" in record and "2 games resigned" in record  # rounds 1 and 3
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        tab.shot(f"profile-{width}")
        page.goto(f"{web.url}/t/{made['id']}")
        assert "Sonneborn-Berger, then direct encounter" in page.inner_text("#scoring")
        assert page.locator("#round-1 a").count() == 2 and page.locator("#standings tbody tr").count() == 4
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        tab.shot(f"tournament-{width}")
        for path in ("/leaderboard/babel", "/p/p0", f"/t/{made['id']}"):
            page.goto(web.url + path)
            assert "@" not in page.content()
