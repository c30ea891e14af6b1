"""Issue 38, the newcomer's rough edges in the forms, over HTTP: seats numbered from 1 on the
create form, an invite typed into /new in the browser (the API's `{"invite"}`) that reaches
the invitee's Maildir, "Play against bots" landing in the player's seat, and the lobby offering only the
chosen game's seat counts."""

from __future__ import annotations

import re

import requests

from referee.engine.registry import GAME_IDS, rules_for
from tests.web.conftest import Tab, axe_violations, maildir_to

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def test_the_create_form_counts_seats_from_1_and_an_invite_typed_into_it_reaches_the_invitees_maildir(
        maildir_site, browser):
    """In the browser, on the app as `referee serve` runs it without SMTP: the invitation mail,
    with the join link, lands in the Maildir; the page the form leads to passes axe's WCAG rules."""
    site = maildir_site
    tab = Tab(browser.new_context(viewport={"width": 1280, "height": 900}), "creator")
    page = tab.page
    page.goto(f"{site.url}/new")
    assert "Seat 1 name" in page.inner_text("main") and "Seat 0 name" not in page.inner_text("main")
    page.select_option("select[name=game]", "babel")
    page.fill("input[name=name0]", "Ada")
    page.fill("input[name=invite1]", "bo@example.org")
    with page.expect_navigation():
        page.click("form:has(input[name=invite1]) button[type=submit]")
    shown = page.inner_text("main")
    assert "/new/created/" in page.url and "Seat 1: Ada" in shown and "Seat 0" not in shown, shown
    found = axe_violations(page, "/new/created")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    assert site.service.load(gid).status == "open"  # the invited seat waits
    [(_subject, body)] = maildir_to(site, "bo@example.org")
    assert f"{site.url}/join/{gid}" in body, body
    tab.context.close()
    assert found == [], "\n".join(found)
    assert not tab.errors, tab.errors


def test_play_against_bots_lands_in_the_players_seat(web):
    s = requests.Session()
    token = CSRF.search(s.get(web.url + "/new", timeout=30).text).group(1)
    r = s.post(web.url + "/new", data={"csrf": token, "mode": "solo", "solo_game": "khronos", "solo_name": "Ada",
                                       "solo_seats": "3", "solo_level": "random"}, timeout=30)
    assert [h.status_code for h in r.history] == [303, 303] and "/play/" in r.history[0].headers["Location"]
    assert r.url.rsplit("/", 2)[-2] == "g" and "You are <strong>Ada</strong>" in r.text


def test_the_lobby_offers_only_the_seat_counts_games_take(web):
    most = max(rules_for(g).max_players for g in GAME_IDS)
    assert most < 8
    page = requests.get(web.url + "/lobby", timeout=30).text
    counts = re.search(r'<select name="seats">(.*?)</select>', page, re.S).group(1)
    assert f'value="{most}"' in counts and f'value="{most + 1}"' not in counts


def test_adding_an_alert_channel_answers_within_a_second_accepted_or_refused(web):
    """The channel check reads the URL once (apprise loaded in the background at start) and a
    host lookup gives up after a short timeout."""
    import time

    from referee.plumbing import targets

    game = requests.post(web.url + "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]},
                         timeout=30).json()
    auth = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    time.sleep(2)  # the warm-up of a freshly started server
    for url, status in (("json://127.0.0.1/x", 422), ("ntfy://a-topic", 201), ("json://10.1.2.3/hook", 422)):
        started = time.monotonic()
        r = requests.post(f"{web.url}/games/{game['id']}/channels", json={"url": url}, headers=auth, timeout=30)
        assert r.status_code == status and time.monotonic() - started < 1.0, (url, r.status_code, r.text)
    started = time.monotonic()  # a lookup that never answers (a blackholed resolver) is given up
    try:
        targets._RESOLVER.submit(time.sleep, 3)  # the pool's threads busy: the lookup queues
        targets._RESOLVER.submit(time.sleep, 3)
        targets._RESOLVER.submit(time.sleep, 3)
        targets._RESOLVER.submit(time.sleep, 3)
        targets.check_host("example.org", "channel", resolve=True)
        raise AssertionError("a lookup that did not answer in time passed")
    except targets.TargetRefused as e:
        assert "did not resolve within" in str(e)
    assert time.monotonic() - started < 1.0


def _seat_page(web, seat: dict) -> str:
    s = requests.Session()
    return s.get(seat["url"].replace(web.service.config.base_url, web.url), timeout=30).text


def test_a_takeback_that_cannot_be_offered_says_why(web):
    """Issue 38: the button does not vanish without a word (after a card draw, say)."""
    off = requests.post(web.url + "/games", json={"game": "babel", "takebacks": "off",
                                                  "seats": [{"name": "Ada"}, {"name": "Bo"}]}, timeout=30).json()
    assert "Takebacks are off in this game." in _seat_page(web, off["seats"][0])
    game = requests.post(web.url + "/games", json={"game": "khronos", "seats": [{"name": "Ada"}, {"name": "Bo"}]},
                         timeout=30).json()
    to_move = requests.get(f"{web.url}/games/{game['id']}", timeout=30).json()["prompts"][0]["seat"]
    seat = game["seats"][to_move]
    first = requests.get(f"{web.url}/games/{game['id']}", headers={"Authorization": f"Bearer {seat['token']}"},
                         timeout=30).json()["prompts"][0]
    page = _seat_page(web, seat)
    assert 'id="takeback-why"' in page and "no move of your own" in page and 'id="takeback"' not in page
    played = requests.post(f"{web.url}/games/{game['id']}/moves", headers={"Authorization": f"Bearer {seat['token']}"},
                           json={"move": first["default"]}, timeout=30)  # ending the turn draws cards
    assert played.status_code == 201, played.text
    page = _seat_page(web, seat)
    assert 'id="takeback-why"' in page and "No takeback now: your last move lies behind" in page, page[-3000:]


def test_a_schema_error_reads_in_german_with_the_librarys_words_folded_under_it(web):
    s = requests.Session()
    s.headers["Accept-Language"] = "de"
    token = CSRF.search(s.get(web.url + "/new", timeout=30).text).group(1)
    r = s.post(web.url + "/new", data={"csrf": token, "game": "babel", "name0": "Ada", "name1": "Bo",
                                       "clock": '{"policy": 5}'}, timeout=30)
    problem = re.search(r'<div class="problem".*?</div>', r.text, re.S).group(0)
    assert "<code>/clock</code> passt zu keiner der erlaubten Formen" in problem, problem
    folded = re.search(r'<details class="schema-detail"><summary>([^<]+)</summary><span lang="en">([^<]+)</span>',
                       problem)
    assert folded and "englisch" in folded.group(1) and "is not valid under any" in folded.group(2), problem


def test_a_board_link_is_named_by_what_it_shows_first():
    """axe-core's label-content-name-mismatch (WCAG 2.5.3) on Khronos' age header mid-move: a
    board link's accessible name now contains the element's visible text."""
    from referee.web.present import mark_options

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" role="img"><title>t</title>'
           '<g data-el="age-might"><title>Might</title><text x="0" y="9">Might: military rules</text></g>'
           '<g data-el="sq"><title>square</title><text x="0" y="19">Build here</text></g></svg>')
    marked, _ = mark_options(svg, {"age-might": ("/a", "Build in Might", "1"), "sq": ("/b", "Build here now", "2")})
    assert 'aria-label="Might: military rules: Build in Might"' in marked
    assert 'aria-label="Build here now"' in marked  # already contains what it shows


def test_an_open_table_reads_as_an_open_table(web):
    """No "began for Ada, Open seat 2" and no turn of an empty seat until the game starts."""
    made = requests.post(web.url + "/games", json={"game": "khronos", "seats": [{"name": "Ada"}, {"open": True},
                                                                                 {"open": True}]}, timeout=30).json()
    page = requests.get(f"{web.url}/g/{made['id']}", timeout=30).text
    assert 'id="board-waits"' in page and "turn" not in page.lower().replace("return", "")
    assert "A table of Khronos opened for 3 players." in page and "began" not in page
