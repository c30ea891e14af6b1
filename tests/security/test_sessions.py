"""Issue 35, "Sessions", over HTTP (on SQLite: above the store): a form's CSRF token is bound to the
credentials it acts with (seat cookie, player session), so a nonce cookie planted by another
port or subdomain of the site is worth nothing; over HTTPS every site-wide cookie is `__Host-`
prefixed; the sign-in (login CSRF) is covered too; and `next=` only ever leads to a path of this
site. Each test failed before the fix (see SECURITY.md)."""

from __future__ import annotations

import html
import re
from urllib.parse import urljoin, urlsplit

import pytest
import requests

from referee.plumbing.config import Config
from referee.store import outbox
from tests.conftest import start_server

pytestmark = pytest.mark.one_database  # CSRF, cookies and redirects lie above the store; sign-in links run twice in api/test_players.py

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
PLANTED = "ab" * 16  # a nonce the attacker chose and set from evil.sub.<site> or <site>:8081
HTTPS = {"X-Forwarded-Proto": "https"}


@pytest.fixture
def site(database, clock):
    """Behind a trusted proxy on loopback: a request says HTTPS by X-Forwarded-Proto, as nginx does."""
    srv, running = start_server(database, clock=clock, behind_proxy=True,
                                config=Config(database=database, create_limit="", secret_key="sessions-test"))
    yield srv
    running.shutdown()


def _token(site, path: str, cookies: dict, headers: dict | None = None) -> str:
    r = requests.get(site.url + path, cookies=cookies, headers=headers or {}, timeout=30)
    assert r.status_code == 200, r.text
    return CSRF.search(r.text).group(1)


def _game(site) -> tuple[str, str]:
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                          "options": {"first_seat": 0}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["url"].rsplit("/", 1)[1]


def _link(site, address: str) -> str:
    """The secret of the newest sign-in link mailed to `address` (queued in the outbox)."""
    assert site.call("POST", "/players/sign-in", json={"email": address}).status_code == 202
    body = [m for m in outbox.messages(site.service.db.conn) if m["recipient"] == address][-1]["body"]
    return re.search(r"/sign-in/([A-Za-z0-9_-]+)", body).group(1)


def test_a_planted_nonce_does_not_let_another_site_post_as_a_seat(site):
    """The attacker fetches the game page with a nonce of their own and reads its token, plants
    the nonce in a seat holder's browser and posts the resignation from there: refused."""
    gid, key = _game(site)
    forged = _token(site, f"/g/{gid}", {"referee_csrf": PLANTED})
    victim = {"referee_csrf": PLANTED, f"referee_seat_{gid}": f"0.{key}"}
    r = requests.post(f"{site.url}/g/{gid}/resign", data={"csrf": forged}, cookies=victim,
                      allow_redirects=False, timeout=30)
    assert r.status_code == 400, r.status_code
    assert site.service.load(gid).status == "active"
    own = _token(site, f"/g/{gid}", victim)  # the seat's own page: its forms work
    r = requests.post(f"{site.url}/g/{gid}/resign", data={"csrf": own}, cookies=victim, allow_redirects=False,
                      timeout=30)
    assert r.status_code == 303 and site.service.load(gid).status != "active"


def test_a_planted_nonce_does_not_let_another_site_post_as_a_signed_in_player(site):
    secret = _link(site, "ada@example.org")
    page = requests.Session()
    token = CSRF.search(page.get(f"{site.url}/sign-in/{secret}", timeout=30).text).group(1)
    r = page.post(f"{site.url}/sign-in/{secret}", data={"csrf": token}, allow_redirects=False, timeout=30)
    assert r.status_code == 303
    session = page.cookies["referee_player"]
    forged = _token(site, "/", {"referee_csrf": PLANTED})
    r = requests.post(f"{site.url}/me", data={"csrf": forged, "name": "Mallory"}, allow_redirects=False,
                      cookies={"referee_csrf": PLANTED, "referee_player": session}, timeout=30)
    assert r.status_code == 400
    me = site.call("GET", "/players/me", session).json()
    assert me.get("name") != "Mallory"


def test_login_csrf_a_post_the_browser_marks_as_from_another_site_is_refused(site):
    """Signing a victim in as the attacker (whose mailbox got the link): the victim has no
    session to bind to, so the browser's `Sec-Fetch-Site` decides; the token alone would pass."""
    secret = _link(site, "mallory@example.org")
    forged = _token(site, f"/sign-in/{secret}", {"referee_csrf": PLANTED})
    r = requests.post(f"{site.url}/sign-in/{secret}", data={"csrf": forged}, allow_redirects=False,
                      cookies={"referee_csrf": PLANTED}, headers={"Sec-Fetch-Site": "same-site"}, timeout=30)
    assert r.status_code == 400 and "referee_player" not in r.headers.get("Set-Cookie", "")
    for where in ("cross-site", "same-site"):
        r = requests.post(f"{site.url}/language", data={"csrf": forged, "lang": "de", "next": "/"},
                          cookies={"referee_csrf": PLANTED}, headers={"Sec-Fetch-Site": where},
                          allow_redirects=False, timeout=30)
        assert r.status_code == 400, where


def test_over_https_cookies_are_host_prefixed_and_a_planted_plain_nonce_is_ignored(site):
    r = requests.get(site.url + "/", headers=HTTPS, timeout=30)
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("__Host-referee_csrf=") and "Secure" in cookie and "Path=/" in cookie
    assert "Domain" not in cookie
    # login CSRF over HTTPS: a subdomain can set `referee_csrf`, never `__Host-referee_csrf`
    secret = _link(site, "mallory@example.org")
    forged = _token(site, f"/sign-in/{secret}", {"referee_csrf": PLANTED, "__Host-referee_csrf": PLANTED}, HTTPS)
    r = requests.post(f"{site.url}/sign-in/{secret}", data={"csrf": forged}, cookies={"referee_csrf": PLANTED},
                      headers=HTTPS, allow_redirects=False, timeout=30)
    assert r.status_code == 400
    # the genuine flow: the browser holds what the server set, all prefixed
    nonce = {"__Host-referee_csrf": PLANTED}
    r = requests.post(f"{site.url}/sign-in/{secret}", data={"csrf": forged}, cookies=nonce, headers=HTTPS,
                      allow_redirects=False, timeout=30)
    assert r.status_code == 303 and r.headers["Set-Cookie"].startswith("__Host-referee_player=")
    gid, key = _game(site)
    r = requests.get(f"{site.url}/play/{gid}/0/{key}", headers=HTTPS, allow_redirects=False, timeout=30)
    assert r.headers["Set-Cookie"].startswith(f"__Host-referee_seat_{gid}=0.")
    page = requests.get(f"{site.url}/g/{gid}", cookies={f"__Host-referee_seat_{gid}": f"0.{key}"}, headers=HTTPS,
                        timeout=30).text
    assert "You are <strong>Ada</strong>" in page
    plain = requests.get(f"{site.url}/g/{gid}", cookies={f"referee_seat_{gid}": f"0.{key}"}, headers=HTTPS,
                         timeout=30).text
    assert "You are <strong>Ada</strong>" not in plain  # over HTTPS only the prefixed cookie counts

    def feed(cookies: dict) -> dict:  # the live feed reads the same cookies (referee/asgi/feed.py)
        return requests.get(f"{site.url}/games/{gid}/events?after=0", cookies=cookies, headers=HTTPS,
                            timeout=30).json()
    spectator = feed({})
    assert feed({f"__Host-referee_seat_{gid}": f"0.{key}"}) != spectator  # Ada's own deal shown to her
    assert feed({f"referee_seat_{gid}": f"0.{key}"}) == spectator


def _as_a_browser_reads(location: str) -> str:
    """As the URL standard reads it: without leading and trailing controls and spaces, without
    tabs and newlines anywhere, a backslash as a slash (and then `///host` is a host too)."""
    return re.sub(r"[\t\n\r]", "", location.strip("".join(map(chr, range(0x21))))).replace("\\", "/")


@pytest.mark.parametrize("target", ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\\evil.example",
                                    "\\/evil.example", "//evil.example", "https://evil.example/x",
                                    "/\\/evil.example", " //evil.example", "\t//evil.example", "/%09/evil.example",
                                    "///evil.example", "http:/evil.example", "/\x00/evil.example"])
def test_the_language_switch_only_redirects_to_a_path_of_this_site(site, target):
    cookies = {"referee_csrf": "cd" * 16}
    token = _token(site, "/", cookies)
    r = requests.post(f"{site.url}/language", data={"csrf": token, "lang": "de", "next": target}, cookies=cookies,
                      allow_redirects=False, timeout=30)
    assert r.status_code == 303, r.text
    _assert_local(site, r.headers["Location"])
    page = requests.get(f"{site.url}/sign-in", params={"next": target}, timeout=30).text
    for value in re.findall(r'name="next" value="([^"]*)"', page):  # the sign-in form passes it on
        _assert_local(site, html.unescape(value))


def _assert_local(site, location: str) -> None:
    read = _as_a_browser_reads(location)
    assert read.startswith("/") and not read.startswith("//"), location
    landed = urlsplit(urljoin(site.url + "/", read))
    assert landed.netloc == urlsplit(site.url).netloc and not landed.path.startswith("//"), location


def test_a_local_next_keeps_its_path_and_query(site):
    cookies = {"referee_csrf": "ef" * 16}
    token = _token(site, "/", cookies)
    r = requests.post(f"{site.url}/language", data={"csrf": token, "lang": "de", "next": "/lobby?game=babel"},
                      cookies=cookies, allow_redirects=False, timeout=30)
    assert r.status_code == 303 and r.headers["Location"] == "/lobby?game=babel"
