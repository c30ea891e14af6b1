"""Outbox delivery: signed webhooks for bots, retries with backoff, an SMTP outage losing nothing."""

from __future__ import annotations

import json

from referee.notify import webhooks
from referee.notify.delivery import deliver_due
from referee.ops.scheduler import run_once
from referee.store import outbox
from tests.conftest import MailSink, free_port
from tests.flow.support import EMAILS, babel_with_clock, make_service


def test_webhooks_are_signed_and_retried_until_delivered(database, tmp_path, clock, webhook_sink):
    svc = make_service(database, clock)
    created = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"}, emails=False,
                               webhook=webhook_sink.url)
    gid, secret = created["id"], created["seats"][1]["webhook_secret"]
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})  # now Bo (a bot) must move
    webhook_sink.replies = [500, 503]
    assert deliver_due(svc) == {"sent": 0, "retry": 1, "failed": 0}
    assert deliver_due(svc)["sent"] == 0  # not due again before the backoff delay
    clock.advance(31)
    assert deliver_due(svc)["retry"] == 1
    clock.advance(61)
    assert deliver_due(svc) == {"sent": 1, "retry": 0, "failed": 0}
    headers, body = webhook_sink.received[0]
    assert webhooks.verify(secret.encode(), headers[webhooks.TIMESTAMP_HEADER], body,
                           headers[webhooks.SIGNATURE_HEADER], now=clock.now)
    data = json.loads(body)
    assert data["event"] == "your_turn" and data["seat"] == 1 and data["prompts"][0]["choices"]
    assert data["deadline"] == clock.now - 92 + 72 * 3600
    # The bot answers with what the webhook offered; the service accepts it.
    status, _ = svc.submit_move(gid, 1, {"move": data["prompts"][0]["default"], "expected_seq": data["seq"]})
    assert status == 201


def test_an_smtp_outage_delays_mail_and_loses_none(database, tmp_path, clock):
    port = free_port()
    svc = make_service(database, clock, f"smtp://127.0.0.1:{port}")
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"})["id"]
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
    queued = outbox.messages(svc.db.conn, gid)
    assert [m["recipient"] for m in queued] == [EMAILS[0], EMAILS[1]]  # Ada at creation, then Bo
    counts = deliver_due(svc)
    assert counts["retry"] == 2 and counts["sent"] == 0
    sink = MailSink(port).start()
    try:
        clock.advance(29)
        assert deliver_due(svc)["sent"] == 0
        clock.advance(2)
        assert deliver_due(svc)["sent"] == 2
        assert sorted(m["To"] for m in sink.messages) == sorted(EMAILS)
        assert all(m["Reply-To"].startswith("play+" + gid) for m in sink.messages)
        assert deliver_due(svc)["sent"] == 0
        assert len(sink.messages) == 2
    finally:
        sink.stop()


def test_without_smtp_configured_mail_stays_queued(database, tmp_path, clock):
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"})["id"]
    clock.advance(10 * 86400)
    run_once(svc)
    assert all(m["sent_at"] is None and not m["failed"] for m in outbox.messages(svc.db.conn, gid))
