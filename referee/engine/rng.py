"""Fair, auditable randomness derived from a committed seed.

Draw k of event n is HMAC-SHA256(seed, "n:k") read as a 256-bit integer, with rejection
sampling so there is no modulo bias. Every public call appends a chance record, so an
event's log entry tells the whole story; replaying with the revealed seed yields the same
records, which is what `referee verify` checks.

`visible_to` on each record is "all" or a list of seats: whoever else reads the log sees the
record with its value withheld (the service redacts it). A record may also carry a `public`
part that everyone sees even when the value is withheld -- e.g. `{"count": 2}` for a card draw
whose identities only the drawer sees (DESIGN.md, "a chance record may have a public part").
"""

from __future__ import annotations

import copy
import hmac
from typing import Any, Sequence, TypeVar

T = TypeVar("T")
Visibility = str | list[int]

_SPACE = 1 << 256


class Rng:
    def __init__(self, seed: bytes, event_seq: int):
        self._seed = seed
        self._n = event_seq
        self._k = 0
        self.records: list[dict[str, Any]] = []

    def _draw(self) -> int:
        msg = f"{self._n}:{self._k}".encode()
        self._k += 1
        return int.from_bytes(hmac.digest(self._seed, msg, "sha256"), "big")

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("need n >= 1")
        limit = _SPACE - (_SPACE % n)
        while True:
            x = self._draw()
            if x < limit:
                return x % n

    def _record(self, label: str, kind: str, value: Any, visible_to: Visibility,
                public: dict[str, Any] | None = None, **extra: Any) -> None:
        vis = visible_to if visible_to == "all" else sorted(visible_to)
        record = {"label": label, "kind": kind, **extra, "value": value, "visible_to": vis}
        if public is not None:  # only when given: records of earlier logs stay byte-identical
            record["public"] = copy.deepcopy(public)
        self.records.append(record)

    def below(self, n: int, *, label: str, visible_to: Visibility = "all") -> int:
        """A uniform integer in [0, n)."""
        v = self._below(n)
        self._record(label, "below", v, visible_to, n=n)
        return v

    def choice(self, options: Sequence[T], *, label: str, visible_to: Visibility = "all") -> T:
        """A uniform pick from a non-empty sequence of JSON values."""
        v = options[self._below(len(options))]
        self._record(label, "choice", v, visible_to, of=list(options))
        return v

    def roll(self, faces: Sequence[T], count: int, *, label: str, visible_to: Visibility = "all") -> list[T]:
        """`count` independent uniform picks (dice) from `faces`."""
        v = [faces[self._below(len(faces))] for _ in range(count)]
        self._record(label, "roll", list(v), visible_to, of=list(faces))
        return v

    def shuffle(self, items: Sequence[T], *, label: str, visible_to: Visibility = (),
                public: dict[str, Any] | None = None) -> list[T]:
        """A new list: a uniform permutation (Fisher-Yates) of `items`. Hidden by default;
        `public` (e.g. `{"count": len(items)}`) stays visible when the order is withheld."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._below(i + 1)
            out[i], out[j] = out[j], out[i]
        # The record keeps its own copy: a game drawing from the returned list must not
        # rewrite history.
        self._record(label, "shuffle", list(out), list(visible_to) if visible_to != "all" else "all", public)
        return out

    def note(self, label: str, value: Any, *, visible_to: Visibility,
             public: dict[str, Any] | None = None) -> None:
        """Record an outcome derived from earlier draws (e.g. the cards a seat drew), no draw.

        `public` is what every seat may see of it even when `value` is withheld, e.g.
        `{"count": 2}` for two cards drawn into a hand."""
        self._record(label, "note", copy.deepcopy(value), visible_to if visible_to == "all" else list(visible_to),
                     public)


def redact_records(records: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """Chance records as `viewer` may see them: values they may not see become null (a record's
    `public` part, if any, stays)."""
    out = []
    for r in records:
        vis = r.get("visible_to", "all")
        if vis == "all" or (viewer is not None and viewer in vis):
            out.append(r)
        else:
            out.append({**r, "value": None, "withheld": True})
    return out
