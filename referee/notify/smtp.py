"""Sending one email over SMTP, configured by a URL (``REFEREE_SMTP_URL``, parsed by
plumbing/smtp_url.py). Certificates are verified
against the system's trust store unless the caller passes its own ``ssl.SSLContext``.

Every failure is raised as :class:`MailDeliveryError`; its ``permanent`` flag says whether a
retry can help. Only a rejection of the message itself (a 5xx reply to the recipients or
the data) is permanent; outages, timeouts, TLS and login problems are temporary, so that
mail waits in the outbox until the server or the configuration is fixed.
"""

from __future__ import annotations

import functools
import smtplib
import ssl
from email.message import EmailMessage

from referee.plumbing.smtp_url import SmtpSettings


class MailDeliveryError(Exception):
    """Sending failed. ``permanent`` is False when trying again later may succeed."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


def send(settings: SmtpSettings, message: EmailMessage, *, timeout: float = 30.0,
         context: ssl.SSLContext | None = None) -> dict[str, tuple[int, bytes]]:
    """Hand ``message`` to the server (envelope from its From/To/Cc/Bcc headers).

    Returns the recipients the server refused while accepting others (normally empty:
    the message was delivered to the rest, so it must not be sent again).
    Raises :class:`MailDeliveryError` on any failure.
    """
    where = f"{settings.host}:{settings.port}"
    try:
        if settings.security == "tls":
            client: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.port, timeout=timeout,
                                                    context=context or system_context())
        else:
            client = smtplib.SMTP(settings.host, settings.port, timeout=timeout)
        with client:
            if settings.security == "starttls":
                client.starttls(context=context or system_context())
            if settings.username is not None:
                client.login(settings.username, settings.password or "")
            return client.send_message(message)
    except smtplib.SMTPRecipientsRefused as exc:
        permanent = all(500 <= code < 600 for code, _ in exc.recipients.values())
        raise MailDeliveryError(f"SMTP server {where} refused every recipient", permanent=permanent) from exc
    except smtplib.SMTPAuthenticationError as exc:
        # Only the code: some servers echo what they were sent.
        raise MailDeliveryError(f"SMTP login at {where} failed ({exc.smtp_code})") from None
    except smtplib.SMTPDataError as exc:
        raise MailDeliveryError(f"SMTP server {where} rejected the message: {_reply(exc)}",
                                permanent=500 <= exc.smtp_code < 600) from exc
    except smtplib.SMTPResponseException as exc:
        raise MailDeliveryError(f"SMTP server {where} answered {_reply(exc)}") from exc
    except (smtplib.SMTPException, OSError) as exc:  # OSError: refused, timeout, DNS, TLS
        raise MailDeliveryError(f"SMTP delivery via {where} failed: {type(exc).__name__}: {exc}") from exc


@functools.cache
def system_context() -> ssl.SSLContext:
    """The client context that verifies against the system's trust store, made once per process:
    loading the store costs about 20 ms of CPU, which every message used to pay (even over plain
    SMTP, where no TLS is spoken). A context is safe to share between threads and connections."""
    return ssl.create_default_context()


def _reply(exc: smtplib.SMTPResponseException) -> str:
    text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
    return f"{exc.smtp_code} {text}"
