"""Personal links: a seat's sign-in link and a game's public link (used by the API, mails, pages).

A seat's link carries `HMAC(secret_key, "seat-link:<game>:<seat>")`, so the service can put it in
every mail without storing it (the bearer token is shown once and only its hash is kept).
Opening it signs that browser in as that seat for that game (see `referee.web`).
"""

from __future__ import annotations

import hashlib
import hmac


def seat_key(secret_key: bytes, game_id: str, seat: int) -> str:
    """The secret part of seat `seat`'s personal link (URL-safe hex, 32 chars)."""
    mac = hmac.new(secret_key, f"seat-link:{game_id}:{seat}".encode(), hashlib.sha256).hexdigest()
    return mac[:32]


def check_seat_key(secret_key: bytes, game_id: str, seat: int, key: str) -> bool:
    return hmac.compare_digest(seat_key(secret_key, game_id, seat), key)


def seat_url(base_url: str, secret_key: bytes, game_id: str, seat: int) -> str:
    """The link that signs a browser in as `seat` of `game_id`."""
    return f"{base_url.rstrip('/')}/play/{game_id}/{seat}/{seat_key(secret_key, game_id, seat)}"


def game_url(base_url: str, game_id: str) -> str:
    """The game's public page (a spectator's view)."""
    return f"{base_url.rstrip('/')}/g/{game_id}"
