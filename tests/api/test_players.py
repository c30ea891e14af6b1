"""Players and tables over HTTP (issue 23), on both databases: sign-in links, open and invited
seats, racing joins, replacements, the audit of every tenure, "my games", the lobby, rematches,
and that no address ever reaches another player, a spectator or a log line."""

from __future__ import annotations

import json
import logging
import re
import threading

import pytest

from referee.engine.verify import verify_events
from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from referee.service.loaded import iso
from referee.store import tenures
from tests.api.helpers import assert_matches
from tests.conftest import start_server

ADA, BO, CY, EVE = "ada@example.org", "bo@example.org", "cy@example.org", "eve@example.org"
FIXED = {"policy": "fixed", "per_decision": "72h"}


@pytest.fixture
def site(database, clock, sink):
    srv, httpd = start_server(database, clock=clock, config=Config(
        database=database, smtp_url=sink.url, allow_private_targets=True, secret_key="players-test"))
    yield srv
    httpd.shutdown()


def deliver(site) -> None:
    deliver_due(site.service)


def link_secret(sink, address: str) -> str:
    """The secret of the newest sign-in link mailed to `address`."""
    mails = [m for m in sink.to(address) if m["Subject"] == "Your sign-in link"]
    body = mails[-1].get_content()
    return re.search(r"/sign-in/([A-Za-z0-9_-]+)", body).group(1)


def sign_in(site, sink, address: str) -> str:
    assert site.call("POST", "/players/sign-in", json={"email": address}).status_code == 202
    deliver(site)
    r = site.call("POST", "/players/tokens", json={"link": link_secret(sink, address)})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def open_babel(site, creator_token: str | None = None, **extra) -> dict:
    seat0 = {"name": "Ada", "me": True} if creator_token else {"name": "Ada", "email": ADA}
    body = {"game": "babel", "seats": [seat0, {"open": True}], "options": {"first_seat": 0}, **extra}
    r = site.call("POST", "/games", creator_token, json=body)
    assert r.status_code == 201, r.text
    assert_matches("api/created.json", r.json())
    return r.json()


# -- sign-in ---------------------------------------------------------------------------------

def test_sign_in_link_works_once_within_30_minutes(site, sink, clock):
    assert site.call("POST", "/players/sign-in", json={"email": "Ada@Example.org"}).status_code == 202
    assert site.call("POST", "/players/sign-in", json={"email": "not an address"}).status_code == 400
    deliver(site)
    secret = link_secret(sink, "ada@example.org")
    clock.advance(29 * 60)
    r = site.call("POST", "/players/tokens", json={"link": secret})
    assert r.status_code == 201 and r.json()["player"]["email"] == ADA
    token = r.json()["token"]
    again = site.call("POST", "/players/tokens", json={"link": secret})
    assert again.status_code == 401 and "used or expired" in again.json()["detail"]
    forged = site.call("POST", "/players/tokens", json={"link": secret[:-4] + "AAAA"})
    assert forged.status_code == 401
    # an expired link is refused
    site.call("POST", "/players/sign-in", json={"email": ADA})
    deliver(site)
    late = link_secret(sink, ADA)
    assert late != secret
    clock.advance(30 * 60 + 1)
    assert site.call("POST", "/players/tokens", json={"link": late}).status_code == 401
    # the token works, carries the profile, and is revocable
    me = site.call("GET", "/players/me", token)
    assert me.status_code == 200 and me.json()["email"] == ADA
    assert site.call("PATCH", "/players/me", token, json={"name": "Ada L.", "tz": "Europe/Berlin", "lang": "de",
                                                            "digest": True}).json()["tz"] == "Europe/Berlin"
    assert site.call("PATCH", "/players/me", token, json={"tz": "Mars/Olympus"}).status_code == 400
    assert site.call("DELETE", "/players/tokens/current", token).status_code == 200
    assert site.call("GET", "/players/me", token).status_code == 401


# -- open seats, joins ------------------------------------------------------------------------

def test_racing_joins_give_one_winner(site):
    game = open_babel(site)
    gid = game["id"]
    assert site.call("GET", f"/games/{gid}").json()["status"] == "open"
    statuses: list[int] = []
    barrier = threading.Barrier(6)

    def take(i: int) -> None:
        barrier.wait()
        statuses.append(site.call("POST", f"/games/{gid}/join", json={"name": f"P{i}", "seat": 1}).status_code)

    threads = [threading.Thread(target=take, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [201] + [409] * 5
    events = site.call("GET", f"/games/{gid}/events").json()["events"]
    assert [e["type"] for e in events] == ["game_created", "seat_joined", "game_started"]
    assert site.call("GET", f"/games/{gid}").json()["status"] == "active"


def test_moves_wait_for_the_table_and_the_creator_starts_or_cancels(site):
    gid = (g := open_babel(site))["id"]
    ada = g["seats"][0]["token"]
    r = site.call("POST", f"/games/{gid}/moves", ada, json={"move": {"type": "finish_first_turn"}})
    assert r.status_code == 409 and "not started" in r.json()["detail"]
    # Babel needs two seats: no early start with one
    assert site.call("POST", f"/games/{gid}/start", ada).status_code == 403  # a seat token is not the creator's
    r = site.call("POST", f"/games/{gid}/start", g["creator_token"])
    assert r.status_code == 422 and "at least 2" in r.json()["detail"]
    assert site.call("POST", f"/games/{gid}/cancel", g["creator_token"]).json()["status"] == "cancelled"
    assert site.call("POST", f"/games/{gid}/join", json={"name": "Bo"}).status_code == 409
    assert site.call("GET", f"/games/{gid}").json()["status"] == "cancelled"


def test_an_open_game_started_early_drops_the_seats_not_taken_and_verifies(site):
    body = {"game": "khronos", "seats": [{"name": "Ada"}, {"open": True}, {"open": True}], "options": {}}
    g = site.call("POST", "/games", json=body).json()
    gid = g["id"]
    bo = site.call("POST", f"/games/{gid}/join", json={"name": "Bo"}).json()
    assert bo["seat"] == 1
    r = site.call("POST", f"/games/{gid}/start", g["creator_token"])
    assert r.status_code == 200 and r.json()["seats"] == 2
    doc = site.call("GET", f"/games/{gid}", bo["token"]).json()
    assert doc["status"] == "active" and len(doc["view"]["players"]) == 2
    assert site.call("POST", f"/games/{gid}/join", json={"name": "Cy"}).status_code == 409
    site.call("POST", f"/games/{gid}/resign", bo["token"])
    events = [json.loads(line) for line in site.call("GET", f"/games/{gid}/export").text.splitlines()]
    assert verify_events(events).ok


def test_an_early_start_with_a_mailed_seat_answers_proposals_and_resign(site):
    """Issue 36: the seats dropped at an early start were still among the notifier's contacts,
    so every later event that mails every seat (a proposal, a resignation) answered 500."""
    body = {"game": "khronos", "seats": [{"name": "Ada", "email": ADA}, {"open": True}, {"open": True}], "options": {}}
    g = site.call("POST", "/games", json=body).json()
    gid, ada = g["id"], g["seats"][0]["token"]
    assert site.call("POST", f"/games/{gid}/join", json={"name": "Bo"}).status_code == 201
    assert site.call("POST", f"/games/{gid}/start", g["creator_token"]).json()["seats"] == 2
    assert site.call("POST", f"/games/{gid}/proposals", ada, json={"kind": "draw"}).status_code == 201
    assert site.call("POST", f"/games/{gid}/resign", ada).status_code == 200
    events = [json.loads(line) for line in site.call("GET", f"/games/{gid}/export").text.splitlines()]
    assert verify_events([e for e in events if e.get("kind") != "message"]).ok


def test_open_games_expire(site, clock):
    gid = open_babel(site)["id"]
    clock.advance(13 * 86400)
    assert site.service.expire_open_games() == 0
    clock.advance(2 * 86400)
    assert site.service.expire_open_games() == 1
    assert site.call("GET", f"/games/{gid}").json()["status"] == "cancelled"


# -- invitations ----------------------------------------------------------------------------

def test_an_invitation_is_mailed_and_only_that_address_can_use_it(site, sink):
    body = {"game": "babel", "seats": [{"name": "Ada", "email": ADA}, {"invite": BO}], "options": {"first_seat": 0}}
    r = site.call("POST", "/games", json=body)
    assert r.status_code == 201 and BO not in r.text
    gid = r.json()["id"]
    deliver(site)
    invitation = sink.to(BO)[0]
    assert f"/join/{gid}?seat=1" in invitation.get_content()
    assert site.call("POST", f"/games/{gid}/join", json={"name": "Anon"}).status_code == 409  # no seat for strangers
    assert site.call("POST", f"/games/{gid}/join", json={"name": "Anon", "seat": 1}).status_code == 403
    eve = sign_in(site, sink, EVE)
    refused = site.call("POST", f"/games/{gid}/join", eve, json={"name": "Eve", "seat": 1})
    assert refused.status_code == 403 and BO not in refused.text
    bo = sign_in(site, sink, BO)
    taken = site.call("POST", f"/games/{gid}/join", bo, json={"name": "Bo"})
    assert taken.status_code == 201 and taken.json()["seat"] == 1
    assert site.call("GET", f"/games/{gid}").json()["status"] == "active"


# -- replacements ---------------------------------------------------------------------------

def test_a_replaced_holder_is_refused_at_once_and_the_audit_shows_every_tenure(site, sink, clock):
    g = open_babel(site, clock=FIXED)
    gid, ada, creator = g["id"], g["seats"][0]["token"], g["creator_token"]
    bo_player = sign_in(site, sink, BO)
    bo = site.call("POST", f"/games/{gid}/join", bo_player, json={"name": "Bo"}).json()
    site.call("POST", f"/games/{gid}/moves", ada, json={"move": {"type": "finish_first_turn"}})
    # Bo may not be replaced against his will before missing 2 deadlines
    early = site.call("POST", f"/games/{gid}/seats/1/release", creator)
    assert early.status_code == 403 and "missed 0" in early.json()["detail"]
    for _ in range(4):  # Bo, Ada, Bo, Ada time out: Bo must move
        clock.advance(73 * 3600)
        assert site.service.play_due_timeouts() == 1
    # a vote of the other seats: Ada is the only other seat
    voted = site.call("POST", f"/games/{gid}/seats/1/release", ada)
    assert voted.status_code == 200 and voted.json() == {"id": gid, "seat": 1, "released": True, "by": "vote"}
    assert site.call("GET", f"/games/{gid}/prompts", bo["token"]).status_code == 401
    assert site.call("GET", f"/games/{gid}/prompts", bo_player).status_code == 401  # his player token holds no seat
    assert site.call("GET", "/players/me/games", bo_player).json()["games"] == []
    bo_id = site.call("GET", "/players/me", bo_player).json()["id"]
    assert tenures.record(site.service.db.conn, bo_id) == {"games_finished": 0, "timeouts": 2, "replaced": 1}
    bo_link = bo["url"].split("/play/", 1)[1]
    assert site.call("GET", f"/play/{bo_link}", allow_redirects=False).status_code == 404
    clock.advance(3600)
    cy = site.call("POST", f"/games/{gid}/join", json={"name": "Cy"})
    assert cy.status_code == 201 and cy.json()["tenure"] == 1 and cy.json()["url"] != bo["url"]
    cy = cy.json()
    assert site.call("GET", f"/games/{gid}/prompts", bo["token"]).status_code == 401
    assert site.call("GET", f"/play/{bo_link}", allow_redirects=False).status_code == 404
    assert site.call("GET", f"/play/{cy['url'].split('/play/', 1)[1]}", allow_redirects=False).status_code == 303
    doc = site.call("GET", f"/games/{gid}", cy["token"]).json()
    mine = [p for p in doc["prompts"] if p["seat"] == 1]
    assert mine and mine[0]["deadline"] == iso(clock.now + 72 * 3600)  # 72 h from the join, not before
    events = site.call("GET", f"/games/{gid}/events").json()["events"]
    held = [(e["type"], e["payload"]) for e in events if e["type"].startswith("seat_")]
    assert held == [  # seats by reference: the names are in the name table, outside the chain (issue 40)
        ("seat_joined", {"seat": 1, "tenure": 0}),
        ("seat_released", {"seat": 1, "tenure": 0, "by": "vote", "missed": 2, "reason": ""}),
        ("seat_replaced", {"seat": 1, "tenure": 1, "previous": {"tenure": 0, "missed": 2}})]
    # the missed deadlines stay Bo's: the newcomer starts with none
    assert site.call("POST", f"/games/{gid}/seats/1/release", creator).status_code == 403
    site.call("POST", f"/games/{gid}/resign", cy["token"])
    export = [json.loads(line) for line in site.call("GET", f"/games/{gid}/export").text.splitlines()]
    report = verify_events(export)
    assert report.ok and report.level == "full", report.to_json()


def test_a_replacement_drops_the_old_holders_secret_choice(site):
    body = {"game": "sands_of_time", "seats": [{"name": "Ada"}, {"open": True}], "options": {"first_seat": 0}}
    g = site.call("POST", "/games", json=body).json()
    gid = g["id"]
    bo = site.call("POST", f"/games/{gid}/join", json={"name": "Bo"}).json()
    svc = site.service
    # play the setup decisions until both seats choose their cards in secret
    def prompted() -> list[dict]:
        return svc.game(gid, None)["prompts"]

    for _ in range(40):
        prompts = prompted()
        if prompts and all(p["kind"] == "choose_cards" for p in prompts):
            break
        p = prompts[0]
        svc.submit_move(gid, p["seat"], {"move": svc.prompts(gid, p["seat"])[0]["default"]})
    else:
        pytest.fail("no card choice reached")
    choice = svc.prompts(gid, 1)[0]["default"]
    assert site.call("POST", f"/games/{gid}/moves", bo["token"], json={"move": choice}).status_code == 201
    assert [p["seat"] for p in prompted()] == [0]
    assert site.call("POST", f"/games/{gid}/seats/1/release", bo["token"]).json()["by"] == "holder"
    cy = site.call("POST", f"/games/{gid}/join", json={"name": "Cy"}).json()
    assert sorted(p["seat"] for p in prompted()) == [0, 1]  # Cy chooses afresh: never two choices
    assert site.call("POST", f"/games/{gid}/moves", cy["token"], json={"move": choice}).status_code == 201
    site.call("POST", f"/games/{gid}/resign", cy["token"])
    export = [json.loads(line) for line in site.call("GET", f"/games/{gid}/export").text.splitlines()]
    assert verify_events(export).ok


# -- my games, lobby, rematch -----------------------------------------------------------------

def test_my_games_lists_three_games_in_different_states(site, sink, clock):
    ada = sign_in(site, sink, ADA)
    waiting = open_babel(site, ada, clock=FIXED)  # Bo moves first in this one
    site.call("POST", f"/games/{waiting['id']}/join", json={"name": "Bo"})
    site.call("POST", f"/games/{waiting['id']}/moves", waiting["seats"][0]["token"],
              json={"move": {"type": "finish_first_turn"}})
    clock.advance(60)
    later = open_babel(site, ada, clock=FIXED)  # Ada to move, deadline later
    site.call("POST", f"/games/{later['id']}/join", json={"name": "Cy"})
    clock.advance(60)
    # a game created with her address: it becomes Ada's once she accepts it (issue 35)
    r = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Bo"}, {"name": "Ada", "email": ADA}],
                                          "options": {"first_seat": 0}})
    over = r.json()
    assert site.call("POST", f"/games/{over['id']}/seats/1/accept", ada).status_code == 200
    site.call("POST", f"/games/{over['id']}/resign", over["seats"][0]["token"])
    games = site.call("GET", "/players/me/games", ada).json()["games"]
    assert [(g["id"], g["status"], g["your_turn"]) for g in games] == [
        (later["id"], "active", True), (waiting["id"], "active", False), (over["id"], "finished", False)]
    assert games[0]["opponents"] == ["Cy"] and games[0]["deadline_at"] is not None
    assert games[1]["to_move_names"] == ["Bo"] and games[2]["last_event"]["type"] == "seed_revealed"
    # each opens in Ada's own seat without a seat link: her player token is enough
    doc = site.call("GET", f"/games/{later['id']}/prompts", ada).json()
    assert doc["prompts"] and doc["prompts"][0]["choices"]
    assert site.call("GET", "/players/me/games").status_code == 401


def test_the_lobby_lists_public_open_games_with_filters_and_records(site, sink):
    ada = sign_in(site, sink, ADA)
    public = open_babel(site, ada)
    hidden = open_babel(site, ada, unlisted=True)
    three = site.call("POST", "/games", json={"game": "khronos", "seats": [{"name": "Bo"}, {"open": True}, {"open": True}],
                                               "options": {}}).json()
    lobby = site.call("GET", "/games?status=open").json()
    ids = [g["id"] for g in lobby["games"]]
    assert public["id"] in ids and three["id"] in ids and hidden["id"] not in ids
    assert [g["id"] for g in site.call("GET", "/games?status=open&game=khronos").json()["games"]] == [three["id"]]
    assert [g["id"] for g in site.call("GET", "/games?status=open&seats=2").json()["games"]] == [public["id"]]
    entry = next(g for g in lobby["games"] if g["id"] == public["id"])
    assert entry["free"] == 1 and entry["players"] == ["Ada"]
    assert entry["creator"] == {"name": None, "games_finished": 0, "timeouts": 0, "replaced": 0}
    assert site.call("GET", "/games?status=open&seats=x").status_code == 400
    site.call("POST", f"/games/{public['id']}/join", json={"name": "Bo"})
    assert public["id"] not in [g["id"] for g in site.call("GET", "/games?status=open").json()["games"]]


def test_a_rematch_rotates_the_seats_and_the_other_seat_accepts(site):
    g = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                          "options": {"first_seat": 0}}).json()
    gid, ada, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    assert site.call("POST", f"/games/{gid}/rematch", ada).status_code == 409  # not finished yet
    site.call("POST", f"/games/{gid}/resign", bo)
    asked = site.call("POST", f"/games/{gid}/rematch", ada)
    assert asked.status_code == 201, asked.text
    new = asked.json()
    assert new["seat"] == 1 and new["rematch_of"] == gid  # Ada moves from seat 0 to seat 1
    assert site.call("POST", f"/games/{new['id']}/join", json={"name": "Eve"}).status_code == 409  # kept for Bo
    accepted = site.call("POST", f"/games/{gid}/rematch", bo)
    assert accepted.status_code == 201 and accepted.json()["id"] == new["id"] and accepted.json()["seat"] == 0
    doc = site.call("GET", f"/games/{new['id']}").json()
    assert doc["status"] == "active"
    events = site.call("GET", f"/games/{new['id']}/events").json()["events"]
    assert events[0]["payload"]["options"] == {"first_seat": 0}
    assert [e["payload"] for e in events if e["type"] == "seat_joined"] == [{"seat": 0, "tenure": 0}]  # by reference
    assert [s["name"] for s in doc["seats"]] == ["Bo", "Ada"]  # the names joined in from the name table


# -- privacy ----------------------------------------------------------------------------------

@pytest.mark.one_database  # a leak check of what pages and answers show; the players' store runs twice in this file
def test_no_address_reaches_another_player_a_spectator_or_a_log_line(site, sink, clock):
    records: list[logging.LogRecord] = []
    handler = logging.Handler(level=logging.DEBUG)
    handler.emit = records.append  # type: ignore[method-assign]
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    seen: list[str] = []
    try:
        ada = sign_in(site, sink, ADA)
        site.call("PATCH", "/players/me", ada, json={"name": "Ada"})
        body = {"game": "babel", "seats": [{"name": "Ada", "me": True, "email": ADA}, {"invite": BO}],
                "options": {"first_seat": 0}, "clock": FIXED}
        created = site.call("POST", "/games", ada, json=body)
        seen.append(created.text)
        gid = created.json()["id"]
        bo = sign_in(site, sink, BO)
        seen.append(site.call("POST", f"/games/{gid}/join", bo, json={"name": "Bo"}).text)
        ada_seat = created.json()["seats"][0]["token"]
        site.call("POST", f"/games/{gid}/moves", ada_seat, json={"move": {"type": "finish_first_turn"}})
        for path in (f"/games/{gid}", f"/games/{gid}/events", f"/games/{gid}/export", "/games", "/games?status=open",
                     f"/g/{gid}", "/metrics"):
            seen.append(site.call("GET", path).text)          # a spectator
            seen.append(site.call("GET", path, bo).text)      # the other player
        seen.append(site.call("GET", "/players/me/games", bo).text)
        seen.append(site.call("POST", f"/games/{gid}/join", json={"name": "X", "seat": 1}).text)
        clock.advance(73 * 3600)
        site.service.play_due_timeouts()
        deliver(site)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
    mails_to_bo = [m.get_content() + str(m.items()) for m in sink.to(BO)]
    assert len(mails_to_bo) >= 3  # the invitation, the sign-in link, a turn's mail
    logged = [r.getMessage() for r in records if not r.name.startswith("mail.log")]  # not the test's SMTP server
    assert records and len(seen) > 15
    for text in seen + logged + mails_to_bo:
        assert ADA not in text.lower()
    for text in seen + logged:
        assert BO not in text.lower()


def test_the_daily_digest_carries_my_games_once_a_day(site, sink, clock):
    ada = sign_in(site, sink, ADA)
    site.call("PATCH", "/players/me", ada, json={"digest": True, "tz": "Europe/Berlin"})
    game = open_babel(site, ada, clock=FIXED)
    site.call("POST", f"/games/{game['id']}/join", json={"name": "Bo"})
    assert site.service.send_digests() == 0  # 09:00 in Berlin: the digest comes at 08:00 (digest_hour)
    clock.advance(23 * 3600)
    assert site.service.send_digests() == 1
    assert site.service.send_digests() == 0  # once a day
    deliver(site)
    digest = [m for m in sink.to(ADA) if m["Subject"].startswith("Your games today")]
    assert len(digest) == 1 and digest[0]["Subject"] == "Your games today: 1 waits for you"
    text = digest[0].get_content()
    assert "Babel with Bo: your turn; deadline" in text and "CET" in text and game["url"] in text
    clock.advance(86400)
    assert site.service.send_digests() == 1


def test_a_rematch_is_asked_and_accepted_by_mail_commands(site):
    from referee.notify.commands import run
    g = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                          "options": {"first_seat": 0}}).json()
    gid = g["id"]
    assert "No rematch: a rematch follows a finished game" in run(site.service, gid, 0, "rematch", []).text
    site.call("POST", f"/games/{gid}/resign", g["seats"][1]["token"])
    asked = run(site.service, gid, 0, "rematch", []).text
    assert "Your seat in the rematch: seat 2" in asked and "waiting for the other players" in asked
    accepted = run(site.service, gid, 1, "rematch", []).text
    assert "Your seat in the rematch: seat 1" in accepted and "which starts now" in accepted
    new_id = re.search(r"of game ([0-9a-f]{16})", accepted).group(1)
    assert site.call("GET", f"/games/{new_id}").json()["status"] == "active"
