"""Per-seat secrets derived from ``REFEREE_SECRET_KEY`` that notifications carry: the reply
address ``play+<game_id>.<seat>.<mac>@<domain>`` and the webhook secret (`seat_secret`).

Knowing the address is what lets mail play for a seat, so the MAC (HMAC-SHA256 of the game,
seat and the holder's tenure under ``REFEREE_SECRET_KEY``, truncated to 80 bits, base32
lowercase) must be right; nothing needs storing. The tenure is in the MAC, not in the address
(which stays within 64 characters): a former holder's address stops working the moment the
seat changes hands, and the first holder's (tenure 0) is the address made before tenures. Mail systems may change the case of an address, so addresses are
compared case-insensitively and game ids must be lowercase (``[a-z0-9_-]``, as a uuid4 hex
or a slug is), and at most 37 long, so the local part stays within 64 characters (RFC 5321).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from email.utils import getaddresses, parseaddr
from typing import Callable, Iterable

TenureOf = Callable[[str, int], "int | None"]
LOCAL = "play"
MAC_BYTES = 10  # 80 bits -> 16 base32 characters
MAX_GAME_ID = 37  # 64 - len("play+" "." "9999" "." mac)

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,%d}" % (MAX_GAME_ID - 1), re.ASCII)
_SEAT = re.compile(r"0|[1-9][0-9]{0,3}", re.ASCII)


def _mac(secret_key: bytes, game_id: str, seat: int, tenure: int = 0) -> str:
    message = f"reply-address\x00{game_id}\x00{seat}" + (f"\x00{tenure}" if tenure else "")
    digest = hmac.new(secret_key, message.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:MAC_BYTES]).decode("ascii").lower()


def reply_address(secret_key: bytes, game_id: str, seat: int, domain: str, local: str = LOCAL,
                  tenure: int = 0) -> str:
    """The secret address mail for ``seat`` of ``game_id`` (its holder in ``tenure``) is answered to.

    ``ValueError`` for a game id that is not lowercase ``[a-z0-9_-]`` (at most 37), or a bad seat.
    """
    if not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"game id must be 1 to {MAX_GAME_ID} lowercase letters, digits, '_' or '-' "
                         "for a reply address")
    if not _SEAT.fullmatch(str(seat)):
        raise ValueError("seat must be a number from 0 to 9999")
    return f"{local}+{game_id}.{seat}.{_mac(secret_key, game_id, seat, tenure)}@{domain.lower()}"


def parse_reply_address(secret_key: bytes, address: str, domain: str | None = None,
                        local: str = LOCAL, tenure_of: TenureOf = lambda game_id, seat: 0) -> tuple[str, int] | None:
    """``(game_id, seat)`` for a genuine reply address of the seat's holder of the moment, else
    ``None``. ``tenure_of(game_id, seat)`` is that holder's tenure (None: the seat has no holder).

    Accepts a display name (``"Game" <play+...@domain>``) and any letter case. ``None`` for
    anything malformed, a wrong MAC (compared in constant time; a former holder's address is
    one), or, when ``domain`` is given, another domain. It never says which check failed.
    """
    _, bare = parseaddr(address)
    local_part, at, host = bare.lower().rpartition("@")
    if not at or (domain is not None and host != domain.lower()):
        return None
    prefix, plus, tag = local_part.partition("+")
    if not plus or prefix != local.lower():
        return None
    fields = tag.split(".")
    if len(fields) != 3:
        return None
    game_id, seat_text, mac = fields
    if not _GAME_ID.fullmatch(game_id) or not _SEAT.fullmatch(seat_text):
        return None
    seat = int(seat_text)
    tenure = tenure_of(game_id, seat)
    if tenure is None or not hmac.compare_digest(mac.encode("ascii", "replace"),
                                                 _mac(secret_key, game_id, seat, tenure).encode("ascii")):
        return None
    return game_id, seat


def seats_addressed(secret_key: bytes, addresses: Iterable[str], domain: str | None = None,
                    local: str = LOCAL, tenure_of: TenureOf = lambda game_id, seat: 0) -> list[tuple[str, int]]:
    """Every genuine ``(game_id, seat)`` among ``addresses`` (e.g. ``InboundMail.recipients``,
    or raw header values with several addresses each), in order, without repeats. Other
    addresses (a CC to a friend, the list address) are ignored."""
    found: list[tuple[str, int]] = []
    for _, bare in getaddresses(list(addresses)):
        target = parse_reply_address(secret_key, bare, domain, local, tenure_of)
        if target is not None and target not in found:
            found.append(target)
    return found


def seat_secret(server_key: bytes, game_id: str, seat: int) -> str:
    """The webhook secret of one seat, derived from ``REFEREE_SECRET_KEY`` so nothing new is
    stored; give it to the seat's owner once. Use it as a key via ``.encode()``."""
    return hmac.new(server_key, f"webhook\x00{game_id}\x00{seat}".encode(), hashlib.sha256).hexdigest()
