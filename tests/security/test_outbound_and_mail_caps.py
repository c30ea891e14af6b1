"""Issue 35, "Outbound targets and mail volume", over HTTP (the caps' counts on both
databases, the address checks on SQLite): every address the
service is given to reach (a channel, a seat's webhook or mail, a sign-in) is refused at once
when it is not on the public internet, in whatever form it is written; mail that someone else
asked for is capped per recipient mailbox, across processes; test alerts are capped per channel.
Each test failed before the fix (see SECURITY.md)."""

from __future__ import annotations

import ipaddress

import pytest

from referee.plumbing import targets
from referee.plumbing.config import Config
from referee.store import outbox
from tests.conftest import start_server

above_the_store = pytest.mark.one_database  # address checks before the store; the send caps' counts run twice in this file

HOUR = 3600


@pytest.fixture
def site(database, clock):
    """The service as deployed publicly: private targets refused, no creation limit in the way."""
    srv, running = start_server(database, clock=clock, config=Config(database=database, create_limit="",
                                                                     base_url="https://referee.example"))
    yield srv
    running.shutdown()


def _game(site) -> dict:
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]})
    assert r.status_code == 201, r.text
    return r.json()


def _mails(site, kind: str | None = None) -> list[dict]:
    return [m for m in outbox.messages(site.service.db.conn) if m["channel"] == "email"
            and (kind is None or m["kind"] == kind)]


@above_the_store
def test_shared_address_space_and_other_non_global_addresses_are_internal(site):
    """`not is_global` is the test: 100.64.0.0/10 (carrier-grade NAT, some cloud metadata
    services) passed before, and so did IPv6 forms that reach an internal IPv4 address."""
    for address in ("100.64.0.1", "100.127.255.254", "198.18.0.1", "64:ff9b::a00:1", "2002:a00:1::1"):
        assert targets.is_internal(ipaddress.ip_address(address)), address
    assert not targets.is_internal(ipaddress.ip_address("93.184.216.34"))
    game = _game(site)
    gid, tok = game["id"], game["seats"][0]["token"]
    for url in ("json://100.64.0.1/x", "json://[64:ff9b::a00:1]/x"):
        r = site.call("POST", f"/games/{gid}/channels", tok, json={"url": url})
        assert r.status_code == 422 and r.json()["field"] == "/url", (url, r.text)


@above_the_store
def test_loopback_in_decimal_octal_or_hex_is_refused_when_the_target_is_added(site):
    """Not only when sending: the host is normalised (2130706433, 0177.0.0.1, 0x7f.1, 127.1 are
    127.0.0.1) when a channel or a seat's webhook or address is given."""
    game = _game(site)
    gid, tok = game["id"], game["seats"][0]["token"]
    r = site.call("POST", f"/games/{gid}/channels", tok, json={"url": "json://2130706433/x"})
    assert r.status_code == 422 and "127.0.0.1" in r.json()["detail"], r.text
    for host in ("2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7f000001"):
        r = site.call("POST", "/games", json={"game": "babel", "seats": [
            {"name": "Ada", "webhook": f"http://{host}:8080/hook"}, {"name": "Bo"}]})
        assert r.status_code == 422 and r.json()["field"] == "/seats/0/webhook", (host, r.text)
        assert "127.0.0.1" in r.json()["detail"]
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada", "email": "a@0x7f.1"}, {"name": "Bo"}]})
    assert r.status_code == 422 and r.json()["field"] == "/seats/0/email", r.text
    assert targets.normal_host("0x7f.1") == "127.0.0.1" and targets.normal_host("Face.Cafe.") == "face.cafe"


@above_the_store
def test_a_sign_in_address_passes_the_same_check_as_seats_and_invitations(site):
    for address in ("x@10.0.0.1", "x@100.64.0.1", "x@0177.0.0.1"):
        r = site.call("POST", "/players/sign-in", json={"email": address})
        assert r.status_code == 422 and r.json()["field"] == "/email", (address, r.text)
        assert r.headers["Content-Type"] == "application/problem+json"
    assert _mails(site) == []
    assert site.call("POST", "/players/sign-in", json={"email": "x@example.org"}).status_code == 202


@above_the_store
def test_a_tournament_of_plus_addresses_of_one_mailbox_is_refused_and_mails_nothing(site):
    """One unauthenticated tournament with 20 `victim+N@` addresses queued 570 mails; they all
    reach victim@, whose hourly cap (20) this one request would exceed: 429, nothing stored."""
    people = [{"name": f"P{n}", "email": f"Victim+{n}@Example.org"} for n in range(20)]
    r = site.call("POST", "/tournaments", json={"game": "babel", "format": "round_robin", "players": people,
                                                "seats_per_game": 2, "start": "at_once"})
    assert r.status_code == 429, r.text[:300]  # (before: 201, and 570 mails queued for one mailbox)
    assert r.headers["Content-Type"] == "application/problem+json" and int(r.headers["Retry-After"]) > 0
    assert r.json()["field"].startswith("/players/") and "did not ask for" in r.json()["detail"]
    assert _mails(site) == []
    assert site.call("GET", "/games?limit=5").json()["games"] == []
    # distinct people, each mailed once per round of a smaller tournament, are not held up
    people = [{"name": f"P{n}", "email": f"p{n}@example.org"} for n in range(6)]
    r = site.call("POST", "/tournaments", json={"game": "babel", "format": "round_robin", "players": people,
                                                "seats_per_game": 2, "start": "at_once"})
    assert r.status_code == 201, r.text
    assert len(_mails(site, "round_started")) == 6 * 5


def test_sign_in_links_are_capped_per_mailbox_per_hour_and_per_day_across_processes(site, database, clock):
    """Counts live in the database: two processes (two apps over one database) share them."""
    other, running = start_server(database, clock=clock, config=Config(database=database, create_limit=""))
    try:
        for n in range(20):
            via = site if n % 2 else other
            assert via.call("POST", "/players/sign-in", json={"email": f"victim+{n}@example.org"}).status_code == 202
        r = other.call("POST", "/players/sign-in", json={"email": "VICTIM@example.org"})
        assert r.status_code == 429 and r.json()["field"] == "/email", r.text
        assert 0 < int(r.headers["Retry-After"]) <= HOUR
        assert len(_mails(site, "sign_in")) == 20
        assert site.call("POST", "/players/sign-in", json={"email": "someone.else@example.org"}).status_code == 202
        clock.advance(HOUR)
        assert site.call("POST", "/players/sign-in", json={"email": "victim@example.org"}).status_code == 202
        sent = 21
        while sent < 50:  # the day's cap: 50
            clock.advance(HOUR)
            for _ in range(min(20, 50 - sent)):
                assert other.call("POST", "/players/sign-in", json={"email": "victim@example.org"}).status_code == 202
                sent += 1
        clock.advance(HOUR)
        r = site.call("POST", "/players/sign-in", json={"email": "victim+late@example.org"})
        assert r.status_code == 429 and "day" in r.json()["detail"], r.text
        rows = site.service.db.conn.execute("SELECT subject, period, slot FROM send_counts").fetchall()
        # the refused request changed nothing, the hours before the last counted one are gone
        assert {slot for _, period, slot in rows if period == HOUR} == {int(clock.now // HOUR) - 1}
        assert not any("victim" in subject for subject, _, _ in rows)  # a keyed hash, not the address
    finally:
        running.shutdown()


def test_invitations_are_capped_per_mailbox(site):
    for n in range(20):
        r = site.call("POST", "/games", json={"game": "babel", "seats": [
            {"name": "Ada"}, {"invite": f"victim+{n}@example.org"}]})
        assert r.status_code == 201, r.text
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"invite": "Victim@Example.org"}]})
    assert r.status_code == 429 and r.json()["field"] == "/seats/1/invite", r.text
    assert len(_mails(site, "invitation")) == 20
    assert len(site.call("GET", "/games?limit=50").json()["games"]) == 20  # the refused game was not created


def test_channel_test_alerts_are_capped_per_channel(site, clock):
    game = _game(site)
    gid, tok = game["id"], game["seats"][0]["token"]
    cid = site.call("POST", f"/games/{gid}/channels", tok, json={"url": "discord://1234/abcd"}).json()["id"]
    other = site.call("POST", f"/games/{gid}/channels", tok, json={"url": "discord://5678/efgh"}).json()["id"]
    for _ in range(5):
        clock.advance(1)
        assert site.call("POST", f"/games/{gid}/channels/{cid}/test", tok).status_code == 202
    r = site.call("POST", f"/games/{gid}/channels/{cid}/test", tok)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0, r.text
    assert r.headers["Content-Type"] == "application/problem+json"
    assert site.call("POST", f"/games/{gid}/channels/{other}/test", tok).status_code == 202
    tests = [m for m in outbox.messages(site.service.db.conn) if m["kind"] == "alert_test"]
    assert len(tests) == 6
