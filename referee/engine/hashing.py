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
    return hmac.new(seed, f"salt:{seq}".encode(), hashlib.sha256).digest()


def state_hash(seed: bytes, seq: int, state: Any) -> str:
    return hmac.new(salt(seed, seq), canonical(state), hashlib.sha256).hexdigest()


def content_digest(seed: bytes, seq: int, content: dict[str, Any]) -> str:
    """Digest of an event's content (type, seat, payload, created_at), salted per event."""
    return hmac.new(salt(seed, seq), b"content:" + canonical(content), hashlib.sha256).hexdigest()


def chain(prev_hash: str, digest: str) -> str:
    return hashlib.sha256((prev_hash + digest).encode()).hexdigest()


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()
