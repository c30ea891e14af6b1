"""Sending alerts: apprise for chat and push services (one URL syntax for ntfy, Discord, Slack,
Matrix, Telegram, generic JSON and form webhooks...), pywebpush for browsers' Web Push.

An outbox row of channel "alert" or "push" holds its target in `recipient` and a JSON body
`{"title", "text", "url", "channels"}`; the channels are the registrations coalesced into this one
delivery. The target's host is checked again right before sending (after resolving it), like a
webhook's, and every connection the sending library makes (redirects included) is held to public
addresses by `outbound.public_only`.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

from referee.plumbing import outbound, targets

if TYPE_CHECKING:
    from referee.service.referee import Referee
    from referee.store.outbox import Message

log = logging.getLogger(__name__)
TIMEOUT = 10  # seconds for one push service's answer


class AlertError(Exception):
    """A failed alert. `permanent`: never retried (a refused target); `gone`: the push service
    says the subscription no longer exists (404/410), so the channel is dropped."""

    def __init__(self, message: str, permanent: bool = False, gone: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent
        self.gone = gone


def send(service: "Referee", m: "Message") -> list[str]:
    """Deliver one alert row; returns the ids of the channels it served. Raises AlertError."""
    body = json.loads(m.body)
    ids = list(body.get("channels") or [])
    if m.channel == "push":
        _push(service, m.recipient, body, ids)
    else:
        _apprise(service, m.recipient, body)
    return ids


def _apprise(service: "Referee", url: str, body: dict) -> None:
    import apprise

    if not service.config.allow_private_targets:
        try:
            targets.check_alert_url(url, resolve=True)
        except targets.TargetRefused as e:
            raise AlertError(f"channel refused: {e}", permanent=True) from None
    sender = apprise.Apprise()
    if not sender.add(url):
        raise AlertError("the channel URL is not one apprise takes", permanent=True)
    with apprise.LogCapture(level=apprise.logging.WARNING, fmt="%(message)s") as logs, \
            outbound.public_only(not service.config.allow_private_targets) as guard:
        ok = sender.notify(title=body["title"], body=body["text"])
    if guard.refused:  # a redirect or a re-pointed name led inside the network
        raise AlertError(f"channel refused: {guard.refused[0]}", permanent=True)
    if not ok:
        # apprise's own words, without the URL (it may carry a token)
        said = " ".join(line.strip() for line in logs.getvalue().splitlines()[-2:])[:200]
        raise AlertError(f"the service did not accept the alert ({said or 'no answer'})")


def _push(service: "Referee", endpoint: str, body: dict, ids: list[str]) -> None:
    from py_vapid import Vapid02
    from pywebpush import WebPushException, webpush

    if not service.config.allow_private_targets:
        try:
            targets.check_webhook(endpoint, resolve=True)
        except targets.TargetRefused as e:
            raise AlertError(f"push endpoint refused: {e}", permanent=True) from None
    subscription = service.alert_subscription(ids)
    if subscription is None:
        raise AlertError("the push subscription was removed", permanent=True)
    pem, _ = service.vapid_keys()
    claims = {"sub": f"mailto:{service.config.mail_from}"}
    data = json.dumps({"title": body["title"], "body": body["text"], "url": body["url"]})
    with outbound.public_only(not service.config.allow_private_targets) as guard:
        try:
            webpush(subscription, data, vapid_private_key=Vapid02.from_pem(pem.encode()), vapid_claims=claims,
                    ttl=86400, timeout=TIMEOUT)
        except (WebPushException, OSError) as e:
            if guard.refused:  # a redirect or a re-pointed name led inside the network
                raise AlertError(f"push endpoint refused: {guard.refused[0]}", permanent=True) from None
            if isinstance(e, OSError):
                raise AlertError(f"the push service is unreachable: {type(e).__name__}") from None
            status = getattr(e.response, "status_code", None)
            if status in (404, 410):
                raise AlertError(f"the push service answered {status}: subscription gone", gone=True) from None
            raise AlertError(f"the push service answered {status or 'nothing'}") from None
