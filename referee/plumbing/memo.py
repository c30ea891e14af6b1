"""A small bounded cache (least recently used goes first) for answers that never go stale once
computed: what a game's log up to some event decides (an audit, a step's options, a drawing, a
takeback boundary). Keys name everything the answer depends on; safe across threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable


class AuditCache:
    """At most `size` answers by key; `get` computes a missing one (outside the lock: two threads
    may compute one answer twice, never a wrong one)."""

    def __init__(self, size: int = 256):
        self._data: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def get(self, key: tuple, compute: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
        value = compute()
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value
