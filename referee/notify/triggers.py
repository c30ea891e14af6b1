"""Which notifications an appended batch of events causes, queued in the same transaction.

A seat is told when a decision opens for it (not after its own move: the HTTP answer or the
mail reply already tells it), when its deadline passed, before a deadline (reminders), when
a seat turns absent, when the game pauses, resumes or ends.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from referee.clock import format_remaining
from referee.notify import addresses, messages, webhooks
from referee.engine.replay import STATE_EVENTS
from referee.notify.messages import Note
from referee.store import credentials, outbox

if TYPE_CHECKING:
    from referee.service import Loaded, Referee


class Notifier:
    def __init__(self, service: "Referee"):
        self.service = service
        self._contacts: dict[str, list[dict[str, Any]]] = {}

    def contacts(self, conn, game_id: str) -> list[dict[str, Any]]:
        """A game's seats and addresses; fixed at creation, so cached."""
        found = self._contacts.get(game_id)
        if found is None:
            found = self._contacts[game_id] = credentials.seats(conn, game_id)
        return found

    def reply_address(self, game_id: str, seat: int) -> str:
        return addresses.reply_address(self.service.secret_key, game_id, seat, self.service.config.inbound_domain)

    def webhook_secret(self, game_id: str, seat: int) -> str:
        return webhooks.seat_secret(self.service.secret_key, game_id, seat)

    def _deadlines(self, loaded: "Loaded") -> dict[int, float]:
        return {s: sc.due_at for s, sc in enumerate(loaded.clocks.seats)
                if sc.due_at is not None and loaded.status == "active"}

    def queue(self, conn, loaded: "Loaded", seat: int, note: Note, key: str, now: float,
              contacts: list[dict[str, Any]] | None = None) -> int:
        """Queue a note for one seat on each channel it has; returns how many were new."""
        contacts = contacts if contacts is not None else self.contacts(conn, loaded.game_id)
        contact = contacts[seat]
        n = 0
        if contact["email"]:
            n += outbox.enqueue(conn, loaded.game_id, seat, "email", contact["email"], note.kind, note.subject,
                                note.text, f"{key}:email", now)
        if contact["webhook"]:
            n += outbox.enqueue(conn, loaded.game_id, seat, "webhook", contact["webhook"], note.kind, note.subject,
                                json.dumps(note.data, sort_keys=True), f"{key}:webhook", now)
        return n

    def on_events(self, conn, before: "Loaded", after: "Loaded", appended: list, now: float) -> None:
        contacts = self.contacts(conn, after.game_id)
        if not any(c["email"] or c["webhook"] for c in contacts):
            return
        svc, gid, base = self.service, after.game_id, self.service.config.base_url
        dl = self._deadlines(after)
        docs: dict[int, dict] = {}

        def doc(seat: int) -> dict:
            if seat not in docs:
                docs[seat] = svc.describe(after, seat)
            return docs[seat]

        def send(seat: int, note: Note) -> None:
            self.queue(conn, after, seat, note, f"{gid}:{seat}:{note.kind}:{after.seq}", now, contacts)

        movers = {e.seat for e in appended if e.type in STATE_EVENTS}
        everyone = range(len(contacts))
        for e in appended:
            if e.type == "timeout":
                seat = e.seat
                became_absent = after.clocks.seats[seat].absent and not before.clocks.seats[seat].absent
                send(seat, messages.timed_out(doc(seat), seat, dl, self.reply_address(gid, seat), base,
                                              e.payload["move"], after.clocks.seats[seat].absent))
                if became_absent:
                    for s in everyone:
                        if s != seat:
                            send(s, messages.seat_absent(doc(s), s, dl, seat, contacts[seat]["name"]))
            elif e.type == "game_ended":
                for s in everyone:
                    send(s, messages.game_over(doc(s), s, dl, after.seed.hex()))
            elif e.type in ("paused", "resumed"):
                pause = before.clocks.pause if e.type == "resumed" else e.payload.get("pause")
                for s in everyone:
                    send(s, messages.paused(doc(s), s, dl, e.seat, e.type == "resumed",
                                            (pause or {}).get("until")))
        if after.status != "active":
            return
        for seat, sc in enumerate(after.clocks.seats):
            opened_now = sc.opened_seq is not None and sc.opened_seq != before.clocks.seats[seat].opened_seq
            if opened_now and seat not in movers:
                send(seat, messages.your_turn(doc(seat), seat, dl, self.reply_address(gid, seat), base))

    def remind(self, conn, loaded: "Loaded", seat: int, now: float) -> int:
        sc = loaded.clocks.seats[seat]
        left = format_remaining(sc.due_at - now)
        dl = self._deadlines(loaded)
        note = messages.reminder(self.service.describe(loaded, seat), seat, dl,
                                 self.reply_address(loaded.game_id, seat), self.service.config.base_url, left)
        # One reminder per offset: the key names the reminder time the policy fixed.
        due_keys = [t for t in loaded.policy.reminder_times(sc.opened_at, sc.due_at) if t <= now]
        key = f"{loaded.game_id}:{seat}:reminder:{sc.opened_seq}:{int(max(due_keys)) if due_keys else 0}"
        return self.queue(conn, loaded, seat, note, key, now)

    def mail_reply(self, conn, loaded: "Loaded", seat: int, accepted: bool, move: Any, problem: dict | None,
                   key: str, now: float) -> int:
        note = messages.mail_reply(self.service.describe(loaded, seat), seat, self._deadlines(loaded),
                                   self.reply_address(loaded.game_id, seat), self.service.config.base_url,
                                   accepted, move, problem)
        contacts = self.contacts(conn, loaded.game_id)
        if not contacts[seat]["email"]:
            return 0
        return outbox.enqueue(conn, loaded.game_id, seat, "email", contacts[seat]["email"], note.kind,
                              note.subject, note.text, key, now)
