"""Personal links: a seat's sign-in link and a game's public link (used by the API, mails, pages).

A seat's link carries `HMAC(secret_key, "seat-link:<game>:<seat>")` for the seat's first holder
(tenure 0, as every link made before seats could change hands) and
`HMAC(secret_key, "seat-link:<game>:<seat>:<tenure>")` for later holders, so the service can put
it in every mail without storing it (the bearer token is shown once and only its hash is kept),
and a replaced holder's link stops working the moment the tenure changes.
Opening it signs that browser in as that seat for that game (see `referee.web`).
"""

from __future__ import annotations

import hashlib
import hmac


def seat_key(secret_key: bytes, game_id: str, seat: int, tenure: int = 0) -> str:
    """The secret part of seat `seat`'s personal link (URL-safe hex, 32 chars)."""
    message = f"seat-link:{game_id}:{seat}" + (f":{tenure}" if tenure else "")
    return hmac.new(secret_key, message.encode(), hashlib.sha256).hexdigest()[:32]


def check_seat_key(secret_key: bytes, game_id: str, seat: int, key: str, tenure: int = 0) -> bool:
    return hmac.compare_digest(seat_key(secret_key, game_id, seat, tenure).encode(), key.encode())


def seat_url(base_url: str, secret_key: bytes, game_id: str, seat: int, tenure: int = 0) -> str:
    """The link that signs a browser in as `seat` of `game_id` (its current holder)."""
    return f"{base_url.rstrip('/')}/play/{game_id}/{seat}/{seat_key(secret_key, game_id, seat, tenure)}"


def game_url(base_url: str, game_id: str) -> str:
    """The game's public page (a spectator's view)."""
    return f"{base_url.rstrip('/')}/g/{game_id}"


def sign_in_url(base_url: str, token: str) -> str:
    """The one-time link of a sign-in mail."""
    return f"{base_url.rstrip('/')}/sign-in/{token}"


def accept_url(base_url: str, game_id: str, seat: int) -> str:
    """The page where a signed-in player accepts a seat created with their address."""
    return f"{base_url.rstrip('/')}/accept/{game_id}/{seat}"


def join_url(base_url: str, game_id: str, seat: int | None = None) -> str:
    """The page where a newcomer takes a seat (an invitation names its seat)."""
    return f"{base_url.rstrip('/')}/join/{game_id}" + (f"?seat={seat}" if seat is not None else "")
