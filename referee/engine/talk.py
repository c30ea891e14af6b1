"""Table talk, the pure part: a game's talk policy, who may read a message, and the message
chain's digests and their check (used by the service and by `referee verify` offline alike).

Messages are chained per game apart from the events (store/messages.py), so replaying a game
never reads them. Each message is committed by `digest = sha256(canonical(content))` where the
content holds a random per-message `salt`: a reader who may not see a message gets its digest
only and cannot test guesses of a short text ("yes") against it; `hash = sha256(prev_hash +
digest)` chains them like the events (engine/hashing.chain).
"""

from __future__ import annotations

import hashlib
from typing import Any, Iterable

from referee.engine.hashing import GENESIS, canonical, chain

PRESS = ("full", "public", "none")
DEFAULT_POLICY: dict[str, Any] = {"press": "full", "reveal_private_at_end": False, "spectators": False}
MAX_TEXT = 2000


def policy_of(created: dict[str, Any]) -> dict[str, Any]:
    """A game's talk policy from its game_created payload (games from before talk: the default)."""
    return {**DEFAULT_POLICY, **(created.get("talk") or {})}


def content_of(m: dict[str, Any]) -> dict[str, Any]:
    """What a message's digest commits to."""
    return {"from": m["from"], "to": m["to"], "note": m["note"], "text": m["text"],
            "created_at": m["created_at"], "salt": m["salt"]}


def digest_of(m: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(content_of(m))).hexdigest()


def visible_to(m: dict[str, Any], viewer: int | None, policy: dict[str, Any], game_over: bool,
               tenure: int) -> bool:
    """Whether `viewer` (a seat held in its `tenure`, or None for a spectator) may read message
    `m`: the one rule every path (API, page, feed, mail, export, metrics) applies.

    - A note is its writer's alone, always (plans are not press, and are never revealed): the
      holder who wrote it, never a later or earlier holder of the seat.
    - A message to all: every seat; spectators where the policy lets them read.
    - A private message: its sender and recipients, each in the tenure it was written by or to;
      everyone (spectators as above) once the game is over, where the policy reveals private
      press at the end.
    """
    if m["note"]:
        return viewer is not None and viewer == m["from"] and of_tenure(m, viewer, tenure)
    if m["to"] == "all":
        return viewer is not None or bool(policy["spectators"])
    if viewer is not None and (viewer == m["from"] or viewer in m["to"]) and of_tenure(m, viewer, tenure):
        return True
    if game_over and policy["reveal_private_at_end"]:
        return viewer is not None or bool(policy["spectators"])
    return False


def of_tenure(m: dict[str, Any], seat: int, tenure: int) -> bool:
    """Whether the seat's holder in `tenure` is the one the message was written by or to (a
    message stored before tenures were recorded: every seat's first holder)."""
    return (m.get("tenures") or {}).get(str(seat), 0) == tenure


def withheld(m: dict[str, Any]) -> dict[str, Any]:
    """A message as served to a reader who may not see it (exports): only what the chain needs."""
    return {"kind": "message", "seq": m["seq"], "withheld": True, "digest": m["digest"],
            "prev_hash": m["prev_hash"], "hash": m["hash"]}


def verify_messages(lines: Iterable[dict[str, Any]]) -> tuple[int, dict[str, Any] | None]:
    """Check an exported message chain: consecutive seqs from 1, each prev_hash the previous
    hash, each hash sha256(prev_hash + digest), and each readable message's digest its content.
    Returns (messages checked, the first divergence `{"message": seq, "what"}` or None)."""
    prev, n = GENESIS, 0
    for i, m in enumerate(lines, start=1):
        n = i
        seq = m.get("seq")
        if seq != i:
            return n, {"message": i, "what": f"expected message {i}, found {seq} (a message was removed or inserted)"}
        if m.get("prev_hash") != prev:
            return n, {"message": i, "what": "prev_hash does not match the previous message's hash"}
        if chain(prev, str(m.get("digest"))) != m.get("hash"):
            return n, {"message": i, "what": "hash is not sha256(prev_hash + digest)"}
        if not m.get("withheld"):
            try:
                ok = digest_of(m) == m["digest"]
            except KeyError as e:
                return n, {"message": i, "what": f"the message lacks {e.args[0]!r}"}
            if not ok:
                return n, {"message": i, "what": "digest does not match the message's content (sender, "
                                                 "recipients, text or time was altered)"}
        prev = m["hash"]
    return n, None
