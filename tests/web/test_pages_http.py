"""The pages over plain HTTP (no browser): every registered game renders, seat links and their
cookie, CSRF, escaping, the Content-Security-Policy, and the live change feed (long poll)."""

from __future__ import annotations

import re
import threading
import time

import pytest
import requests

from referee.engine.registry import GAME_IDS, rules_for
from tests.web.conftest import create, seat_session

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_pages(web, game):
    """Only contract hooks are used, so a game gets its pages as soon as its package exists."""
    rules = rules_for(game)
    n = max(rules.min_players, 2) if rules.max_players >= 2 else 1
    created = create(web, game, [f"P{i}" for i in range(n)])
    assert created["url"] == f"{web.url}/g/{created['id']}"
    spectator = requests.get(created["url"], timeout=30)
    assert spectator.status_code == 200 and "<svg" in spectator.text and "spectator" in spectator.text
    prompted = web.service.load(created["id"]).prompts[0].seat
    page = seat_session(created["seats"][prompted]["url"]).get(created["url"], timeout=30).text
    assert 'class="prompt"' in page and "Write the move instead" in page
    rules_page = requests.get(f"{web.url}/rules/{game}", timeout=30)
    assert rules_page.status_code == 200
    listing = requests.get(web.url + "/", timeout=30).text
    assert created["id"] in listing


def test_seat_link_cookie_and_csrf(web):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid, url0 = created["id"], created["seats"][0]["url"]
    assert url0.startswith(f"{web.url}/play/{gid}/0/")
    s = requests.Session()
    r = s.get(url0, allow_redirects=False, timeout=30)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/g/{gid}")
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and f"referee_seat_{gid}=0." in cookie
    page = s.get(f"{web.url}/g/{gid}", timeout=30).text
    assert "You are <strong>Ada</strong>" in page
    # A wrong key signs nobody in; a cookie naming another seat with this key is a spectator.
    bad = requests.get(url0[:-4] + "0000", allow_redirects=False, timeout=30)
    assert bad.status_code == 404 and "referee_seat" not in bad.headers.get("Set-Cookie", "")
    forged = requests.get(f"{web.url}/g/{gid}", cookies={f"referee_seat_{gid}": "1." + url0.rsplit("/", 1)[1]}, timeout=30)
    assert "spectator" in forged.text
    # A move without this browser's CSRF token changes nothing.
    token = CSRF.search(page).group(1)
    seq = web.service.load(gid).seq
    for data in ({"text": "end", "seq": str(seq)}, {"text": "end", "seq": str(seq), "csrf": "0" * 64}):
        r = s.post(f"{web.url}/g/{gid}/move", data=data, timeout=30)
        assert r.status_code == 400 and web.service.load(gid).seq == seq
    other = requests.Session()
    other.get(web.url + "/", timeout=30)  # another browser: its own nonce
    r = s.post(f"{web.url}/g/{gid}/move", data={"text": "end", "seq": str(seq),
               "csrf": CSRF.search(other.get(web.url + "/new", timeout=30).text).group(1)}, timeout=30)
    assert r.status_code == 400 and web.service.load(gid).seq == seq
    # Spectators cannot move at all; the seat can, with its token.
    r = requests.post(f"{web.url}/g/{gid}/move", data={"text": "end", "csrf": token}, timeout=30)
    assert r.status_code == 404
    r = s.post(f"{web.url}/g/{gid}/move", data={"text": "travel medes", "seq": str(seq), "csrf": token},
               allow_redirects=False, timeout=30)
    assert r.status_code in (303, 200)
    # Resigning takes the form's token too; then the game is over for everyone.
    assert s.post(f"{web.url}/g/{gid}/resign", data={}, timeout=30).status_code == 400
    r = s.post(f"{web.url}/g/{gid}/resign", data={"csrf": token}, timeout=30)
    assert r.status_code == 200 and 'id="result"' in r.text and web.service.load(gid).finished
    # Signing out returns the browser to the spectator's page.
    r = s.post(f"{web.url}/g/{gid}/leave", data={"csrf": token}, timeout=30)
    assert "spectator" in r.text


def test_everything_escaped_and_no_inline_script(web):
    created = create(web, "babel", ['<script>alert("x")</script>', "Bo & <b>Co</b>"], {"first_seat": 0})
    for path in ("/", f"/g/{created['id']}", "/new", "/rules/babel"):
        r = requests.get(web.url + path, timeout=30)
        csp = r.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "<script>alert" not in r.text and "<b>Co</b>" not in r.text
        for tag in re.findall(r"<script[^>]*>", r.text):
            assert "src=" in tag, tag  # no inline script anywhere
        assert not re.search(r"\son[a-z]+=", r.text) and not re.search(r"\sstyle=", r.text)
    page = requests.get(created["url"], timeout=30).text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page or "&lt;script&gt;alert(&quot;x&quot;)" in page


def test_create_form_gives_personal_links(web):
    s = requests.Session()
    token = CSRF.search(s.get(web.url + "/new", timeout=30).text).group(1)
    r = s.post(web.url + "/new", data={"csrf": token, "game": "iron_age", "name0": "Ada", "name1": "Bo",
                                       "email1": "bo@example.org", "options": '{"first_seat": 1}',
                                       "clock": '{"policy": "fixed", "per_decision": "72h"}'}, timeout=30)
    assert r.status_code == 200 and [h.status_code for h in r.history] == [303]
    assert "/play/" not in r.url and "/play/" not in r.history[0].headers["Location"]  # never in a URL
    links = re.findall(r'class="seat-link" href="([^"]+)"', r.text)
    assert len(links) == 2 and all("/play/" in u for u in links)
    # Each link is also a URL to copy, next to a copy button.
    assert all(f'value="{u}" readonly' in r.text for u in links) and r.text.count('class="copy"') == 4
    page = seat_session(links[1]).get(links[1].rsplit("/play/", 1)[0] + "/g/" + links[1].split("/")[4], timeout=30).text
    assert "You are <strong>Bo</strong>" in page and "Deadline:" in page
    bad = s.post(web.url + "/new", data={"csrf": token, "game": "babel", "name0": "Solo"}, timeout=30)
    assert bad.status_code == 200 and 'id="problem"' in bad.text and "2-2 seats" in bad.text


def test_reloading_the_created_page_creates_nothing_and_shows_the_links_once(web):
    s = requests.Session()
    token = CSRF.search(s.get(web.url + "/new", timeout=30).text).group(1)
    before = len(web.service.list_games(limit=100))
    r = s.post(web.url + "/new", data={"csrf": token, "game": "babel", "name0": "Ada", "name1": "Bo"}, timeout=30)
    assert len(re.findall(r'class="seat-link"', r.text)) == 2
    again = s.get(r.url, timeout=30)  # the browser's reload: a GET of the redirect target
    assert again.status_code == 200 and "/play/" not in again.text and "shown once" in again.text
    assert len(web.service.list_games(limit=100)) == before + 1
    # Another browser never sees them, even at once.
    other = requests.Session()
    t2 = CSRF.search(other.get(web.url + "/new", timeout=30).text).group(1)
    r2 = other.post(web.url + "/new", data={"csrf": t2, "game": "babel", "name0": "Cy", "name1": "Di"}, timeout=30)
    assert "/play/" not in s.get(r2.url, timeout=30).text


def test_the_create_form_offers_the_selected_games_seats(web):
    for game in GAME_IDS:
        rules = rules_for(game)
        form = requests.get(f"{web.url}/new?game={game}", timeout=30).text
        rows = re.findall(r'<div class="seat-row" data-seat="(\d+)"( hidden)?>', form)
        shown = [int(i) for i, hidden in rows if not hidden]
        assert shown == list(range(rules.max_players)), (game, shown)
        required = re.findall(r'name="name(\d+)"[^>]*required', form)
        assert [int(i) for i in required] == [0], (game, required)  # later rows: a name or an invite (issue 38)
        assert re.findall(r'name="invite(\d+)"', form) == [str(i) for i in range(1, max(r.max_players for r in
                                                                                         map(rules_for, GAME_IDS)))]


def test_mail_page_shows_the_creator_every_mail_and_a_seat_its_own(web):
    s = requests.Session()
    token = CSRF.search(s.get(web.url + "/new", timeout=30).text).group(1)
    r = s.post(web.url + "/new", data={"csrf": token, "game": "babel", "name0": "Ada", "name1": "Bo",
                                       "email0": "ada@example.org", "email1": "bo@example.org",
                                       "options": '{"first_seat": 0}'}, timeout=30)
    links = re.findall(r'class="seat-link" href="([^"]+)"', r.text)
    gid = links[0].split("/")[4]
    svc = web.service
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})  # mails to both seats
    mails = svc.game_mails(gid, None)
    to = {m["seat"] for m in mails}
    assert to == {0, 1}
    creator = s.get(f"{web.url}/g/{gid}/mail", timeout=30).text
    assert all(f'id="mail-{m["id"]}"' in creator for m in mails)
    assert gid in s.get(web.url + "/mail", timeout=30).text
    for seat, link in enumerate(links):
        page = seat_session(link).get(f"{web.url}/g/{gid}/mail", timeout=30).text
        for m in mails:
            assert (f'id="mail-{m["id"]}"' in page) == (m["seat"] == seat), (seat, m["id"])
    assert "Hand:" in creator
    spectator = requests.get(f"{web.url}/g/{gid}/mail", timeout=30)
    assert spectator.status_code == 404 and "Hand:" not in spectator.text
    forged = requests.get(f"{web.url}/g/{gid}/mail", cookies={f"referee_creator_{gid}": "0" * 64}, timeout=30)
    assert forged.status_code == 404


def test_change_feed_long_poll(web):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid, token = created["id"], created["seats"][0]["token"]
    seq = web.service.load(gid).seq
    t0 = time.monotonic()
    r = requests.get(f"{web.url}/games/{gid}/events?after={seq}&wait=1", timeout=30)
    assert r.json()["events"] == [] and 0.9 < time.monotonic() - t0 < 5

    auth = {"Authorization": f"Bearer {token}"}
    move = requests.get(f"{web.url}/games/{gid}/prompts", headers=auth, timeout=30).json()["prompts"][0]["choices"][0]

    def move_soon():
        time.sleep(0.5)
        requests.post(f"{web.url}/games/{gid}/moves", headers=auth, json={"move": move}, timeout=30)

    threading.Thread(target=move_soon).start()
    t0 = time.monotonic()
    r = requests.get(f"{web.url}/games/{gid}/events?after={seq}&wait=20", timeout=30)
    waited = time.monotonic() - t0
    assert [e["seq"] for e in r.json()["events"]] == [seq + 1] and waited < 5
    assert requests.get(f"{web.url}/games/{gid}/events?wait=31", timeout=30).status_code == 400


def test_create_form_has_the_api_limits(web):
    """The form is no way around POST /games' creation key and per-address limit."""
    web.app.config["REFEREE"].create_key = "sesame"
    s = requests.Session()
    form = s.get(web.url + "/new", timeout=30).text
    assert 'name="create_key"' in form
    data = {"csrf": CSRF.search(form).group(1), "game": "babel", "name0": "Ada", "name1": "Bo"}
    assert s.post(web.url + "/new", data=data, timeout=30).status_code == 403
    created = s.post(web.url + "/new", data={**data, "create_key": "sesame"}, allow_redirects=False, timeout=30)
    assert created.status_code == 303 and "/new/created/" in created.headers["Location"]
