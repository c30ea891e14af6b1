"""Who the browser is: the seat cookie set by a personal link, and the CSRF token of forms.

A personal link (`referee.service.links`) signs a browser in as one seat of one game: its key is
kept in an HttpOnly, SameSite=Lax cookie scoped to that game, and checked again on every
request (nothing is stored on the server). Forms carry a token derived from a random
per-browser cookie and the service's secret key, so another site cannot post on a player's
behalf even where SameSite does not apply.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import Response, request

from referee.service.links import check_seat_key

CSRF_COOKIE = "referee_csrf"
SEAT_COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers cap cookie lifetimes at 400 days


def seat_cookie_name(game_id: str) -> str:
    return f"referee_seat_{game_id}"


def seat_from_cookie(secret_key: bytes, game_id: str, seats: int) -> int | None:
    """The seat this browser was signed in as for `game_id`; None (a spectator) otherwise."""
    return seat_from_cookie_value(secret_key, game_id, seats, request.cookies.get(seat_cookie_name(game_id), ""))


def seat_from_cookie_value(secret_key: bytes, game_id: str, seats: int, raw: str) -> int | None:
    """The seat a seat cookie's value signs in as (the live feed reads cookies without Flask)."""
    seat_text, _, key = raw.partition(".")
    if not (seat_text.isascii() and seat_text.isdigit()) or not key:
        return None
    seat = int(seat_text)
    if seat >= seats or not check_seat_key(secret_key, game_id, seat, key):
        return None
    return seat


def _cookie_flags() -> dict:
    return {"httponly": True, "samesite": "Lax", "secure": request.is_secure, "path": "/"}


def sign_in(resp: Response, game_id: str, seat: int, key: str) -> None:
    resp.set_cookie(seat_cookie_name(game_id), f"{seat}.{key}", max_age=SEAT_COOKIE_MAX_AGE, **_cookie_flags())


def sign_out(resp: Response, game_id: str) -> None:
    resp.delete_cookie(seat_cookie_name(game_id), path="/", httponly=True, samesite="Lax", secure=request.is_secure)


def _browser_nonce() -> tuple[str, bool]:
    """This browser's CSRF nonce, and whether it is new (then the response must set it)."""
    nonce = request.cookies.get(CSRF_COOKIE, "")
    if len(nonce) == 32 and all(c in "0123456789abcdef" for c in nonce):
        return nonce, False
    return secrets.token_hex(16), True


def csrf_token(secret_key: bytes) -> str:
    """The token forms carry (the nonce cookie is set by `ensure_csrf_cookie`)."""
    nonce, _ = _nonce_for_request()
    return hmac.new(secret_key, f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()


def _nonce_for_request() -> tuple[str, bool]:
    cached = request.environ.get("referee.csrf_nonce")
    if cached is None:
        cached = request.environ["referee.csrf_nonce"] = _browser_nonce()
    return cached


def ensure_csrf_cookie(resp: Response) -> Response:
    nonce, new = _nonce_for_request()
    if new:
        resp.set_cookie(CSRF_COOKIE, nonce, max_age=SEAT_COOKIE_MAX_AGE, **_cookie_flags())
    return resp


def csrf_ok(secret_key: bytes) -> bool:
    """A posted form is genuine: its token matches this browser's nonce cookie."""
    nonce = request.cookies.get(CSRF_COOKIE, "")
    sent = request.form.get("csrf", "")
    if not nonce:
        return False
    expected = hmac.new(secret_key, f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, sent)
