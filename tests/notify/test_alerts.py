"""Alert channels end to end (issue 26): channels registered over HTTP, alerts delivered by the
scheduler's delivery pass through apprise to real loopback receivers (its json:// and form://
targets), one per event per target, public text for shared and game channels, retries and then
disabling for a dead receiver, private addresses refused unless allowed."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest

from referee.notify.delivery import deliver_due
from referee.notify.retry import MAX_DELAY
from referee.plumbing.config import Config
from referee.service.notices.alerts import DISABLE_AFTER
from tests.conftest import start_server

above_the_store = pytest.mark.one_database  # checks, wording and who may read what; the channels' store and deliveries run twice in this file


@pytest.fixture
def allowed(database, clock):
    srv, httpd = start_server(database, clock=clock, config=Config(database=database, allow_private_targets=True,
                                                                    base_url="https://referee.example"))
    yield srv
    httpd.shutdown()


def _json(r) -> dict:
    return json.loads(r.body)


def _create(srv, receiver, **extra):
    shared = f"json://{receiver.host}/shared"
    body = {"game": "khronos", "options": {"first_seat": 0},
            "clock": {"policy": "fixed", "per_decision": "72h"},
            "seats": [{"name": "Ada", "tz": "Europe/Berlin", "channels": [shared, f"json://{receiver.host}/ada"]},
                      {"name": "Bo", "channels": [shared, f"form://{receiver.host}/bo"]},
                      {"name": "Cy"}],
            "channels": [shared], **extra}
    r = srv.call("POST", "/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_one_delivery_per_event_per_target_and_public_text_where_shared(allowed, receiver, clock):
    game = _create(allowed, receiver)
    gid, ada, bo = game["id"], game["seats"][0], game["seats"][1]
    deliver_due(allowed.service)
    # Ada's turn opened at creation: one post to the URL Ada, Bo and the game share, one to Ada's own.
    assert sorted(r.path for r in receiver.requests) == ["/ada", "/shared"]
    shared = _json(receiver.at("/shared")[0])
    assert shared["title"] == "Khronos: your turn: Ada"
    # shared with Bo and the game: the public link only, the deadline in UTC, nothing else
    assert shared["message"] == ("Khronos: your turn: Ada.\nDeadline: 2027-01-18 08:00 UTC\n"
                                 f"https://referee.example/g/{gid}")
    private = _json(receiver.at("/ada")[0])
    assert ada["url"] in private["message"] and "2027-01-18 09:00 CET" in private["message"]

    receiver.requests.clear()
    r = allowed.call("POST", f"/games/{gid}/moves", ada["token"], json={"move": {"type": "end_turn"}})
    assert r.status_code == 201, r.text
    deliver_due(allowed.service)
    deliver_due(allowed.service)  # a second pass sends nothing again
    assert sorted(r.path for r in receiver.requests) == ["/bo", "/shared"]
    assert _json(receiver.at("/shared")[0])["message"] == (
        "Khronos: your turn: Bo.\nDeadline: 2027-01-18 08:00 UTC\n" f"https://referee.example/g/{gid}")
    form = parse_qs(receiver.at("/bo")[0].body.decode())
    assert form["title"] == ["Khronos: your turn: Bo"] and bo["url"] in form["message"][0]
    assert "/play/" not in receiver.at("/shared")[0].body.decode()


@above_the_store
def test_a_seat_sharing_a_url_with_another_seat_never_gets_its_link_there(allowed, receiver):
    """Two seats, one URL (no game channel): the public link, never a seat's."""
    url = f"json://{receiver.host}/pair"
    r = allowed.call("POST", "/games", json={"game": "khronos", "options": {"first_seat": 0}, "seats": [
        {"name": "Ada", "channels": [url]}, {"name": "Bo", "channels": [url]}]})
    assert r.status_code == 201, r.text
    gid, ada = r.json()["id"], r.json()["seats"][0]["token"]
    deliver_due(allowed.service)
    allowed.call("POST", f"/games/{gid}/moves", ada, json={"move": {"type": "end_turn"}})
    deliver_due(allowed.service)
    assert [_json(p)["message"] for p in receiver.at("/pair")] == [
        f"Khronos: your turn: {who}.\nhttps://referee.example/g/{gid}" for who in ("Ada", "Bo")]


def test_channels_over_the_api(allowed, receiver):
    game = _create(allowed, receiver)
    gid, ada, bo = game["id"], game["seats"][0]["token"], game["seats"][1]["token"]
    mine = allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"]
    assert sorted(c["url"].rsplit("/", 1)[1] for c in mine) == ["ada", "shared"]
    r = allowed.call("POST", f"/games/{gid}/channels", bo, json={"url": f"json://{receiver.host}/bo2",
                                                                  "events": ["game_over"]})
    assert r.status_code == 201 and r.json()["events"] == ["game_over"]
    cid = r.json()["id"]
    # another seat cannot see, test or delete it; the game's own channels need the creator
    assert all(c["id"] != cid for c in allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"])
    assert allowed.call("DELETE", f"/games/{gid}/channels/{cid}", ada).status_code == 404
    assert allowed.call("GET", f"/games/{gid}/channels?scope=game", ada).status_code == 403
    creator = game["creator_token"]
    assert len(allowed.call("GET", f"/games/{gid}/channels?scope=game", creator).json()["channels"]) == 1
    bad = allowed.call("POST", f"/games/{gid}/channels", bo, json={"url": "nonsense://x", "events": ["turn"]})
    assert bad.status_code == 422 and bad.headers["Content-Type"] == "application/problem+json"
    assert "apprise" in bad.json()["detail"] and bad.json()["field"] == "/url"
    assert bad.json()["type"] == "/problems/channel-refused"
    assert allowed.call("POST", f"/games/{gid}/channels", bo, json={"url": "json://x", "events": ["nap"]}
                        ).status_code == 400
    # the test button: one post to that channel alone
    deliver_due(allowed.service)
    receiver.requests.clear()
    assert allowed.call("POST", f"/games/{gid}/channels/{cid}/test", bo).status_code == 202
    deliver_due(allowed.service)
    assert [r.path for r in receiver.requests] == ["/bo2"]
    assert _json(receiver.requests[0])["title"] == "Test alert from the referee"
    assert allowed.call("DELETE", f"/games/{gid}/channels/{cid}", bo).status_code == 200
    assert allowed.call("GET", f"/games/{gid}/channels", bo).json()["channels"][-1]["id"] != cid


def test_a_dead_receiver_gets_retries_then_its_channel_is_disabled(allowed, receiver, clock, mail_sink):
    url = f"json://{receiver.host}/dead"
    receiver.status["/dead"] = 500
    r = allowed.call("POST", "/games", json={"game": "babel", "options": {"first_seat": 0}, "seats": [
        {"name": "Ada", "email": "ada@example.org", "channels": [url]}, {"name": "Bo"}]})
    gid, ada = r.json()["id"], r.json()["seats"][0]["token"]
    svc = allowed.service
    attempts = 0
    while attempts < 30:
        counts = deliver_due(svc)
        attempts = len(receiver.at("/dead"))
        [channel] = allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"]
        if not channel["enabled"]:
            break
        assert counts["retry"] == 1, counts  # retried with the outbox's backoff, not given up
        clock.advance(3 * 3600)
    assert attempts == DISABLE_AFTER  # 10 failures in a row, over more than a day (3 h apart)
    assert "failed deliveries in a row" in channel["disabled_reason"] and channel["failures"] == DISABLE_AFTER
    clock.advance(MAX_DELAY)
    deliver_due(svc)
    assert len(receiver.at("/dead")) == DISABLE_AFTER  # the alert was given up with its channel
    told = [m for m in svc.all_mails() if m["kind"] == "alert_disabled"]
    assert len(told) == 1 and told[0]["recipient"] == "ada@example.org" and "/dead" not in told[0]["body"]
    # one click switches it on again
    receiver.status["/dead"] = 200
    on = allowed.call("POST", f"/games/{gid}/channels/{channel['id']}/enable", ada)
    assert on.status_code == 200 and on.json()["enabled"] and on.json()["failures"] == 0


@above_the_store
def test_private_addresses_are_refused_unless_allowed(server, receiver):
    body = {"game": "babel", "seats": [{"name": "Ada", "channels": [f"json://{receiver.host}/x"]}, {"name": "Bo"}]}
    r = server.call("POST", "/games", json=body)
    assert r.status_code == 422 and r.json()["field"] == "/seats/0/channels/0"
    assert "REFEREE_ALLOW_PRIVATE_TARGETS" in r.json()["detail"]
    game = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                               "channels": ["ntfy://some-topic"]}).json()
    tok = game["seats"][0]["token"]
    for url in ("json://10.1.2.3/x", "ntfys://[::1]/topic", "form://localhost:8080/x", "mailto://u:p@192.168.1.1"):
        r = server.call("POST", f"/games/{game['id']}/channels", tok, json={"url": url})
        assert r.status_code == 422 and r.json()["field"] == "/url", url
    for url in ("dbus://", "windows://"):
        assert server.call("POST", f"/games/{game['id']}/channels", tok, json={"url": url}).status_code == 422
    assert server.call("POST", f"/games/{game['id']}/channels", tok,
                       json={"url": "discord://1234/abcd"}).status_code == 201
    assert server.call("GET", f"/games/{game['id']}/channels", tok).json()["channels"][0]["url"] == "discord://1234/abcd"
    assert not receiver.requests


@above_the_store
def test_the_alert_mail_command(allowed, receiver):
    from referee.notify.commands import parse, run
    game = _create(allowed, receiver)
    gid, ada = game["id"], game["seats"][0]["token"]
    command, args = parse(f"Alert json://{receiver.host}/Mixed/Case turn game_over")
    assert command == "alert" and args[0] == f"json://{receiver.host}/Mixed/Case"
    added = run(allowed.service, gid, 0, command, args).text
    assert "Added channel" in added and "turn, game_over" in added and "/Mixed" not in added  # listed masked
    mine = allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"]
    new = [c for c in mine if c["url"].endswith("/Mixed/Case")]
    assert len(new) == 1 and new[0]["events"] == ["turn", "game_over"]
    assert "events are" in run(allowed.service, gid, 0, "alert", ["json://10.0.0.1/x", "nap"]).text
    assert f"removed channel {new[0]['id']}" in run(allowed.service, gid, 0, "alert", ["off", new[0]["id"]]).text
    assert "No change:" in run(allowed.service, gid, 1, "alert", ["off", mine[0]["id"]]).text  # not Bo's
    assert len(allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"]) == 2


def test_a_reminder_goes_to_the_seats_channels_that_want_it(allowed, receiver, clock):
    made = allowed.call("POST", "/games", json={
        "game": "khronos", "options": {"first_seat": 0},
        "clock": {"policy": "fixed", "per_decision": "2h", "reminders": ["1h"]},
        "seats": [{"name": "Ada", "channels": [f"json://{receiver.host}/ada"]}, {"name": "Bo"}],
        "channels": [f"json://{receiver.host}/table"]})
    assert made.status_code == 201, made.text
    deliver_due(allowed.service)
    receiver.requests.clear()
    clock.advance(3600 + 1)
    allowed.service.queue_due_reminders()
    deliver_due(allowed.service)
    assert [r.path for r in receiver.requests] == ["/ada"]  # the table's channel did not ask for reminders
    told = _json(receiver.requests[0])
    assert told["title"] == "Khronos: reminder for Ada" and "left to move" in told["message"]


def test_a_reminder_whose_decision_is_gone_is_never_sent(allowed, receiver, clock):
    r = allowed.call("POST", "/games", json={
        "game": "khronos", "options": {"first_seat": 0},
        "clock": {"policy": "fixed", "per_decision": "2h", "reminders": ["1h"]},
        "seats": [{"name": "Ada", "channels": [f"json://{receiver.host}/ada"]}, {"name": "Bo"}]}).json()
    deliver_due(allowed.service)
    clock.advance(3600 + 1)
    assert allowed.service.queue_due_reminders() == 0  # Ada has no mail: the count is of mails ...
    assert [m["kind"] for m in allowed.service.all_mails()] == []
    allowed.call("POST", f"/games/{r['id']}/moves", r["seats"][0]["token"], json={"move": {"type": "end_turn"}})
    assert deliver_due(allowed.service)["failed"] == 1  # ... and the alert reminder was queued, then dropped
    assert [_json(p)["title"] for p in receiver.at("/ada")] == ["Khronos: your turn: Ada"]


@above_the_store
def test_table_talk_alerts_never_tell_a_private_message_to_a_shared_or_game_channel(allowed, receiver, clock):
    """`alert_fanout.on_message` (for the table-talk use case): a message to the table goes to every
    target but the author's own; one to Bo alone only to a target that Bo alone registered."""
    from referee.service.notices import alert_fanout
    from referee.store.db import write_transaction
    game = _create(allowed, receiver)   # /shared: Ada, Bo and the game; /ada: Ada's; /bo: Bo's (form)
    svc = allowed.service
    deliver_due(svc)
    receiver.requests.clear()
    loaded = svc.load(game["id"])
    with write_transaction(svc.db) as conn:
        alert_fanout.on_message(svc, conn, loaded, "m1", 0, None, clock())      # Ada to everyone
    deliver_due(svc)
    assert sorted(r.path for r in receiver.requests) == ["/bo", "/shared"]
    assert _json(receiver.at("/shared")[0])["title"] == "Khronos: a new message from Ada"
    receiver.requests.clear()
    with write_transaction(svc.db) as conn:
        alert_fanout.on_message(svc, conn, loaded, "m2", 0, {1}, clock())       # Ada to Bo alone
    deliver_due(svc)
    assert [r.path for r in receiver.requests] == ["/bo"]
    assert "m2" not in receiver.requests[0].body.decode()
    receiver.requests.clear()
    with write_transaction(svc.db) as conn:  # Bo muted Ada: Bo's own channel stays quiet, the table's tells
        alert_fanout.on_message(svc, conn, loaded, "m3", 0, None, clock(), muted=frozenset({1}))
    deliver_due(svc)
    assert [r.path for r in receiver.requests] == ["/shared"]


def test_an_alert_queued_for_a_removed_channel_is_dropped(allowed, receiver):
    game = _create(allowed, receiver)
    gid, ada = game["id"], game["seats"][0]["token"]
    [own] = [c for c in allowed.call("GET", f"/games/{gid}/channels", ada).json()["channels"] if c["url"].endswith("/ada")]
    assert allowed.call("DELETE", f"/games/{gid}/channels/{own['id']}", ada).status_code == 200
    counts = deliver_due(allowed.service)
    assert [r.path for r in receiver.requests] == ["/shared"] and counts == {"sent": 1, "retry": 0, "failed": 1}


def test_a_seat_has_at_most_ten_channels(server):
    game = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()
    gid, tok = game["id"], game["seats"][0]["token"]
    for i in range(10):
        assert server.call("POST", f"/games/{gid}/channels", tok, json={"url": f"ntfy://topic-{i}"}).status_code == 201
    r = server.call("POST", f"/games/{gid}/channels", tok, json={"url": "ntfy://one-too-many"})
    assert r.status_code == 409 and "at most 10" in r.json()["detail"]
    assert server.call("POST", f"/games/{gid}/channels", game["seats"][1]["token"],
                       json={"url": "ntfy://bo"}).status_code == 201  # per seat


@above_the_store
def test_a_german_seat_gets_its_own_alerts_and_command_answers_in_german(allowed, receiver):
    from referee.notify.commands import run
    game = _create(allowed, receiver)
    gid = game["id"]
    allowed.service.set_seat_language(gid, 0, "de")
    receiver.requests.clear()
    r = allowed.call("POST", f"/games/{gid}/moves", game["seats"][0]["token"], json={"move": {"type": "end_turn"}})
    assert r.status_code == 201, r.text
    allowed.call("POST", f"/games/{gid}/moves", game["seats"][1]["token"], json={"move": {"type": "end_turn"}})
    allowed.call("POST", f"/games/{gid}/moves", game["seats"][2]["token"], json={"move": {"type": "end_turn"}})
    deliver_due(allowed.service)
    own = _json(receiver.at("/ada")[-1])  # Ada's own channel: German
    assert own["title"] == "Khronos: du bist an der Reihe: Ada" and "Frist: " in own["message"]
    shared = _json(receiver.at("/shared")[-1])  # the channel she shares with the table: English
    assert shared["title"] == "Khronos: your turn: Ada"
    answer = run(allowed.service, gid, 0, "alert", []).text
    assert "Deine Benachrichtigungskanäle in dieser Partie:" in answer and "Your alert" not in answer
    assert "Keine Änderung: " in run(allowed.service, gid, 0, "alert", ["off", "nosuch"]).text
    assert "Your alert channels in this game:" in run(allowed.service, gid, 1, "alert", []).text  # Bo: English
