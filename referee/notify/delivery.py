"""Delivering the outbox: email over SMTP and signed webhooks, with retries and backoff.

A message is marked sent only after the server accepted it; a failure schedules the next
attempt (referee.notify.retry), so an outage delays notifications and loses none. With no
SMTP URL configured, email stays queued until one is.
"""

from __future__ import annotations

import hashlib
import logging
from email.message import EmailMessage
from email.utils import formatdate
from typing import TYPE_CHECKING, Callable

from referee.notify import retry, smtp, webhooks
from referee.store import outbox
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service import Referee

log = logging.getLogger(__name__)


def build_email(service: "Referee", m: outbox.Message) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = service.config.mail_from
    msg["To"] = m.recipient
    msg["Subject"] = m.subject
    if m.seat is not None:
        msg["Reply-To"] = service.notifier.reply_address(m.game_id, m.seat)
    msg["Date"] = formatdate(m.created_at, usegmt=True)
    # Stable per message: a receiver can drop a duplicate if a crash ever made us send twice.
    msg["Message-ID"] = f"<{hashlib.sha256(m.dedupe_key.encode()).hexdigest()[:32]}@referee>"
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(m.body)
    return msg


def deliver_due(service: "Referee", limit: int = 50, stopping: Callable[[], bool] = lambda: False) -> dict[str, int]:
    """One pass over the due messages; returns counts of sent, retried and given up.

    `stopping` is checked between messages: claimed ones left unsent are taken up again when
    their lease ends."""
    now = service.clock()
    settings = smtp.SmtpSettings.from_url(service.config.smtp_url) if service.config.smtp_url else None
    channels = ("email", "webhook") if settings is not None else ("webhook",)
    with write_transaction(service.db) as conn:
        claimed = outbox.claim(conn, now, channels, limit)
    counts = {"sent": 0, "retry": 0, "failed": 0}
    for m in claimed:
        if stopping():
            break
        try:
            if m.channel == "email":
                smtp.send(settings, build_email(service, m))
            else:
                secret = service.notifier.webhook_secret(m.game_id, m.seat).encode()
                webhooks.post(m.recipient, m.body.encode(), secret, now, delivery_id=m.dedupe_key)
        except (smtp.MailDeliveryError, webhooks.WebhookError, OSError) as e:
            permanent = getattr(e, "permanent", False)
            give_up = permanent or retry.should_give_up(m.created_at, now)
            # Log the kind and the id only: recipients and bodies stay out of logs.
            log.warning("delivery of outbox message %s (%s) failed: %s", m.id, m.channel, type(e).__name__)
            with write_transaction(service.db) as conn:
                outbox.mark_failed(conn, m.id, str(e), None if give_up else retry.next_attempt_at(m.attempts + 1, now))
            counts["failed" if give_up else "retry"] += 1
            continue
        with write_transaction(service.db) as conn:
            outbox.mark_sent(conn, m.id, service.clock())
        counts["sent"] += 1
    return counts
