"""Helpers for game states, which are plain JSON data (dicts, lists, str, int, float, bool, None)."""

from __future__ import annotations

import json
import marshal
from typing import TypeVar

from referee.plumbing.i18n import Text

T = TypeVar("T")


def clone(data: T) -> T:
    """A deep copy of plain JSON data, keeping key order. marshal copies in C: several times
    faster than copy.deepcopy or a recursive copy, which matters on every move and replay."""
    return marshal.loads(marshal.dumps(data))


def json_move(text: str) -> dict | None:
    """A move written as JSON inside a game's text form (mail players may paste one), or None
    when `text` is not JSON; ValueError when it is JSON but not a move object."""
    if not text.startswith("{"):
        return None
    try:
        move = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(Text("not a JSON move: %(error)s", error=str(e))) from None  # the decoder's words stay English
    if not isinstance(move, dict) or "type" not in move:
        raise ValueError(Text('a JSON move is an object with a "type"'))
    return move
