"""A whole game played by email through `referee mail-in`, as an MTA pipe would run it.

Each player reads the referee's mail (from a real SMTP server on loopback), picks one of the
legal moves it lists, and answers it the way people do: a reply quoting the original, with a
signature, sometimes in the game's text form, sometimes as JSON, once as HTML-only mail.
"""

from __future__ import annotations

import json
import random
from email.message import EmailMessage

from click.testing import CliRunner

import pytest

from referee.ops.cli import main
from referee.plumbing.config import Config
from referee.engine.verify import verify_events
from referee.notify.delivery import deliver_due
from referee.store import outbox
from tests.conftest import start_server
from tests.flow.support import EMAILS, DOMAIN, babel_with_clock, mail_leaks, make_service

pytestmark = pytest.mark.one_database  # mail parsing and wording; the outbox and inbound paths run twice in flow/test_notifications.py, test_mail_commands.py


def as_text(move: dict) -> str:
    """The Babel short text form (referee/games/babel/README.md)."""
    t = move["type"]
    if t == "end_turn":
        return "end"
    if t == "finish_first_turn":
        return "finish"
    if t in ("travel", "settle"):
        return f"{t} {move['people']}"
    if t == "build":
        return "build start" if move["source"] == "start" else f"build yard {move['yard']}"
    if t == "migrate":
        return f"migrate {move['from']} {move['to']}"
    if t == "discard":
        return "discard " + " ".join(move["cards"])
    extra = f" yard {move['yard']}" if "yard" in move else f" target {move['target']}" if "target" in move else ""
    return f"ability {move['power']} {move['index']}{extra}"


def reply(to_mail, sender: str, move_text: str, n: int, html: bool = False) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"Player <{sender}>"
    msg["To"] = to_mail["Reply-To"]
    msg["Subject"] = "Re: " + to_mail["Subject"]
    msg["Message-ID"] = f"<reply-{n}@example.org>"
    msg["In-Reply-To"] = to_mail["Message-ID"]
    quoted = "\n".join("> " + line for line in to_mail.get_content().splitlines()[:12])
    if html:
        msg.set_content(f"<html><body><p>{move_text}</p><blockquote>{quoted}</blockquote></body></html>",
                        subtype="html")
    else:
        msg.set_content(f"{move_text}\n\nthanks!\n-- \nPlayer\n\nOn Mon, Referee wrote:\n{quoted}\n")
    return msg.as_bytes()


def mail_in(db: str, raw: bytes):
    return CliRunner().invoke(main, ["--database", db, "mail-in"], input=raw,
                              env={"REFEREE_SECRET_KEY": "test-secret", "REFEREE_INBOUND_DOMAIN": DOMAIN})


def legal_moves(message, rules) -> list[dict]:
    """The moves the mail lists (in the game's text form); without a list, the default it names."""
    body = message.get_content().replace("\r\n", "\n")
    if "Legal moves (" not in body:
        line = body.split("the referee plays: ", 1)[1].split("\n", 1)[0]
        return [rules.parse_text(line)]
    block = body.split("Legal moves (", 1)[1].split("\n", 1)[1].split("\n\n", 1)[0]
    listed = " | ".join(ln.strip() for ln in block.splitlines() if not ln.strip().startswith("..."))
    return [rules.parse_text(t) for t in listed.split(" | ")]


def test_a_whole_game_by_email(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"})["id"]
    rnd = random.Random(11)
    n = 0
    while not svc.load(gid).finished:
        deliver_due(svc)
        loaded = svc.load(gid)
        seat = loaded.rules.prompts(loaded.state)[0].seat
        latest = mail_sink.to(EMAILS[seat])[-1]
        assert f"Sequence {loaded.seq}," in latest.get_content()  # the mail shows the current game
        assert not mail_leaks(latest), latest.get_content()
        moves = legal_moves(latest, loaded.rules)
        strong = [m for m in moves if m["type"] in ("build", "ability", "finish_first_turn", "settle")]
        move = rnd.choice(strong) if strong and rnd.random() < 0.85 else rnd.choice(moves)
        text = json.dumps(move) if n % 3 == 0 else as_text(move)
        result = mail_in(svc.database, reply(latest, EMAILS[seat], text, n, html=(n == 5)))
        assert result.exit_code == 0, result.output
        assert svc.load(gid).seq > loaded.seq, f"mail {n} ({text}) was not played"
        n += 1
        assert n < 1000
    deliver_due(svc)
    for address in EMAILS:
        assert sum("Game over" in m["Subject"] for m in mail_sink.to(address)) == 1
    events = [e.to_json() for e in svc.raw_events(gid)]
    assert verify_events(events).ok
    # The same mail delivered twice by the MTA plays its move once.
    seq = svc.load(gid).seq
    assert mail_in(svc.database, reply(mail_sink.messages[-1], EMAILS[0], "end", n - 1)).exit_code == 0
    assert svc.load(gid).seq == seq


def test_a_rejected_move_gets_the_reason_and_rule_by_mail(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    first = mail_sink.to(EMAILS[0])[-1]
    assert mail_in(svc.database, reply(first, EMAILS[0], "end", 1)).exit_code == 0
    deliver_due(svc)
    answer = mail_sink.to(EMAILS[0])[-1]
    assert "Move rejected" in answer["Subject"] and "(rule B-15)" in answer.get_content()
    assert mail_in(svc.database, reply(first, EMAILS[0], "fly to the moon", 2)).exit_code == 0
    deliver_due(svc)
    assert "Move rejected" in mail_sink.to(EMAILS[0])[-1]["Subject"]
    assert svc.load(gid).seq == 1


def test_strangers_and_bad_secrets_change_nothing_and_learn_nothing(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    first = mail_sink.to(EMAILS[0])[-1]
    queued = len(outbox.messages(svc.db.conn))
    stranger = reply(first, "mallory@example.net", "finish", 1)
    forged = reply(first, EMAILS[0], "finish", 2).replace(
        first["Reply-To"].split(".")[-2].encode(), b"aaaaaaaaaaaaaaaa")
    wrong_seat = reply(first, EMAILS[0], "finish", 3).replace(f"{gid}.0.".encode(), f"{gid}.1.".encode())
    for raw in (stranger, forged, wrong_seat):
        result = mail_in(svc.database, raw)
        assert result.exit_code == 0 and result.output == ""
    assert svc.load(gid).seq == 1
    assert len(outbox.messages(svc.db.conn)) == queued  # no answer to anyone


def test_inbound_mail_web_hook_answers_the_same_for_every_message(database, clock):
    server, httpd = start_server(database, clock=clock, config=Config(database=database, inbound_secret="hook-secret"))
    try:
        _inbound_answers(server)
    finally:
        httpd.shutdown()


def _inbound_answers(server):
    auth = {"Authorization": "Bearer hook-secret"}
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A", "email": "a@x.org"},
                                                                             {"name": "B"}]}).json()
    svc = server.service
    address = svc.notifier.reply_address(created["id"], 0)
    genuine = f"From: a@x.org\r\nTo: {address}\r\nSubject: m\r\n\r\nfinish\r\n".encode()
    bogus = b"From: z@x.org\r\nTo: play+nothing.0.aaaa@localhost\r\nSubject: m\r\n\r\nfinish\r\n"
    answers = [server.call("POST", "/mail/inbound", data=raw, headers={"Content-Type": "message/rfc822", **auth})
               for raw in (bogus, genuine)]
    assert [a.status_code for a in answers] == [202, 202] and answers[0].json() == answers[1].json()
    assert svc.load(created["id"]).seq in (1, 2)
    assert server.call("POST", "/mail/inbound", data=b"", headers=auth).status_code == 400
