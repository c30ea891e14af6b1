"""Canonical JSON and the salted digests that chain the event log (DESIGN.md, Events).

Digests are HMACs keyed by the game seed and bound to the event's sequence number, so small
hidden contents (which of five cards) cannot be recovered by trying candidates; they become
checkable by anyone once the seed is revealed.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import re
from typing import Any

import orjson

GENESIS = "0" * 64


_PLAIN = re.compile(r"[A-Za-z0-9_:.\-]*")
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
# orjson writes what _ENCODER writes (tests/core/test_hashing.py) for strings, integers and
# the structure; floats it may write differently ("0.00001" for "1e-05"), so any output that
# may hold one (a digit then "." or "e": rare in states, which count in integers) and any
# value orjson refuses (integers past 64 bits, keys that are not strings) go to _ENCODER.
# (Non-finite floats cannot arrive: request bodies refuse them and the rules never make one.)
_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_MAYBE_FLOAT = re.compile(rb"[0-9][.eE]")


def canonical(obj: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: one byte string per JSON value, for hashing.

    The definition is the standard library's encoding (every recorded hash was made with it);
    orjson produces the same bytes several times faster, and is used where it provably does."""
    try:
        out = orjson.dumps(obj, option=_ORJSON)
    except TypeError:
        return _ENCODER.encode(obj).encode()
    # orjson writes every float with a "." or an exponent's "e+"/"e-": without any of them (most
    # states) there is none, and the slower pattern need not look.
    if (b"." in out or b"e+" in out or b"e-" in out) and _MAYBE_FLOAT.search(out):
        return _ENCODER.encode(obj).encode()
    return out


@functools.lru_cache(maxsize=1024)
def _keyed(seed: bytes) -> Any:
    """HMAC-SHA256 keyed by a game's seed, before any message: copying it is cheaper than keying
    anew (OpenSSL 3's one-shot HMAC fetches the digest and keys it at every call: 19 µs of CPU
    against 13 µs per append on the bench's cold caches). A seed is secret; it is in this
    process's memory whenever its game is loaded anyway."""
    return hmac.new(seed, digestmod="sha256")


def keyed_digest(seed: bytes, msg: bytes) -> bytes:
    """HMAC-SHA256(seed, msg), the same bytes as hmac.digest(seed, msg, "sha256")."""
    h = _keyed(seed).copy()
    h.update(msg)
    return h.digest()


def state_hash(seed: bytes, seq: int, state: Any) -> str:
    """The state after event `seq`, keyed by the seed so that a small hidden state cannot be
    recovered by trying candidates; checkable by anyone once the seed is revealed."""
    return keyed_digest(seed, b"state:%d:" % seq + canonical(state)).hex()


def content_digest(seed: bytes, seq: int, content: dict[str, Any]) -> str:
    """Digest of an event's content (type, seat, payload, created_at), keyed by the seed and
    bound to the event's sequence number (a per-event salt without a second HMAC)."""
    return keyed_digest(seed, b"content:%d:" % seq + canonical(content)).hex()


def content_digest_of_payload(seed: bytes, seq: int, etype: str, seat: int | None, payload_json: bytes,
                              created_at: str) -> str:
    """content_digest for a payload already in canonical form, without encoding it again.

    Canonical JSON sorts keys, so the content object reads created_at, payload, seat, type.
    """
    if _PLAIN.fullmatch(created_at) and _PLAIN.fullmatch(etype):  # no escaping needed: format directly
        seat_json = b"null" if seat is None else b"%d" % seat
        text = b'{"created_at":"%s","payload":%s,"seat":%s,"type":"%s"}' % (
            created_at.encode(), payload_json, seat_json, etype.encode())
    else:
        text = b"".join((b'{"created_at":', canonical(created_at), b',"payload":', payload_json,
                         b',"seat":', canonical(seat), b',"type":', canonical(etype), b"}"))
    return keyed_digest(seed, b"content:%d:" % seq + text).hex()


def chain(prev_hash: str, digest: str) -> str:
    return hashlib.sha256((prev_hash + digest).encode()).hexdigest()


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()
