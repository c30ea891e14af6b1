"""The table-talk panel beside the history (issue 24), in Chromium: a message written in one
seat's page appears live in the other seat's open page without a reload, as text (a message
holding `<script>` runs nothing), a private one only where it may be read; the panel fits a
phone."""

from __future__ import annotations

import requests

SCRIPT = "<script>window.pwned = 1</script> <b>hi</b> Bo"


def test_messages_arrive_live_as_text_and_only_where_they_may_be_read(web, tabs):
    r = requests.post(web.url + "/games", timeout=30, json={
        "game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}], "options": {"first_seat": 0},
        "talk": {"spectators": True}})
    assert r.status_code == 201, r.text
    created = r.json()
    gid = created["id"]
    bo, watcher = tabs("talk-bo", 1280), tabs("talk-spectator", 390)
    bo.page.goto(created["seats"][1]["url"])
    watcher.page.goto(created["url"])
    for tab in (bo, watcher):
        tab.page.wait_for_selector("#talk #no-messages")
        tab.page.evaluate("window.__notReloaded = true")
    ada = tabs("talk-ada", 1280)
    ada.page.goto(created["seats"][0]["url"])
    ada.page.select_option("#say-to", "all")
    ada.page.fill("#say-text", SCRIPT)
    ada.page.click("#say-send")
    ada.page.wait_for_selector("#messages li.public")
    private = requests.post(f"{web.url}/games/{gid}/messages", timeout=30, json={"to": [1], "text": "only for Bo"},
                            headers={"Authorization": f"Bearer {created['seats'][0]['token']}"})
    assert private.status_code == 201, private.text
    bo.page.wait_for_selector("#messages li.private", timeout=15_000)
    watcher.page.wait_for_selector("#messages li.public", timeout=15_000)
    for tab in (bo, watcher):
        assert tab.page.evaluate("window.__notReloaded") is True  # arrived live, no reload
        assert tab.page.evaluate("window.pwned") is None
        assert tab.page.locator("#messages li.public .text").text_content() == SCRIPT
        assert tab.page.locator("#messages li.public .who").text_content() == "Ada to all:"
        assert tab.page.locator("#messages b").count() == 0 and tab.page.locator("#messages script").count() == 0
    assert bo.page.locator("#messages li.private .text").text_content() == "only for Bo"
    assert watcher.page.locator("#messages li").count() == 1  # the private one never reaches a spectator
    assert "only for Bo" not in watcher.page.content()
    assert ada.page.evaluate("window.pwned") is None
    # The panel fits a phone: nothing wider than the screen.
    assert watcher.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone = tabs("talk-bo-phone", 390)
    phone.page.goto(created["seats"][1]["url"])
    assert phone.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for tab, label in ((bo, "talk-1280"), (phone, "talk-390")):
        tab.page.locator("#talk").scroll_into_view_if_needed()
        tab.shot(label)
