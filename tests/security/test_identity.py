"""Issue 35, "Identity, records and ratings" (on both databases but the checks of
verification and routes): a seat becomes a player's only by
that player's own act (joining signed in, accepting a seat created with their address, creating the
game as that seat, confirming a tournament place). Each test is named after the defect it closes;
each failed against the code before the fix."""

from __future__ import annotations

import re
import secrets
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from referee.engine.verify import verify_events
from referee.ops.cli import main
from referee.ops.scheduler import run_once
from referee.plumbing.errors import Forbidden, Unauthorized
from referee.store import credentials, players, ratings as ratings_store, tenures
from referee.store.db import write_transaction
from tests.flow.support import make_service

above_the_store = pytest.mark.one_database  # verification and the routes offered lie above the store; binding and ratings run twice in this file

VICTIM, MALLORY, BO = "victim@example.org", "mallory@example.org", "bo@example.org"
DAY = 86400


def _verified(svc, *pairs: tuple[str, str]) -> None:
    """Players as a sign-in adds them: (id, address)."""
    with write_transaction(svc.db) as conn:
        for pid, email in pairs:
            players.add(conn, pid, email, 0)


def _babel(svc, seats: list[dict], creator: str | None = None, **extra) -> dict:
    return svc.create_game({"game": "babel", "seats": seats, "options": {"first_seat": 0}, **extra}, creator)


def _play_and_resign(svc, gid: str, loser: int, moves: int = 3) -> None:
    """Each seat makes `moves` moves (its prompt's first choice), then `loser` resigns."""
    made = [0, 0]
    while min(made) < moves and not svc.load(gid).finished:
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
        made[p.seat] += 1
    if not svc.load(gid).finished:
        svc.resign(gid, loser)
    assert svc.load(gid).finished


def _why(svc, gid: str) -> str | None:
    return ratings_store.rated_game(svc.db.conn, gid)["why"]


def _record(svc, pid: str) -> dict:
    return svc.public_profile(pid)["record"]


def test_a_seat_created_with_a_verified_address_is_bound_to_its_player_without_their_act(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("mallory", MALLORY))
    made = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")
    gid = made["id"]
    assert tenures.seat(svc.db.conn, gid, 1)["player_id"] is None
    assert svc.my_games("victim") == []
    # the address is invited to accept, by a mail linking to the accept page
    offer = svc.db.conn.execute("SELECT body FROM outbox WHERE recipient = ? AND kind = 'offer'", (VICTIM,)).fetchone()
    assert offer and f"/accept/{gid}/1" in offer[0]
    assert [o["id"] for o in svc.seat_offers("victim")] == [gid]
    # the seat's token still plays without an account
    seat_token = made["seats"][1]["token"]
    assert svc.seat_for(gid, seat_token) == 1
    # nobody else may accept it
    with pytest.raises(Forbidden):
        svc.accept_seat(gid, 1, "mallory")
    accepted = svc.accept_seat(gid, 1, "victim")
    assert tenures.seat(svc.db.conn, gid, 1)["player_id"] == "victim"
    assert [g["id"] for g in svc.my_games("victim")] == [gid] and svc.seat_offers("victim") == []
    # the token and link the creator was shown die; the new ones are the player's
    with pytest.raises(Unauthorized):
        svc.seat_for(gid, seat_token)
    assert svc.seat_for(gid, accepted["token"]) == 1
    assert accepted["url"] != made["seats"][1]["url"] and accepted["tenure"] == 1


def test_a_game_with_a_seat_its_player_never_accepted_is_rated(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("mallory", MALLORY))
    # Mallory seats the victim by address, holds both tokens and loses the victim's seat.
    forged = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    _play_and_resign(svc, forged, loser=1)
    assert _why(svc, forged) == "a seat was not held by a signed-in player who took or accepted it"
    assert svc.db.conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
    # accepted only after the seat had played: still unrated
    late = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    while not svc.db.conn.execute("SELECT 1 FROM events WHERE game_id = ? AND seat = 1 AND type = 'move'",
                                  (late,)).fetchone():
        p = svc.load(late).prompts[0]
        svc.submit_move(late, p.seat, {"move": p.choices[0] if p.choices else p.default})
    svc.accept_seat(late, 1, "victim")
    _play_and_resign(svc, late, loser=1)
    assert _why(svc, late) == "a seat was accepted after it had played"
    # the control: accepted before play, the same game is rated
    fair = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    svc.accept_seat(fair, 1, "victim")
    _play_and_resign(svc, fair, loser=1)
    assert _why(svc, fair) is None
    assert svc.db.conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 2


def test_timeouts_resignations_replacements_and_losses_of_a_seat_never_accepted_go_on_the_record(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("mallory", MALLORY))
    fixed = {"policy": "fixed", "per_decision": "1d"}
    # a timeout and then a replacement of a seat created with the victim's verified address
    timed = _babel(svc, [{"name": "Victim", "email": VICTIM}, {"name": "Mallory", "me": True}], "mallory",
                   clock=fixed)
    clock.advance(DAY + 1)
    run_once(svc)
    assert svc.db.conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ? AND type = 'timeout' AND seat = 0",
                               (timed["id"],)).fetchone()[0] >= 1
    svc.release_seat(timed["id"], 0, timed["seats"][0]["token"])
    # a resignation and a loss
    lost = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    _play_and_resign(svc, lost, loser=1)
    # a seat of an address not verified yet, finished with a timeout, then the victim signs up
    _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Late", "email": "late@example.org"}], "mallory",
           clock=fixed)
    clock.advance(DAY + 1)
    run_once(svc)
    secret = secrets.token_urlsafe(16)
    with write_transaction(svc.db) as conn:
        players.add_link(conn, credentials.token_hash(secret), "late@example.org", clock() + 600)
    late = svc.confirm_sign_in(secret)["player"]["id"]
    assert _record(svc, "victim") == {"finished": 0, "timed_out": 0, "resigned": 0, "replaced": 0}
    assert _record(svc, late) == {"finished": 0, "timed_out": 0, "resigned": 0, "replaced": 0}
    assert svc.public_profile("victim")["games"] == {}
    # the lobby shows the victim's clean record on a table they open themselves
    own = _babel(svc, [{"name": "Victim", "me": True}, {"open": True}], "victim")["id"]
    entry = next(g for g in svc.lobby()["games"] if g["id"] == own)
    assert entry["creator"]["timeouts"] == 0 and entry["creator"]["replaced"] == 0


def test_a_tournament_players_games_count_before_they_confirm(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("bo", BO), ("mallory", MALLORY))
    body = {"game": "babel", "format": "round_robin", "seats_per_game": 2,
            "players": [{"name": "Victim", "email": VICTIM}, {"name": "Bo", "email": BO}]}
    unconfirmed = svc.create_tournament(body)
    gid = unconfirmed["rounds"][0]["games"][0]["id"]
    _play_and_resign(svc, gid, loser=0)
    assert _why(svc, gid) == "a seat was not held by a signed-in player who took or accepted it"
    assert _record(svc, "victim")["resigned"] == 0
    # a player not listed with their address cannot confirm
    with pytest.raises(Forbidden):
        svc.confirm_tournament(unconfirmed["id"], "mallory")
    # both confirm before play: the game counts
    confirmed = svc.create_tournament(body)
    gid = confirmed["rounds"][0]["games"][0]["id"]
    for pid in ("victim", "bo"):
        assert svc.confirm_tournament(confirmed["id"], pid)["accepted"] == [gid]
    assert svc.tournament(confirmed["id"])["confirmed"] == ["Victim", "Bo"]
    organiser_copy = confirmed["rounds"][0]["games"][0]["seats"][0]["token"]
    with pytest.raises(Unauthorized):  # the organiser's copy of the seat's token died
        svc.seat_for(gid, organiser_copy)
    _play_and_resign(svc, gid, loser=0)
    assert _why(svc, gid) is None


def test_a_later_round_seats_a_confirmed_player_as_theirs(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("bo", BO))
    t = svc.create_tournament({"game": "babel", "format": "swiss", "seats_per_game": 2, "rounds": 2,
                               "players": [{"name": "Victim", "email": VICTIM}, {"name": "Bo", "email": BO}]})
    for pid in ("victim", "bo"):
        svc.confirm_tournament(t["id"], pid)
    _play_and_resign(svc, t["rounds"][0]["games"][0]["id"], loser=0)
    svc.advance_tournaments()
    second = svc.tournament(t["id"])["rounds"][1]["games"][0]["id"]
    seats = tenures.seats(svc.db.conn, second)
    assert sorted(s["player_id"] for s in seats) == ["bo", "victim"] and all(s["tenure"] == 1 for s in seats)
    mail = svc.db.conn.execute("SELECT body FROM outbox WHERE game_id = ? AND kind = 'round_started' "
                               "AND recipient = ?", (second, VICTIM)).fetchone()[0]
    seat = next(s["seat"] for s in seats if s["player_id"] == "victim")
    assert re.search(rf"/play/{second}/{seat}/[0-9a-f]{{32}}", mail)
    _play_and_resign(svc, second, loser=1)
    assert _why(svc, second) is None


def test_ratings_rebuild_keeps_a_forged_record(database, clock, tmp_path):
    """A seat bound by an address alone (as before the fix) loses its player on `referee ratings
    rebuild`, with the record and ratings that came from it."""
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("mallory", MALLORY))
    gid = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    with write_transaction(svc.db) as conn:  # what the code before the fix did at creation
        tenures.set_player(conn, gid, 1, "victim")
    _play_and_resign(svc, gid, loser=1)
    with write_transaction(svc.db) as conn:  # and the forged rating it gave the loss
        if not ratings_store.current(conn, "babel", ["victim"]):  # (the code before the fix made it itself)
            ratings_store.put_game(conn, gid, "babel", "2026-01-01T00:00:00Z", None, ["mallory", "victim"], [1, 2])
            ratings_store.put_rating(conn, "babel", "victim", "Victim", 20.0, 8.0, -4.0, 1, gid, "2026-01-01T00:00:00Z")
    assert _record(svc, "victim")["finished"] == 1
    fair = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    svc.accept_seat(fair, 1, "victim")
    _play_and_resign(svc, fair, loser=0)
    svc.db.close()
    result = CliRunner().invoke(main, ["--database", database, "ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "1 seats not taken by their player's own act unbound" in result.output
    svc = make_service(database, clock)
    assert tenures.seat(svc.db.conn, gid, 1)["player_id"] is None
    assert _record(svc, "victim") == {"finished": 1, "timed_out": 0, "resigned": 0, "replaced": 0}  # the fair game
    assert _why(svc, gid) == "a seat was not held by a signed-in player who took or accepted it"
    # the forged loss is gone from the rating: the fair game alone counts, from the model's start
    assert [r["games"] for r in ratings_store.of_player(svc.db.conn, "victim")] == [1]
    assert [h["game_id"] for h in ratings_store.history(svc.db.conn, "victim", "babel")] == [fair]
    assert svc.public_profile("victim")["games"] == {"babel": 1}


@above_the_store
def test_a_log_with_an_acceptance_does_not_verify_or_replay_to_the_same_hashes(database, clock):
    svc = make_service(database, clock)
    _verified(svc, ("victim", VICTIM), ("mallory", MALLORY))
    gid = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    svc.accept_seat(gid, 1, "victim")
    _play_and_resign(svc, gid, loser=0)
    rows = [e.to_json() for e in svc.raw_events(gid)]
    assert "seat_accepted" in [r["type"] for r in rows]
    report = verify_events(rows)
    assert report.ok and report.level == "full", report.to_json()
    live = svc.load(gid)
    svc.forget()
    cold = svc.load(gid)
    assert (cold.seq, cold.state, cold.created["seats"]) == (live.seq, live.state, live.created["seats"])


def _player_token(site, email: str) -> str:
    """A player token for `email` through the real endpoint (the mailed link's secret planted)."""
    secret = secrets.token_urlsafe(16)
    with write_transaction(site.service.db) as conn:
        players.add_link(conn, credentials.token_hash(secret), email, site.service.clock() + 600)
    r = site.call("POST", "/players/tokens", json={"link": secret})
    assert r.status_code == 201, r.text
    return r.json()["token"]


@above_the_store
def test_a_seat_is_bound_over_http_without_an_accept_operation_for_its_player(server):
    victim, mallory = _player_token(server, VICTIM), _player_token(server, MALLORY)
    r = server.call("POST", "/games", mallory, json={"game": "babel", "options": {"first_seat": 1},
                                                     "seats": [{"name": "Mallory", "me": True},
                                                               {"name": "Victim", "email": VICTIM}]})
    assert r.status_code == 201, r.text
    made = r.json()
    gid, seat_token = made["id"], made["seats"][1]["token"]
    assert server.call("GET", "/players/me/games", victim).json()["games"] == []
    assert [o["id"] for o in server.call("GET", "/players/me/offers", victim).json()["offers"]] == [gid]
    # the seat's token plays without an account
    prompts = server.call("GET", f"/games/{gid}/prompts", seat_token).json()
    assert prompts["prompts"] and prompts["prompts"][0]["seat"] == 1
    # only the invited address's player may accept; problems, never a 5xx
    assert server.call("POST", f"/games/{gid}/seats/1/accept").status_code == 401
    assert server.call("POST", f"/games/{gid}/seats/1/accept", seat_token).status_code == 401
    assert server.call("POST", f"/games/{gid}/seats/1/accept", mallory).status_code == 403
    assert server.call("POST", f"/games/{gid}/seats/{10 ** 30}/accept", victim).status_code == 404
    assert server.call("POST", "/games/nope/seats/1/accept", victim).status_code == 404
    r = server.call("POST", f"/games/{gid}/seats/1/accept", victim)
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and r.json()["tenure"] == 1
    assert server.call("POST", f"/games/{gid}/seats/1/accept", victim).status_code == 409
    assert server.call("GET", f"/games/{gid}/prompts", seat_token).status_code == 401  # the creator's copy died
    assert server.call("GET", f"/games/{gid}/prompts", r.json()["token"]).status_code == 200
    assert [g["id"] for g in server.call("GET", "/players/me/games", victim).json()["games"]] == [gid]
    told = [e for e in server.call("GET", f"/games/{gid}/events").json()["events"] if e["type"] == "seat_accepted"]
    assert len(told) == 1 and told[0]["payload"] == {"seat": 1, "tenure": 1} and told[0]["text"]  # names: issue 40
    assert VICTIM not in server.call("GET", f"/g/{gid}").text
    doc = server.call("GET", "/openapi.json").json()
    for path, op_id, problems in (("/games/{game_id}/seats/{seat}/accept", "acceptSeat", {"401", "403", "404", "409"}),
                                  ("/tournaments/{tournament_id}/confirm", "confirmTournament", {"401", "403", "404"}),
                                  ("/players/me/offers", "mySeatOffers", {"401"})):
        op = next(iter(doc["paths"][path].values()))
        assert op["operationId"] == op_id and problems <= set(op["responses"])


CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def _browser_signed_in(server, email: str):
    """A browser (requests session) signed in by a mailed link, through the pages."""
    import requests
    secret = secrets.token_urlsafe(16)
    with write_transaction(server.service.db) as conn:
        players.add_link(conn, credentials.token_hash(secret), email, server.service.clock() + 600)
    browser = requests.Session()
    page = browser.get(f"{server.url}/sign-in/{secret}", timeout=30).text
    r = browser.post(f"{server.url}/sign-in/{secret}", data={"csrf": CSRF.search(page).group(1)}, timeout=30)
    assert r.status_code == 200 and "/me" in r.url, r.text
    return browser


@above_the_store
def test_the_invitation_mail_has_no_page_where_the_signed_in_player_accepts(server):
    svc = server.service
    _verified(svc, ("mallory", MALLORY), ("victim", VICTIM))
    gid = _babel(svc, [{"name": "Mallory", "me": True}, {"name": "Victim", "email": VICTIM}], "mallory")["id"]
    link = re.search(r"https?://\S+/accept/\S+", svc.db.conn.execute(
        "SELECT body FROM outbox WHERE recipient = ? AND kind = 'offer'", (VICTIM,)).fetchone()[0]).group(0)
    path = urlsplit(link).path
    import requests
    stranger = requests.Session().get(server.url + path, timeout=30)
    assert stranger.status_code == 200 and 'id="accept"' not in stranger.text  # sign in first
    browser = _browser_signed_in(server, VICTIM)
    me = browser.get(f"{server.url}/me", timeout=30).text
    assert f"/accept/{gid}/1" in me  # "my games" lists the seat waiting to be accepted
    page = browser.get(server.url + path, timeout=30).text
    assert 'id="accept"' in page
    r = browser.post(server.url + path, data={"csrf": CSRF.search(page).group(1)}, timeout=30)
    assert r.status_code == 200 and r.url.endswith(f"/g/{gid}"), r.text
    assert tenures.seat(svc.db.conn, gid, 1)["player_id"] == "victim"
    # a tournament's page takes a listed player's confirmation
    t = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                               "players": [{"name": "Victim", "email": VICTIM}, {"name": "Mallory", "email": MALLORY}]})
    page = browser.get(f"{server.url}/t/{t['id']}", timeout=30).text
    r = browser.post(f"{server.url}/t/{t['id']}/confirm", data={"csrf": CSRF.search(page).group(1)}, timeout=30)
    assert r.status_code == 200 and svc.tournament(t["id"])["confirmed"] == ["Victim"]
