"""Issue 39: a game's page is light at any length (at most 100 KB of HTML): it carries one page
of the history, not all of it, with links to the pages before and after it (no script needed)."""

from __future__ import annotations

import re

import lxml.html
import pytest
import requests

from referee.web.gamepage import HISTORY_PAGE
from tests.web.conftest import seat_session
from tests.web.positions import new_game, play_defaults

pytestmark = pytest.mark.one_database

LIMIT = 100_000


def test_a_500_event_iron_age_page_is_at_most_100_kb_and_pages_its_history(web):
    svc = web.service
    for _ in range(4):  # the defaults keep most games going past 500 events; one that ends sooner is set aside
        made = new_game(svc, "iron_age", ["Ada", "Bo", "Cy", "Di"])
        gid = made["id"]
        seq = play_defaults(svc, gid, 500)
        if seq == 500:
            break
    assert seq == 500, seq
    seat = seat_session(made["seats"][0]["url"])
    for who, client in (("seat", seat), ("spectator", requests.Session())):
        page = client.get(f"{web.url}/g/{gid}", timeout=60)
        assert page.ok and len(page.content) <= LIMIT, (who, len(page.content))
    doc = lxml.html.fromstring(page.text)
    shown = [int(li.get("value")) for li in doc.xpath('//ol[@id="events"]/li')]
    assert shown == list(range(seq - HISTORY_PAGE + 1, seq + 1))  # the newest page
    earlier = doc.xpath('//a[@rel="prev"][@class="history-page"]/@href')[0]
    older = lxml.html.fromstring(seat.get(web.url + earlier, timeout=60).text)
    back = [int(li.get("value")) for li in older.xpath('//ol[@id="events"]/li')]
    assert back == list(range(seq - 2 * HISTORY_PAGE + 1, seq - HISTORY_PAGE + 1))
    assert older.xpath('//a[@rel="next"][@class="history-page"]')  # and forward again
    step = seat.get(f"{web.url}/g/{gid}?at=3", timeout=60)  # the history stepper's page holds its event
    assert step.ok and len(step.content) <= LIMIT
    assert re.search(r'<li value="3" class="current"', step.text)
