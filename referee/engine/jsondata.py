"""Helpers for game states, which are plain JSON data (dicts, lists, str, int, float, bool, None)."""

from __future__ import annotations

import marshal
from typing import Any, TypeVar

T = TypeVar("T")


def clone(data: T) -> T:
    """A deep copy of plain JSON data, keeping key order. marshal copies in C: several times
    faster than copy.deepcopy or a recursive copy, which matters on every move and replay."""
    return marshal.loads(marshal.dumps(data))
