"""Issue 27 by mail, through a real SMTP server and `referee mail-in`: `then:` lines queue
pre-set moves (told only to their seat), `takeback` / `accept`, `propose draw` / `vote yes`;
the other seat is asked by mail, and never sees the queue."""

from __future__ import annotations

import pytest

from referee.notify.delivery import deliver_due
from tests.flow.support import EMAILS, babel_with_clock, make_service
from tests.flow.test_mail_commands import send, two_cards

pytestmark = pytest.mark.one_database  # foresight by mail (parsing); presets and takebacks run twice in flow/test_foresight.py


def test_then_lines_takeback_and_a_draw_by_mail(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    a, _ = two_cards(svc, gid)
    # Bo (not to move) queues a move for his next turn; only he is told
    answer = send(svc, mail_sink, 1, "then: finish", 1, gid)
    assert "Queued 1 move for your next turns" in answer.get_content()
    assert svc.presets(gid, 1)["queue"] == [{"move": {"type": "finish_first_turn"}}]
    # Ada travels (with a `then:` line of her own), then asks to take it back
    answer = send(svc, mail_sink, 0, f"travel {a}\nthen: end if finish", 2)
    body = answer.get_content()
    assert "1. travel" in body and "Queued 1 move" in body
    assert svc.presets(gid, 0)["queue"] == [{"move": {"type": "end_turn"},
                                             "if": {"opponent_move": {"type": "finish_first_turn"}}}]
    answer = send(svc, mail_sink, 0, "takeback", 3)
    assert "You asked to take back your last moves" in answer.get_content()
    deliver_due(svc)
    asked = mail_sink.to(EMAILS[1])[-1]
    assert "Your answer is asked" in asked["Subject"] and "accept" in asked.get_content()
    answer = send(svc, mail_sink, 1, "accept", 4)
    assert "You accepted the takeback. It is done." in answer.get_content()
    assert svc.raw_events(gid)[-1].type == "takeback"
    # nothing of either queue reached the other seat's mails: each seat read of one queue, its own
    for seat in (0, 1):
        told = [m.get_content() for m in mail_sink.to(EMAILS[seat])]
        assert sum("Queued 1 move" in t for t in told) == 1
    # a draw by mail
    send(svc, mail_sink, 0, "propose draw", 5)
    deliver_due(svc)
    assert "proposed a draw" in mail_sink.to(EMAILS[1])[-1].get_content()
    answer = send(svc, mail_sink, 1, "vote yes", 6)
    assert "You voted yes." in answer.get_content()
    ended = svc.load(gid)
    assert ended.finished and ended.result["by"] == "agreement" and ended.result["agreement"]["kind"] == "draw"
    deliver_due(svc)
    assert "draw by agreement" in mail_sink.to(EMAILS[0])[-1].get_content()
