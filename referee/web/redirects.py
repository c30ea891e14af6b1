"""Where a form may send the browser afterwards (`next=`): a path of this site, normalised.

A browser drops tabs and newlines from a URL and reads `\\` as `/`, so `/\\t/evil.example` or
`/\\evil.example` would leave as `//evil.example`, another site. A target is taken only if it
has no scheme, no host, no control character or backslash, and its path starts with one `/`;
it is rebuilt from its parts, so what is checked is what is sent.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import current_app
from werkzeug.exceptions import HTTPException


def local_path(target: str | None) -> str | None:
    """`target` as a path of this site, or None when it is anything else."""
    if not target or "\\" in target or any(ord(c) < 0x21 or 0x7F <= ord(c) < 0xA0 for c in target):
        return None
    try:
        parts = urlsplit(target)
    except ValueError:
        return None
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment))


def game_of(path: str) -> str | None:
    """The game a path of this site is about (its route's `game_id`), if any: a page, or the
    problem page a form's post answered with."""
    adapter = current_app.url_map.bind("localhost")
    for method in ("GET", "POST"):
        try:
            return adapter.match(urlsplit(path).path, method=method)[1].get("game_id")
        except HTTPException:
            continue
    return None
