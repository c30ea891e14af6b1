"""Work done alongside a wait (plumbing/alongside.py): a move's answer is made on a helper thread
while the move's COMMIT syncs, and is over before the write returns (issue 41)."""

from __future__ import annotations

import threading
import time

import pytest

from referee.plumbing import alongside
from referee.service.play.moves import judge
from referee.store import events
from tests.flow.support import babel_with_clock, make_service


def _burn(seconds: float) -> float:
    """Hold the GIL for `seconds` of this thread's CPU; returns when it ended (monotonic)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
    return time.monotonic()


def test_a_job_runs_on_a_helper_while_the_caller_waits_without_the_gil():
    caller = threading.get_ident()
    ran_on: list[int] = []

    def job() -> float:
        ran_on.append(threading.get_ident())
        return _burn(0.03)

    started = time.monotonic()
    pending = alongside.start(job)
    time.sleep(0.5)  # the caller waits with the GIL released, as in a COMMIT's fsync
    slept_until = time.monotonic()
    ended = pending.result()
    assert ran_on and ran_on[0] != caller
    assert started < ended < slept_until  # made during the wait, not after it


def test_a_job_s_error_is_raised_by_result_and_wait_only_waits():
    pending = alongside.start(lambda: 1 // 0)
    pending.wait()  # does not raise
    with pytest.raises(ZeroDivisionError):
        pending.result()
    assert alongside.start(lambda: "next").result() == "next"  # the helper goes on


def test_helpers_are_reused_not_made_per_job():
    def helpers() -> int:
        return sum(1 for t in threading.enumerate() if t.name == "alongside")

    alongside.start(lambda: None).result()
    before = helpers()
    results = [alongside.start(lambda i=i: i * 2).result() for i in range(200)]
    assert results == [i * 2 for i in range(200)]
    assert helpers() <= before + 1


def test_many_callers_at_once_each_get_their_own_job_s_result():
    out: dict[int, list[int]] = {}

    def caller(n: int) -> None:
        out[n] = [alongside.start(lambda k=k: (n, k)).result()[1] for k in range(50)]

    threads = [threading.Thread(target=caller, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {n: list(range(50)) for n in range(8)}


def _judged(loaded):
    """Seat 0's first move, judged as a move request judges it."""
    new, states, refused = judge(loaded, 0, [{"type": "finish_first_turn"}])
    assert refused is None
    return new, states


def test_a_write_s_alongside_job_sees_the_appended_events_and_is_over_when_it_returns(database, clock):
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, None, emails=False)["id"]
    loaded = svc.load(gid)
    seen: list[tuple[int, int, list[int]]] = []

    def answer(after, appended) -> None:
        _burn(0.005)
        seen.append((threading.get_ident(), after.seq, [e.seq for e in appended]))

    new, states = _judged(loaded)
    after, appended = svc.write(loaded, new, states[-1], states=states, alongside=answer)
    assert seen == [(seen[0][0], loaded.seq + 1, [loaded.seq + 1])]
    assert seen[0][0] != threading.get_ident()
    assert after.seq == loaded.seq + 1


def test_a_failed_answer_is_raised_after_the_move_is_recorded(database, clock):
    """The answer is made from a committed move: an error making it is a 500 for that request,
    as it was when the answer was made after the commit, and the move stays in the log."""
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, None, emails=False)["id"]
    loaded = svc.load(gid)

    def broken(after, appended) -> None:
        raise RuntimeError("the answer failed")

    new, states = _judged(loaded)
    with pytest.raises(RuntimeError, match="the answer failed"):
        svc.write(loaded, new, states[-1], states=states, alongside=broken)
    assert [e.seq for e in events.read(svc.db.conn, gid)][-1] == loaded.seq + 1
