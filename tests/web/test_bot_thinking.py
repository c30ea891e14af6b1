"""While a bot's decision is open the game page says the bot is thinking (issue 41): the whole
page and the fragment its script swaps in (`part=step`), for the person and for a spectator;
a person's open decision still reads "Waiting for"."""

from __future__ import annotations

import requests

from tests.web.conftest import seat_session


def test_the_page_shows_a_bot_thinking(web):
    created = web.service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}],
                                       "options": {"first_seat": 1}})
    gid = created["id"]
    url = f"{web.url}/g/{gid}"
    ada = seat_session(created["seats"][0]["url"])
    assert [p.seat for p in web.service.load(gid).prompts] == [1]  # no bot job runs in this server
    for got in (ada.get(url, timeout=30), ada.get(url + "?part=step", timeout=30), requests.get(url, timeout=30)):
        assert got.status_code == 200
        assert '<p class="waiting thinking" role="status">' in got.text
        assert "<strong>Random bot 1</strong> is thinking…" in got.text and "Waiting for" not in got.text
    assert web.service.play_bots() >= 1
    assert [p.seat for p in web.service.load(gid).prompts] == [0]  # Ada's turn: nobody thinks
    spectator = requests.get(url, timeout=30).text
    assert "is thinking" not in spectator and "Waiting for <strong>Ada</strong>" in spectator
