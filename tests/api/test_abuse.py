"""Abuse limits of a public deployment (issue 12, item 9): rate limits answer 429 with
Retry-After, the optional creation key, and notification targets inside the network refused."""

from __future__ import annotations

import pytest

from referee.plumbing.config import Config
from tests.conftest import start_server

pytestmark = pytest.mark.one_database  # rate limits (in memory) and target checks answer before the store; games run twice elsewhere

BABEL = {"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]}


@pytest.fixture
def limited(database):
    db = database
    srv, httpd = start_server(db, config=Config(database=db, create_limit="3/minute", auth_fail_limit="5/minute",
                                                create_key="open-sesame"))
    yield srv
    httpd.shutdown()


def _is_429(r) -> None:
    assert r.status_code == 429, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert int(r.headers["Retry-After"]) > 0


def test_game_creation_needs_the_creation_key_when_one_is_set(limited):
    r = limited.call("POST", "/games", json=BABEL)
    assert r.status_code == 403 and "X-Create-Key" in r.json()["detail"]
    r = limited.call("POST", "/games", json=BABEL, headers={"X-Create-Key": "wrong"})
    assert r.status_code == 403
    assert limited.call("GET", "/games").json()["games"] == []
    assert limited.call("POST", "/games", json=BABEL, headers={"X-Create-Key": "open-sesame"}).status_code == 201


def test_game_creation_is_rate_limited(limited):
    key = {"X-Create-Key": "open-sesame"}
    codes = [limited.call("POST", "/games", json=BABEL, headers=key).status_code for _ in range(3)]
    assert codes == [201, 201, 201]
    _is_429(limited.call("POST", "/games", json=BABEL, headers=key))
    assert len(limited.call("GET", "/games").json()["games"]) == 3


def test_failed_authentication_is_rate_limited_but_good_tokens_are_not_counted(limited):
    created = limited.call("POST", "/games", json=BABEL, headers={"X-Create-Key": "open-sesame"}).json()
    gid, good = created["id"], created["seats"][0]["token"]
    for _ in range(10):  # seats playing normally never count
        assert limited.call("GET", f"/games/{gid}", good).status_code == 200
    codes = [limited.call("GET", f"/games/{gid}", "wrong-token").status_code for _ in range(5)]
    assert codes == [401] * 5
    _is_429(limited.call("GET", f"/games/{gid}", "wrong-token"))
    # locked out, the address cannot have any token checked, so a right guess is no way out
    _is_429(limited.call("GET", f"/games/{gid}", good))
    # spectators (no token) are not affected
    assert limited.call("GET", f"/games/{gid}").status_code == 200


@pytest.mark.parametrize("seat", [{"name": "Bot", "webhook": "http://127.0.0.1:9/hook"},
                                  {"name": "Bot", "webhook": "http://localhost/hook"},
                                  {"name": "Bot", "webhook": "http://[::1]/hook"},
                                  {"name": "Bot", "webhook": "http://[::1/hook"},  # not even a URL: 422, not 500
                                  {"name": "Bot", "webhook": "http://10.1.2.3/hook"},
                                  {"name": "Bot", "webhook": "http://169.254.169.254/latest/meta-data"},
                                  {"name": "Bot", "email": "bo@[127.0.0.1]"},
                                  {"name": "Bot", "email": "bo@localhost"}])
def test_notification_targets_inside_the_network_are_refused(server, seat):
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, seat]})
    assert r.status_code == 422, r.text
    assert "seat 1" in r.json()["detail"]
    assert server.call("GET", "/games").json()["games"] == []


def test_private_targets_allowed_when_configured(database):
    db = database
    srv, httpd = start_server(db, config=Config(database=db, allow_private_targets="1"))
    try:
        r = srv.call("POST", "/games", json={"game": "babel", "seats": [
            {"name": "Ada"}, {"name": "Bot", "webhook": "http://127.0.0.1:9/hook"}]})
        assert r.status_code == 201, r.text
    finally:
        httpd.shutdown()


def test_a_recent_failure_keeps_its_address_checked_even_when_many_other_addresses_failed():
    """The lockout's fast path (no recent failure: the limiter is not asked) never skips an
    address whose failures still count, however many other addresses failed since (pruning)."""
    from referee.api import abuse
    from referee.plumbing.errors import TooManyRequests

    config = Config(database=":memory:", auth_fail_limit="3/minute")
    mine = "test-fast-path:203.0.113.7"
    for _ in range(3):
        abuse.count_failure(mine, config)
    for i in range(abuse._PRUNE_AT + 10):  # past the pruning size, with live entries only
        abuse.count_failure(f"test-fast-path:other-{i}", config)
    with pytest.raises(TooManyRequests):
        abuse.refuse_if_locked_out(mine, config)
    abuse.refuse_if_locked_out("test-fast-path:never-failed", config)  # no failure: not refused
