"""Playing against bots in the browser: the create form's "Play against bots" starts a game with
the player in the first seat and bots in the others, and lands in the player's seat (issue 38);
the game page names the bots; the bots' moves (the scheduler's bot job) show up on the player's
page by its live update. Screenshots at 1280 and 390 px wide."""

from __future__ import annotations

import pytest

from referee.ops.scheduler import run_once
from tests.conftest import start_server
from referee.plumbing.config import Config


@pytest.fixture
def web_bots(database):
    srv, httpd = start_server(database, config=Config(database=database, bot_delay=0.0))
    srv.service.config.base_url = srv.url
    yield srv
    httpd.shutdown()


@pytest.mark.parametrize("width", [1280, 390])
def test_play_against_bots_from_the_create_form(web_bots, tabs, width):
    tab = tabs(f"solo-{width}", width)
    page = tab.page
    page.goto(web_bots.url + "/new")
    page.locator("#solo").scroll_into_view_if_needed()
    tab.shot(f"solo-form-{width}")
    form = page.locator("form:has(input[name=mode][value=solo])")
    form.locator("select[name=solo_game]").select_option("iron_age")
    form.locator("input[name=solo_name]").fill("Ada")
    form.locator("input[name=solo_seats]").fill("3")
    form.locator("select[name=solo_level]").select_option("random")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("main#game")
    assert "You are Ada." in page.locator("main#game header").inner_text()  # in the seat, not on a links page
    seq = int(page.locator("main#game").get_attribute("data-seq"))
    gid = page.url.rsplit("/g/", 1)[1].split("?")[0]
    loaded = web_bots.service.load(gid)
    if not any(p.seat == 0 for p in loaded.prompts):
        assert run_once(web_bots.service)["bots"] >= 1
        tab.wait_seq(web_bots.service.load(gid).seq, timeout=30_000)
        seq = web_bots.service.load(gid).seq
    text = page.locator("main#game").inner_text()
    assert "Random bot 1" in text and "Random bot 2" in text and "Ada" in text
    tab.shot(f"solo-game-{width}")
    assert seq >= 1
