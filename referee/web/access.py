"""Who the browser is: the seat cookie set by a personal link, and the CSRF token of forms.

A personal link (`referee.service.links`) signs a browser in as one seat of one game: its key is
kept in an HttpOnly, SameSite=Lax cookie scoped to that game, and checked again on every
request (nothing is stored on the server).

Forms carry a token: an HMAC under the service's secret key of a random per-browser nonce
(a cookie) and of the credentials the form acts with (the player session, and for a game's forms
that game's seat and creator cookies). A nonce alone is not enough: another port or subdomain of
the same site can set cookies here, so it could plant a nonce whose token it fetched itself; it
cannot know the victim's session or seat key. Over HTTPS every cookie set for the whole site
carries the `__Host-` prefix, which the browser only accepts from this very host, secure and
for path /, so none can be planted at all, the sign-in (login CSRF) included. A post the browser
marks as coming from another origin (`Sec-Fetch-Site`) is refused whatever its token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from flask import Response, request

from referee.plumbing.numbers import digits

from typing import Callable

CSRF_COOKIE = "referee_csrf"
SEAT_COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers cap cookie lifetimes at 400 days


def cookie_name(name: str, secure: bool) -> str:
    """A site-wide cookie's name: `__Host-` prefixed when the request came over HTTPS (the
    request's own scheme, or the trusted proxy's X-Forwarded-Proto as the server applies it)."""
    return f"__Host-{name}" if secure else name


def seat_cookie_name(game_id: str, secure: bool = False) -> str:
    return cookie_name(f"referee_seat_{game_id}", secure)


def _cookie(name: str) -> str:
    """This request's value of a site-wide cookie (only the prefixed one over HTTPS)."""
    return request.cookies.get(cookie_name(name, request.is_secure), "")


def seat_from_cookie(link_ok: Callable[[str, int, str], bool], game_id: str, seats: int) -> int | None:
    """The seat this browser was signed in as for `game_id`; None (a spectator) otherwise."""
    return seat_from_cookie_value(link_ok, game_id, seats, request.cookies.get(seat_cookie_name(game_id, request.is_secure), ""))


def seat_from_cookie_value(link_ok: Callable[[str, int, str], bool], game_id: str, seats: int,
                           raw: str) -> int | None:
    """The seat a seat cookie's value signs in as (the live feed reads cookies without Flask);
    `link_ok` checks the key against the seat's current holder (Referee.seat_link_ok)."""
    seat_text, _, key = raw.partition(".")
    seat = digits(seat_text, seats - 1)  # a forged cookie signs in as no one (another subdomain may set one)
    if seat is None or not key or not link_ok(game_id, seat, key):
        return None
    return seat


PLAYER_COOKIE = "referee_player"


def player_session() -> str | None:
    """The player session token this browser holds (set by opening a sign-in link)."""
    return _cookie(PLAYER_COOKIE) or None


def set_player_session(resp: Response, token: str) -> None:
    resp.set_cookie(cookie_name(PLAYER_COOKIE, request.is_secure), token, max_age=SEAT_COOKIE_MAX_AGE,
                    **_cookie_flags())


def clear_player_session(resp: Response) -> None:
    resp.delete_cookie(cookie_name(PLAYER_COOKIE, request.is_secure), path="/", httponly=True, samesite="Lax",
                       secure=request.is_secure)


def _cookie_flags() -> dict:
    return {"httponly": True, "samesite": "Lax", "secure": request.is_secure, "path": "/"}


def sign_in(resp: Response, game_id: str, seat: int, key: str) -> None:
    resp.set_cookie(seat_cookie_name(game_id, request.is_secure), f"{seat}.{key}", max_age=SEAT_COOKIE_MAX_AGE,
                    **_cookie_flags())


def sign_out(resp: Response, game_id: str) -> None:
    resp.delete_cookie(seat_cookie_name(game_id, request.is_secure), path="/", httponly=True, samesite="Lax",
                       secure=request.is_secure)


# -- the creator of a game (the browser that created it in /new) -----------------------------

CREATOR_PREFIX = "referee_creator_"


def _creator_mac(secret_key: bytes, game_id: str) -> str:
    return hmac.new(secret_key, f"creator:{game_id}".encode(), hashlib.sha256).hexdigest()


def mark_creator(resp: Response, secret_key: bytes, game_id: str) -> None:
    """Remember in this browser that it created `game_id`: it may read all the game's mails."""
    resp.set_cookie(cookie_name(CREATOR_PREFIX + game_id, request.is_secure), _creator_mac(secret_key, game_id),
                    max_age=SEAT_COOKIE_MAX_AGE, **_cookie_flags())


def is_creator(secret_key: bytes, game_id: str) -> bool:
    sent = _cookie(CREATOR_PREFIX + game_id)
    return bool(sent) and hmac.compare_digest(sent.encode(), _creator_mac(secret_key, game_id).encode())


def games_in_cookies() -> set[str]:
    """The game ids this browser holds a seat or creator cookie for (checked by the caller)."""
    prefixes = (seat_cookie_name("", request.is_secure), cookie_name(CREATOR_PREFIX, request.is_secure))
    return {name[len(prefix):] for name in request.cookies for prefix in prefixes
            if name.startswith(prefix) and len(name) > len(prefix)}


# -- the one-time view of a created game's links (POST-redirect-GET) ------------------------

def _created_cookie(game_id: str) -> str:
    return f"referee_created_{game_id}"


def _created_path(game_id: str) -> str:
    return f"/new/created/{game_id}"


def _serializer(secret_key: bytes):
    from itsdangerous import URLSafeTimedSerializer
    return URLSafeTimedSerializer(secret_key, salt="referee-created")


def stash_created(resp: Response, secret_key: bytes, game_id: str, shown: dict) -> None:
    """Hand the created game's links to the redirect target in a short-lived cookie, signed and
    scoped to that one page: never in a URL (logs, history), gone once shown."""
    resp.set_cookie(_created_cookie(game_id), _serializer(secret_key).dumps(shown), max_age=600,
                    httponly=True, samesite="Strict", secure=request.is_secure, path=_created_path(game_id))


def take_created(secret_key: bytes, game_id: str) -> tuple[dict | None, Any]:
    """(the stashed links or None, a function that deletes the cookie from a response)."""
    from itsdangerous import BadSignature
    raw = request.cookies.get(_created_cookie(game_id), "")
    shown = None
    if raw:
        try:
            shown = _serializer(secret_key).loads(raw, max_age=600)
        except BadSignature:
            shown = None

    def forget(resp: Response) -> Response:
        resp.delete_cookie(_created_cookie(game_id), path=_created_path(game_id), httponly=True,
                           samesite="Strict", secure=request.is_secure)
        return resp
    return shown, forget


def _browser_nonce() -> tuple[str, bool]:
    """This browser's CSRF nonce, and whether it is new (then the response must set it)."""
    nonce = _cookie(CSRF_COOKIE)
    if len(nonce) == 32 and all(c in "0123456789abcdef" for c in nonce):
        return nonce, False
    return secrets.token_hex(16), True


def _nonce_for_request() -> tuple[str, bool]:
    cached = request.environ.get("referee.csrf_nonce")
    if cached is None:
        cached = request.environ["referee.csrf_nonce"] = _browser_nonce()
    return cached


def _request_game() -> str | None:
    """The game a page shows or a form acts on: its path's `game_id`."""
    return (request.view_args or {}).get("game_id")


def _token(secret_key: bytes, nonce: str, game_id: str | None) -> str:
    """The token of `nonce` bound to the credentials a form for `game_id` (None: for no game) acts
    with: the player session, and that game's seat and creator cookies."""
    held = [_cookie(PLAYER_COOKIE)]
    if game_id:
        held += [request.cookies.get(seat_cookie_name(game_id, request.is_secure), ""),
                 _cookie(CREATOR_PREFIX + game_id)]
    bound = hashlib.sha256("\x00".join(held).encode()).hexdigest()
    return hmac.new(secret_key, f"csrf:{nonce}:{game_id or ''}:{bound}".encode(), hashlib.sha256).hexdigest()


def csrf_token(secret_key: bytes) -> str:
    """The token this page's forms carry (the nonce cookie is set by `ensure_csrf_cookie`)."""
    return _token(secret_key, _nonce_for_request()[0], _request_game())


def ensure_csrf_cookie(resp: Response) -> Response:
    nonce, new = _nonce_for_request()
    if new:
        resp.set_cookie(cookie_name(CSRF_COOKIE, request.is_secure), nonce, max_age=SEAT_COOKIE_MAX_AGE,
                        **_cookie_flags())
    return resp


_NO_GAME = object()


def csrf_ok(secret_key: bytes, game_id: Any = _NO_GAME) -> bool:
    """A posted form is genuine: the browser does not say it came from another origin, and its
    token matches this browser's nonce and the credentials it acts with (those for the game in
    the form's path, or for `game_id` when given: the language switch acts on the page it came from)."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    nonce = _cookie(CSRF_COOKIE)
    if not nonce:
        return False
    expected = _token(secret_key, nonce, _request_game() if game_id is _NO_GAME else game_id)
    return hmac.compare_digest(expected.encode(), request.form.get("csrf", "").encode())  # bytes: a non-ASCII str would raise
