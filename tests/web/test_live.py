"""An open page follows the game by itself (the change feed: Server-Sent Events, or the long poll
where the browser has no EventSource), keeps what was being typed, and tells screen readers
what happened."""

from __future__ import annotations

import requests

from tests.web.conftest import create, open_details


def test_open_page_updates_itself(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    watcher = tabs("live-watcher")
    feeds: list = []
    watcher.page.on("request", lambda r: "/events" in r.url and feeds.append(r))
    watcher.page.goto(created["seats"][0]["url"])  # Ada, half-way through typing, also plays by mail
    open_details(watcher.page, "details.move-form")
    watcher.page.fill("#move-text", "settle medes")
    spectator = tabs("live-spectator")
    spectator.page.goto(created["url"])
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    seq = web.service.load(gid).seq
    for _ in range(3):  # travelling keeps Ada's turn going
        prompt = requests.get(f"{web.url}/games/{gid}/prompts", headers=auth, timeout=30).json()["prompts"][0]
        move = next((c for c in prompt["choices"] if c["type"] == "travel"), prompt["default"])
        r = requests.post(f"{web.url}/games/{gid}/moves", headers=auth, json={"move": move}, timeout=30)
        assert r.status_code == 201, r.text
        seq = r.json()["seq"]
        for tab in (watcher, spectator):
            tab.wait_seq(seq)
    assert watcher.page.input_value("#move-text") == "settle medes"
    assert watcher.page.locator("details.move-form").get_attribute("open") is not None
    assert "Ada" in watcher.page.locator("#live-status").text_content()
    # the page listened by a stream (EventSource), not by polling
    assert feeds and all(r.resource_type == "eventsource" for r in feeds), [(r.url, r.resource_type) for r in feeds]


def test_without_event_source_the_page_falls_back_to_the_long_poll(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    old = tabs("live-old-browser")
    old.page.add_init_script("delete window.EventSource;")
    feeds: list = []
    old.page.on("request", lambda r: "/events" in r.url and feeds.append(r))
    old.page.goto(created["url"])
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    prompt = requests.get(f"{web.url}/games/{gid}/prompts", headers=auth, timeout=30).json()["prompts"][0]
    r = requests.post(f"{web.url}/games/{gid}/moves", headers=auth, json={"move": prompt["default"]}, timeout=30)
    assert r.status_code == 201, r.text
    old.wait_seq(r.json()["seq"])
    assert feeds and all("wait=" in r.url and r.resource_type == "fetch" for r in feeds)
