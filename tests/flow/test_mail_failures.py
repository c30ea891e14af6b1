"""A mail that fails for good is recorded once, with its reason, and no later mail of the thread
refers to it; a transport error that may pass is retried as before."""

from __future__ import annotations

import logging

from referee.notify.delivery import deliver_due
from referee.store import outbox
from tests.conftest import MailSink
from tests.flow.support import EMAILS, babel_with_clock, make_service


class RefusingSink(MailSink):
    """Refuses the message data with `code` while `refusing` is set, then accepts."""

    def __init__(self, code: str):
        super().__init__()
        self.code = code
        self.refusing = True

    async def handle_DATA(self, server, session, envelope):
        if self.refusing:
            return self.code
        return await super().handle_DATA(server, session, envelope)


def _ada(svc, gid):
    return [m for m in svc.all_mails(gid) if m["recipient"] == EMAILS[0]]


def test_a_mail_refused_for_good_is_recorded_once_and_never_threaded_to(database, clock, caplog):
    sink = RefusingSink("554 5.7.1 rejected by policy").start()
    try:
        svc = make_service(database, clock, smtp_url=sink.url)
        gid = babel_with_clock(svc, None)["id"]
        with caplog.at_level(logging.WARNING, logger="referee.notify.delivery"):
            assert deliver_due(svc)["failed"] >= 1
        first = _ada(svc, gid)[-1]
        assert first["state"] == "failed" and "554" in first["reason"] and "rejected by policy" in first["reason"]
        assert sum("failed for good" in r.getMessage() for r in caplog.records) == 1
        clock.advance(3600)
        assert deliver_due(svc) == {"sent": 0, "retry": 0, "failed": 0}  # recorded once, never tried again
        assert outbox.emails(svc.db.conn, message_id=first["id"])[0]["attempts"] == 1

        sink.refusing = False
        svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
        svc.submit_move(gid, 1, {"move": {"type": "finish_first_turn"}})  # Ada's turn again: a new mail
        deliver_due(svc)
        later = sink.to(EMAILS[0])
        assert later, "the next mail to Ada was sent"
        received = {m["Message-ID"] for m in later}  # what Ada received
        root = later[0]
        assert not root["In-Reply-To"] and not root["References"]  # the first mail that arrived opens the thread
        for m in later[1:]:
            refs = (m["References"] or "").split() + [m["In-Reply-To"]]
            assert all(r in received for r in refs if r), (refs, received)
    finally:
        sink.stop()


def test_a_passing_error_is_retried(database, clock):
    sink = RefusingSink("451 4.3.0 try again later").start()
    try:
        svc = make_service(database, clock, smtp_url=sink.url)
        gid = babel_with_clock(svc, None)["id"]
        assert deliver_due(svc)["retry"] >= 1
        waiting = _ada(svc, gid)[-1]
        assert waiting["state"] == "waiting" and "451" in waiting["reason"]
        sink.refusing = False
        clock.advance(60)
        assert deliver_due(svc)["sent"] >= 1
        assert _ada(svc, gid)[-1]["state"] == "sent" and sink.to(EMAILS[0])[0]["Message-ID"]
    finally:
        sink.stop()
