"""The in-memory cache of loaded games, bounded in bytes rather than in entries.

Games differ a lot in size (a two-seat Babel opening vs a five-seat Gentes endgame), so a
count bound says little about memory; the operator sets bytes (`REFEREE_STATE_CACHE_BYTES`).
Each entry's size is measured once when it is stored (entries are immutable afterwards) by
walking its objects; objects shared by many games (component data, rules) are not counted.
The cache is only a cache: an evicted game is rebuilt from its snapshot and log.

A game's entry is replaced after every move by one a move larger or smaller, and its walk
was most of a move's remaining work. So a cache made with `remeasure_every=N` lets a
replacement carry its key's last measured size while the whole cache holds at most half its
bound (where one move's drift cannot matter), and walks it again at least every N
replacements and always past half the bound, where the sizes decide what is evicted.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from typing import Any, Callable, Generic, Iterable, TypeVar

V = TypeVar("V")

_ATOMS = frozenset((str, bytes, int, float, bool, type(None)))
_SEQUENCES = frozenset((list, tuple, set, frozenset))


def deep_size(roots: Iterable[Any], shared: Iterable[Any] = ()) -> int:
    """Bytes held by `roots` and everything they reach (dicts, lists, tuples, sets, objects'
    attributes), each object counted once; `shared` objects and what only they reach are
    left out. An upper bound: small ints and interned strings are counted though shared.
    (Dispatching on the exact type first: states are mostly dicts, lists, strs and ints.)"""
    seen = {id(o) for o in shared}
    stack = list(roots)
    pop, push, extend, mark = stack.pop, stack.append, stack.extend, seen.add
    getsizeof = sys.getsizeof
    total = 0
    while stack:
        obj = pop()
        if id(obj) in seen:
            continue
        mark(id(obj))
        total += getsizeof(obj)
        kind = type(obj)
        if kind in _ATOMS:
            continue
        if kind is dict:
            extend(obj)
            extend(obj.values())
        elif kind in _SEQUENCES:
            extend(obj)
        elif isinstance(obj, (dict, list, tuple, set, frozenset)):  # subclasses
            extend(obj.values() if isinstance(obj, dict) else obj)
        elif hasattr(obj, "__dict__"):
            push(vars(obj))
        elif hasattr(obj, "__slots__"):
            extend(getattr(obj, s) for s in obj.__slots__ if hasattr(obj, s))
    return total


class StateCache(Generic[V]):
    """Least recently used entries go first once the measured total would pass `max_bytes`.
    An entry larger than the whole bound is not kept. Thread-safe. With `remeasure_every` N > 1,
    a replacement may carry its key's last measured size (see the module's docstring)."""

    def __init__(self, max_bytes: int, size_of: Callable[[V], int], remeasure_every: int = 1):
        self.max_bytes = max_bytes
        self.bytes = 0
        self._size_of = size_of
        self._entries: OrderedDict[str, tuple[V, int]] = OrderedDict()
        self._carried: dict[str, int] = {}  # key -> replacements since its size was measured
        self._remeasure_every = remeasure_every
        self._lock = threading.Lock()

    def get(self, key: str) -> V | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: str, value: V) -> None:
        with self._lock:
            old = self._entries.get(key)
            carried = self._carried.get(key, 0) + 1
            carry = (old is not None and carried < self._remeasure_every and self.bytes * 2 <= self.max_bytes)
        size = old[1] if carry and old is not None else self._size_of(value)  # (a walk: outside the lock)
        with self._lock:
            self._drop(key)
            if size > self.max_bytes:
                return
            self._entries[key] = (value, size)
            if carry:
                self._carried[key] = carried
            self.bytes += size
            while self.bytes > self.max_bytes:
                self._drop(next(iter(self._entries)))

    def pop(self, key: str) -> None:
        with self._lock:
            self._drop(key)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._carried.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _drop(self, key: str) -> None:
        old = self._entries.pop(key, None)
        self._carried.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
