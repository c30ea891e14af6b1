"""What the suite checked, counted: page checks, moves played, leak checks (tests/conftest.py
prints the totals of a run, summed over the test workers), so a change that makes the suite
faster shows plainly whether it checks less."""

from __future__ import annotations

from collections import Counter

COUNTS: Counter[str] = Counter()


def tally(what: str, n: int = 1) -> None:
    COUNTS[what] += n
