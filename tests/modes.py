"""The suite's two modes: the fast one (`python3 tasks.py test`, the budget of issue 37) and the
long one (`python3 tasks.py test --long`, REFEREE_LONG=1) with the exhaustive variants: every
move clicked in the browser, 50 HTTP step playouts per game, larger fuzz and playout budgets."""

from __future__ import annotations

import os

LONG = os.environ.get("REFEREE_LONG") == "1"


def budget(fast: int, long: int) -> int:
    """How many examples (games, starts) a test tries in this mode."""
    return long if LONG else fast
