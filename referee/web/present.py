"""Turning what the service serves (views, prompts, redacted events) into page text.

Only the contract's presentation hooks are used (through `referee.service.narration` for events),
so every registered game gets pages; a hook that is missing or fails gets a plain fallback
instead of breaking the page.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from referee.engine.contract import Rules

log = logging.getLogger(__name__)


def compact(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def move_text(rules: Rules, move: dict) -> str:
    """A move in the game's text form (what the move form accepts), else its JSON."""
    fmt = getattr(rules, "format_move", None)
    if fmt is not None:
        try:
            return fmt(move)
        except Exception:  # a hook under construction must not take the page down
            log.exception("format_move of %s failed", getattr(rules, "id", "?"))
    return compact(move)


def picture(rules: Rules, view: dict, seat: int | None) -> Markup:
    """The game's SVG of `view`. The hook draws only from the view, and escapes its own text."""
    draw = getattr(rules, "picture", None)
    if draw is not None:
        try:
            return Markup(draw(view, seat))
        except Exception:  # shown as "no picture"; logged so the game's author sees it
            log.exception("picture of %s failed", getattr(rules, "id", "?"))
    return Markup('<p class="no-picture">No picture for this game yet: see the view data below.</p>')


def rule_link(game: str, rule: str | None) -> Markup:
    """A rule id linked to its anchor on the game's rules page."""
    if not rule:
        return Markup("")
    return Markup('<a class="rule" href="/rules/{g}?rule={q}#{q}">{r}</a>').format(
        g=quote(game, safe=""), q=quote(rule, safe=""), r=rule)
