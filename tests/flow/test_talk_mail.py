"""Table talk by mail (issue 24), through `referee mail-in` and a real SMTP server on loopback:
a reply with two moves and a `say all:` line plays both moves and sends the message; the other
seat's "your turn" mail carries the messages it may read since its last mail, and nothing else."""

from __future__ import annotations

import pytest

from referee.notify.delivery import deliver_due
from tests.flow.support import EMAILS, babel_with_clock, make_service
from tests.flow.test_mail_play import mail_in, reply


def test_moves_and_messages_share_one_mail(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    first = mail_sink.to(EMAILS[0])[-1]
    hand = dict(svc.load(gid).state["players"][0]["hand"])
    a = next(p for p, n in hand.items() if n)
    hand[a] -= 1
    b = next(p for p, n in hand.items() if n)
    body = (f"travel {a}\nsay all: Good luck, Bo <b>!</b>; have fun\nsettle {b}\nsay 2: a deal?\n"
            "say note: Bo looks weak\n")
    assert mail_in(svc.database, reply(first, EMAILS[0], body, 1)).exit_code == 0
    assert svc.load(gid).seq == 3  # both moves played
    assert [m["text"] for m in svc.messages(gid, 1)] == ["Good luck, Bo <b>!</b>; have fun", "a deal?"]
    assert [m["text"] for m in svc.messages(gid, 0)][-1] == "Bo looks weak"
    deliver_due(svc)
    answer = mail_sink.to(EMAILS[0])[-1].get_content()
    assert "Played 2 moves" in answer and "Message sent (to all)." in answer
    assert "Message sent (to seat 2)." in answer and "Note kept" in answer  # seats as people count them
    # The same mail delivered twice sends its messages once.
    assert mail_in(svc.database, reply(first, EMAILS[0], body, 1)).exit_code == 0
    assert len(svc.messages(gid, 0)) == 3
    # Ada ends her turn: Bo's "your turn" mail carries the talk he may read, not Ada's note.
    assert mail_in(svc.database, reply(first, EMAILS[0], "finish", 2)).exit_code == 0
    deliver_due(svc)
    turn = [m for m in mail_sink.to(EMAILS[1]) if "Your move" in m["Subject"]][-1].get_content()
    assert "Messages since your last mail:" in turn
    assert "Ada (seat 1) to all:" in turn and "Good luck, Bo <b>!</b>; have fun" in turn
    assert "Ada (seat 1) to Bo (seat 2):" in turn and "a deal?" in turn and "seat 0" not in turn
    assert "weak" not in turn
    # Bo answers by mail with a message only; Ada's next mail shows it once, and only once.
    assert mail_in(svc.database, reply(mail_sink.to(EMAILS[1])[-1], EMAILS[1], "say 1: no deal", 3)).exit_code == 0
    deliver_due(svc)
    assert "Message sent (to seat 1)." in mail_sink.to(EMAILS[1])[-1].get_content()
    assert [m["text"] for m in svc.messages(gid, 0)][-1] == "no deal"


@pytest.mark.one_database  # what a webhook may read lies above the store; talk and the outbox run twice above
def test_a_seats_webhook_hears_of_the_messages_it_may_read(database, clock):
    """Notifier.on_message, the one hook for new talk: a `message` notification to each other
    seat that may read the message and has not muted its sender; notes and muted senders none."""
    import json

    from referee.store import outbox
    svc = make_service(database, clock)
    gid = babel_with_clock(svc, None, emails=False, webhook="http://hooks.example.org/bo")["id"]
    for to, text in (("all", "hi all"), ([1], "hi Bo"), ("note", "Bo is weak")):
        svc.post_message(gid, 0, {"to": to, "text": text})
    svc.post_message(gid, 1, {"to": "all", "text": "Bo here"})
    svc.set_mute(gid, 1, 0, True)
    svc.post_message(gid, 0, {"to": "all", "text": "muted words"})

    def heard() -> list:
        return [json.loads(m["body"])["message"]["text"] for m in outbox.messages(svc.db.conn, gid)
                if m["kind"] == "message"]
    assert heard() == ["hi all", "hi Bo"]
    assert all(m["seat"] == 1 and m["channel"] == "webhook" for m in outbox.messages(svc.db.conn, gid)
               if m["kind"] == "message")
