"""Canonical JSON and the salted digests that chain the event log (DESIGN.md, Events).

Salts are derived from the game seed so that small hidden contents (which of five cards)
cannot be recovered by trying candidates; they become checkable once the seed is revealed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

GENESIS = "0" * 64


def canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def salt(seed: bytes, seq: int) -> bytes:
    return hmac.digest(seed, f"salt:{seq}".encode(), "sha256")


def state_hash(seed: bytes, seq: int, state: Any) -> str:
    return hmac.digest(salt(seed, seq), canonical(state), "sha256").hex()


def content_digest(seed: bytes, seq: int, content: dict[str, Any]) -> str:
    """Digest of an event's content (type, seat, payload, created_at), salted per event."""
    return hmac.digest(salt(seed, seq), b"content:" + canonical(content), "sha256").hex()


def content_digest_of_payload(seed: bytes, seq: int, etype: str, seat: int | None, payload_json: bytes,
                              created_at: str) -> str:
    """content_digest for a payload already in canonical form, without encoding it again.

    Canonical JSON sorts keys, so the content object reads created_at, payload, seat, type.
    """
    text = b"".join((b'{"created_at":', canonical(created_at), b',"payload":', payload_json,
                     b',"seat":', canonical(seat), b',"type":', canonical(etype), b"}"))
    return hmac.digest(salt(seed, seq), b"content:" + text, "sha256").hex()


def chain(prev_hash: str, digest: str) -> str:
    return hashlib.sha256((prev_hash + digest).encode()).hexdigest()


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()
