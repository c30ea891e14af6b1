"""Tenure (issue 35): a seat's secrets belong to the holder of the moment. Over real HTTP on
loopback (the streams on both databases, their end being a commit's wake-up; the rest on
SQLite): Bo holds seat 1, then gives it up and Cy takes it.

- Streams (SSE, long polls, table talk) of a credential that died end at once: the seat
  changing hands, a revoked player token, a player signing out.
- Notes, private messages, mails (the mail page) and pre-set moves are filtered by tenure.
- A former holder's reply address is refused, and a mail queued for him still carries his own.
- POST /mail/inbound needs its shared secret; the SMTP port listens on loopback by default.
- The leak check: every page, answer and feed read as a former holder and as a mail viewer.
"""

from __future__ import annotations

import base64
import json
import queue
import re
import threading
import time

import httpx
import pytest
import requests

from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from referee.web.access import _creator_mac
from tests.conftest import free_port, start_server

above_the_store = pytest.mark.one_database  # tenure and authorisation above the store; the streams' wake-ups above and api/test_players.py run twice

ADA, BO, CY = "ada@example.org", "bo@example.org", "cy@example.org"
SECRET = "tenure-inbound-secret"
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
AT_ONCE = 3.0  # seconds within which a dead credential's stream must end (its lifetime is 300 s)


@pytest.fixture
def site(database, clock, sink):
    srv, httpd = start_server(database, clock=clock, config=Config(
        database=database, smtp_url=sink.url, allow_private_targets=True, secret_key="tenure-test",
        inbound_secret=SECRET, talk_limit=""))
    yield srv
    httpd.shutdown()


def sign_in(site, sink, address: str) -> str:
    """A player token for `address` (the sign-in link mailed to it)."""
    assert site.call("POST", "/players/sign-in", json={"email": address}).status_code == 202
    deliver_due(site.service)
    body = [m for m in sink.to(address) if m["Subject"] == "Your sign-in link"][-1].get_content()
    r = site.call("POST", "/players/tokens", json={"link": re.search(r"/sign-in/([A-Za-z0-9_-]+)", body).group(1)})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def table(site, sink) -> dict:
    """Ada (seat 0) and Bo (seat 1, signed in, joined), Bo to move with a mail queued for him."""
    r = site.call("POST", "/games", json={"game": "babel", "options": {"first_seat": 0},
                                          "seats": [{"name": "Ada", "email": ADA}, {"open": True}]})
    assert r.status_code == 201, r.text
    g = r.json()
    bo_player = sign_in(site, sink, BO)
    bo = site.call("POST", f"/games/{g['id']}/join", bo_player, json={"name": "Bo"}).json()
    ada = g["seats"][0]["token"]
    assert site.call("POST", f"/games/{g['id']}/moves", ada, json={"move": {"type": "finish_first_turn"}}).ok
    return {"id": g["id"], "ada": ada, "creator": g["creator_token"], "bo": bo, "bo_player": bo_player}


def say(site, gid: str, token: str, to, text: str) -> None:
    r = site.call("POST", f"/games/{gid}/messages", token, json={"to": to, "text": text})
    assert r.status_code == 201, r.text


def replace_bo(site, sink, t: dict) -> dict:
    """Bo gives seat 1 up; Cy (signed in) takes it."""
    r = site.call("POST", f"/games/{t['id']}/seats/1/release", t["bo"]["token"])
    assert r.status_code == 200 and r.json()["released"], r.text
    cy_player = sign_in(site, sink, CY)
    cy = site.call("POST", f"/games/{t['id']}/join", cy_player, json={"name": "Cy", "seat": 1})
    assert cy.status_code == 201 and cy.json()["tenure"] == 1, cy.text
    return {**cy.json(), "player": cy_player}


def browser(site, link: str) -> requests.Session:
    """A browser signed in as a seat by its personal link (the seat cookie)."""
    s = requests.Session()
    assert s.get(link.replace("http://127.0.0.1:8000", site.url), timeout=30).ok
    return s


class Stream:
    """A Server-Sent Events client on a thread: frames as (event, data), and when it ended."""

    def __init__(self, url: str, headers: dict | None = None, cookies: dict | None = None):
        self.frames: queue.Queue = queue.Queue()
        self.ended = threading.Event()
        self.client = httpx.Client(timeout=httpx.Timeout(10, read=60), cookies=cookies)
        self._cm = self.client.stream("GET", url, headers={"Accept": "text/event-stream", **(headers or {})})
        self.response = self._cm.__enter__()
        assert self.response.status_code == 200, self.response.read()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            for line in self.response.iter_lines():
                if line == "":
                    if "data" in fields:
                        self.frames.put((fields.get("event", "message"), fields["data"]))
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    fields[name] = value.lstrip(" ")
        except (httpx.HTTPError, RuntimeError):
            pass
        finally:
            self.ended.set()

    def drained(self) -> list[tuple[str, str]]:
        out = []
        while not self.frames.empty():
            out.append(self.frames.get())
        return out

    def close(self) -> None:
        self.client.close()


class LongPoll:
    """A long poll on a thread: its status and body once answered, and how long it took."""

    def __init__(self, url: str, headers: dict | None = None, cookies: dict | None = None):
        self.answer: requests.Response | None = None
        self.took = 0.0
        self.done = threading.Event()
        threading.Thread(target=self._run, args=(url, headers, cookies), daemon=True).start()

    def _run(self, url, headers, cookies) -> None:
        t0 = time.monotonic()
        try:
            self.answer = requests.get(url, headers=headers or {}, cookies=cookies or {}, timeout=60)
        finally:
            self.took = time.monotonic() - t0
            self.done.set()


# -- streams -------------------------------------------------------------------------------------

def test_every_stream_of_a_former_holder_ends_at_once_when_the_seat_changes_hands(site, sink):
    """SSE and long polls, on events and on table talk, by seat token, player token and seat
    cookie: all end within seconds of the release, and none reads what the new holder is told."""
    t = table(site, sink)
    gid, bo = t["id"], t["bo"]
    cookie = browser(site, bo["url"]).cookies.get_dict()
    base = f"{site.url}/games/{gid}"
    last = site.service.load(gid).seq
    streams = {"events/seat token": Stream(f"{base}/events?after={last}", {"Authorization": f"Bearer {bo['token']}"}),
               "messages/player token": Stream(f"{base}/messages", {"Authorization": f"Bearer {t['bo_player']}"}),
               "events+talk/seat cookie": Stream(f"{base}/events?after={last}&talk_after=0", cookies=cookie)}
    polls = {"events/seat token": LongPoll(f"{base}/events?after={last}&wait=25",
                                           {"Authorization": f"Bearer {bo['token']}"}),
             "messages/seat cookie": LongPoll(f"{base}/messages?after=0&wait=25", cookies=cookie)}
    time.sleep(0.5)  # all of them are waiting
    released = time.monotonic()
    cy = replace_bo(site, sink, t)
    say(site, gid, cy["token"], "note", "cy-note-secret")
    say(site, gid, t["ada"], [1], "ada-to-cy-secret")
    for name, s in streams.items():
        assert s.ended.wait(AT_ONCE + 2), f"{name}: the former holder's stream is still open"
        frames = s.drained()
        assert not any("cy-" in data for _, data in frames), (name, frames)
        assert frames and frames[-1][0] == "revoked", (name, frames)
        s.close()
    took = time.monotonic() - released
    for name, p in polls.items():
        assert p.done.wait(AT_ONCE + 2), f"{name}: the former holder's long poll is still waiting"
        assert p.answer.status_code == 401, (name, p.answer.status_code, p.answer.text)
        assert "cy-" not in p.answer.text
    assert took < AT_ONCE + 2 + 5  # the replacement and messages themselves take a moment
    # the new holder's own streams read what is theirs
    mine = site.call("GET", f"/games/{gid}/messages", cy["token"]).json()["messages"]
    assert {m["text"] for m in mine} == {"cy-note-secret", "ada-to-cy-secret"}


def test_a_stream_ends_at_once_when_its_player_token_is_revoked(site, sink):
    t = table(site, sink)
    gid = t["id"]
    stream = Stream(f"{site.url}/games/{gid}/messages", {"Authorization": f"Bearer {t['bo_player']}"})
    poll = LongPoll(f"{site.url}/games/{gid}/messages?after=0&wait=25", {"Authorization": f"Bearer {t['bo_player']}"})
    time.sleep(0.5)
    assert site.call("DELETE", "/players/tokens/current", t["bo_player"]).status_code == 200
    assert stream.ended.wait(AT_ONCE), "the stream of a revoked token is still open"
    assert stream.drained()[-1][0] == "revoked"
    assert poll.done.wait(AT_ONCE) and poll.answer.status_code == 401
    say(site, gid, t["ada"], [1], "after-revocation")  # Bo's seat token still reads it; the dead token never
    assert site.call("GET", f"/games/{gid}/messages", t["bo_player"]).status_code == 401
    stream.close()


def test_a_stream_ends_at_once_when_its_player_signs_out(site, sink):
    t = table(site, sink)
    gid = t["id"]
    b = requests.Session()
    b.cookies.set("referee_player", t["bo_player"])
    stream = Stream(f"{site.url}/games/{gid}/events?after={site.service.load(gid).seq}&talk_after=0",
                    cookies={"referee_player": t["bo_player"]})
    time.sleep(0.5)
    token = CSRF.search(b.get(site.url + "/me", timeout=30).text).group(1)
    assert b.post(site.url + "/sign-out", data={"csrf": token}, allow_redirects=False, timeout=30).status_code == 303
    assert stream.ended.wait(AT_ONCE), "the stream of a signed-out session is still open"
    assert stream.drained()[-1][0] == "revoked"
    stream.close()


# -- notes, private messages, mails, pre-set moves -----------------------------------------------

@above_the_store
def test_notes_and_private_messages_belong_to_the_tenure_they_were_written_in(site, sink):
    t = table(site, sink)
    gid = t["id"]
    say(site, gid, t["bo"]["token"], "note", "bo-note-secret")
    say(site, gid, t["ada"], [1], "ada-to-bo-secret")
    say(site, gid, t["ada"], "all", "hello-everyone")
    cy = replace_bo(site, sink, t)
    say(site, gid, t["ada"], [1], "ada-to-cy-secret")
    seen = [m["text"] for m in site.call("GET", f"/games/{gid}/messages", cy["token"]).json()["messages"]]
    assert seen == ["hello-everyone", "ada-to-cy-secret"]
    page = browser(site, cy["url"]).get(f"{site.url}/g/{gid}", timeout=30).text
    assert "hello-everyone" in page and "bo-note-secret" not in page and "ada-to-bo-secret" not in page
    # Ada, who wrote to both, still reads her own messages
    mine = [m["text"] for m in site.call("GET", f"/games/{gid}/messages", t["ada"]).json()["messages"]]
    assert mine == ["ada-to-bo-secret", "hello-everyone", "ada-to-cy-secret"]


@above_the_store
def test_the_mail_page_shows_a_seat_only_its_own_holders_mails(site, sink):
    t = table(site, sink)
    gid = t["id"]
    deliver_due(site.service)
    assert sink.to(BO), "Bo was told it is his turn"
    cy = replace_bo(site, sink, t)
    for token, move in ((cy["token"], {"type": "finish_first_turn"}), (t["ada"], {"type": "end_turn"})):
        r = site.call("POST", f"/games/{gid}/moves", token, json={"move": move})
        assert r.status_code == 201, r.text
    deliver_due(site.service)
    assert [m for m in sink.to(CY) if m["Reply-To"]], "Cy was told it is his turn"
    cys = browser(site, cy["url"]).get(f"{site.url}/g/{gid}/mail", timeout=30)
    assert cys.status_code == 200
    assert BO not in cys.text  # neither the former holder's address nor his mails
    # the former holder's link is dead: his browser reads no mails of the seat
    bos = requests.Session()
    bos.cookies.set(f"referee_seat_{gid}", "1." + t["bo"]["url"].rsplit("/", 1)[1])
    assert bos.get(f"{site.url}/g/{gid}/mail", timeout=30).status_code == 404
    # the game's creator reads the first holders' mails (it had their links), never a later holder's
    creator = requests.Session()
    creator.cookies.set(f"referee_creator_{gid}", _creator_mac(site.service.secret_key, gid))
    hosts = creator.get(f"{site.url}/g/{gid}/mail", timeout=30)
    assert hosts.status_code == 200 and BO in hosts.text and CY not in hosts.text


@above_the_store
def test_a_former_holders_preset_moves_go_with_him(site, sink):
    t = table(site, sink)
    gid = t["id"]
    r = site.call("POST", f"/games/{gid}/presets", t["ada"], json={"moves": [{"move": "end"}]})
    assert r.status_code == 201, r.text  # Ada queues for her next turn (Bo is to move)
    released = site.call("POST", f"/games/{gid}/seats/0/release", t["ada"])
    assert released.status_code == 200, released.text
    dee = site.call("POST", f"/games/{gid}/join", json={"name": "Dee", "seat": 0}).json()
    assert site.call("GET", f"/games/{gid}/presets", dee["token"]).json()["queue"] == []


@above_the_store
def test_a_former_holders_reply_address_is_refused(site, sink):
    """Bo's mail was queued while he held the seat and delivered after Cy took it: it carries
    Bo's own reply address, and a mail to it (even with Cy's address forged as sender) plays
    nothing; Cy's address plays."""
    t = table(site, sink)
    gid = t["id"]
    cy = replace_bo(site, sink, t)
    deliver_due(site.service)
    bos_reply = [m for m in sink.to(BO) if m["Reply-To"]][-1]["Reply-To"]
    cys_reply = site.service.notifier.reply_address(gid, 1)
    assert bos_reply != cys_reply

    def mail(to: str, text: str) -> int:
        raw = f"From: {CY}\r\nTo: {to}\r\nSubject: Re\r\nMessage-ID: <{text}@x>\r\n\r\nsay all: {text}\r\n".encode()
        return site.call("POST", "/mail/inbound", data=raw, headers={
            "Content-Type": "message/rfc822", "Authorization": f"Bearer {SECRET}"}).status_code

    assert mail(bos_reply, "forged-by-bo") == 202
    assert mail(cys_reply, "genuine-from-cy") == 202
    said = [m["text"] for m in site.call("GET", f"/games/{gid}/messages", cy["token"]).json()["messages"]]
    assert said == ["genuine-from-cy"]


# -- the inbound mail hook and the SMTP port --------------------------------------------------------

@above_the_store
def test_the_inbound_mail_hook_needs_its_secret(site, database, clock):
    raw = b"From: a@x.org\r\nTo: play+nothing.0.aaaa@localhost\r\nSubject: m\r\n\r\nfinish\r\n"
    post = lambda url, auth=None: requests.post(url + "/mail/inbound", data=raw, timeout=30, headers={
        "Content-Type": "message/rfc822", **({"Authorization": auth} if auth else {})})
    basic = lambda user, password: "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    refused = post(site.url)
    assert refused.status_code == 401 and refused.headers["WWW-Authenticate"].startswith("Basic")
    assert refused.headers["Content-Type"] == "application/problem+json"
    for wrong in ("Bearer nope", basic("inbound", "nope"), "Bearer " + SECRET[:-1], "Digest x", basic("", "")):
        assert post(site.url, wrong).status_code == 401, wrong
    assert post(site.url, f"Bearer {SECRET}").status_code == 202
    assert post(site.url, basic("inbound", SECRET)).status_code == 202   # https://inbound:SECRET@host/...
    # a server without a secret has the hook off
    other, httpd = start_server(database, clock=clock)
    try:
        off = post(other.url, f"Bearer {SECRET}")
        assert off.status_code == 403 and "REFEREE_INBOUND_SECRET" in off.json()["detail"]
    finally:
        httpd.shutdown()


@above_the_store
def test_the_smtp_port_listens_on_loopback_by_default(site):
    from referee.notify import smtpd
    from referee.ops.cli import serve
    from referee.ops.serve import Options
    default = next(p.default for p in serve.params if p.name == "smtp_host")
    assert default == Options().smtp_host == "127.0.0.1"
    controller = smtpd.start(site.service, default, free_port())
    try:
        assert {s.getsockname()[0] for s in controller.server.sockets} == {"127.0.0.1"}
    finally:
        controller.stop()


# -- the leak check: a former holder and a mail viewer as readers ---------------------------------

@above_the_store
def test_no_page_answer_or_feed_leaks_across_tenures(site, sink):
    """Every path a reader has (the game page, the mail page, the API's game, prompts, events,
    messages, presets and export, the live feeds), read with the former holder's credentials and
    with the new holder's mail viewer: neither reads the other's notes, private messages,
    address or mails."""
    t = table(site, sink)
    gid = t["id"]
    say(site, gid, t["bo"]["token"], "note", "bo-note-secret")
    say(site, gid, t["ada"], [1], "ada-to-bo-secret")
    deliver_due(site.service)
    cy = replace_bo(site, sink, t)
    say(site, gid, cy["token"], "note", "cy-note-secret")
    say(site, gid, t["ada"], [1], "ada-to-cy-secret")
    deliver_due(site.service)
    bo_secrets, cy_secrets = ("bo-note-secret", "ada-to-bo-secret", BO), ("cy-note-secret", "ada-to-cy-secret", CY)
    paths = [f"/games/{gid}", f"/games/{gid}/prompts", f"/games/{gid}/events", f"/games/{gid}/messages",
             f"/games/{gid}/presets", f"/games/{gid}/export", f"/games/{gid}/messages?wait=1",
             f"/games/{gid}/events?after=0&wait=1"]
    pages = [f"/g/{gid}", f"/g/{gid}/mail", "/mail", f"/g/{gid}/export"]
    former = {"Authorization": f"Bearer {t['bo']['token']}"}
    former_player = {"Authorization": f"Bearer {t['bo_player']}"}
    former_cookie = {f"referee_seat_{gid}": "1." + t["bo"]["url"].rsplit("/", 1)[1], "referee_player": t["bo_player"]}
    viewer = browser(site, cy["url"])
    read: list[tuple[str, str, str]] = []
    for path in paths + pages:
        for who, kw in (("former (seat token)", {"headers": former}), ("former (player token)", {"headers": former_player}),
                        ("former (cookies)", {"cookies": former_cookie})):
            read.append((who, path, requests.get(site.url + path, timeout=30, **kw).text))
        read.append(("mail viewer", path, viewer.get(site.url + path, timeout=30).text))
    for who, path, text in read:
        forbidden = cy_secrets if who.startswith("former") else bo_secrets
        assert not [s for s in forbidden if s in text], (who, path)
    # and the live feeds, as streams
    for who, kw in (("former", {"headers": former}), ("former", {"cookies": former_cookie}),
                    ("mail viewer", {"cookies": viewer.cookies.get_dict()})):
        try:
            s = Stream(f"{site.url}/games/{gid}/events?after=0&talk_after=0", **kw)
        except AssertionError:  # the former holder's bearer token: 401 at once
            assert who == "former"
            continue
        time.sleep(0.5)
        text = json.dumps(s.drained())
        s.close()
        forbidden = cy_secrets if who == "former" else bo_secrets
        assert not [x for x in forbidden if x in text], who
    assert "cy-note-secret" in viewer.get(f"{site.url}/g/{gid}", timeout=30).text  # the viewer reads its own
