"""Players in the browser (issue 23): one player signs in by the mailed link and opens a table
with an open seat; a second browser signs in, finds it in the lobby and joins; both enter the
game from "my games" and play it by clicking, each page following the other's moves by its own
live updates: the first CLICKED moves, the rest through the service (`tasks.py test --long`: every
move clicked; a whole Babel game by clicking is test_babel_pages.py's), then the finished game's
pages and a rematch."""

from __future__ import annotations

import random
import re

import pytest
import requests

from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from tests.conftest import start_server
from tests.flow.support import play_random
from tests.modes import budget
from tests.web.clicking import Table
from tests.web.conftest import SHOTS

ADA, BO = "ada@example.org", "bo@example.org"
CLICKED = budget(12, 400)  # moves clicked by the signed-in players before the service plays the rest


@pytest.fixture
def site(database, sink):
    srv, httpd = start_server(database, config=Config(database=database, smtp_url=sink.url,
                                                      allow_private_targets=True, secret_key="pages-test"))
    srv.service.config.base_url = srv.url
    yield srv
    httpd.shutdown()


def sign_in(site, sink, tab, address: str) -> None:
    page = tab.page
    page.goto(f"{site.url}/sign-in")
    page.fill("input[name=email]", address)
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert "on its way" in page.locator("#sent").text_content()
    deliver_due(site.service)
    body = [m for m in sink.to(address) if m["Subject"] == "Your sign-in link"][-1].get_content()
    link = re.search(r"https?://\S+/sign-in/\S+", body).group(0)
    page.goto(link)
    with page.expect_navigation():
        page.click("#confirm")
    assert page.url.endswith("/me")


def test_sign_in_open_a_table_join_from_the_lobby_and_play_from_my_games(site, sink, tabs):
    ada, bo = tabs("ada"), tabs("bo")
    sign_in(site, sink, ada, ADA)
    ada.page.goto(f"{site.url}/lobby")
    ada.page.select_option("#open-table select[name=game]", "babel")
    ada.page.fill("#open-table input[name=name]", "Ada")
    with ada.page.expect_navigation():
        ada.page.click("#open-table button[type=submit]")
    gid = ada.page.url.rsplit("/", 1)[1]
    assert site.service.game(gid, None)["status"] == "open"

    sign_in(site, sink, bo, BO)
    bo.page.goto(f"{site.url}/lobby?game=babel&seats=2")
    row = bo.page.locator("#lobby tr", has_text=gid)
    assert "Ada" in row.text_content() and "1 of 2" in row.text_content()
    if SHOTS:  # the lobby and my games at both widths, for a person to look at
        for width, label in ((1280, "wide"), (390, "phone")):
            bo.page.set_viewport_size({"width": width, "height": 900})
            bo.shot(f"players-lobby-{label}")
        bo.page.set_viewport_size({"width": 1200, "height": 900})
    row.locator("a.join").click()
    bo.page.wait_for_url(f"**/join/{gid}")
    bo.page.fill("#join input[name=name]", "Bo")
    with bo.page.expect_navigation():
        bo.page.click("#join button[type=submit]")
    assert site.service.game(gid, None)["status"] == "active"

    for tab, name in ((ada, "Ada"), (bo, "Bo")):  # each enters the game from "my games"
        tab.page.goto(f"{site.url}/me")
        tab.page.locator("#my-games a.open-game", has_text=gid).click()
        tab.page.wait_for_url(f"**/g/{gid}")
        assert tab.page.locator(".who strong").first.text_content() == name
    if SHOTS:
        for width, label in ((1280, "wide"), (390, "phone")):
            ada.page.goto(f"{site.url}/me")
            ada.page.set_viewport_size({"width": width, "height": 900})
            ada.shot(f"players-my-games-{label}")
        ada.page.set_viewport_size({"width": 1200, "height": 900})
    pages = {0: ada, 1: bo}
    for tab in pages.values():
        tab.page.goto(f"{site.url}/g/{gid}")
    # play by clicking what each page offers (tests/web/clicking.py), at this table of two browsers
    # signed in as players, each page following the game by its own live updates
    table = Table.__new__(Table)
    table.web, table.created, table.game, table.label, table.pick = site, {"id": gid}, "babel", "players", random.Random(5)
    table.gid, table.n, table.tabs = gid, 2, [ada, bo]
    table.clients = {None: requests.Session()}
    table.moves = table.clicks = 0
    table.checking = table.playing = 0.0
    while not site.service.load(gid).finished and table.moves < CLICKED:
        table.play_move()
    assert table.moves >= min(CLICKED, 12), f"the game ended after {table.moves} moves"
    play_random(site.service, gid, 400, random.Random(5))
    assert site.service.load(gid).finished, "the game did not end"
    clicks = table.clicks
    for tab in pages.values():
        tab.page.goto(f"{site.url}/g/{gid}")
        assert "Game over" in tab.page.locator("#result").text_content()
    html = ada.page.content() + bo.page.content()  # the game's pages: no address, not even one's own
    assert ADA not in html and BO not in html
    bo.page.goto(f"{site.url}/lobby")
    assert ADA not in bo.page.content()
    ada.page.goto(f"{site.url}/me")
    assert "finished" in ada.page.locator("#my-games tr", has_text=gid).text_content()
    # a rematch from the game pages: Ada asks, Bo accepts, the new game starts
    for tab in (ada, bo):
        tab.page.goto(f"{site.url}/g/{gid}")
        with tab.page.expect_navigation():
            tab.page.click("#rematch")
    new_id = bo.page.url.rsplit("/", 1)[1]
    assert new_id != gid and ada.page.url.endswith(new_id)
    assert site.service.game(new_id, None)["status"] == "active"
    print(f"\nplayers: {clicks} clicks")


def test_an_open_table_shows_its_join_link_and_only_its_creator_starts_it_early(site, sink, tabs):
    ada, bo = tabs("ada"), tabs("bo", 390)
    sign_in(site, sink, ada, ADA)
    ada.page.goto(f"{site.url}/lobby")
    ada.page.select_option("#open-table select[name=game]", "khronos")
    ada.page.fill("#open-table input[name=name]", "Ada")
    ada.page.fill("#open-table input[name=seats]", "3")
    with ada.page.expect_navigation():
        ada.page.click("#open-table button[type=submit]")
    gid = ada.page.url.rsplit("/", 1)[1]
    panel = ada.page.locator("#open-table")
    assert "2 of 3 seats free" in panel.text_content()
    assert panel.locator(f'a[href="{site.url}/join/{gid}"]').count() == 1
    assert ada.page.locator("#start").count() == 0  # Khronos needs two players; one is not enough
    assert ada.page.locator("#cancel").count() == 1

    sign_in(site, sink, bo, BO)
    bo.page.goto(f"{site.url}/join/{gid}")  # the shared link
    bo.page.fill("#join input[name=name]", "Bo")
    with bo.page.expect_navigation():
        bo.page.click("#join button[type=submit]")
    assert "1 of 3 seats free" in bo.page.locator("#open-table").text_content()
    assert bo.page.locator("#start, #cancel").count() == 0  # only the creator starts or cancels
    assert bo.page.evaluate("document.documentElement.scrollWidth") <= 390
    bo.shot("players-open-table-phone")

    ada.page.reload()
    ada.shot("players-open-table-wide")
    with ada.page.expect_navigation():
        ada.page.click("#start")
    assert site.service.load(gid).status == "active"
    assert [s["name"] for s in site.service.load(gid).created["seats"]] == ["Ada", "Bo"]
    assert ada.page.locator("#open-table").count() == 0 and "to move" in ada.page.locator(".seats").text_content()
