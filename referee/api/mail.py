"""POST /mail/inbound: the same as `referee mail-in`, for an inbound-mail web hook."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from referee.api.http import service
from referee.plumbing.errors import BadRequest
from referee.notify import mailin

bp = Blueprint("mail", __name__)

MAX_MAIL = 10 * 1024 * 1024


@bp.post("/mail/inbound")
def inbound():
    """Body: one raw RFC 822 message (message/rfc822 or text/plain). The answer is the same
    for every message, so the endpoint reveals nothing about games, seats or addresses."""
    if request.content_length and request.content_length > MAX_MAIL:
        raise BadRequest("message too large")
    raw = request.get_data(cache=False)
    if not raw.strip():
        raise BadRequest("the body must be one RFC 822 message")
    mailin.handle(service(), raw)
    return jsonify({"status": "received"}), 202
