"""Delivering the outbox: email over SMTP and signed webhooks, with retries and backoff.

A message is marked sent only after the server accepted it; a failure schedules the next
attempt (referee.notify.retry), so an outage delays notifications and loses none. With no
SMTP URL configured, email goes to the configured Maildir (`mail_dir`, which `referee serve`
defaults to `mail/` beside the database), or stays queued until one of them is configured.
"""

from __future__ import annotations

import hashlib
import json
import logging
import mailbox
import re
from email.message import EmailMessage
from email.utils import formatdate
from typing import TYPE_CHECKING, Callable

from referee.plumbing.errors import ServiceError
from referee.notify import alerts, retry, smtp, webhooks
from referee.plumbing.smtp_url import SmtpSettings
from referee.store import outbox
from referee.store.db import OperationalError, write_transaction

if TYPE_CHECKING:
    from referee.service.referee import Referee

log = logging.getLogger(__name__)


def _mid(key: str, domain: str) -> str:
    # Stable per message: a receiver can drop a duplicate if a crash ever made us send twice.
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@{domain}>"


def thread_root(game_id: str, seat: int, domain: str) -> str:
    """The Message-ID of the first mail of a game to a seat; every later mail refers to it."""
    return _mid(f"thread:{game_id}:{seat}", domain)


def build_email(service: "Referee", m: outbox.Message) -> EmailMessage:
    """The mail for an outbox row. Every mail of a game to a seat is one thread: the first one's
    Message-ID is the thread root, later ones carry In-Reply-To/References to it, and an answer
    to the player's own mail replies to that mail."""
    domain = service.config.inbound_domain.lower()
    msg = EmailMessage()
    msg["From"] = service.config.mail_from
    msg["To"] = m.recipient
    msg["Subject"] = m.subject
    msg["Date"] = formatdate(m.created_at, usegmt=True)
    if m.seat is not None:
        # the holder the mail was queued for (a mail delivered after the seat changed hands
        # never carries the new holder's address)
        msg["Reply-To"] = service.notifier.reply_address(m.game_id, m.seat, m.tenure or 0)
        root = thread_root(m.game_id, m.seat, domain)
        opener, opener_sent, player_mid = _thread_position(service, m)
        if opener == m.id and player_mid is None:
            # The seat's first mail that has not failed for good opens the thread (a retry, or a
            # resend after a crash, keeps the same Message-ID).
            msg["Message-ID"] = root
        else:
            msg["Message-ID"] = _mid(m.dedupe_key, domain)
            # Only mails that were sent are referred to: never one that failed or is still waiting.
            refs = [r for r in (root if opener_sent and opener != m.id else None, player_mid) if r]
            if refs:
                msg["In-Reply-To"] = player_mid or root
                msg["References"] = " ".join(refs)
    else:
        msg["Message-ID"] = _mid(m.dedupe_key, domain)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(m.body)
    return msg


def _thread_position(service: "Referee", m: outbox.Message) -> tuple[int | None, bool, str | None]:
    """(the id of the mail that opens the seat's thread, whether it was sent, the player's
    Message-ID this mail answers)."""
    opener, opener_sent, player = outbox.thread_of(service.db.conn, m.id, m.game_id, m.seat)
    if player and not player.startswith("<"):
        player = f"<{player}>"
    return opener, opener_sent, player


def to_maildir(directory: str, message: EmailMessage) -> str:
    """Deliver into a Maildir (`new/`, written through `tmp/` and renamed, as Maildir readers
    expect); returns the file's key. For a local service without a mail server."""
    return mailbox.Maildir(directory, create=True).add(message)


def stale(service: "Referee", m: outbox.Message, now: float) -> bool:
    """A reminder (by mail, or an alert) whose decision is gone or whose deadline has passed:
    never sent. Its key names the seat and the decision: `[alert:]game:seat:reminder:opened:...`."""
    if m.kind not in ("reminder", "alert_reminder"):
        return False
    try:
        parts = m.dedupe_key.removeprefix("alert:").split(":")
        seat, opened = int(parts[1]), int(parts[3])
        loaded = service.load(m.game_id)
        sc = loaded.clocks.seats[seat]
    except (IndexError, ValueError, ServiceError):
        return True
    return loaded.status != "active" or sc.opened_seq != opened or sc.due_at is None or sc.due_at <= now


_ADDRESS = re.compile(r"[^\s<>@]+@[^\s<>@]+")


def reason(e: Exception) -> str:
    """Why a delivery failed, for the log: the error's own words with any address masked."""
    return _ADDRESS.sub("<address>", str(e))[:300] or type(e).__name__


def _alert(service: "Referee", m: outbox.Message, now: float) -> str:
    """One chat or push alert: sent, or a failure counted on its channels (which may disable
    them, and then the alert is given up), retried with the outbox's backoff like any delivery.
    An alert whose channels were all removed or switched off meanwhile is dropped unsent."""
    ids = list(json.loads(m.body).get("channels") or [])
    if m.kind != "alert_test" and not service.alert_live(ids):
        with write_transaction(service.db) as conn:
            outbox.mark_failed(conn, m.id, "dropped: its channels were removed or switched off", None)
        return "failed"
    try:
        ids = alerts.send(service, m)
    except alerts.AlertError as e:
        none_left = service.alert_failed(ids, str(e), gone=e.gone) if ids else True
        give_up = e.permanent or e.gone or none_left or retry.should_give_up(m.created_at, now)
        log.warning("delivery of outbox message %s (%s) failed%s: %s", m.id, m.channel,
                    " for good" if give_up else ", will retry", reason(e))
        with write_transaction(service.db) as conn:
            outbox.mark_failed(conn, m.id, str(e), None if give_up else retry.next_attempt_at(m.attempts + 1, now))
        return "failed" if give_up else "retry"
    service.alert_delivered(ids)
    with write_transaction(service.db) as conn:
        outbox.mark_sent(conn, m.id, service.clock())
    return "sent"


def _unbuildable(service: "Referee", m: outbox.Message, e: Exception) -> None:
    """A message that cannot be built (say, a subject with a line break from a name stored
    before names were checked) fails alone, for good, with its reason; the pass goes on."""
    why = f"cannot be built: {type(e).__name__}: {reason(e)}"
    log.warning("outbox message %s (%s) %s", m.id, m.channel, why)
    with write_transaction(service.db) as conn:
        outbox.mark_failed(conn, m.id, why, None)


def deliver_due(service: "Referee", limit: int = 50, stopping: Callable[[], bool] = lambda: False) -> dict[str, int]:
    """One pass over the due messages; returns counts of sent, retried and given up.

    `stopping` is checked between messages: claimed ones left unsent are taken up again when
    their lease ends."""
    now = service.clock()
    settings = SmtpSettings.from_url(service.config.smtp_url) if service.config.smtp_url else None
    maildir = service.config.mail_dir if settings is None else None
    channels = ("email", "webhook", "alert", "push") if settings is not None or maildir else ("webhook", "alert", "push")
    with write_transaction(service.db) as conn:
        claimed = outbox.claim(conn, now, channels, limit)
    counts = {"sent": 0, "retry": 0, "failed": 0}
    for m in claimed:
        if stopping():
            break
        if stale(service, m, service.clock()):
            log.info("outbox message %s: reminder dropped, its deadline has passed", m.id)
            with write_transaction(service.db) as conn:
                outbox.mark_failed(conn, m.id, "reminder dropped: its deadline has passed", None)
            counts["failed"] += 1
            continue
        if m.channel in ("alert", "push"):
            counts[_alert(service, m, now)] += 1
            continue
        try:
            mail = build_email(service, m) if m.channel == "email" else None
        except OperationalError:
            raise  # the database, not the message: the pass stops and the rows come back
        except Exception as e:  # noqa: BLE001 - one message that cannot be built must not hold up the rest
            _unbuildable(service, m, e)
            counts["failed"] += 1
            continue
        try:
            if mail is not None and settings is None:
                to_maildir(maildir, mail)
            elif mail is not None:
                smtp.send(settings, mail)
            else:
                secret = service.notifier.webhook_secret(m.game_id, m.seat).encode()
                webhooks.post(m.recipient, m.body.encode(), secret, now, delivery_id=m.dedupe_key,
                              allow_private=service.config.allow_private_targets)
        except (smtp.MailDeliveryError, webhooks.WebhookError, OSError) as e:
            permanent = getattr(e, "permanent", False)
            give_up = permanent or retry.should_give_up(m.created_at, now)
            # A give-up is recorded once, with its reason (the row's last_error); the log says why.
            # The reason with addresses masked: recipients and bodies stay out of logs.
            log.warning("delivery of outbox message %s (%s) failed%s: %s: %s", m.id, m.channel,
                        " for good" if give_up else ", will retry", type(e).__name__, reason(e))
            with write_transaction(service.db) as conn:
                outbox.mark_failed(conn, m.id, str(e), None if give_up else retry.next_attempt_at(m.attempts + 1, now))
            counts["failed" if give_up else "retry"] += 1
            continue
        with write_transaction(service.db) as conn:
            outbox.mark_sent(conn, m.id, service.clock())
        counts["sent"] += 1
    return counts
