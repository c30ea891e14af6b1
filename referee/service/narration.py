"""Events told as sentences, for mails, the events API (`text`) and the web history.

`narrate_event` works on an event *already redacted for the viewer* (see
`Referee.redact_event`), so it can only repeat what that viewer may see. Service events
(creation, resignation, pauses, the end, the seed) get generic sentences here; moves and
timeouts are told by the game's own `narrate` hook. A game whose hook is missing or fails
still gets a plain sentence ("Ada played end"), so a history never breaks on one event.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any

from referee.engine.contract import Rules
from referee.engine.wording import join_words, seat_name

log = logging.getLogger(__name__)


def _when(ts: Any) -> str:
    if isinstance(ts, (int, float)):
        return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return str(ts)


def result_sentence(result: dict[str, Any] | None, names: list[str]) -> str:
    """A game's result in words: who won, why, and the scores."""
    if not result:
        return "The game ended."
    winners = result.get("winners")
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    reason = result.get("reason") or result.get("end_reason")
    why = f" ({str(reason).replace('_', ' ')})" if reason else ""
    if winners:
        who = join_words([seat_name(names, w) for w in winners])
        head = f"{who} {'won' if len(winners) == 1 else 'shared the win'}{why}"
    else:
        head = f"The game ended in a draw{why}"
    scores = result.get("scores")
    if isinstance(scores, list) and scores:
        head += "; scores: " + ", ".join(f"{seat_name(names, i)} {s}" for i, s in enumerate(scores))
    elif isinstance(scores, dict) and scores:
        head += "; scores: " + ", ".join(f"{seat_name(names, int(k))} {s}" for k, s in scores.items()
                                         if str(k).isdigit())
    return head + "."


def _game_move(rules: Rules, event: dict[str, Any], names: list[str]) -> str:
    try:
        text = rules.narrate(event, names)
        if isinstance(text, str) and text.strip():
            return text.strip()
    except Exception:  # a presentation hook must never break a mail or a page
        log.exception("narrate of %s failed for event %s", getattr(rules, "id", "?"), event.get("seq"))
    move = (event.get("payload") or {}).get("move")
    try:
        shown = rules.format_move(move) if move is not None else "a move"
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        shown = (move or {}).get("type", "a move") if isinstance(move, dict) else "a move"
    return f"{seat_name(names, event.get('seat'))} played {shown}."


def narrate_event(rules: Rules, event: dict[str, Any], names: list[str]) -> str:
    """One short sentence for any event as the viewer it was redacted for may see it."""
    etype = event.get("type")
    payload = event.get("payload") or {}
    who = seat_name(names, event.get("seat"))
    if etype == "move":
        return _game_move(rules, event, names)
    if etype == "timeout":
        told = _game_move(rules, event, names).rstrip(".")
        return f"{who}'s deadline passed, so the referee played the default: {told}."
    if etype == "game_created":
        title = getattr(rules, "title", payload.get("game", "the game"))
        players = join_words([seat_name(names, i) for i in range(len(names))])
        return f"A game of {title} began for {players}."
    if etype == "resigned":
        return f"{who} resigned."
    if etype == "pause_requested":
        reason = f" ({payload['reason']})" if payload.get("reason") else ""
        return f"{who} asked for an agreed pause{reason}."
    if etype == "paused":
        pause = payload.get("pause") or {}
        if pause.get("kind") == "vacation":
            until = f" until {_when(pause['until'])}" if pause.get("until") else ""
            return f"{who} paused the game for a vacation{until}; every clock is stopped."
        return "Every seat agreed, so the game is paused; every clock is stopped."
    if etype == "resumed":
        if event.get("seat") is None:
            reason = f" ({payload['reason']})" if payload.get("reason") else ""
            return f"The game runs again{reason}."
        return f"{who} resumed the game; the clocks run again."
    if etype == "bot_requested":
        return f"{who} asked for a bot to play for {seat_name(names, payload.get('seat'))}, who is absent."
    if etype == "seat_to_bot":
        return f"From now on a bot plays for {seat_name(names, payload.get('seat'))} (every present player agreed)."
    if etype == "game_ended":
        return result_sentence(payload.get("result"), names)
    if etype == "deadline_changed":
        when = f" to {_when(payload['deadline'])}" if payload.get("deadline") else ""
        return f"{who}'s deadline changed{when}."
    if etype == "seed_revealed":
        return "The referee revealed the game's seed: every shuffle and roll can now be checked."
    return f"{who}: {str(etype).replace('_', ' ')}."


def with_text(service: Any, game_id: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events (already redacted for their viewer) each with `text`, its narration (a move's
    answer has narrated its own events already: no second load of the game for them)."""
    if all("text" in e for e in events):
        return events
    loaded = service.load(game_id)
    names = [s["name"] for s in loaded.created["seats"]]
    return [e if "text" in e else {**e, "text": narrate_event(loaded.rules, e, names)} for e in events]
