"""Every registered game's page opens in Chromium without a console error (the CSP refuses any
inline script or style a picture might carry), for a spectator and for the prompted seat; a
screenshot of each is kept as a test artifact (with --long or REFEREE_SHOTS=1)."""

from __future__ import annotations

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from tests.web.conftest import create


@pytest.mark.parametrize("game", GAME_IDS)
def test_game_page_in_the_browser(web, tabs, game):
    rules = rules_for(game)
    n = max(rules.min_players, 2) if rules.max_players >= 2 else 1
    created = create(web, game, [f"P{i}" for i in range(n)])
    seat = web.service.load(created["id"]).prompts[0].seat
    tab = tabs(f"{game}-page")
    tab.page.goto(created["url"])
    assert tab.page.locator("#picture svg title").count() >= 1
    tab.shot(f"{game}-spectator")
    tab.page.goto(created["seats"][seat]["url"])
    assert tab.page.locator(".prompt").count() >= 1
    tab.shot(f"{game}-seat{seat}")
