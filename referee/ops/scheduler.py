"""`referee scheduler`: the jobs that keep games moving without anyone watching.

Each job reads what is due from the database, which is the only source of truth, so a
restarted scheduler, or one on every host, never double-plays a timeout (due deadlines are
claimed under a lease, so schedulers share them; the append states its expected sequence) nor queues a reminder twice (the outbox's dedupe key) nor
sends one outbox row from two places at once (a claim lease).

Stopping: SIGTERM or Ctrl-C lets the message in flight finish and be marked sent, then
exits, so a stopped and restarted scheduler sends nothing twice. A hard crash (SIGKILL, power
loss) between a mail server's "250 OK" and our commit cannot be told apart from a send that
failed; that message is sent again after its lease, with the same Message-ID (and the same
X-Referee-Delivery id on webhooks), so receivers can drop the copy. Nothing is ever lost.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable

from apscheduler.schedulers.background import BackgroundScheduler

from referee.notify.delivery import deliver_due
from referee.plumbing.observability import JOB_LOG, json_logger, log_fields

if TYPE_CHECKING:
    from referee.service.referee import Referee

log = logging.getLogger(__name__)
MIN_GAP = 0.02  # seconds between two passes of the bots' job, however fast commits come


def run_once(service: "Referee", stopping: Callable[[], bool] = lambda: False, bots: bool = True) -> dict[str, int]:
    """One pass of every job, in the order that makes one pass complete: bots' due moves and
    timeouts first (their notices join the outbox), then reminders and vacations, then delivery.
    `serve` runs the bots in a job of their own (`bots=False` here), every `bot_interval`."""
    counts = {"bots": service.play_bots()} if bots else {}
    counts |= {"timeouts": service.play_due_timeouts(),
              "reminders": service.queue_due_reminders(),
              "resumed": service.resume_ended_vacations(),
              "lapsed": service.lapse_proposals(),
              "expired": service.expire_open_games(),
              "digests": service.send_digests(),
              "tournament_games": service.advance_tournaments()}
    counts.update(deliver_due(service, stopping=stopping))
    return counts


def serve(service: "Referee", interval: float, bot_interval: float = 1.0) -> None:
    """Run the jobs every `interval` seconds until SIGTERM or Ctrl-C; the bots' moves in a
    thread of their own (start_bots_thread: at once after a commit, else every `bot_interval`
    seconds), so a bot thinking never holds up timeouts or mail.

    The signal handler only notes the signal; the main thread, which does nothing but wait for
    it, then stops the jobs. A handler that raised (SystemExit) could land in the main thread
    between a lock's acquire and its `try` (the logging handler's lock, as APScheduler's loop
    logs each run): the lock stayed held, the job thread blocked on its next log line, and the
    shutdown that waits for that job never returned (CI saw a scheduler ignore SIGTERM)."""
    stop = threading.Event()
    signalled: list[int] = []
    scheduler = BackgroundScheduler(timezone=timezone.utc)

    jobs_log = json_logger(JOB_LOG)

    def job() -> None:
        if stop.is_set():
            return
        started = time.perf_counter()
        try:
            counts = run_once(service, stop.is_set, bots=False)
            log_fields(jobs_log, "scheduler pass", ms=round((time.perf_counter() - started) * 1000, 2), **counts)
        except Exception as e:  # keep the scheduler alive; the next pass retries
            log_fields(jobs_log, "scheduler pass failed", logging.ERROR, error=f"{type(e).__name__}: {e}")

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda signum, frame: signalled.append(signum))
    # First pass at once, then every interval; never two passes of this process at a time.
    scheduler.add_job(job, "interval", seconds=interval, max_instances=1, coalesce=True,
                      next_run_time=datetime.now(timezone.utc))
    log.info("scheduler running every %ss", interval)
    bots = start_bots_thread(service, stop, bot_interval)
    scheduler.start()
    try:
        while not signalled:
            time.sleep(0.1)
    finally:
        stop.set()
        scheduler.shutdown(wait=True)  # the pass in flight finishes its current message
        bots.join(timeout=30)          # and the bots' pass its current move


def start_bots_thread(service: "Referee", stop: threading.Event, interval: float = 1.0) -> threading.Thread:
    """The bots' job alone, in a thread of its own (`referee serve`, `referee scheduler`): a pass
    as soon as anything is committed (a move that may open a bot's decision, store/commits.py),
    and every `interval` seconds anyway, until `stop`; so a bot starts thinking the moment its
    decision opens (README "Bots")."""
    from referee.store.commits import on_commits
    jobs_log = json_logger(JOB_LOG)
    wake = threading.Event()

    def loop() -> None:
        hearing = on_commits(service.database, wake.set, stop)
        try:
            while not stop.is_set():
                wake.clear()  # commits from here on call for another pass
                started = time.perf_counter()
                try:
                    played = service.play_bots()
                    if played:
                        log_fields(jobs_log, "bots pass", ms=round((time.perf_counter() - started) * 1000, 2), bots=played)
                except Exception as e:  # keep going; the next pass retries
                    log_fields(jobs_log, "bots pass failed", logging.ERROR, error=f"{type(e).__name__}: {e}")
                wake.wait(interval)
                stop.wait(MIN_GAP)
        finally:
            hearing()

    thread = threading.Thread(target=loop, name="referee-bots", daemon=True)
    thread.start()
    return thread


def run_in_thread(service: "Referee", interval: float, stop: threading.Event) -> threading.Thread:
    """The jobs in a thread of the serving process (`referee serve`): a pass at once, then one
    every `interval` seconds until `stop` is set. The pass in flight finishes its current
    message first, as in `serve`; the database keeps two such processes from doing anything twice."""
    jobs_log = json_logger(JOB_LOG)

    def loop() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                counts = run_once(service, stop.is_set, bots=False)  # bots: start_bots_thread
                if any(counts.values()):
                    log_fields(jobs_log, "scheduler pass", ms=round((time.perf_counter() - started) * 1000, 2),
                               **counts)
            except Exception as e:  # keep the jobs alive; the next pass retries
                log_fields(jobs_log, "scheduler pass failed", logging.ERROR, error=f"{type(e).__name__}: {e}")
            stop.wait(interval)

    thread = threading.Thread(target=loop, name="referee-scheduler", daemon=True)
    thread.start()
    return thread
