"""Turning what the service serves (views, prompts, redacted events) into page text.

Only the contract's presentation hooks are used, so every registered game gets pages; a game
whose hooks are still missing gets a plain fallback instead of an error.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from urllib.parse import quote

from markupsafe import Markup

from referee.engine.contract import Rules


def compact(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def move_text(rules: Rules, move: dict) -> str:
    """A move in the game's text form (what the move form accepts), else its JSON."""
    fmt = getattr(rules, "format_move", None)
    if fmt is not None:
        try:
            return fmt(move)
        except Exception:  # a hook under construction must not take the page down
            pass
    return compact(move)


def picture(rules: Rules, view: dict, seat: int | None) -> Markup:
    """The game's SVG of `view`. The hook draws only from the view, and escapes its own text."""
    draw = getattr(rules, "picture", None)
    if draw is not None:
        try:
            return Markup(draw(view, seat))
        except Exception:
            pass
    return Markup('<p class="no-picture">No picture for this game yet: see the view data below.</p>')


def _shared_narrator():
    try:
        return importlib.import_module("referee.presentation").narrate_event
    except (ImportError, AttributeError):
        return None


_WHAT = {
    "resigned": "{name} resigned.",
    "paused": "The game was paused.",
    "pause_requested": "{name} asked for a pause.",
    "resumed": "The game was resumed.",
    "seed_revealed": "The referee revealed the seed: the game can now be checked offline.",
    "absent": "{name} was marked absent.",
}


def narrate(rules: Rules, event: dict, names: list[str]) -> str:
    """One line for a redacted event: the shared narrator (issue 11) when it exists, else a
    plain generic sentence from the event type and the move's text form."""
    shared = _shared_narrator()
    if shared is not None:
        try:
            return shared(rules, event, names)
        except Exception:
            pass
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The referee"
    payload = event.get("payload") or {}
    etype = event.get("type")
    if etype == "game_created":
        return f"{rules.title} began with {', '.join(names)}."
    if etype == "move":
        return f"{name}: {move_text(rules, payload.get('move', {}))}"
    if etype == "timeout":
        return f"{name} ran out of time; the referee played {move_text(rules, payload.get('move', {}))}."
    if etype == "game_ended":
        return f"The game ended: {result_line(payload.get('result') or {}, names)}"
    return _WHAT.get(etype, f"{etype}.").format(name=name)


def result_line(result: dict, names: list[str]) -> str:
    """"Ada won (12 to 9)." or "A draw." from a contract result."""
    winners = result.get("winners") or ([result["winner"]] if result.get("winner") is not None else [])
    scores = result.get("scores")
    score_text = ""
    if isinstance(scores, list) and scores:
        score_text = " Scores: " + ", ".join(f"{names[i] if i < len(names) else i} {s}" for i, s in enumerate(scores)) + "."
    reason = f" ({result['reason']})" if result.get("reason") else ""
    if not winners:
        return f"No winner{reason}.{score_text}"
    who = " and ".join(names[w] if isinstance(w, int) and w < len(names) else str(w) for w in winners)
    return f"{who} won{reason}.{score_text}"


def rule_link(game: str, rule: str | None) -> Markup:
    """A rule id linked to its anchor on the game's rules page."""
    if not rule:
        return Markup("")
    return Markup('<a class="rule" href="/rules/{g}?rule={q}#{q}">{r}</a>').format(
        g=quote(game, safe=""), q=quote(rule, safe=""), r=rule)
