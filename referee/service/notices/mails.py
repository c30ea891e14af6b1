"""The mails a game sent, as the mail page and `referee mail` show them.

Who sees what: a seat's holder sees only the mails addressed to it in its tenure (they carry
its hand and its address), the game's creator sees every mail to the seats' first holders (the
creator held their links anyway; not a later holder's, whose link it never had), and the
operator's `referee mail` sees them all. Each mail shows its state: sent, waiting (with the
next attempt's reason) or failed for good (with its reason, recorded once).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import NotFound
from referee.store import outbox, tenures

if TYPE_CHECKING:
    from referee.service.core import Core


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    state = "sent" if row["sent_at"] is not None else "failed" if row["failed"] else "waiting"
    when = row["sent_at"] if row["sent_at"] is not None else row["created_at"]
    return {**row, "state": state,
            "when": datetime.fromtimestamp(when, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "reason": row["last_error"] if state != "sent" else None}


def game_mails(service: "Core", game_id: str, seat: int | None) -> list[dict[str, Any]]:
    """A game's mails, newest first: those to `seat` in its holder's tenure (never a former or
    later holder's: their addresses and their games' secrets are theirs), or when `seat` is None
    (the game's creator) every mail to the seats' first holders, whose links the creator was
    given, never to a holder who took a seat later. The caller has checked who the viewer is."""
    service.load(game_id)  # 404 for an unknown game
    conn = service.db.conn
    tenure = 0 if seat is None else tenures.holder_tenure(conn, game_id, seat)
    return [_shown(r) for r in outbox.emails(conn, game_id=game_id, seat=seat, tenure=tenure)]


def all_mails(service: "Core", game_id: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    """Every mail (the operator's `referee mail list`), newest first."""
    return [_shown(r) for r in outbox.emails(service.db.conn, game_id=game_id, limit=limit)]


def one_mail(service: "Core", message_id: int) -> dict[str, Any]:
    rows = outbox.emails(service.db.conn, message_id=message_id)
    if not rows:
        raise NotFound(f"no mail {message_id}")
    return _shown(rows[0])
