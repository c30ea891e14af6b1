"""Commands by mail, refusals mid-mail, threads, late reminders and failed deliveries.

Mail goes through a real SMTP server (aiosmtpd on loopback) and back through `referee mail-in`.
"""

from __future__ import annotations

import logging

import pytest

from referee.notify.delivery import deliver_due
from referee.ops.scheduler import run_once
from referee.store import outbox
from tests.conftest import MailSink, free_port
from tests.flow.support import DOMAIN, EMAILS, babel_with_clock, make_service
from tests.flow.test_mail_play import mail_in, reply

above_the_store = pytest.mark.one_database  # mail commands' parsing and wording; threads, reminders and failed deliveries run twice in this file

H = 3600


def two_cards(svc, gid: str) -> tuple[str, str]:
    """Two cards of Ada's dealt hand (random per game): one to travel with, one to settle."""
    hand = dict(svc.load(gid).state["players"][0]["hand"])
    first = next(p for p, n in hand.items() if n)
    hand[first] -= 1
    return first, next(p for p, n in hand.items() if n)


def send(svc, sink, seat: int, text: str, n: int, gid: str | None = None):
    """Answer the seat's latest mail with `text` (or, before it has any, write to its reply
    address of game `gid`); returns the referee's answer."""
    if sink.to(EMAILS[seat]):
        raw = reply(sink.to(EMAILS[seat])[-1], EMAILS[seat], text, n)
    else:
        raw = (f"From: {EMAILS[seat]}\r\nTo: {svc.notifier.reply_address(gid, seat)}\r\nSubject: cmd\r\n"
               f"Message-ID: <cmd-{n}@example.org>\r\n\r\n{text}\r\n").encode()
    result = mail_in(svc.database, raw)
    assert result.exit_code == 0, result.output
    deliver_due(svc)
    return sink.to(EMAILS[seat])[-1]


@above_the_store
def test_the_third_line_refused_plays_two_and_says_why(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    seq = svc.load(gid).seq
    # `end` is refused while the start card can still be built (B-15).
    a, b = two_cards(svc, gid)
    text = f"travel {a}\nsettle {b}\nend\nfinish"
    answer = send(svc, mail_sink, 0, text, 1)
    body = answer.get_content()
    assert "2 moves played, line 3 refused" in answer["Subject"]
    assert f"1. travel {a} -- Ada travelled to the {a.title()}" in body
    assert f"2. settle {b} -- Ada settled {'an' if b[0] in 'aeiou' else 'a'} {b.title()} card at the " in body
    assert 'Line 3 "end" was refused:' in body and "(rule B-15)" in body
    log = svc.raw_events(gid)[seq:]
    assert [(e.type, e.seat, e.payload["move"]) for e in log] == [
        ("move", 0, {"type": "travel", "people": a}), ("move", 0, {"type": "settle", "people": b})]
    # The same mail delivered again plays nothing more and answers the same.
    assert mail_in(svc.database, reply(mail_sink.to(EMAILS[0])[-2], EMAILS[0], text, 1)).exit_code == 0
    assert svc.load(gid).seq == seq + 2


@above_the_store
def test_semicolons_separate_moves_and_a_blank_line_ends_them(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    a, b = two_cards(svc, gid)
    answer = send(svc, mail_sink, 0, f"travel {a}; settle {b}\n\nfinish", 1)
    assert "2 moves accepted" in answer["Subject"], answer.get_content()
    assert svc.load(gid).seq == 3


@above_the_store
def test_every_command(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"})["id"]
    deliver_due(svc)
    a, b = two_cards(svc, gid)
    send(svc, mail_sink, 0, f"travel {a}; settle {b}", 1)

    answer = send(svc, mail_sink, 0, "help", 2)
    assert answer["Subject"].endswith("Help") and "notify all|turn|none" in answer.get_content()
    assert "history [N]" in answer.get_content()
    answer = send(svc, mail_sink, 0, "frobnicate the temple", 3)  # neither a command nor a move
    body = answer.get_content()
    assert "Move rejected" in answer["Subject"] and "unknown move 'frobnicate'" in body and "Commands (as" in body
    answer = send(svc, mail_sink, 0, "status", 4)
    body = answer.get_content()
    assert answer["Subject"].endswith("Status") and "Your position:" in body and "You must decide:" in body
    assert "Bo" in body and "{" not in body
    answer = send(svc, mail_sink, 0, "history 2", 5)
    body = answer.get_content()
    assert "The last 2 events:" in body and f"2. Ada travelled to the {a.title()}" in body
    assert f"3. Ada settled {'an' if b[0] in 'aeiou' else 'a'} {b.title()} card at the " in body
    answer = send(svc, mail_sink, 0, "moves", 6)
    assert answer["Subject"].endswith("Legal moves") and "Legal moves (" in answer.get_content()
    assert "... and" not in answer.get_content()

    answer = send(svc, mail_sink, 1, "notify turn", 7, gid)
    assert "only when you must act" in answer.get_content()
    answer = send(svc, mail_sink, 0, "pause", 8)
    assert "You paused the game" in answer.get_content() and svc.load(gid).status == "paused"
    assert not any("Game paused" in m["Subject"] for m in mail_sink.to(EMAILS[1]))  # Bo wants turn mails only
    assert any("Game paused" in m["Subject"] for m in mail_sink.to(EMAILS[0]))
    answer = send(svc, mail_sink, 0, "resume", 9)
    assert "running again" in answer.get_content() and svc.load(gid).status == "active"
    answer = send(svc, mail_sink, 0, "resume", 10)
    assert "Could not resume: the game is not paused" in answer.get_content()
    answer = send(svc, mail_sink, 1, "notify none", 11)
    assert "no mails except answers" in answer.get_content()
    before = len(mail_sink.to(EMAILS[1]))
    answer = send(svc, mail_sink, 0, "resign", 12)
    assert "You resigned" in answer.get_content() and svc.load(gid).finished
    assert len(mail_sink.to(EMAILS[1])) == before  # Bo asked for no mail: not even the result
    assert svc.game(gid, 0)["result"]["reason"] == "resigned"
    over = [m for m in mail_sink.to(EMAILS[0]) if m["Subject"].endswith("Game over")]
    assert len(over) == 1 and "Your page: http" in over[0].get_content() and "Bo won (after a resignation)" in over[0].get_content()


def test_mails_of_a_game_to_a_seat_are_one_thread(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    babel_with_clock(svc, None)
    deliver_due(svc)
    first = mail_sink.to(EMAILS[0])[0]
    root = first["Message-ID"]
    assert root.endswith(f"@{DOMAIN}>") and first["In-Reply-To"] is None
    answer = send(svc, mail_sink, 0, "finish", 1)
    assert answer["In-Reply-To"] == "<reply-1@example.org>"
    assert answer["References"].split() == [root, "<reply-1@example.org>"]
    send(svc, mail_sink, 1, "finish", 2)
    later = mail_sink.to(EMAILS[0])[-1]
    assert later["Subject"].endswith("Your move") and later["In-Reply-To"] == root
    assert later["References"].split() == [root] and later["Message-ID"].endswith(f"@{DOMAIN}>")
    ids = [m["Message-ID"] for m in mail_sink.messages]
    assert len(ids) == len(set(ids))
    bo_root = mail_sink.to(EMAILS[1])[0]["Message-ID"]
    assert bo_root != root and all(m["References"].split()[0] == bo_root for m in mail_sink.to(EMAILS[1])[1:]), \
        [(m["Subject"], m["Message-ID"], m["References"]) for m in mail_sink.to(EMAILS[1])]


def test_a_reminder_whose_deadline_passed_is_never_sent(database, tmp_path, clock):
    sink = MailSink().start()
    try:
        svc = make_service(database, clock, sink.url)
        gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "reminders": ["24h"]})["id"]
        due = svc.load(gid).clocks.seats[0].due_at
        clock.now = due - 24 * H + 1
        assert svc.queue_due_reminders() == 1  # queued, but the mail server is slow to be reached...
        clock.now = due + 5  # ...and the deadline passes before delivery
        deliver_due(svc)
        assert not [m for m in sink.messages if "Reminder" in m["Subject"]]
        assert run_once(svc)["timeouts"] == 1
        assert not [m for m in sink.messages if "Reminder" in m["Subject"]]
        # A scheduler pass after the deadline queues no reminder either.
        gid2 = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h", "reminders": ["1h"]})["id"]
        loaded = svc.load(gid2)
        assert svc.notifier.remind(svc.db.conn, loaded, 0, loaded.clocks.seats[0].due_at + 1) == 0
    finally:
        sink.stop()


def test_a_failed_delivery_logs_its_reason(database, tmp_path, clock, caplog):
    dead = f"smtp://127.0.0.1:{free_port()}"  # nobody listens there
    svc = make_service(database, clock, dead)
    babel_with_clock(svc, None)
    with caplog.at_level(logging.WARNING, logger="referee.notify.delivery"):
        counts = deliver_due(svc)
    assert counts["retry"] == 1
    text = caplog.text
    assert "failed, will retry: MailDeliveryError" in text and "ConnectionRefusedError" in text
    assert "@" not in text.replace("127.0.0.1", "")  # no address in the log
    assert all(m["last_error"] for m in outbox.messages(svc.db.conn) if m["channel"] == "email")
