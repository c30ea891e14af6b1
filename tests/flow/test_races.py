"""Moves and timeouts fired together never fork a game or lose a move; restarts send nothing twice."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter

import pytest

from referee.engine.verify import verify_events
from referee.plumbing.errors import Conflict, Unprocessable
from referee.store import outbox
from tests.flow.support import babel_with_clock, make_service, start_scheduler


def test_moves_and_timeouts_together_land_exactly_once(database, tmp_path, clock):
    # Two service instances on one file behave like two processes (separate caches).
    web = make_service(database, clock)
    sched_a = make_service(database, clock)
    sched_b = make_service(database, clock)
    games = [babel_with_clock(web, {"policy": "fixed", "per_decision": "1h"}, emails=False)["id"]
             for _ in range(20)]
    clock.advance(3601)
    landed: dict[str, list[str]] = {"web": [], "a": [], "b": []}  # one list per thread: no shared counter
    barrier = threading.Barrier(3)

    def mover():
        barrier.wait()
        for gid in games:
            try:
                web.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
                landed["web"].append(gid)
            except (Conflict, Unprocessable):  # the timeout landed first: 409, or 'not your turn'
                pass

    def scheduler(svc, name):
        barrier.wait()
        for gid in games:
            if svc.play_timeout(gid, 0, 1):
                landed[name].append(gid)

    threads = [threading.Thread(target=mover), threading.Thread(target=scheduler, args=(sched_a, "a")),
               threading.Thread(target=scheduler, args=(sched_b, "b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = landed["web"] + landed["a"] + landed["b"]
    assert sorted(winners) == sorted(games), landed  # every decision taken exactly once
    for gid in games:
        events = [e.to_json() for e in web.raw_events(gid)]
        assert [e["seq"] for e in events] == [1, 2]  # exactly one of move/timeout, no fork
        assert events[1]["type"] in ("move", "timeout") and events[1]["seat"] == 0
        assert verify_events(events, web.load(gid).seed).ok


def _run_scheduler_with_restarts(database, mail_sink, signals: list[int]):
    """Games that time out every second, and a scheduler process stopped by each signal in turn."""
    svc = make_service(database, time.time, mail_sink.url)  # real time: its own process, as in production
    games = [babel_with_clock(svc, {"policy": "fixed", "per_decision": "1s", "reminders": []})["id"]
             for _ in range(4)]
    env = {**os.environ, "REFEREE_DATABASE": svc.database, "REFEREE_SMTP_URL": mail_sink.url,
           "REFEREE_SECRET_KEY": "test-secret", "REFEREE_INBOUND_DOMAIN": "play.example.org"}
    for sig in signals:
        proc = start_scheduler(env, 0.2)
        time.sleep(2.5)
        proc.send_signal(sig)
        assert proc.wait(15) in (0, -signal.SIGKILL)
    for gid in games:
        events = [e.to_json() for e in svc.raw_events(gid)]
        assert verify_events(events, svc.load(gid).seed).ok
        decided = [(e["payload"]["deadline"], e["seat"]) for e in events if e["type"] == "timeout"]
        assert len(decided) == len(set(decided))  # no decision timed out twice
    ids = [m["Message-ID"] for m in mail_sink.messages]
    return svc, ids


def test_a_stopped_scheduler_restarts_without_sending_anything_twice(database, mail_sink):
    svc, ids = _run_scheduler_with_restarts(database, mail_sink, [signal.SIGTERM] * 3)
    assert len(ids) > 8 and len(ids) == len(set(ids)), Counter(ids).most_common(3)
    sent = [m for m in outbox.messages(svc.db.conn) if m["sent_at"]]
    assert len(sent) == len(ids)  # every mail received is recorded as sent, once


def test_a_crashed_scheduler_loses_nothing_and_any_copy_is_recognisable(database, mail_sink):
    svc, ids = _run_scheduler_with_restarts(database, mail_sink, [signal.SIGKILL, signal.SIGKILL, signal.SIGTERM])
    queued = outbox.messages(svc.db.conn)
    unsent = [m for m in queued if not m["sent_at"]]
    # A message caught in flight by SIGKILL is sent again after its lease (two minutes): here
    # it may be pending still, or already received. Either way nothing is lost ...
    assert len(set(ids)) + len(unsent) >= len(queued)
    # ... and a copy, if any, has its original's Message-ID: at most one per crash.
    assert len(ids) - len(set(ids)) <= 2


def test_two_schedulers_at_once_play_no_timeout_and_send_no_mail_twice(database, mail_sink):
    """Two scheduler processes (as on two hosts) working the same games at the same time, with
    deadlines of one second: every decision times out once, every mail goes out once."""
    svc = make_service(database, time.time, mail_sink.url)
    games = [babel_with_clock(svc, {"policy": "fixed", "per_decision": "1s", "reminders": []})["id"]
             for _ in range(4)]
    env = {**os.environ, "REFEREE_DATABASE": svc.database, "REFEREE_SMTP_URL": mail_sink.url,
           "REFEREE_SECRET_KEY": "test-secret", "REFEREE_INBOUND_DOMAIN": "play.example.org"}
    procs = [start_scheduler(env, 0.1) for _ in range(2)]
    # Until enough deadlines have passed to mean anything (a busy machine starts them slowly).
    until = time.monotonic() + 45
    while time.monotonic() < until and sum(e.type == "timeout" for g in games for e in svc.raw_events(g)) < 12:
        time.sleep(0.5)
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    assert [proc.wait(15) for proc in procs] == [0, 0]
    timeouts = 0
    for gid in games:
        events = [e.to_json() for e in svc.raw_events(gid)]
        assert verify_events(events, svc.load(gid).seed).ok
        decided = [(e["payload"]["deadline"], e["seat"]) for e in events if e["type"] == "timeout"]
        assert len(decided) == len(set(decided))  # no decision timed out twice
        timeouts += len(decided)
    assert timeouts >= 8, "too few deadlines passed to mean anything"
    ids = [m["Message-ID"] for m in mail_sink.messages]
    assert len(ids) >= timeouts and len(ids) == len(set(ids)), Counter(ids).most_common(3)
    sent = [m for m in outbox.messages(svc.db.conn) if m["sent_at"]]
    assert len(sent) == len(ids)  # every mail received is recorded as sent, once


def test_a_move_loads_and_appends_at_the_head_read_with_its_seat_and_a_stale_one_is_409(database, clock):
    """A move over HTTP reads its seat and the game's head (seq, hash) in one statement
    (`seat_and_head`), loads the game there and appends after that hash without reading the head
    again; a head that another process moved on since is caught by the insert's primary key:
    409, nothing appended, and the next move with a fresh head continues the chain."""
    web, other = make_service(database, clock), make_service(database, clock)  # two processes
    made = babel_with_clock(web, None, emails=False)
    gid, token = made["id"], made["seats"][0]["token"]
    seat, head = web.seat_and_head(gid, token)
    assert (seat, head) == (0, (web.load(gid).seq, web.raw_events(gid)[-1].hash))
    sqlite = not database.startswith("postgresql")
    if sqlite:  # SQLite's trace names each statement run: loading at the head reads nothing
        statements: list[str] = []
        web.db.conn.set_trace_callback(statements.append)
        assert web.load(gid, head[0]) is web.load(gid, head[0]) and statements == []
        web.db.conn.set_trace_callback(None)
    other.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})  # the head moves on elsewhere
    with pytest.raises(Conflict):
        web.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}}, head=head)
    events = [e.to_json() for e in other.raw_events(gid)]
    assert [e["seq"] for e in events] == [*range(1, head[0] + 1), head[0] + 1]  # the other's move only
    seat, head = web.seat_and_head(gid, made["seats"][1]["token"])
    writer = web.db.conn.group.writer if sqlite else None
    heads: list[str] = []
    if writer is not None:
        writer.set_trace_callback(lambda sql: heads.append(sql) if "ORDER BY seq DESC" in sql else None)
    move = web.load(gid, head[0]).prompts[0]
    web.submit_move(gid, seat, {"move": move.choices[0] if move.choices else move.default}, head=head)
    if writer is not None:
        writer.set_trace_callback(None)
        assert heads == []  # the append followed the known hash: no head read in its transaction
    events = [e.to_json() for e in web.raw_events(gid)]
    assert events[-1]["seq"] == head[0] + 1 and events[-1]["prev_hash"] == head[1]
    assert verify_events(events, web.load(gid).seed).ok
