"""Deadlines, reminders and timeouts over weeks of game time, run in seconds with a fake clock.

Mail goes to a real SMTP server (aiosmtpd) on loopback; the scheduler's jobs run for real.
"""

from __future__ import annotations

import random

from referee.engine.verify import verify_events
from referee.ops.scheduler import run_once
from tests.flow.support import EMAILS, babel_with_clock, mail_leaks, make_service, pick

H = 3600


def test_a_seat_that_never_answers_is_reminded_and_timed_out_to_the_end(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "reminders": ["24h", "1h"],
                                 "absent_after": 100})["id"]
    rnd = random.Random(3)
    timeouts = 0
    while True:
        loaded = svc.load(gid)
        if loaded.finished:
            break
        prompts = loaded.rules.prompts(loaded.state)
        if prompts[0].seat == 0:
            svc.submit_move(gid, 0, {"move": pick(prompts[0], rnd)})
            clock.advance(60)
            continue
        due = loaded.clocks.seats[1].due_at
        assert due is not None
        before = len(mail_sink.to(EMAILS[1]))
        clock.now = due - 24 * H + 1
        run_once(svc)
        clock.now = due - 1 * H + 1
        run_once(svc)
        reminders = [m for m in mail_sink.to(EMAILS[1])[before:] if "Reminder" in m["Subject"]]
        assert len(reminders) == 2, [m["Subject"] for m in mail_sink.to(EMAILS[1])[before:]]
        assert svc.load(gid).seq == loaded.seq  # reminders change nothing in the game
        clock.now = due + 1
        counts = run_once(svc)
        assert counts["timeouts"] == 1
        timeouts += 1
        assert timeouts < 200

    events = [e.to_json() for e in svc.raw_events(gid)]
    assert {e["type"] for e in events if e["seat"] == 1} == {"timeout"}
    assert sum(e["type"] == "timeout" for e in events) == timeouts > 3
    assert events[-1]["type"] == "seed_revealed"
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
    run_once(svc)
    assert "Game over" in mail_sink.to(EMAILS[1])[-1]["Subject"]
    assert events[-1]["payload"]["seed"] in mail_sink.to(EMAILS[0])[-1].get_content()
    # Bo's mail shows Bo's own view only, never Ada's hand (until the game is over).
    for m in mail_sink.to(EMAILS[1]):
        if "status finished" not in m.get_content():
            assert not mail_leaks(m), m["Subject"]


def test_repeated_timeouts_mark_a_seat_absent_until_it_moves(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "absent_after": 2})["id"]
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
    for _ in range(2):  # Bo times out twice in a row (Ada answers in between)
        clock.advance(72 * H + 1)
        assert run_once(svc)["timeouts"] == 1
        loaded = svc.load(gid)
        if loaded.rules.prompts(loaded.state)[0].seat == 0:
            svc.submit_move(gid, 0, {"move": loaded.rules.default_move(loaded.state, 0)})
    game = svc.game(gid, 0)
    assert game["seats"][1]["absent"] is True
    assert any("is absent" in m["Subject"] for m in mail_sink.to(EMAILS[0]))
    loaded = svc.load(gid)
    # An absent seat's decisions get a short deadline, so the game keeps moving.
    assert loaded.clocks.seats[1].due_at - loaded.clocks.seats[1].opened_at <= 3600
    svc.submit_move(gid, 1, {"move": loaded.rules.default_move(loaded.state, 1)})
    assert svc.game(gid, 0)["seats"][1]["absent"] is False


def test_fischer_bank_gains_the_increment_up_to_the_cap(database, tmp_path, clock):
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, {"policy": "fischer", "initial": "2d", "increment": "1d", "max": "3d"},
                           emails=False)["id"]
    deadline = svc.game(gid, 0)["prompts"][0]["deadline"]
    assert svc.load(gid).clocks.seats[0].due_at == clock.now + 2 * 86400 and deadline
    clock.advance(86400)  # Ada spends one day of two, gains one: 2 days left
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
    assert svc.load(gid).clocks.seats[0].bank == 2 * 86400
    clock.advance(10)
    svc.submit_move(gid, 1, {"move": {"type": "finish_first_turn"}})
    assert svc.load(gid).clocks.seats[1].bank == 3 * 86400 - 10  # 2d - 10s + 1d
    loaded = svc.load(gid)
    assert loaded.clocks.seats[0].due_at == clock.now + 2 * 86400
    svc.submit_move(gid, 0, {"move": loaded.rules.default_move(loaded.state, 0)})
    loaded = svc.load(gid)
    svc.submit_move(gid, 1, {"move": loaded.rules.default_move(loaded.state, 1)})
    assert svc.load(gid).clocks.seats[1].bank == 3 * 86400  # (3d - 10s) + 1d, capped at 3d


def test_vacation_stops_clocks_and_ends_when_the_allowance_runs_out(database, tmp_path, clock):
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "vacation_days": 1}, emails=False)["id"]
    due = svc.load(gid).clocks.seats[0].due_at
    svc.pause(gid, 1, "vacation")
    clock.advance(12 * H)
    assert run_once(svc) == {"timeouts": 0, "reminders": 0, "resumed": 0, "lapsed": 0, "bots": 0, "expired": 0, "digests": 0, "tournament_games": 0, "sent": 0, "retry": 0, "failed": 0}
    svc.resume(gid, 1)
    assert svc.load(gid).clocks.seats[0].due_at == due + 12 * H  # Ada lost no time to Bo's vacation
    svc.pause(gid, 1, "vacation")
    clock.advance(11 * H)
    assert run_once(svc)["resumed"] == 0
    clock.advance(1 * H + 1)  # the day's allowance is used up: the scheduler resumes the game
    assert run_once(svc)["resumed"] == 1
    game = svc.game(gid, 0)
    assert game["status"] == "active"
    events = svc.raw_events(gid)
    assert events[-1].type == "resumed" and events[-1].seat is None
    import pytest
    from referee.plumbing.errors import Conflict
    with pytest.raises(Conflict, match="no vacation days left"):
        svc.pause(gid, 1, "vacation")


def test_an_agreed_pause_needs_every_seat_and_costs_no_vacation(database, tmp_path, clock):
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "vacation_days": 0}, emails=False)["id"]
    assert svc.pause(gid, 0, "agreed")["status"] == "active"
    game = svc.pause(gid, 1, "agreed")
    assert game["status"] == "paused" and game["pause"]["kind"] == "agreed"
    due = svc.load(gid).clocks.seats[0].due_at
    clock.advance(30 * 86400)
    assert run_once(svc)["timeouts"] == 0
    svc.resume(gid, 0)
    assert svc.load(gid).clocks.seats[0].due_at == due + 30 * 86400


def test_get_game_shows_every_pending_deadline(server, clock):
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                             "options": {"first_seat": 1},
                                             "clock": {"policy": "fixed", "per_decision": "90m"}})
    game = server.call("GET", f"/games/{r.json()['id']}").json()
    assert game["prompts"][0]["seat"] == 1
    assert game["prompts"][0]["deadline"] == "2027-01-15T09:30:00.000000Z"  # FakeTime start + 90 minutes
    bad = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                               "clock": {"policy": "fixed", "per_decision": "3 days"}})
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/clock/per_decision"
