"""A whole Babel game played only by clicking what the referee offers (tests/web/clicking.py),
the two seats in two browser contexts opened from their personal links; the other seat's page
follows by its own live updates; the choices hurry the game to its end (clicking.hurry). At every
move over HTTP, and every tenth move and at the end in the browsers too, the spectator's and the
other seat's pages show nothing of a hand they may not see; then the history stepper, by mouse
and keyboard."""

from __future__ import annotations

import json
import random
import re

import pytest
import requests

from tests.web.checks import (
    hand_contents_shown,
    hand_text,
    replayed_view,
    same_picture,
    shown_svg,
    withheld_values,
)
from tests.web.clicking import WHOLE_GAME, Table
from tests.web.conftest import create, open_details, seat_session


def _no_hidden_hand(web, gid: str):
    """Babel's own check at every move: a page spells out no hand but the viewer's own."""
    def check(viewer: int | None, page: str) -> None:
        state = web.service.load(gid).state
        own = {hand_text(state, viewer)} if viewer is not None else set()
        assert hand_contents_shown(page) <= own, f"a hidden hand on {viewer}'s page"
        cards = state["players"][viewer]["hand"] if viewer is not None else {}  # drawn card by card
        assert set(re.findall(r'data-el="(hand-\w+)"', page)) == {f"hand-{p}" for p, n in cards.items() if n}, \
            f"hand cards on {viewer}'s page that are not its own"
    return check


@pytest.mark.one_database  # a whole game in the browser tests the pages; the store runs on both elsewhere
def test_babel_whole_game_by_clicking(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    table = Table(web, tabs, created, "babel", "babel-2", random.Random(11), WHOLE_GAME, http_every=1)  # every move clicked and checked
    seats = table.tabs
    for s, tab in enumerate(seats):
        assert tab.page.locator(".who strong").first.text_content() == ("Ada", "Bo")[s]
    seats[0].shot("babel-start-seat0")
    clients = {None: requests.Session(), 0: seat_session(created["seats"][0]["url"]),
               1: seat_session(created["seats"][1]["url"])}
    hidden = _no_hidden_hand(web, gid)
    while not web.service.load(gid).finished:
        table.check_no_leak(hidden)
        if table.moves % 10 == 0:
            feed = requests.get(f"{web.url}/games/{gid}/events?after=0", timeout=30).json()["events"]
            assert withheld_values(feed, None) == []  # the live feed the pages poll
        table.play_move()
        assert table.moves < 400, "the game did not end"
        if table.moves == 12:
            seats[0].shot("babel-midgame-seat0")
            seats[1].shot("babel-midgame-seat1")
    table.check_no_leak(hidden, last=True)
    clicks = table.clicks

    final = web.service.load(gid)
    for tab in seats:
        tab.wait_seq(final.seq)
        assert "Game over" in tab.page.locator("#result").text_content()
        assert "passed" in tab.page.locator("#replay-status").text_content()
    seats[0].shot("babel-finished-seat0")
    print(f"\nBabel: {clicks} clicks, {final.seq} events")

    # The history stepper shows each seat's view after event k as that seat saw it then.
    events = requests.get(f"{web.url}/games/{gid}/export", timeout=30).text.splitlines()
    events = [json.loads(x) for x in events]
    rules = final.rules
    page = seats[1].page
    for k in sorted({1, 2, 7, final.seq // 2, final.seq - 4}):
        expected = replayed_view(rules, events, k, 1)
        page.goto(f"{web.url}/g/{gid}?at={k}")
        assert json.loads(page.locator("#view-json").text_content()) == expected, k
        served = clients[1].get(f"{web.url}/g/{gid}?at={k}", timeout=30).text
        assert same_picture(shown_svg(served), rules.picture(expected, 1, ["Ada", "Bo"])), k
        assert "hand" not in expected["players"][0]  # seat 0's hand stays hidden in the history
    # The stepper by keyboard: arrows, Home, End.
    page.goto(f"{web.url}/g/{gid}?at=7")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/g/{gid}?at=6")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/g/{gid}?at=7")
    page.keyboard.press("Home")
    page.wait_for_url(f"**/g/{gid}?at=1")
    assert page.locator("#step-pos").text_content() == f"Event 1 of {final.seq}"
    page.keyboard.press("End")
    page.wait_for_url(f"**/g/{gid}")
    token = created["seats"][1]["token"]
    api = requests.get(f"{web.url}/games/{gid}", headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
    assert json.loads(page.locator("#view-json").text_content()) == api["view"]


def test_refused_move_names_its_rule_and_links_to_it(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    tab = tabs("babel-refused")
    tab.page.goto(created["seats"][0]["url"])
    open_details(tab.page, "details.move-form")
    tab.page.fill("#move-text", "build yard 1")
    with tab.page.expect_navigation():
        tab.page.locator("#move-form button[type=submit]").click()
    problem = tab.page.locator("#problem")
    assert "yard 1 is empty" in problem.text_content()
    link = problem.locator("a.rule")
    assert link.text_content() == "B-19"
    tab.page.locator("#move-text").wait_for()
    assert tab.page.input_value("#move-text") == "build yard 1"  # what was typed stays
    tab.shot("babel-refused-move")
    with tab.page.expect_navigation():
        link.click()
    assert tab.page.url.endswith("#B-19")
    assert tab.page.locator("[id='B-19']").count() == 1
    assert tab.page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") == "B-19"
    # The JSON alternative of the form, refused by the move schema, shows where.
    tab.page.goto(f"{web.url}/g/{created['id']}")
    open_details(tab.page, "details.move-form")
    open_details(tab.page, "details.json-alt")
    tab.page.fill("#move-json", '{"type": "travel", "people": "atlanteans"}')
    with tab.page.expect_navigation():
        tab.page.locator("#move-form button[type=submit]").click()
    assert "move schema" in tab.page.locator("#problem").text_content()
    # A move the text form cannot read is explained without a round trip to the rules.
    open_details(tab.page, "details.move-form")
    tab.page.fill("#move-text", "fly to the moon")
    with tab.page.expect_navigation():
        tab.page.locator("#move-form button[type=submit]").click()
    assert "unknown move" in tab.page.locator("#problem").text_content()
