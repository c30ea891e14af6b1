"""Signed webhook deliveries to a seat's bot, and the check a bot runs on them.

Each POST carries a JSON body and two headers:

    X-Referee-Timestamp: 1718000000             (epoch seconds when it was signed)
    X-Referee-Signature: sha256=<hex>           HMAC-SHA256(secret, b"<timestamp>." + body)

Signing the timestamp with the body lets a receiver reject replays of old deliveries
(:func:`verify` allows ``tolerance`` seconds of skew). Each seat should get its own secret
(``referee.service.notices.addresses.seat_secret``), so that one bot cannot forge
deliveries to another.

A bot in Python verifies like this (any language with HMAC-SHA256 can do the same)::

    ok = verify(secret, headers["X-Referee-Timestamp"], raw_body,
                headers["X-Referee-Signature"], now=time.time())
"""

from __future__ import annotations

import hashlib
import hmac
import urllib.error
import urllib.request

from urllib.parse import urlsplit

from referee.plumbing import outbound, targets

TIMESTAMP_HEADER = "X-Referee-Timestamp"
SIGNATURE_HEADER = "X-Referee-Signature"
DELIVERY_HEADER = "X-Referee-Delivery"
SIGNATURE_PREFIX = "sha256="
USER_AGENT = "referee-webhooks/1"
MAX_RESPONSE_BYTES = 64 * 1024


class WebhookError(Exception):
    """A delivery failed; ``status`` is the HTTP status, or None for a network error.

    ``permanent`` (as on ``MailDeliveryError``) is True only for a URL that can never be
    posted to; any answer or network failure may be retried (see ``referee.notify.retry``),
    since a bot may be down or redeploying.
    """

    def __init__(self, message: str, status: int | None = None, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.permanent = permanent


def sign(secret: bytes, timestamp: int, body: bytes) -> str:
    """The hex HMAC-SHA256 of ``b"<timestamp>." + body``."""
    return hmac.new(secret, f"{int(timestamp)}.".encode() + body, hashlib.sha256).hexdigest()


def signed_headers(secret: bytes, timestamp: int, body: bytes) -> dict[str, str]:
    """All headers of a delivery, signature included."""
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        TIMESTAMP_HEADER: str(int(timestamp)),
        SIGNATURE_HEADER: SIGNATURE_PREFIX + sign(secret, timestamp, body),
    }


def verify(secret: bytes, timestamp: str | int, body: bytes, signature: str, now: float,
           tolerance: float = 300) -> bool:
    """True if ``signature`` (with or without ``sha256=``) signs ``body`` at ``timestamp``
    and the timestamp is within ``tolerance`` seconds of ``now``. Compares in constant time."""
    try:
        stamp = int(str(timestamp).strip())
    except ValueError:
        return False
    if abs(now - stamp) > tolerance:
        return False
    given = signature.strip()
    if given.startswith(SIGNATURE_PREFIX):
        given = given[len(SIGNATURE_PREFIX):]
    return hmac.compare_digest(given.encode("ascii", "replace"), sign(secret, stamp, body).encode())


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    # A redirected POST would lose its body or go somewhere unsigned-for; treat 3xx as failure.
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def post(url: str, body: bytes, secret: bytes, now: float, timeout: float = 10.0,
         delivery_id: str | None = None, allow_private: bool = True) -> int:
    """POST ``body`` signed at ``now`` to ``url``; returns the 2xx status.

    ``delivery_id`` (e.g. the outbox row id) is sent as ``X-Referee-Delivery`` and stays the
    same across retries, so a bot can drop a delivery it already handled.

    Raises :class:`WebhookError` for any other status (redirects are not followed), a
    network failure, or (``permanent``) a URL that is not http(s): urllib would read file://.
    Messages name the host only: a webhook URL may carry a token in its path or query.
    Unless ``allow_private``, a host that resolves to a loopback, private or link-local address
    is refused (permanent) at the moment of sending, so a name re-pointed after the game was
    created cannot reach inside the network either.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookError("webhook URL must be http:// or https:// with a host", permanent=True)
    host = parts.hostname
    if not allow_private:
        try:
            targets.check_webhook(url, resolve=True)
        except targets.TargetRefused as exc:
            raise WebhookError(f"webhook at {host} refused: {exc}", permanent=True) from None
    headers = signed_headers(secret, int(now), body)
    if delivery_id is not None:
        headers[DELIVERY_HEADER] = delivery_id
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    with outbound.public_only(not allow_private) as guard:
        try:
            with _opener.open(request, timeout=timeout) as response:
                response.read(MAX_RESPONSE_BYTES)
                status = response.status
        except urllib.error.HTTPError as exc:
            exc.close()
            raise WebhookError(f"webhook at {host} answered {exc.code}", status=exc.code) from None
        except (urllib.error.URLError, OSError) as exc:
            if guard.refused:  # the name was re-pointed inside the network since the check above
                raise WebhookError(f"webhook at {host} refused: {guard.refused[0]}", permanent=True) from None
            reason = getattr(exc, "reason", exc)
            raise WebhookError(f"webhook at {host} unreachable: {type(reason).__name__}") from None
    if not 200 <= status < 300:
        raise WebhookError(f"webhook at {host} answered {status}", status=status)
    return status
