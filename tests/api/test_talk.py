"""Table talk over real HTTP (issue 24), on both databases: three seats and a spectator, a
public message, a private one (seat 0 to seat 1) and a note; each reader sees exactly what the
policy allows through the API, the live feed (long poll and stream), the page, the export,
metrics and the server's own log lines; policies refuse and store nothing; mutes tell nobody;
an edited, removed or inserted message in an export fails `referee verify --file`."""

from __future__ import annotations

import json
import logging
import re
from urllib.parse import urlsplit

import requests
from click.testing import CliRunner

import pytest

from referee.ops.cli import main
from referee.plumbing.config import Config
from tests.api.helpers import assert_matches
from tests.api.test_live_feed import Stream
from tests.conftest import start_server

above_the_store = pytest.mark.one_database  # refusals and the document lie above the store; talk's store runs twice in this file

PUBLIC, PRIVATE, NOTE = "Hello table <script>alert(1)</script>", "Psst Bo: ally with me", "Plan: betray Bo"
TEXTS = (PUBLIC, PRIVATE, NOTE)


def khronos(server, **talk) -> tuple[str, list[str], dict]:
    body = {"game": "khronos", "seats": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}]}
    if talk:
        body["talk"] = talk
    r = server.call("POST", "/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    return created["id"], [s["token"] for s in created["seats"]], created


def say(server, gid: str, token: str, to, text: str) -> requests.Response:
    return server.call("POST", f"/games/{gid}/messages", token, json={"to": to, "text": text})


def talk_three(server, gid: str, tokens: list[str]) -> None:
    for to, text in (("all", PUBLIC), ([1], PRIVATE), ("note", NOTE)):
        r = say(server, gid, tokens[0], to, text)
        assert r.status_code == 201, r.text
        assert_matches("api/message.json", r.json()["message"])


def read(server, gid: str, token: str | None, **params) -> list[str]:
    r = server.call("GET", f"/games/{gid}/messages", token, params=params)
    assert r.status_code == 200, r.text
    return [m["text"] for m in r.json()["messages"]]


def exported(server, gid: str, token: str | None) -> tuple[list[dict], str]:
    r = server.call("GET", f"/games/{gid}/export", token)
    assert r.status_code == 200
    return [json.loads(line) for line in r.text.splitlines()], r.text


def page_html(server, created: dict, seat: int | None) -> str:
    session = requests.Session()
    url = created["seats"][seat]["url"] if seat is not None else created["url"]
    r = session.get(server.url + urlsplit(url).path, timeout=30)  # the personal link signs the browser in
    assert r.status_code == 200
    return session.get(f"{server.url}/g/{created['id']}", timeout=30).text


def verify_file(tmp_path, text: str):
    path = tmp_path / "export.jsonl"
    path.write_text(text)
    return CliRunner().invoke(main, ["verify", "--file", str(path)])


def test_each_reader_sees_what_the_policy_allows_on_every_path(server, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    gid, tokens, created = khronos(server, spectators=True, reveal_private_at_end=True)
    viewers = [*tokens, None]
    streams = [Stream(f"{server.url}/games/{gid}/messages?after=0", t) for t in viewers]
    talk_three(server, gid, tokens)
    expected = [[PUBLIC, PRIVATE, NOTE], [PUBLIC, PRIVATE], [PUBLIC], [PUBLIC]]
    for token, want, stream in zip(viewers, expected, streams):
        assert read(server, gid, token) == want
        assert read(server, gid, token, after=0, wait=1) == want  # the long poll
        got = [stream.events.get(timeout=15)["text"] for _ in want]
        assert got == want
        rows, text = exported(server, gid, token)
        talk = [r for r in rows if r.get("kind") == "message"]
        assert [m["text"] for m in talk if not m.get("withheld")] == want
        assert all(set(m) == {"kind", "seq", "withheld", "digest", "prev_hash", "hash"} for m in talk if m.get("withheld"))
        for hidden in set(TEXTS) - set(want):
            assert hidden not in text
        report = verify_file(tmp_path, text)
        assert report.exit_code == 0, report.output
        assert json.loads(report.output)["messages"] == 3
    assert all(s.events.empty() for s in streams)  # nothing more, nothing repeated
    for seat, want in zip((0, 1, 2, None), expected):
        html = page_html(server, created, seat)
        assert "Hello table &lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
        for hidden in set(TEXTS) - set(want):
            assert hidden not in html
        for shown in set(want) - {PUBLIC}:
            assert shown in html
    # After the end, with reveal on, private messages are everyone's; notes stay their writer's.
    assert server.call("POST", f"/games/{gid}/resign", tokens[1]).json()["status"] == "finished"
    after = [[PUBLIC, PRIVATE, NOTE], [PUBLIC, PRIVATE], [PUBLIC, PRIVATE], [PUBLIC, PRIVATE]]
    for token, want in zip(viewers, after):
        assert read(server, gid, token) == want
    rows, text = exported(server, gid, None)
    assert NOTE not in text and PRIVATE in text
    report = json.loads(verify_file(tmp_path, text).output)
    assert report["ok"] and report["messages"] == 3 and report["messages_withheld"] == 1
    metrics = server.call("GET", "/metrics").text
    logged = "\n".join(r.getMessage() + json.dumps(getattr(r, "__dict__", {}), default=str) for r in caplog.records)
    assert "/games/<game_id>/messages" in logged  # the requests were logged...
    for t in TEXTS:  # ...and no message text anywhere in the logs or the metrics
        for part in (t, t.split()[0] + " " + t.split()[1]):
            assert part not in logged and part not in metrics


def test_by_default_spectators_read_nothing_and_private_press_stays_private(server):
    gid, tokens, created = khronos(server)
    talk_three(server, gid, tokens)
    assert read(server, gid, None) == []
    assert PUBLIC not in page_html(server, created, None)
    assert server.call("POST", f"/games/{gid}/resign", tokens[1]).json()["status"] == "finished"
    assert read(server, gid, tokens[2]) == [PUBLIC]
    assert read(server, gid, None) == []
    assert read(server, gid, tokens[1]) == [PUBLIC, PRIVATE]


@above_the_store
def test_policies_refuse_with_a_problem_and_store_nothing(server):
    gid, tokens, _ = khronos(server, press="none")
    for to in ("all", [1]):
        r = say(server, gid, tokens[0], to, "hi")
        assert r.status_code == 403 and r.headers["Content-Type"] == "application/problem+json"
        assert r.json()["policy"] == "press: none" and r.json()["type"] == "/problems/message-refused"
    assert say(server, gid, tokens[0], "note", "gunboat plan").status_code == 201  # notes always work
    assert [m["seq"] for m in server.call("GET", f"/games/{gid}/messages", tokens[0]).json()["messages"]] == [1]
    gid, tokens, _ = khronos(server, press="public")
    r = say(server, gid, tokens[0], [1, 2], "just us")
    assert r.status_code == 403 and r.json()["policy"] == "press: public"
    assert read(server, gid, tokens[1]) == [] and read(server, gid, tokens[0]) == []
    assert say(server, gid, tokens[0], "all", "hello all").status_code == 201
    assert read(server, gid, tokens[1]) == ["hello all"]
    assert server.service.load(gid).created["talk"]["press"] == "public"  # recorded in game_created


def test_text_rules_bad_bodies_and_the_rate_limit(database, clock):
    srv, running = start_server(database, clock=clock, config=Config(database=database, talk_limit="3/10 minutes"))
    try:
        gid, tokens, _ = khronos(srv)
        bad = [({"to": "all", "text": ""}, 400), ({"to": "all", "text": "\x00\x07\u202e \x1b"}, 400),
               ({"to": "all", "text": "x" * 2001}, 400), ({"to": [0], "text": "me"}, 400),
               ({"to": [5], "text": "nobody"}, 400), ({"to": "everyone", "text": "x"}, 400),
               ({"to": "all"}, 400)]
        for body, status in bad:
            r = srv.call("POST", f"/games/{gid}/messages", tokens[0], json=body)
            assert r.status_code == status and r.headers["Content-Type"] == "application/problem+json", (body, r.text)
        assert srv.call("POST", f"/games/{gid}/messages", json={"to": "all", "text": "x"}).status_code == 401
        assert srv.call("POST", "/games/nope/messages", tokens[0], json={"to": "all", "text": "x"}).status_code in (401, 404)
        r = say(srv, gid, tokens[0], "all", "line one\r\nline\x00 two\x1b[31m")
        assert r.json()["message"]["text"] == "line one\nline two[31m"
        assert say(srv, gid, tokens[0], "all", "x" * 2000).status_code == 201
        key = {"to": "all", "text": "once", "idempotency_key": "k1"}
        first = srv.call("POST", f"/games/{gid}/messages", tokens[0], json=key)
        assert srv.call("POST", f"/games/{gid}/messages", tokens[0], json=key).json() == first.json()
        limited = say(srv, gid, tokens[0], "all", "a fourth")
        assert limited.status_code == 429 and 1 <= int(limited.headers["Retry-After"]) <= 600
        assert say(srv, gid, tokens[1], "all", "Bo has his own limit").status_code == 201
        clock.advance(601)
        assert say(srv, gid, tokens[0], "all", "a fourth").status_code == 201
        assert len(read(srv, gid, tokens[2])) == 5
    finally:
        running.shutdown()


def test_a_mute_hides_a_seat_for_the_muter_alone_and_no_one_learns_of_it(server):
    gid, tokens, created = khronos(server, spectators=True)

    def others_see() -> list:
        """Everything seat 0 (the muted one), seat 2 and a spectator can read (csrf tokens aside)."""
        return [(server.call("GET", f"/games/{gid}", t).json(), read(server, gid, t), exported(server, gid, t)[1],
                 server.call("GET", f"/games/{gid}/mutes", t).json() if t else None,
                 re.sub(r'value="[0-9a-f]{64}"', "", page_html(server, created, seat)))
                for seat, t in ((0, tokens[0]), (2, tokens[2]), (None, None))]

    talk_three(server, gid, tokens)
    before = others_see()
    r = server.call("PUT", f"/games/{gid}/mutes/0", tokens[1])
    assert r.status_code == 200 and r.json() == {"muted": [0]}
    assert others_see() == before  # no count, no hint, anywhere another seat or a spectator looks
    assert say(server, gid, tokens[2], "all", "Cy speaks").status_code == 201
    assert read(server, gid, tokens[1]) == ["Cy speaks"]
    html = page_html(server, created, 1)
    assert "Psst" not in html and "Hello table" not in html and "Cy speaks" in html and "Unmute Ada" in html
    assert server.call("PUT", f"/games/{gid}/mutes/1", tokens[1]).status_code == 400  # not itself
    assert server.call("DELETE", f"/games/{gid}/mutes/0", tokens[1]).json() == {"muted": []}
    assert read(server, gid, tokens[1]) == [PUBLIC, PRIVATE, "Cy speaks"]


def test_an_edited_removed_or_inserted_message_fails_verify(server, tmp_path):
    gid, tokens, _ = khronos(server)
    talk_three(server, gid, tokens)
    say(server, gid, tokens[1], "all", "fourth")
    _, text = exported(server, gid, tokens[0])
    lines = text.splitlines()
    assert verify_file(tmp_path, text).exit_code == 0
    talk = [i for i, ln in enumerate(lines) if '"kind":"message"' in ln]
    edited = list(lines)
    edited[talk[1]] = edited[talk[1]].replace("ally with me", "attack Cy")
    result = verify_file(tmp_path, "\n".join(edited))
    assert result.exit_code == 1
    assert json.loads(result.output)["first_divergence"]["message"] == 2
    assert "digest" in json.loads(result.output)["first_divergence"]["what"]
    removed = [ln for i, ln in enumerate(lines) if i != talk[2]]
    assert json.loads(verify_file(tmp_path, "\n".join(removed)).output)["first_divergence"]["message"] == 3
    inserted = list(lines)
    inserted.insert(talk[1], lines[talk[0]])
    assert verify_file(tmp_path, "\n".join(inserted)).exit_code == 1
    # The operator's check from the store covers the chain too.
    assert CliRunner().invoke(main, ["--database", server.database, "verify", gid]).exit_code == 0


@above_the_store
def test_the_document_describes_talk(server):
    doc = server.call("GET", "/openapi.json").json()
    ops = {op["operationId"] for path in doc["paths"].values() for op in path.values()}
    assert {"postMessage", "getMessages", "getMutes", "muteSeat", "unmuteSeat"} <= ops
    assert "talk" in doc["components"]["schemas"]["CreateGame"]["properties"]


def test_the_page_shows_the_last_messages_the_reader_may_read_however_they_are_spread(server):
    from referee.ops.bench_talk import _seed
    from referee.store import messages as store
    from referee.store.db import write_transaction
    gid, tokens, _ = khronos(server, spectators=True, reveal_private_at_end=True)
    svc = server.service
    _seed(svc, gid, 400)
    with write_transaction(svc.db) as conn:  # then a long run seat 0 cannot read, and a few it can
        for i in range(300):
            store.append(conn, gid, 1, [2], False, f"between 1 and 2 #{i}", "2026-01-01T00:00:00Z", 0.0)
        store.append(conn, gid, 2, "all", False, "last public", "2026-01-01T00:00:00Z", 0.0)
    for ended in (False, True):
        if ended:
            assert server.call("POST", f"/games/{gid}/resign", tokens[1]).json()["status"] == "finished"
        loaded = svc.load(gid)
        for viewer in (0, 1, 2, None):
            everything = svc.messages(gid, viewer, limit=10_000)
            assert svc.recent_messages(loaded, viewer, 50) == everything[-50:]
            assert svc.recent_messages(loaded, viewer, 3) == everything[-3:]
