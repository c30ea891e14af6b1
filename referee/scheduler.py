"""`referee scheduler`: the jobs that keep games moving without anyone watching.

Each job reads what is due from the database, which is the only source of truth, so a
restarted scheduler, or two running by mistake, never double-plays a timeout (the append
states its expected sequence) nor double-sends a reminder (the outbox's dedupe key) nor
sends one outbox row twice at once (a claim lease).
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from apscheduler.schedulers.blocking import BlockingScheduler

from referee.notify.delivery import deliver_due

if TYPE_CHECKING:
    from referee.service import Referee

log = logging.getLogger(__name__)


def run_once(service: "Referee") -> dict[str, int]:
    """One pass of every job, in the order that makes one pass complete: timeouts first
    (their notices join the outbox), then reminders and vacations, then delivery."""
    counts = {"timeouts": service.play_due_timeouts(),
              "reminders": service.queue_due_reminders(),
              "resumed": service.resume_ended_vacations()}
    counts.update(deliver_due(service))
    return counts


def _job(service: "Referee") -> None:
    try:
        counts = run_once(service)
        if any(counts.values()):
            log.info("scheduler pass: %s", counts)
    except Exception:  # keep the scheduler alive; the next pass retries
        log.exception("scheduler pass failed")


def serve(service: "Referee", interval: float) -> None:
    """Run the jobs every `interval` seconds until interrupted."""
    scheduler = BlockingScheduler(timezone=timezone.utc)
    # First pass at once, then every interval; never two passes of this process at a time.
    scheduler.add_job(_job, "interval", seconds=interval, args=[service], max_instances=1, coalesce=True,
                      next_run_time=datetime.now(timezone.utc))
    log.info("scheduler running every %ss", interval)
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        pass
