"""Whole turns by mail, as email players play: several moves per mail, narrated readable mails.

Every mail goes through a real SMTP server (aiosmtpd on loopback) and every answer through
`referee mail-in`, as an MTA pipe runs it.
"""

from __future__ import annotations

import random

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.replay import advance
from referee.engine.verify import verify_events
from referee.notify.delivery import deliver_due
from tests.flow.support import EMAILS, assert_told, babel_with_clock, mail_leaks, make_service
from tests.flow.test_mail_play import mail_in, reply

pytestmark = pytest.mark.one_database  # moves by mail (parsing, narration); the outbox runs twice in flow/test_notifications.py, test_mail_commands.py

EMAILS3 = [*EMAILS, "cy@example.org"]


def run_of_decisions(svc, gid: str, rnd: random.Random, limit: int = 12) -> tuple[int, list[str]]:
    """The prompted seat and a random run of its consecutive decisions, in text form, judged on
    the real seed exactly as the service will judge them (so the whole run is legal)."""
    loaded = svc.load(gid)
    rules, state, seq = loaded.rules, loaded.state, loaded.seq
    seat = rules.prompts(state)[0].seat
    lines: list[str] = []
    while len(lines) < limit:
        prompts = [p for p in rules.prompts(state) if p.seat == seat]
        if not prompts or rules.result(state) is not None:
            break
        p = prompts[0]
        choices = p.choices or [p.default]
        strong = [c for c in choices if c["type"] in ("build", "ability", "finish_first_turn", "settle")]
        move = rnd.choice(strong) if strong and rnd.random() < 0.85 else rnd.choice(choices)
        try:
            state = advance(rules, loaded.seed, state, seq + 1, "move", seat, {"move": move}).state
        except IllegalMove:
            break
        seq += 1
        lines.append(rules.format_move(move))
    return seat, lines


def play_by_mail(svc, gid: str, emails: list[str], sink, rnd: random.Random, until) -> int:
    """Answer each seat's latest mail with its whole run of decisions, until `until(loaded)`."""
    n = 0
    while not svc.load(gid).finished and not until(svc.load(gid)):
        deliver_due(svc)
        before = svc.load(gid)
        seat, lines = run_of_decisions(svc, gid, rnd)
        latest = sink.to(emails[seat])[-1]
        assert not mail_leaks(latest), latest.get_content()
        # The mail is for the seat's current decision: it quotes the game as it stood when the
        # decision opened, and the seat has not moved since. (Another seat may have: at seq 26 of
        # one Iron Age game both Ada and Cy were prompted, Cy's run went on to 27, and Ada's mail
        # rightly quoted 26.)
        quoted = int(latest.get_content().split("Sequence ", 1)[1].split(",", 1)[0])
        assert quoted <= before.seq
        assert not [e.seq for e in svc.raw_events(gid) if e.seq > quoted and e.seat == seat and e.type == "move"], \
            f"seat {seat}'s latest mail (sequence {quoted}) is older than its last move"
        result = mail_in(svc.database, reply(latest, emails[seat], "\n".join(lines), n))
        assert result.exit_code == 0, result.output
        after = svc.load(gid)
        assert after.seq >= before.seq + len(lines), (lines, after.seq - before.seq)
        deliver_due(svc)
        answer = sink.to(emails[seat])[-1]
        assert "accepted" in answer["Subject"], answer.get_content()
        n += 1
        assert n < 400
    return n


def test_a_whole_babel_game_by_mail_one_mail_per_turn(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, {"policy": "fixed", "per_decision": "72h"})["id"]
    mails = play_by_mail(svc, gid, EMAILS, mail_sink, random.Random(4), lambda loaded: False)
    moves = sum(e.type == "move" for e in svc.raw_events(gid))
    assert moves > 2 * mails  # whole turns per mail, not one move per mail
    deliver_due(svc)
    for address in EMAILS:
        assert sum("Game over" in m["Subject"] for m in mail_sink.to(address)) == 1
    assert verify_events([e.to_json() for e in svc.raw_events(gid)]).ok


def iron_age(svc, tz: str | None = None) -> str:
    seats = [{"name": n, "email": e} for n, e in zip(("Ada", "Bo", "Cy"), EMAILS3)]
    if tz:
        seats[0]["tz"] = tz
    return svc.create_game({"game": "iron_age", "seats": seats, "options": {"start_player": 0},
                            "clock": {"policy": "fixed", "per_decision": "72h"}})["id"]


def test_three_seats_of_iron_age_play_several_rounds_by_mail(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = iron_age(svc, tz="Europe/Berlin")
    play_by_mail(svc, gid, EMAILS3, mail_sink, random.Random(2), lambda loaded: loaded.state["round"] > 3)
    assert svc.load(gid).state["round"] > 3
    deliver_due(svc)
    events = svc.raw_events(gid)
    for seat, address in enumerate(EMAILS3):
        turns = [m for m in mail_sink.to(address) if m["Subject"].endswith("Your move")]
        assert turns
        for m in turns:
            body = m.get_content()
            assert "{" not in body and len(body.splitlines()) <= 60, (len(body.splitlines()), body)
        # The latest your-turn mail narrates every event since this seat's last move.
        last = turns[-1]
        seq = int(last.get_content().split("Sequence ", 1)[1].split(",", 1)[0])
        mine = [e.seq for e in events if e.seat == seat and e.type == "move" and e.seq <= seq]
        for e in events:
            if (not mine or e.seq > mine[-1]) and e.seq <= seq:
                at = svc.load_at(gid, seq)
                told = svc.narrated(at, [svc.redact_event(at, e, seat)], seat)[0]  # with the seat's views
                assert_told(told, last.get_content())
    ada = [m for m in mail_sink.to(EMAILS3[0]) if "Deadline:" in m.get_content()][-1].get_content()
    assert "(Europe/Berlin)" in ada and " UTC" in ada


def test_accept_by_mail_answers_the_tribute_prompt_not_a_takeback_IA_4_6(database, tmp_path, clock, mail_sink):
    """"accept" is a mail command (answer a takeback request) and Iron Age's tribute answer: with
    no takeback request open and the tribute prompt listing it, a reply "accept" plays the move
    (it used to answer "There is no open takeback request")."""
    svc = make_service(database, clock, mail_sink.url)
    rnd = random.Random(3)
    tribute: list = []
    for _ in range(6):  # the dice are the game's (its seed is secret): a game may see no tribute
        gid = iron_age(svc)
        for n in range(600):
            loaded = svc.load(gid)
            tribute = [p for p in loaded.prompts if p.kind == "tribute_response"]
            if tribute or loaded.finished:
                break
            p = loaded.prompts[0]
            move = rnd.choice(p.choices) if p.choices else p.default
            svc.submit_move(gid, p.seat, {"moves": [move], "idempotency_key": f"k{n}"})
        if tribute:
            break
    assert tribute, "no tribute prompt in 6 games of up to 600 moves"
    seat = tribute[0].seat
    assert {"type": "tribute_response", "deny": False} in tribute[0].choices
    deliver_due(svc)
    result = mail_in(svc.database, reply(mail_sink.to(EMAILS3[seat])[-1], EMAILS3[seat], "accept", 0))
    assert result.exit_code == 0, result.output
    after = svc.load(gid)
    assert after.seq == loaded.seq + 1
    last = svc.raw_events(gid)[-1]
    assert last.type == "move" and last.payload["move"] == {"type": "tribute_response", "deny": False}
