"""The alerts page in Chromium (issue 26): a seat adds a chat channel (apprise json://) and sends a
test alert, switches on browser push from the page (the page's own script registers the service
worker and subscribes with the server's VAPID key; the push service, which a headless browser on a
closed network cannot reach, is stood in for by a loopback endpoint: the browser's subscribe()
returns that endpoint with keys the test holds), and a move delivers to both targets: the push
request's VAPID signature is verified and its payload decrypted at the endpoint. A channel that
keeps failing shows as switched off and one click switches it on again."""

from __future__ import annotations

import json
import re

import pytest
import requests

from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from referee.service.notices.alerts import Owner
from tests.conftest import start_server
from tests.notify.test_web_push import Subscriber, check_vapid, unb64

STUB = """
PushManager.prototype.subscribe = function (options) {
  const key = new Uint8Array(options.applicationServerKey);
  sessionStorage.asked = btoa(String.fromCharCode(...key)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const sub = %s;
  return Promise.resolve({endpoint: sub.endpoint, toJSON: () => sub});
};
"""


@pytest.fixture
def site(database, clock):
    srv, httpd = start_server(database, clock=clock, config=Config(database=database, allow_private_targets=True))
    srv.service.config.base_url = srv.url
    yield srv
    httpd.shutdown()


def test_alerts_page_chat_channel_browser_push_and_switching_on_again(site, receiver, tabs, clock):
    game = site.call("POST", "/games", json={"game": "khronos", "options": {"first_seat": 0},
                                             "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()
    gid, ada, bo = game["id"], game["seats"][0], game["seats"][1]
    browser = Subscriber(f"http://{receiver.host}/push/bo")
    tab = tabs("bo", 1280)
    tab.context.add_init_script(STUB % json.dumps(browser.subscription))
    tab.context.grant_permissions(["notifications"], origin=site.url)  # the person says yes
    page = tab.page
    page.goto(bo["url"])
    page.click("#alerts-link")
    assert page.url.endswith(f"/g/{gid}/alerts")
    panel = page.locator("#panel-seat")
    panel.locator("input[name=url]").fill(f"json://{receiver.host}/bo")
    panel.locator("input[name=event_reminder]").uncheck()
    with page.expect_navigation():
        panel.locator("form.add-channel button[type=submit]").click()
    row = panel.locator("li.channel").first
    assert f"json://{receiver.host}/bo" in row.text_content() and "reminders" not in row.text_content()
    with page.expect_navigation():
        row.locator("button.test").click()
    deliver_due(site.service)
    assert [json.loads(r.body)["title"] for r in receiver.at("/bo")] == ["Test alert from the referee"]

    with page.expect_navigation():
        panel.locator("button.push-on").click()
    assert page.evaluate("sessionStorage.asked") == site.call("GET", "/push/key").json()["public_key"]
    assert "Browser push" in page.locator("#panel-seat ul.channels").text_content()
    tab.shot("alerts-page-1280")
    phone = tabs("bo-phone", 390)
    phone.page.goto(bo["url"])
    phone.page.goto(f"{site.url}/g/{gid}/alerts")
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.shot("alerts-page-390")

    site.call("POST", f"/games/{gid}/moves", ada["token"], json={"move": {"type": "end_turn"}})
    deliver_due(site.service)
    assert json.loads(receiver.at("/bo")[-1].body)["title"] == "Khronos: your turn: Bo"
    [pushed] = receiver.at("/push/bo")
    check_vapid(pushed.headers, site.call("GET", "/push/key").json()["public_key"], f"http://{receiver.host}")
    shown = browser.decrypt(pushed.body)
    assert shown["title"] == "Khronos: your turn: Bo" and shown["url"] == bo["url"]

    # the chat receiver dies: retries, then the channel is switched off; one click brings it back
    receiver.status["/bo"] = 500
    site.call("POST", f"/games/{gid}/moves", bo["token"], json={"move": {"type": "end_turn"}})
    site.call("POST", f"/games/{gid}/moves", ada["token"], json={"move": {"type": "end_turn"}})
    for _ in range(12):
        deliver_due(site.service)
        clock.advance(3 * 3600)
    page.reload()
    off = page.locator("#panel-seat li.channel.off")
    assert "Switched off" in off.text_content()
    tab.shot("alerts-page-switched-off-1280")
    with page.expect_navigation():
        off.locator("button.enable").click()
    assert page.locator("#panel-seat li.channel.off").count() == 0
    assert unb64(browser.subscription["keys"]["auth"]) == browser.auth


def test_my_games_digest_settings_and_a_channel_for_all_my_games(database, clock, receiver, tabs):
    from tests.conftest import MailSink
    from tests.web.test_players_pages import sign_in
    sink = MailSink().start()
    srv, httpd = start_server(database, clock=clock, config=Config(database=database, smtp_url=sink.url,
                                                                   allow_private_targets=True))
    srv.service.config.base_url = srv.url
    try:
        tab = tabs("ada", 1280)
        sign_in(srv, sink, tab, "ada@example.org")
        page = tab.page
        page.check("#settings input[name=digest]")
        page.select_option("#settings select[name=digest_every]", "week")
        page.fill("#settings input[name=digest_hour]", "7")
        page.check("#settings input[name=digest_only]")
        with page.expect_navigation():
            page.click("#settings button[type=submit]")
        assert page.locator("#settings select[name=digest_every]").input_value() == "week"
        assert page.locator("#settings input[name=digest_hour]").input_value() == "7"
        assert page.locator("#settings input[name=digest_only]").is_checked()
        tab.shot("me-digest-1280")
        page.click("#alerts-link")
        panel = page.locator("#panel-player")
        panel.locator("input[name=url]").fill(f"json://{receiver.host}/ada-everywhere")
        with page.expect_navigation():
            panel.locator("form.add-channel button[type=submit]").click()
        assert "ada-everywhere" in panel.locator("ul.channels").text_content()
        game = srv.call("POST", "/games", json={"game": "khronos", "options": {"first_seat": 1}, "seats": [
            {"name": "Ada", "email": "ada@example.org"}, {"name": "Bo"}]}).json()
        page.goto(f"{srv.url}/accept/{game['id']}/0")  # a seat made with her address is hers once she accepts (issue 35)
        with page.expect_navigation():
            page.click("#accept button[type=submit]")
        bo = {"Authorization": f"Bearer {game['seats'][1]['token']}"}
        [prompt] = srv.call("GET", f"/games/{game['id']}/prompts", headers=bo).json()["prompts"]
        assert srv.call("POST", f"/games/{game['id']}/moves", headers=bo, json={"move": prompt["default"]}).status_code == 201
        deliver_due(srv.service)
        [told] = receiver.at("/ada-everywhere")  # a player's channel covers the seats they hold
        assert json.loads(told.body)["title"] == "Khronos: your turn: Ada"
        body = told.body.decode()  # her own link: the one the creator was shown died when she accepted
        assert f"/play/{game['id']}/0/" in body and game["seats"][0]["url"] not in body
        phone = tabs("ada-phone", 390)
        phone.context.add_cookies(tab.context.cookies())
        phone.page.goto(f"{srv.url}/me")
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
        phone.shot("me-digest-390")
        phone.page.goto(f"{srv.url}/me/alerts")
        phone.shot("me-alerts-390")
    finally:
        httpd.shutdown()
        sink.stop()


def test_the_creator_manages_the_tables_channels_a_spectator_sees_none(web):
    csrf = re.compile(r'name="csrf" value="([0-9a-f]+)"')
    creator = requests.Session()
    token = csrf.search(creator.get(web.url + "/new", timeout=30).text).group(1)
    creator.post(web.url + "/new", data={"csrf": token, "game": "babel", "name0": "Ada", "name1": "Bo"}, timeout=30)
    gid = web.service.list_games(limit=1)[0]["id"]
    assert 'id="alerts-link"' in creator.get(f"{web.url}/g/{gid}", timeout=30).text
    page = creator.get(f"{web.url}/g/{gid}/alerts", timeout=30).text
    assert 'id="panel-game"' in page and 'id="panel-seat"' not in page  # the creator holds no seat here
    r = creator.post(f"{web.url}/g/{gid}/alerts", data={"csrf": csrf.search(page).group(1), "scope": "game",
                                                       "url": "discord://1234/secret-token", "event_turn": "on"},
                     timeout=30)
    assert r.status_code == 200 and "discord://1234/secret-token" in r.text
    assert [c["events"] for c in web.service.channels(Owner("game", gid))] == [["turn"]]
    spectator = requests.Session()
    assert 'id="alerts-link"' not in spectator.get(f"{web.url}/g/{gid}", timeout=30).text
    seen = spectator.get(f"{web.url}/g/{gid}/alerts", timeout=30)
    assert seen.status_code == 404 and "secret-token" not in seen.text
