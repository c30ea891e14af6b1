"""Abuse limits for a public deployment: rate limits (Flask-Limiter) and the creation key.

- Failed seat-token checks per client address (`auth_fail_limit`): only failed checks count,
  and only requests that present a token are checked against the limit (with the `limits`
  library Flask-Limiter is built on): once an address has failed too often, its token checks
  are refused with 429 and Retry-After *before* the token is looked at, so guessing stays
  stopped even for a guess that would be right; spectators and seats playing normally never
  pay for it.
- Games created per client address (`create_limit`), and, when `create_key` is set, only with
  the header `X-Create-Key` (so an open instance cannot be used to mail arbitrary addresses).

Counters live in the process (Flask-Limiter's memory storage): with several gunicorn workers
each keeps its own, which bounds abuse by the worker count; a shared store (`storage_uri`) can
replace it without code changes.
"""

from __future__ import annotations

import hmac
import threading
import time
from functools import lru_cache

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse as parse_limit
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from referee.plumbing.config import Config
from referee.plumbing.errors import Forbidden, TooManyRequests



def _client_key() -> str:
    """The client address, per app (one process may hold several apps, e.g. in tests)."""
    return f"{id(current_app._get_current_object())}:{get_remote_address()}"


limiter = Limiter(key_func=_client_key, storage_uri="memory://", headers_enabled=True,
                  retry_after="delta-seconds")
_failures = MovingWindowRateLimiter(MemoryStorage())
# Until when each key's latest failure can still count (its limit's window after it): an address
# with no failure that recent cannot be locked out, so its check asks the limiter nothing (most
# requests with a token: ~10 us of CPU each). Pruned of past entries as it grows.
_failed_until: dict[str, float] = {}  # written under _failed_lock; read without (one dict lookup)
_failed_lock = threading.Lock()
_PRUNE_AT = 4096


def _config() -> Config:
    return current_app.config["REFEREE"]


def _create_limit() -> str:
    return _config().create_limit or "1000000/second"


def _auth_fail_limit() -> str:
    return _config().auth_fail_limit or "1000000/second"


creation_limit = limiter.limit(_create_limit, scope="create")


def install(app: Flask) -> None:
    """Attach the limiter; a refused request is a problem+json 429 with Retry-After."""
    limiter.init_app(app)


def _auth_limit(config: Config | None = None):
    text = (config or _config()).auth_fail_limit
    return _parsed(text) if text else None


def client_key(app: Flask, address: str) -> str:
    """The counters' key of a client address for `app` (the live feed, outside a Flask request)."""
    return f"{id(app)}:{address}"


@lru_cache(maxsize=16)
def _parsed(text: str):
    return parse_limit(text)


def refuse_if_locked_out(key: str | None = None, config: Config | None = None) -> None:
    """Before a seat token is checked: 429 if this address has failed too often lately."""
    if not _failed_until:  # no address failed since this process started (the usual case): no lookup
        return
    limit = _auth_limit(config)
    key = key or _client_key()
    if limit is None or _failed_until.get(key, 0.0) <= time.time():
        return
    if not _failures.test(limit, key):
        reset = _failures.get_window_stats(limit, key).reset_time
        wait = max(1, int(reset - time.time()) + 1)
        raise TooManyRequests(f"too many failed seat-token checks from this address; retry in {wait} s",
                              headers={"Retry-After": str(wait)})


def count_failure(key: str | None = None, config: Config | None = None) -> None:
    """A seat-token check failed (the request is answered 401)."""
    limit = _auth_limit(config)
    if limit is not None:
        key = key or _client_key()
        with _failed_lock:  # no prune may drop an entry another thread has just renewed
            now = time.time()
            if len(_failed_until) >= _PRUNE_AT:
                for k in [k for k, until in _failed_until.items() if until <= now]:
                    del _failed_until[k]
            _failed_until[key] = now + limit.get_expiry() + 1  # a second's margin for the limiter's own clock
        _failures.hit(limit, key)


def check_create_key() -> None:
    """403 unless the configured creation key (if any) is presented."""
    key = _config().create_key
    if key and not hmac.compare_digest(request.headers.get("X-Create-Key", "").encode(), key.encode()):
        raise Forbidden("creating games on this server needs its creation key (header X-Create-Key)")



