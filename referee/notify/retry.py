"""When to try a failed delivery (mail or webhook) again, and when to stop.

The delay doubles from :data:`BASE_DELAY` after each failure up to :data:`MAX_DELAY`:
30 s, 1 m, 2 m, 4 m, 8 m, 16 m, 32 m, then hourly. An outage therefore delays mail by at
most about an hour beyond its end, and a delivery is given up only after
:data:`GIVE_UP_AFTER` (5 days, the queue lifetime mail servers such as Postfix use), by
which time any deadline it announced is long past. Permanent failures (a 5xx rejection of
the message, see ``MailDeliveryError.permanent``) should not be retried at all.
"""

from __future__ import annotations

BASE_DELAY = 30          # seconds before the first retry
MAX_DELAY = 3600         # the longest wait between two attempts
GIVE_UP_AFTER = 5 * 86400  # seconds from the first attempt after which the delivery is dropped


def retry_delay(attempts: int) -> int:
    """Seconds to wait after ``attempts`` failed attempts (1 after the first failure)."""
    if attempts < 1:
        raise ValueError("attempts counts failures so far and starts at 1")
    # min() on the exponent first keeps 2**n small however many attempts there were.
    return min(MAX_DELAY, BASE_DELAY * 2 ** min(attempts - 1, 32))


def next_attempt_at(attempts: int, now: float) -> float:
    """When to try again after the ``attempts``-th failure happened at ``now`` (epoch seconds)."""
    return now + retry_delay(attempts)


def should_give_up(first_attempt_at: float, now: float) -> bool:
    """True once a delivery has been failing for longer than :data:`GIVE_UP_AFTER`."""
    return now - first_attempt_at >= GIVE_UP_AFTER


def _max_attempts() -> int:
    """How many attempts a delivery gets at most before :func:`should_give_up` (for docs
    and tests): the first at once, then one after each retry delay."""
    elapsed, attempts = 0, 1
    while elapsed + retry_delay(attempts) < GIVE_UP_AFTER:
        elapsed += retry_delay(attempts)
        attempts += 1
    return attempts


MAX_ATTEMPTS = _max_attempts()  # 126 with the values above
