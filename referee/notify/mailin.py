"""Play by email: one inbound message in, a move (or a rejection) and a reply mail out.

Mail that is automatic, not addressed to a genuine reply address, or not from the seat's
registered address changes nothing and gets no answer, so a stranger learns nothing (not
even whether a game exists). The sender of a genuine message gets a reply: accepted with the
new state, or rejected with the reason and the rule id.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any

from referee.errors import ServiceError
from referee.notify import addresses, inbound
from referee.store import credentials
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service import Referee

log = logging.getLogger(__name__)


def _parse_move(service: "Referee", game_id: str, text: str | None) -> tuple[Any, dict | None]:
    """(move, None) or (None, problem)."""
    if text is None:
        return None, {"detail": "no move found in the mail: write it as JSON or in the game's text form"}
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text), None
        except json.JSONDecodeError as e:
            return None, {"detail": f"malformed JSON: {e}"}
    try:
        return service.load(game_id).rules.parse_text(text), None
    except ValueError as e:
        return None, {"detail": str(e)}


def handle(service: "Referee", raw: bytes) -> dict[str, Any]:
    """Process one RFC 822 message. The outcome is for the operator's log, never the sender."""
    mail = inbound.parse_message(raw)
    if mail.auto_submitted:
        return {"status": "ignored", "why": "automatic mail"}
    targets = addresses.seats_addressed(service.secret_key, mail.recipients, service.config.inbound_domain)
    if not targets:
        return {"status": "ignored", "why": "not addressed to a reply address"}
    game_id, seat = targets[0]
    conn = service.db.conn
    contacts = credentials.seats(conn, game_id)
    if seat >= len(contacts) or not contacts[seat]["email"] or not mail.sender \
            or contacts[seat]["email"].lower() != mail.sender.lower():
        log.info("inbound mail for a reply address from an unregistered sender ignored")
        return {"status": "ignored", "why": "sender is not the seat's registered address"}

    key = "mail:" + hashlib.sha256((mail.message_id or "").encode() + raw).hexdigest()[:48]
    move, problem = _parse_move(service, game_id, mail.move_text)
    accepted = False
    if problem is None:
        try:
            # Keyed by the message, so a mail delivered twice plays its move once.
            service.submit_move(game_id, seat, {"move": move, "idempotency_key": key})
            accepted = True
        except ServiceError as e:
            problem = e.problem()
    loaded = service.load(game_id)
    with write_transaction(service.db) as c:
        service.notifier.mail_reply(c, loaded, seat, accepted, move, problem, key, service.clock())
    return {"status": "accepted" if accepted else "rejected", "game_id": game_id, "seat": seat,
            "problem": problem}
