"""Request parsing and auth helpers shared by the blueprints."""

from __future__ import annotations

import json
from typing import Any

from flask import current_app, request

from referee.errors import BadRequest, Unauthorized
from referee.service import Referee


def service() -> Referee:
    return current_app.extensions["referee"]


def json_body(optional: bool = False) -> Any:
    """The request's JSON body; 400 with the parser's message when it is malformed."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if optional:
            return {}
        raise BadRequest("the request needs a JSON body")
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadRequest(f"malformed JSON: {e}") from None


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use 'Authorization: Bearer <seat token>'")
    return token.strip()


def caller_seat(game_id: str, required: bool) -> int | None:
    """The seat of the caller's token; None for a spectator unless a seat is required."""
    token = bearer_token()
    if token is None and required:
        raise Unauthorized("this action needs a seat token ('Authorization: Bearer <token>')")
    return service().seat_for(game_id, token)
