"""The one reader of integers that arrive as text in a request (query, form, cookie, header, a
mail command): ASCII digits only and a bounded length, checked before `int()` runs.

`str.isdigit()` is not enough: it accepts '²' and other Unicode digits that `int()` then refuses
(a 500), and a 5,000-digit literal costs time and exceeds Python's conversion limit. A count is
also checked against its limit here, before anything is allocated or looped for it.
"""

from __future__ import annotations

import re

from referee.plumbing.errors import BadRequest

MAX_INT = 2**53                       # JSON numbers past this are not exact in most clients
MAX_SEAT = 7                          # seats are numbered from 0 and no game takes more than 8
MAX_DIGITS = 16                       # 2^53 has 16 digits: no request integer needs more
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")   # re's [0-9] is ASCII only, unlike \d or isdigit


def digits(text: str | None, most: int = MAX_INT) -> int | None:
    """`text` as a whole number from 0 to `most`, or None when it is anything else (not ASCII
    digits, too long, too large): for readers that fall back instead of refusing."""
    if text is None or not _DIGITS.fullmatch(text):
        return None
    n = int(text)
    return n if n <= most else None


def int_param(name: str, raw: str | None, default: int | None, lo: int, hi: int) -> int:
    """The request parameter `name` (its text `raw`, None when absent) as an integer in
    [lo, hi]: `default` when absent, 400 naming the parameter otherwise."""
    if raw is None and default is not None:
        return default
    n = digits((raw or "").strip(), hi)
    if n is None or n < lo:
        raise BadRequest(f"{name} must be an integer from {lo} to {hi}", parameter=name)
    return n


def optional_int_param(name: str, raw: str | None, lo: int, hi: int) -> int | None:
    """`int_param` for a parameter that may be absent or empty (an HTML form's blank field): None then."""
    return None if raw is None or not raw.strip() else int_param(name, raw, None, lo, hi)
