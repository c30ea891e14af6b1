"""Caps on what the service sends to someone who did not ask for it, counted in the database
(store/send_counts.py) so they hold across processes, hosts and restarts.

- Unsolicited mail per recipient mailbox (`REFEREE_MAIL_CAP`, default 20/hour;50/day):
  invitations, a tournament's round mails and sign-in links, all mailed to an address that
  someone else typed. Counted by mailbox (`recipients.mailbox`), so `victim+1@` ... `victim+20@`
  share one count. Over the cap a request is refused with 429 and Retry-After, and nothing it
  would have done is stored; mail that no request asked for (a later tournament round the
  scheduler starts) is left out instead.
- Test alerts per channel (`REFEREE_CHANNEL_TEST_LIMIT`, default 5/hour): the button sends to a
  URL its owner typed, which need not be theirs.

Counts are kept under a keyed hash (HMAC under the instance's secret key) of the mailbox or
channel: the table holds no address. Windows are fixed (this hour, this day in UTC).
"""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from limits import parse_many

from referee.plumbing.errors import TooManyRequests
from referee.service.notices import recipients
from referee.store import send_counts

if TYPE_CHECKING:
    from referee.service.core import Core


@lru_cache(maxsize=16)
def caps(text: str) -> tuple[tuple[int, int], ...]:
    """A rate in the `limits` notation ("20/hour;50/day") as (amount, seconds) pairs; none for ""."""
    return tuple((item.amount, item.get_expiry()) for item in parse_many(text)) if text else ()


def _subject(core: "Core", kind: str, name: str) -> str:
    return hmac.new(core.secret_key, f"send-cap\x00{kind}\x00{name}".encode(), hashlib.sha256).hexdigest()[:40]


def _per(seconds: int) -> str:
    return {3600: "hour", 86400: "day", 60: "minute"}.get(seconds, f"{seconds}-second window")


def _charge(core: "Core", conn: Any, kind: str, name: str, text: str) -> tuple[int, int, int] | None:
    """Count one send; None if every cap holds, else (amount, period, seconds until it resets)
    of the first cap it breaks."""
    now = core.clock()
    subject = _subject(core, kind, name)
    for amount, period in caps(text):
        slot = int(now // period)
        count = send_counts.add(conn, subject, period, slot)
        send_counts.forget_before(conn, period, slot)
        if count > amount:
            return amount, period, int((slot + 1) * period - now) + 1
    return None


def mail(core: "Core", conn: Any, address: str, field: str, label: str, strict: bool = True) -> bool:
    """Count one unsolicited mail to `address` (in the caller's transaction, before it is
    queued). Over a cap: 429 naming `field` when `strict` (the request is refused and rolled
    back), else False (leave this mail out)."""
    over = _charge(core, conn, "mail", recipients.mailbox(address), core.config.mail_cap)
    if over is None:
        return True
    if not strict:
        return False
    amount, period, wait = over
    raise TooManyRequests(f"{label}: this address has been sent {amount} mails it did not ask for this "
                          f"{_per(period)} already (the most this server sends); retry in {wait} s",
                          headers={"Retry-After": str(wait)}, field=field)


def channel_test(core: "Core", conn: Any, channel_id: str) -> None:
    """Count one test alert to a channel; 429 over `REFEREE_CHANNEL_TEST_LIMIT`."""
    over = _charge(core, conn, "channel-test", channel_id, core.config.channel_test_limit)
    if over is not None:
        amount, period, wait = over
        raise TooManyRequests(f"this channel has been sent {amount} test alerts this {_per(period)} already; "
                              f"retry in {wait} s", headers={"Retry-After": str(wait)})
