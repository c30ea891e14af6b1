"""Which notifications an appended batch of events causes, queued in the same transaction.

A seat is told when a decision opens for it (not after its own move: the HTTP answer or the
mail reply already tells it), when its deadline passed, before a deadline (reminders, never
once the deadline has passed), when a seat turns absent, when the game pauses, resumes or
ends. Mail goes only where the seat's `notify` setting wants it (see preferences); webhooks
get everything.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.service.clock import format_remaining
from referee.engine.replay import STATE_EVENTS
from referee.service.notices import addresses
from referee.service.notices import messages
from referee.service.notices import preferences
from referee.service.notices.messages import Note, Seen
from referee.plumbing.i18n import N_, translator
from referee.service.notices import alert_fanout
from referee.service.play import read
from referee.service.talk import messages as talk
from referee.service.narration import narrate_event, result_sentence
from referee.service.narration_texts import remember_state, texts
from referee.store import credentials, events, outbox, players, seat_settings, tenures
from referee.service.links import seat_url

if TYPE_CHECKING:
    from referee.service.loaded import Loaded
    from referee.service.core import Core

MAX_SINCE = 80  # events narrated at most in "since your last move"
# Takebacks and agreements (issue 27): who is asked to answer, and how; what is told to all once decided.
ASKING = {"takeback_requested": N_("Answer `accept` or `refuse` (or on your page)."),
          "proposal": N_("Answer `vote yes` or `vote no` (or on your page).")}
DECIDING = ("takeback", "takeback_refused", "proposal_failed", "proposal_lapsed")


class Notifier:
    def __init__(self, service: "Core"):
        self.service = service
        self._contacts: dict[tuple[str, int, str | None], list[dict[str, Any]]] = {}

    def contacts(self, conn, game_id: str, holders: int = 0) -> list[dict[str, Any]]:
        """A game's seats and addresses, cached per game and `holders` (the count of seat events
        in its log: a seat changing hands changes its address, in every process alike) and the
        erasures seen (an erased player's address is gone: core.py, `_after_erasures`)."""
        key = (game_id, holders, self.service.erased_mark)
        found = self._contacts.get(key)
        if found is None:
            if len(self._contacts) > 10_000:
                self._contacts.clear()
            found = self._contacts[key] = credentials.seats(conn, game_id)
        return found

    def reply_address(self, game_id: str, seat: int, tenure: int | None = None) -> str:
        """The seat's reply address for its holder in `tenure` (None: the holder of the moment)."""
        if tenure is None:
            tenure = (tenures.tenure_of(self.service.db.conn, game_id, seat) or (0, ""))[0]
        return addresses.reply_address(self.service.secret_key, game_id, seat, self.service.config.inbound_domain,
                                       tenure=tenure)

    def reply_tenure(self, game_id: str, seat: int) -> int | None:
        """The tenure a reply address must carry to play for the seat: its holder's; None when
        nobody holds it (a former holder's address is refused)."""
        held = tenures.tenure_of(self.service.db.conn, game_id, seat)
        return held[0] if held is not None and held[1] == tenures.HELD else None

    def webhook_secret(self, game_id: str, seat: int) -> str:
        return addresses.seat_secret(self.service.secret_key, game_id, seat)

    def _deadline(self, loaded: "Loaded", seat: int) -> float | None:
        due = loaded.clocks.seats[seat].due_at
        return due if loaded.status == "active" else None

    def since(self, conn, loaded: "Loaded", seat: int, lang: str | None = None) -> list[tuple[int | None, str]]:
        """Every event after the seat's last move, narrated as the seat may see it, in its language."""
        last = events.last_move_of(conn, loaded.game_id, seat)
        after = max(last, loaded.seq - MAX_SINCE)
        shown = [read.redact_event(self.service, loaded, e, seat)
                 for e in events.read(conn, loaded.game_id, after) if e.seq <= loaded.seq]
        told = list(zip((e["seat"] for e in shown), texts(self.service, loaded, shown, seat, lang)))
        if after > last:
            told.insert(0, (None, translator(lang).ngettext(
                "(%(n)d earlier event is not shown: answer `history %(all)s`.)",
                "(%(n)d earlier events are not shown: answer `history %(all)s`.)", after - last, all=loaded.seq - last)))
        return told

    def seen(self, conn, loaded: "Loaded", seat: int, since: bool = True,
             settings: dict[int, dict] | None = None) -> Seen:
        """What a mail to `seat` may be built from."""
        svc, gid = self.service, loaded.game_id
        settings = settings if settings is not None else seat_settings.settings(conn, gid)
        lang = settings.get(seat, {}).get("lang")
        return Seen(doc=svc.describe(loaded, seat, lang), seat=seat, tr=translator(lang),  # prompts in its language
                    names=[s["name"] for s in loaded.created["seats"]], title=loaded.rules.title,
                    rules=loaded.rules, since=self.since(conn, loaded, seat, lang) if since else [],
                    deadline=self._deadline(loaded, seat), tz=settings.get(seat, {}).get("tz"),
                    reply_to=self.reply_address(gid, seat),
                    link=seat_url(svc.config.base_url, svc.secret_key, gid, seat,
                                  (tenures.tenure_of(conn, gid, seat) or (0, ""))[0]))

    def queue(self, conn, loaded: "Loaded", seat: int, note: Note, key: str, now: float,
              contacts: list[dict[str, Any]] | None = None, email: bool = True) -> int:
        """Queue a note for one seat on each channel it has; returns how many were new."""
        contacts = contacts if contacts is not None else self.contacts(conn, loaded.game_id, loaded.created.get("holders", 0))
        contact = contacts[seat]
        n = 0
        if contact["email"] and email:
            n += outbox.enqueue(conn, loaded.game_id, seat, "email", contact["email"], note.kind, note.subject,
                                note.text, f"{key}:email", now)
        if contact["webhook"]:
            n += outbox.enqueue(conn, loaded.game_id, seat, "webhook", contact["webhook"], note.kind, note.subject,
                                json.dumps(note.data, sort_keys=True), f"{key}:webhook", now)
        return n

    def on_events(self, conn, before: "Loaded", after: "Loaded", appended: list, now: float) -> None:
        alert_fanout.on_events(self.service, conn, before, after, appended, now)  # chat and push channels
        contacts = self.contacts(conn, after.game_id, after.created.get("holders", 0))
        if not any(c["email"] or c["webhook"] for c in contacts):
            return
        gid = after.game_id
        if appended:  # the states around this batch: narrating it for each seat needs no replay
            remember_state(self.service, gid, before.seq, appended[0].prev_hash, before.state)
            remember_state(self.service, gid, after.seq, appended[-1].hash, after.state)
        settings = seat_settings.settings(conn, gid)
        digest_only = players.digest_only_seats(conn, gid)  # their players take the digest instead
        names = [s["name"] for s in after.created["seats"]]
        seen: dict[int, Seen] = {}

        def look(seat: int) -> Seen:
            if seat not in seen:
                seen[seat] = self.seen(conn, after, seat, settings=settings)
            return seen[seat]

        def send(seat: int, make) -> None:
            level = settings.get(seat, {}).get("notify", "all")
            note: Note = make(look(seat))
            self.queue(conn, after, seat, note, f"{gid}:{seat}:{note.kind}:{after.seq}", now, contacts,
                       email=preferences.wants(level, note.kind) and seat not in digest_only)

        movers = {e.seat for e in appended if e.type in STATE_EVENTS}
        everyone = range(len(contacts))
        for e in appended:
            if e.type == "timeout":
                seat = e.seat
                absent = after.clocks.seats[seat].absent
                became_absent = absent and not before.clocks.seats[seat].absent
                send(seat, lambda s, e=e, absent=absent: messages.timed_out(s, e.payload["move"], absent))
                if became_absent:
                    for s in everyone:
                        if s != seat:
                            send(s, lambda v, seat=seat: messages.seat_absent(v, seat, contacts[seat]["name"]))
            elif e.type == "game_ended":
                for s in everyone:
                    send(s, lambda v, e=e: messages.game_over(v, result_sentence(e.payload.get("result"), names, v.tr),
                                                              after.seed.hex()))
            elif e.type in ASKING:
                for s in everyone:
                    if s != e.seat:
                        send(s, lambda v, e=e: messages.asked(
                            v, narrate_event(after.rules, e.to_json(), names, tr=v.tr), v.tr.gettext(ASKING[e.type])))
            elif e.type in DECIDING:
                for s in everyone:
                    send(s, lambda v, e=e: messages.decided(v, narrate_event(after.rules, e.to_json(), names, tr=v.tr)))
            elif e.type in ("paused", "resumed"):
                pause = before.clocks.pause if e.type == "resumed" else e.payload.get("pause")
                by = names[e.seat] if e.seat is not None and e.seat < len(names) else None
                for s in everyone:
                    send(s, lambda v, e=e, pause=pause, by=by: messages.paused(
                        v, by, e.type == "resumed", (pause or {}).get("until")))
        if after.status != "active":
            return
        # A decision opened: the seat's clock opened anew, or (a game without a clock keeps no
        # clock) the seat is prompted now and was not before.
        prompted_before = set(before.prompted) if before.seq and before.status == "active" else set()
        prompted_after = set(after.prompted)
        for seat, sc in enumerate(after.clocks.seats):
            opened_now = sc.opened_seq is not None and sc.opened_seq != before.clocks.seats[seat].opened_seq
            if (opened_now or (seat in prompted_after and seat not in prompted_before)) and seat not in movers:
                send(seat, lambda v, seat=seat: messages.your_turn(self.with_talk(conn, after, v)))

    def with_talk(self, conn, loaded: "Loaded", seen: Seen) -> Seen:
        """`seen` with the messages the seat may read since its last mail showed messages (a
        "your turn" mail carries them; talk.since_mail applies the one visibility rule)."""
        new = talk.since_mail(self.service, conn, loaded, seen.seat)
        return replace(seen, talk=[(messages.talk_heading(m, seen.names, seen.tr), m["text"]) for m in new])

    def on_message(self, conn, loaded: "Loaded", m: dict[str, Any], now: float) -> None:
        """A message was appended (in its transaction): the hook for anything that tells seats of
        new talk. Each seat with a webhook that may read it and has not muted the sender gets a
        `message` notification (mail carries talk in the next "your turn" mail); alert channels
        (service/notices/alert_fanout.py) hear that there is a message, never its text: a message to all is the
        table's (its game channels too), a private one only its readers' own channels, a note
        nobody's."""
        contacts = self.contacts(conn, loaded.game_id, loaded.created.get("holders", 0))
        names = [s["name"] for s in loaded.created["seats"]]
        if not m["note"]:
            told = {s for s in range(len(names)) if s != m["from"] and talk.tells(conn, loaded, m, s)}
            audience = None if m["to"] == "all" else told
            muted = frozenset(s for s in range(len(names)) if s != m["from"] and s not in told)
            alert_fanout.on_message(self.service, conn, loaded, str(m["seq"]), m["from"], audience, now, muted)
        for seat, contact in enumerate(contacts):
            if not contact["webhook"] or seat == m["from"] or not talk.tells(conn, loaded, m, seat):
                continue
            lang = seat_settings.of(conn, loaded.game_id, seat).get("lang")
            note = messages.message_note(loaded.game_id, loaded.game, seat, m, names, translator(lang),
                                         title=loaded.rules.title)
            self.queue(conn, loaded, seat, note, f"{loaded.game_id}:{seat}:message:{m['seq']}", now, contacts,
                       email=False)

    def remind(self, conn, loaded: "Loaded", seat: int, now: float) -> int:
        """Queue the due reminder; nothing once the deadline has passed (the timeout tells)."""
        sc = loaded.clocks.seats[seat]
        if sc.due_at is None or sc.due_at <= now:
            return 0
        level = seat_settings.of(conn, loaded.game_id, seat)["notify"]
        seen = self.seen(conn, loaded, seat)
        note = messages.reminder(seen, format_remaining(sc.due_at - now, seen.tr))
        # One reminder per offset: the key names the reminder time the policy fixed.
        due_keys = [t for t in loaded.policy.reminder_times(sc.opened_at, sc.due_at) if t <= now]
        key = f"{loaded.game_id}:{seat}:reminder:{sc.opened_seq}:{int(max(due_keys)) if due_keys else 0}"
        alert_fanout.on_reminder(self.service, conn, loaded, seat, sc.due_at - now, key, now)
        wants = preferences.wants(level, "reminder") and seat not in players.digest_only_seats(conn, loaded.game_id)
        return self.queue(conn, loaded, seat, note, key, now, email=wants)

    def mail_reply(self, conn, loaded: "Loaded", seat: int, note: Note, key: str, now: float,
                   in_reply_to: str | None) -> int:
        """Queue the answer to a seat's own mail (always sent, whatever its notify setting),
        threaded under that mail."""
        contacts = self.contacts(conn, loaded.game_id, loaded.created.get("holders", 0))
        if not contacts[seat]["email"]:
            return 0
        new = outbox.enqueue(conn, loaded.game_id, seat, "email", contacts[seat]["email"], note.kind,
                             note.subject, note.text, key, now)
        if new and in_reply_to:
            outbox.set_in_reply_to(conn, key, in_reply_to[:998])
        return new
