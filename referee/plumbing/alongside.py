"""Work done alongside a wait: a job handed to a helper thread, which runs it while the caller's
thread waits with the GIL released (a COMMIT's write and fsync, ~0.3 ms on this machine's disk).

A move's answer (the seat's description, the narration of its events) needs only what the
move's transaction computed, and is sent only once the commit is durable. Made while the log's
fsync runs, it costs the request little wall time: the request waits for the disk anyway
(issue 41; `referee bench --only http`: the move's ratio fell from ~1.36 to ~1.24, README
"Operations"). It is not free: the helper has to wake up (~20-60 us), runs on the other core's
cold caches (about twice the CPU of the same work on the request's thread) and the request
thread waits for the GIL when the job outlasts the commit; sequential, the same answer costs more.

The job runs on a thread of its own, so it must not need the caller's thread-local things (a
Flask request, the thread's database connection inside a transaction), and what it makes is
seen by nobody until the caller takes the result. Helpers are parked on a lock between jobs, a
few kept idle for the next caller (list append and pop are atomic): raw locks, not a pool's
queue and futures, as a hand-off must cost microseconds. A caller collects every job it starts
(`Pending.result`).
"""

from __future__ import annotations

import os
import threading
from _thread import allocate_lock
from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")


class Pending(Generic[T]):
    """A job handed to a helper: `result()` waits for it and returns its value or raises its error."""

    __slots__ = ("fn", "value", "error", "done")

    def __init__(self, fn: Callable[[], T]):
        self.fn = fn
        self.value: Any = None
        self.error: BaseException | None = None
        self.done = allocate_lock()
        self.done.acquire()  # released by the helper when the job is over

    def wait(self) -> None:
        """Until the job is over (its error, if any, is kept for `result`)."""
        self.done.acquire()
        self.done.release()  # a second call returns at once

    def result(self) -> T:
        self.wait()
        if self.error is not None:
            raise self.error
        return self.value


# Idle helpers kept for the next job: as many as threads wait on commits at once (a worker's
# request threads); one more is made when none is idle, and a helper beyond these ends.
KEEP_IDLE = 32
_idle: list["_Helper"] = []
os.register_at_fork(after_in_child=_idle.clear)  # a forked child has none of the parent's threads


class _Helper:
    """One thread, parked on `go` until its next job."""

    def __init__(self) -> None:
        self.go = allocate_lock()
        self.go.acquire()
        self.job: Pending | None = None
        threading.Thread(target=self._run, name="alongside", daemon=True).start()

    def _run(self) -> None:
        while True:
            self.go.acquire()
            job = self.job
            assert job is not None
            self.job = None
            try:
                job.value = job.fn()
            except BaseException as e:  # handed to the caller, which raises it
                job.error = e
            finally:
                kept = len(_idle) < KEEP_IDLE
                if kept:
                    _idle.append(self)  # before `done`: its caller may start its next job at once
                job.done.release()
            if not kept:
                return


def start(fn: Callable[[], T]) -> Pending[T]:
    """Hand `fn` to an idle helper (made if none is); it runs as soon as this thread lets go of
    the GIL, e.g. in a database call."""
    try:
        helper = _idle.pop()
    except IndexError:
        helper = _Helper()
    job = Pending(fn)
    helper.job = job
    helper.go.release()
    return job

