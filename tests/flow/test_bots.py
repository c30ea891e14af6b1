"""Seats held by bots, through the running service (README, "Bots"): solo games of every game
played to the end over HTTP by one person's random legal moves against bots moved by the
scheduler's bot job, each log verifying in full; creation with bot seats; bots never move for a
person; two bot workers at once never move twice for one prompt; a killed scheduler restarted
mid-thought moves its bot exactly once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from referee.bots.moves import own_prompt, random_move
from referee.bots.turns import MAX_PLAN
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.engine.verify import verify_events
from referee.ops.scheduler import run_once
from referee.plumbing.config import Config
from referee.plumbing.errors import ServiceError
from referee.service.play import bots as bot_use_case
from referee.service.referee import Referee
from tests.api.helpers import assert_matches
from tests.conftest import per_game, start_server

above_the_store = pytest.mark.one_database  # answers and votes (events checked in the log) above the store; bot seats, claims and restarts run twice here

ROOT = Path(__file__).resolve().parents[2]

SOLO = {  # one person (seat 0) and bots for the rest
    "babel": [{"bot": "random"}],
    "iron_age": [{"bot": "random"}, {"name": "Hal", "bot": "random"}],
    "khronos": [{"bot": "random"}],
    "sands_of_time": [{"bot": "random"}, {"bot": "random"}],
    "gentes": [{"bot": "random"}],
}


@pytest.fixture
def bot_server(database, clock):
    srv, httpd = start_server(database, clock=clock, config=Config(database=database, bot_delay=0.0))
    yield srv
    httpd.shutdown()


def human_move(game: str, seen: dict, seat: int, rnd: random.Random) -> dict:
    """A random legal move for the person, built from what GET /games/{id} showed: the prompt's
    choices, else random steps through the rules on a state dealt from the view."""
    prompt = next(p for p in seen["prompts"] if p["seat"] == seat)
    if prompt["choices"]:
        return rnd.choice(prompt["choices"])
    rules = rules_for(game)
    state = rules.determinize(seen["view"], Rng(rnd.randbytes(32), 0))
    return random_move(rules, state, own_prompt(rules, state, seat, prompt["kind"]), rnd)


@pytest.mark.parametrize("game", per_game(SOLO, both="khronos"))
def test_solo_game_against_bots_is_played_to_the_end_and_verifies(bot_server, game):
    seats = [{"name": "Ada"}, *SOLO[game]]
    r = bot_server.call("POST", "/games", json={"game": game, "seats": seats, "options": {"first_seat": 1}})
    assert r.status_code == 201, r.text
    created = r.json()
    gid, token = created["id"], created["seats"][0]["token"]
    for s in created["seats"][1:]:  # a bot's seat: no token, no link; named as a bot
        assert "token" not in s and "url" not in s and s["bot"] == {"bot": "random"}
        assert "bot" in s["name"].lower()
    assert created["seats"][2]["name"] == "Hal (bot)" if game == "iron_age" else True
    service = bot_server.service
    rnd = random.Random(game)
    for _ in range(3000):
        seen = bot_server.call("GET", f"/games/{gid}", token).json()
        if seen["status"] == "finished":
            break
        if any(p["seat"] == 0 for p in seen["prompts"]):
            move = human_move(game, seen, 0, rnd)
            r = bot_server.call("POST", f"/games/{gid}/moves", token, json={"move": move, "expected_seq": seen["seq"]})
            assert r.status_code == 201, r.text
        else:
            assert run_once(service)["bots"] >= 1  # only bots are prompted: the job moves them
    else:
        raise AssertionError("the game did not end")
    events = [e.to_json() for e in service.raw_events(gid)]
    bot_seats = {s["seat"] for s in created["seats"][1:]}
    assert {e["seat"] for e in events if e["type"] == "move"} == {0, *bot_seats}
    assert not [e for e in events if e["type"] == "timeout"]
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
    listed = bot_server.call("GET", f"/games?game={game}").json()["games"]
    names = next(g for g in listed if g["id"] == gid)["players"]
    assert names[0] == "Ada" and all("bot" in n.lower() for n in names[1:])


@above_the_store
def test_bot_seats_are_checked_at_creation(bot_server):
    def create(seats, game="babel"):
        return bot_server.call("POST", "/games", json={"game": game, "seats": seats})

    r = create([{"name": "Ada"}, {"bot": "search", "level": 3}])
    assert r.status_code == 201
    assert_matches("api/created.json", r.json())
    seen = bot_server.call("GET", f"/games/{r.json()['id']}", r.json()["seats"][0]["token"]).json()
    assert_matches("api/game.json", seen)
    assert seen["seats"][1]["bot"] == {"bot": "search", "level": 3} and "bot" not in seen["seats"][0]
    assert r.json()["seats"][1] == {"seat": 1, "name": "Search bot 1, level 3", "bot": {"bot": "search", "level": 3}}
    assert create([{"name": "Ada"}, {"bot": "search"}]).json()["seats"][1]["bot"] == {"bot": "search", "level": 2}
    for bad in ([{"name": "Ada"}, {"bot": "random", "level": 2}],           # a level is the search bot's
                [{"name": "Ada"}, {"bot": "search", "level": 4}],
                [{"name": "Ada"}, {"bot": "clever"}],
                [{"name": "Ada"}, {"bot": "random", "email": "bot@example.org"}],  # a bot gets no mail
                [{"name": "Ada"}, {}]):                                     # a person needs a name
        r = create(bad)
        assert r.status_code == 400 and r.headers["Content-Type"].startswith("application/problem+json"), (bad, r.text)
    r = create([{"bot": "random"}, {"bot": "search"}])
    assert r.status_code == 422 and "person" in r.json()["detail"]
    assert bot_server.call("GET", "/games").json()["games"].__len__() == 2  # the refused ones changed nothing


def test_bots_never_move_for_a_person(bot_server):
    service = bot_server.service
    plain = service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}], "options": {"first_seat": 1}})
    mixed = service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}], "options": {"first_seat": 0}})
    for _ in range(5):
        assert service.play_bots() == 0
    assert service.load(plain["id"]).seq == 1 and service.load(mixed["id"]).seq == 1
    # even asked directly for a person's seat, the bot job finds no bot there
    assert bot_use_case.play_game_bots(service, mixed["id"]) == 0


def test_bot_waits_its_delay(database, clock):
    service = Referee(database, clock=clock, config=Config(database=database, bot_delay=5.0))
    gid = service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}],
                               "options": {"first_seat": 1}})["id"]
    assert service.play_bots() == 0
    clock.advance(5)
    assert service.play_bots() >= 1
    assert service.load(gid).seq > 1


@above_the_store
def test_a_move_answer_names_the_bot_seats_as_the_game_does(database, clock):
    """The answer to a move reads the bot seats inside the move's transaction; they are the
    ones GET /games/{id} shows."""
    service = Referee(database, clock=clock, config=Config(database=database, bot_delay=5.0))
    created = service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}],
                                   "options": {"first_seat": 0}})
    gid = created["id"]
    seen = service.game(gid, 0)
    move = seen["prompts"][0]["default"]
    status, body = service.submit_move(gid, 0, {"move": move, "expected_seq": seen["seq"]})
    assert status == 201 and body["seats"][1]["bot"] == {"bot": "random"} and "bot" not in body["seats"][0]
    assert body["seats"] == service.game(gid, 0)["seats"]


def test_two_bot_workers_at_once_move_once_per_prompt(database, clock):
    """Two workers (own service objects, own connections) decide the same prompt at once: the
    sequence they decided on and the key naming the decision let only one move land."""
    a = Referee(database, clock=clock, config=Config(database=database, bot_delay=0.0))
    b = Referee(database, clock=clock, config=Config(database=database, bot_delay=0.0))
    gid = a.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "search", "level": 1}],
                         "options": {"first_seat": 1}})["id"]
    spec = {"bot": "search", "level": 1}
    outcomes: list[object] = []
    barrier = threading.Barrier(2)

    def worker(svc):
        barrier.wait()
        try:
            outcomes.append(bot_use_case.play_bot(svc, gid, 1, spec))
        except ServiceError as e:
            outcomes.append(e.status)

    threads = [threading.Thread(target=worker, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    moves = [e for e in a.raw_events(gid) if e.type == "move"]
    # one batch: the turn the winner planned (Babel's opening moves are foreseeable), in order
    assert 1 <= len(moves) <= MAX_PLAN and {e.seat for e in moves} == {1}, outcomes
    assert [e.seq for e in moves] == list(range(2, 2 + len(moves)))
    # the other is refused (a sequence conflict, or the key naming this decision already
    # answered with another move) or, having decided the same move, gets the first answer
    assert True in outcomes and len(outcomes) == 2, outcomes
    assert all(o is True or o in (409, 422) for o in outcomes), outcomes


def _scheduler(database: str, log) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_DATABASE": database, "REFEREE_BOT_DELAY": "0"}
    return subprocess.Popen([sys.executable, "-m", "referee.ops.cli", "scheduler", "--interval", "60"],
                            env=env, stdout=log, stderr=log, start_new_session=True)


def test_killed_bot_worker_restarts_without_a_double_move(database, tmp_path):
    """The bot (search, level 3: seconds of thought) is killed mid-thought with SIGKILL; the
    restarted scheduler makes the move, once, and later passes do not repeat it. Khronos: its
    level-3 search does 4,000 units of work (costly steps: about 1.5 to 2 s of CPU), so it is
    still thinking when killed a moment after the scheduler starts."""
    service = Referee(database, config=Config(database=database))
    gid = service.create_game({"game": "khronos", "seats": [{"name": "Ada"}, {"bot": "search", "level": 3}],
                               "options": {"first_seat": 1}})["id"]
    log_path = tmp_path / "scheduler.log"
    log = open(log_path, "w")
    first = _scheduler(database, log)
    try:
        deadline = time.time() + 60
        while "scheduler running" not in log_path.read_text() and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(0.3)  # the bot job started at once and is thinking
        assert service.load(gid).seq == 1, "the bot moved before it was killed"
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    assert service.load(gid).seq == 1  # the killed worker's move never landed
    second = _scheduler(database, log)
    try:
        deadline = time.time() + 180
        while time.time() < deadline and not any(p.seat == 0 for p in service.load(gid).prompts):
            time.sleep(0.2)
        seq = service.load(gid).seq
        time.sleep(2.0)  # more passes of the bot job: nothing more to play
        assert service.load(gid).seq == seq
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(30)
        log.close()
    events = service.raw_events(gid)
    assert len(events) > 1 and all(e.type == "move" and e.seat == 1 for e in events[1:]), log_path.read_text()
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert verify_events([e.to_json() for e in events]).ok  # each move answered the decision before it


@above_the_store
def test_absent_seat_handed_to_a_bot_by_vote(bot_server, clock):
    """Iron Age for three: Bo stops playing and is marked absent after 3 timeouts; Ada's vote
    alone is not enough while Cy is present; with Cy's vote the seat passes to a bot, which then
    plays it (no more timeouts for Bo); refusals change nothing."""
    service = bot_server.service
    created = bot_server.call("POST", "/games", json={
        "game": "iron_age", "seats": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], "options": {"first_seat": 0},
        "clock": {"policy": "fixed", "per_decision": "1h", "absent_after": 3}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    vote = {"seat": 1, "bot": "search", "level": 1}
    r = bot_server.call("POST", f"/games/{gid}/bot", tokens[0], json=vote)
    assert r.status_code == 409 and "not absent" in r.json()["detail"]  # Bo is still here
    rnd = random.Random(5)
    for _ in range(400):  # Ada and Cy play; Bo only times out
        if service.load(gid).clocks.seats[1].absent:
            break
        seen = service.game(gid, None)
        people = [p["seat"] for p in seen["prompts"] if p["seat"] != 1]
        if people:
            s = people[0]
            mine = bot_server.call("GET", f"/games/{gid}", tokens[s]).json()
            r = bot_server.call("POST", f"/games/{gid}/moves", tokens[s],
                                json={"move": human_move("iron_age", mine, s, rnd), "expected_seq": mine["seq"]})
            assert r.status_code == 201, r.text
        else:
            clock.advance(3601)
            assert run_once(service)["timeouts"] >= 1
    assert service.load(gid).clocks.seats[1].absent
    seq = service.load(gid).seq
    for bad, status in (({"seat": 1, "bot": "random", "level": 2}, 400), ({"seat": 5, "bot": "random"}, 422),
                        ({"seat": 0, "bot": "random"}, 409)):
        r = bot_server.call("POST", f"/games/{gid}/bot", tokens[0], json=bad)
        assert r.status_code == status, (bad, r.text)
    assert service.load(gid).seq == seq
    r = bot_server.call("POST", f"/games/{gid}/bot", tokens[0], json=vote)
    assert r.status_code == 200 and "bot" not in r.json()["seats"][1]  # Cy has not voted yet
    assert bot_server.call("POST", f"/games/{gid}/bot", tokens[0], json=vote).status_code == 409  # voted already
    r = bot_server.call("POST", f"/games/{gid}/bot", tokens[2], json=vote)
    assert r.status_code == 200 and r.json()["seats"][1]["bot"] == {"bot": "search", "level": 1}
    texts = [e["text"] for e in bot_server.call("GET", f"/games/{gid}/events", tokens[0]).json()["events"][-3:]]
    assert any("a bot plays for Bo" in t for t in texts), texts
    # the bot now plays Bo's decisions; nobody times out for Bo any more
    timeouts = sum(1 for e in service.raw_events(gid) if e.type == "timeout")
    for _ in range(60):
        loaded = service.load(gid)
        if loaded.status != "active":
            break
        if any(p.seat == 1 for p in loaded.prompts):
            assert service.play_bots() >= 1
            continue
        s = next(p.seat for p in loaded.prompts)
        mine = bot_server.call("GET", f"/games/{gid}", tokens[s]).json()
        r = bot_server.call("POST", f"/games/{gid}/moves", tokens[s],
                            json={"move": human_move("iron_age", mine, s, rnd), "expected_seq": mine["seq"]})
        assert r.status_code == 201, r.text
    after = service.raw_events(gid)
    assert sum(1 for e in after if e.type == "timeout") == timeouts
    assert any(e.type == "move" and e.seat == 1 and e.seq > seq for e in after)
    assert verify_events([e.to_json() for e in after]).ok
    service.rebuild_projections()  # the handover is a projection of the log
    assert service.game(gid, None)["seats"][1]["bot"] == {"bot": "search", "level": 1}
