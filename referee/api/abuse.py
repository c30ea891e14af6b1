"""Abuse limits for a public deployment: rate limits (Flask-Limiter) and the creation key.

- Failed seat-token checks per client address (`auth_fail_limit`): only 401 answers count, so
  a guessing client is stopped (429 with Retry-After) while seats playing normally never are.
- Games created per client address (`create_limit`), and, when `create_key` is set, only with
  the header `X-Create-Key` (so an open instance cannot be used to mail arbitrary addresses).

Counters live in the process (Flask-Limiter's memory storage): with several gunicorn workers
each keeps its own, which bounds abuse by the worker count; a shared store (`storage_uri`) can
replace it without code changes.
"""

from __future__ import annotations

import hmac

from flask import Blueprint, Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from referee.config import Config
from referee.errors import Forbidden



def _client_key() -> str:
    """The client address, per app (one process may hold several apps, e.g. in tests)."""
    return f"{id(current_app._get_current_object())}:{get_remote_address()}"


limiter = Limiter(key_func=_client_key, storage_uri="memory://", headers_enabled=True,
                  retry_after="delta-seconds")
_counted: set[str] = set()  # blueprints already counting 401s (decorate once per process)


def _config() -> Config:
    return current_app.config["REFEREE"]


def _create_limit() -> str:
    return _config().create_limit or "1000000/second"


def _auth_fail_limit() -> str:
    return _config().auth_fail_limit or "1000000/second"


creation_limit = limiter.limit(_create_limit, scope="create")
auth_failure_limit = limiter.shared_limit(_auth_fail_limit, scope="auth-failures",
                                          deduct_when=lambda response: response.status_code == 401)


def install(app: Flask, *token_blueprints: Blueprint) -> None:
    """Attach the limiter; a refused request is a problem+json 429 with Retry-After. Every
    route of `token_blueprints` (those that check seat tokens) counts its 401 answers."""
    for bp in token_blueprints:
        if bp.name not in _counted:
            auth_failure_limit(bp)
            _counted.add(bp.name)
    limiter.init_app(app)


def check_create_key() -> None:
    """403 unless the configured creation key (if any) is presented."""
    key = _config().create_key
    if key and not hmac.compare_digest(request.headers.get("X-Create-Key", "").encode(), key.encode()):
        raise Forbidden("creating games on this server needs its creation key (header X-Create-Key)")



