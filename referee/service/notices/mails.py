"""The mails a game sent, as the mail page and `referee mail` show them.

Who sees what: a seat sees only the mails addressed to it (they carry its hand), the game's
creator sees every mail of the game (the creator held every seat's link anyway), and the
operator's `referee mail` sees them all. Each mail shows its state: sent, waiting (with the
next attempt's reason) or failed for good (with its reason, recorded once).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import NotFound
from referee.store import outbox

if TYPE_CHECKING:
    from referee.service.core import Core


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    state = "sent" if row["sent_at"] is not None else "failed" if row["failed"] else "waiting"
    when = row["sent_at"] if row["sent_at"] is not None else row["created_at"]
    return {**row, "state": state,
            "when": datetime.fromtimestamp(when, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "reason": row["last_error"] if state != "sent" else None}


def game_mails(service: "Core", game_id: str, seat: int | None) -> list[dict[str, Any]]:
    """A game's mails, newest first: those to `seat`, or every one when `seat` is None (the
    game's creator). The caller has checked who the viewer is."""
    service.load(game_id)  # 404 for an unknown game
    return [_shown(r) for r in outbox.emails(service.db.conn, game_id=game_id, seat=seat)]


def all_mails(service: "Core", game_id: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    """Every mail (the operator's `referee mail list`), newest first."""
    return [_shown(r) for r in outbox.emails(service.db.conn, game_id=game_id, limit=limit)]


def one_mail(service: "Core", message_id: int) -> dict[str, Any]:
    rows = outbox.emails(service.db.conn, message_id=message_id)
    if not rows:
        raise NotFound(f"no mail {message_id}")
    return _shown(rows[0])
