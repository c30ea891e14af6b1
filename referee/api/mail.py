"""POST /mail/inbound: the same as `referee mail-in`, for an inbound-mail web hook.

A mail that reaches it plays for a seat whose reply address and sender it names, and a sender
address is easy to forge: so the hook itself is authenticated with the operator's shared
secret (REFEREE_INBOUND_SECRET), as `Authorization: Bearer <secret>` or as the password of
HTTP basic auth (the `https://inbound:<secret>@host/mail/inbound` URL mail providers take),
compared in constant time, failures counted toward the per-address lock-out. Without a secret
configured the hook is off (403): a public server never takes mail from anyone who finds the URL.
"""

from __future__ import annotations

import base64
import binascii
import hmac

from flask import Blueprint, current_app, jsonify, request

from referee.api import abuse
from referee.api.http import service
from referee.notify import mailin
from referee.plumbing.errors import BadRequest, Forbidden, Unauthorized

bp = Blueprint("mail", __name__)

MAX_MAIL = 10 * 1024 * 1024
CHALLENGE = {"WWW-Authenticate": 'Basic realm="referee inbound mail", charset="UTF-8"'}


def _presented(header: str) -> str | None:
    """The secret an Authorization header presents: a Bearer token, or basic auth's password."""
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() == "bearer":
        return value.strip()
    if scheme.lower() == "basic":
        try:
            decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return None
        return decoded.partition(":")[2]
    return None


def check_secret() -> None:
    """403 when no secret is configured; 401 (with a basic-auth challenge) unless it is presented."""
    secret = current_app.config["REFEREE"].inbound_secret
    if not secret:
        raise Forbidden("the inbound mail hook is off on this server (REFEREE_INBOUND_SECRET is not set)")
    abuse.refuse_if_locked_out()
    sent = _presented(request.headers.get("Authorization", ""))
    if sent is None or not hmac.compare_digest(sent.encode(), secret.encode()):
        abuse.count_failure()
        raise Unauthorized("the inbound mail hook needs its secret: 'Authorization: Bearer <secret>' "
                           "or HTTP basic auth with the secret as password", headers=CHALLENGE)


@bp.post("/mail/inbound")
def inbound():
    """Body: one raw RFC 822 message (message/rfc822 or text/plain). The answer is the same
    for every message, so the endpoint reveals nothing about games, seats or addresses."""
    check_secret()
    if request.content_length and request.content_length > MAX_MAIL:
        raise BadRequest("message too large")
    raw = request.get_data(cache=False)
    if not raw.strip():
        raise BadRequest("the body must be one RFC 822 message")
    mailin.handle(service(), raw)
    return jsonify({"status": "received"}), 202
