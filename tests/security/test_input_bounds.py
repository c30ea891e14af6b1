"""Input bounded before work (issue 35): every count a request carries is checked against its
limit before anything is built for it; integers in queries, forms, cookies and mail commands are
ASCII digits of bounded length (one reader, referee/plumbing/numbers.py), else a 400 naming the
parameter; names and other one-line texts refuse control characters (422); a mail that cannot be
built fails alone. Each test failed against the code before this change (see SECURITY.md)."""

from __future__ import annotations

import re
import time

import pytest
import requests

from referee.notify.delivery import deliver_due
from referee.store import outbox
from referee.store.db import write_transaction
from tests.api.helpers import browser_signed_in, new_babel

pytestmark = pytest.mark.one_database  # bounds checked before the store (400/422); their store paths run twice in api/ and flow/

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
ADA = "ada@example.org"




def csrf(s: requests.Session, url: str) -> str:
    return CSRF.search(s.get(url, timeout=30).text).group(1)


def _problem_400(r, parameter: str) -> None:
    assert r.status_code == 400, (r.status_code, r.text[:300])
    if r.headers["Content-Type"].startswith("application/problem+json"):
        assert r.json()["parameter"] == parameter


# -- counts checked before work ---------------------------------------------------------------

@pytest.mark.parametrize("seats", ["100000", "1000000000", "9" * 5000, "²", "-3", "0"])
def test_lobby_seat_count_is_refused_before_a_seat_is_built(site, sink, seats):
    """POST /lobby seats=100000 held a worker 40-65 s, 10^9 would allocate ~190 GB, 5,000 digits
    answered 500: now each is a 400 naming `seats`, at once, and no game is made."""
    s = browser_signed_in(site, sink, ADA)
    token = csrf(s, site.url + "/lobby")
    started = time.monotonic()
    r = s.post(site.url + "/lobby", data={"csrf": token, "game": "babel", "name": "Ada", "seats": seats},
               timeout=30, allow_redirects=False)
    assert time.monotonic() - started < 2
    _problem_400(r, "seats")
    assert "seats" in r.text
    assert site.service.list_games() == []


# -- one strict integer reader ----------------------------------------------------------------

@pytest.mark.parametrize("query", ["after=²", "after=٣", "after=" + "9" * 5000, "wait=²", "talk_after=¹"])
def test_feed_integers_are_ascii_digits_of_bounded_length(site, query):
    gid = new_babel(site)["id"]
    paths = [f"/games/{gid}/events"] + ([] if query.startswith("talk_after") else [f"/games/{gid}/messages"])
    for path in paths:  # (talk_after is the events stream's alone)
        r = site.call("GET", f"{path}?{query}")
        _problem_400(r, query.split("=")[0])


@pytest.mark.parametrize("query", ["limit=²", "offset=²", "seats=²", "limit=" + "1" * 5000])
def test_listing_integers_are_ascii_digits(site, query):
    _problem_400(site.call("GET", f"/games?{query}"), query.split("=")[0])
    if query.startswith("limit"):
        _problem_400(site.call("GET", f"/ratings/babel?{query}"), "limit")


@pytest.mark.parametrize("seats", ["²", "9" * 5000])
def test_page_queries_refuse_bad_integers(site, seats):
    gid = new_babel(site)["id"]
    for path in (f"/lobby?seats={seats}", f"/join/{gid}?seat={seats}", f"/g/{gid}?at={seats}"):
        r = requests.get(site.url + path, timeout=30)
        assert r.status_code == 400, (path, r.status_code)


def test_a_seat_cookie_of_5000_digits_is_no_one_not_a_500(site):
    gid = new_babel(site)["id"]
    for value in ("9" * 5000 + ".key", "².key", "-1.key"):
        r = requests.get(f"{site.url}/g/{gid}", cookies={f"referee_seat_{gid}": value}, timeout=30)
        assert r.status_code == 200  # a spectator's page: a forged cookie signs in as no one
        feed = requests.get(f"{site.url}/games/{gid}/events", cookies={f"referee_seat_{gid}": value}, timeout=30)
        assert feed.status_code == 200


def test_form_integers_are_ascii_digits(site, sink):
    """The join form's seat and the /me form's digest hour: '²' passed `isdigit()` and then
    `int()` failed (500)."""
    created = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"open": True}]}).json()
    gid = created["id"]
    s = browser_signed_in(site, sink, ADA)
    r = s.post(f"{site.url}/join/{gid}", data={"csrf": csrf(s, f"{site.url}/join/{gid}"), "name": "Bo",
                                               "seat": "¹"}, timeout=30, allow_redirects=False)
    _problem_400(r, "seat")
    r = s.post(f"{site.url}/me", data={"csrf": csrf(s, f"{site.url}/me"), "digest_hour": "²"}, timeout=30,
               allow_redirects=False)
    _problem_400(r, "digest_hour")


# -- control characters -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ada\r\nBcc: eve@example.org", "Ada\n", "Ada\x85", "Ada\x00", "Ada\u2028x"])
def test_names_with_control_characters_are_422(site, name):
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": name}, {"name": "Bo"}]})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "/seats/0/name" and "control characters" in r.json()["detail"]
    created = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"open": True}]}).json()
    before = site.service.list_games()
    r = site.call("POST", f"/games/{created['id']}/join", json={"name": name})
    assert r.status_code == 422, r.text
    r = site.call("POST", "/tournaments", json={"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                                "players": [{"name": name}, {"name": "Bo"}]})
    assert r.status_code == 422, r.text
    assert site.service.list_games() == before


def test_a_reason_and_a_players_name_refuse_control_characters(site, sink):
    created = new_babel(site)
    gid, t0 = created["id"], created["seats"][0]["token"]
    r = site.call("POST", f"/games/{gid}/pause", t0, json={"reason": "away\r\nSubject: you lost"})
    assert r.status_code == 422, r.text
    s = browser_signed_in(site, sink, ADA)
    r = s.post(f"{site.url}/me", data={"csrf": csrf(s, f"{site.url}/me"), "name": "Ada\rX"}, timeout=30)
    assert "control characters" in r.text
    assert site.service.load(gid).status == "active"


# -- the outbox -------------------------------------------------------------------------------

def test_a_mail_that_cannot_be_built_fails_alone(site, sink, clock):
    """A subject with a line break (a name stored before names were checked) aborted the whole
    delivery pass, and the mails claimed after it waited for good."""
    gid = new_babel(site)["id"]
    with write_transaction(site.service.db) as conn:
        outbox.enqueue(conn, gid, None, "email", "bad@example.org", "test", "Hi\r\nBcc: eve@example.org",
                       "body", "bad:1", clock())
        for i in range(3):
            outbox.enqueue(conn, gid, None, "email", f"ok{i}@example.org", "test", "Hi", "body", f"ok:{i}", clock())
    counts = deliver_due(site.service)
    assert counts == {"sent": 3, "retry": 0, "failed": 1}
    assert [len(sink.to(f"ok{i}@example.org")) for i in range(3)] == [1, 1, 1]
    bad = [m for m in outbox.messages(site.service.db.conn) if m["recipient"] == "bad@example.org"][0]
    assert bad["failed"] == 1 and bad["last_error"].startswith("cannot be built: ValueError")
    assert sink.to("eve@example.org") == []
