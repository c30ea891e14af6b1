"""Mail in each recipient's language (issue 29): a German seat and an English seat of one game
each get their mail in their own language from one scheduler pass; German command words and
German move words by mail play what the English ones play; a refused move is told in German
with its rule. Real SMTP (aiosmtpd on loopback), `referee mail-in`, the scheduler's pass."""

from __future__ import annotations

import pytest

from referee.engine.glossary import term
from referee.notify.delivery import deliver_due
from referee.ops.scheduler import run_once
from tests.flow.support import EMAILS, make_service
from tests.flow.test_mail_commands import send, two_cards

# the mails' language: wording above the store (the store's part of mail runs on both databases in the other flow tests)
pytestmark = pytest.mark.one_database

H = 3600


def german_and_english(svc, clock=None) -> str:
    body = {"game": "babel", "options": {"first_seat": 0},
            "seats": [{"name": "Ada", "email": EMAILS[0], "lang": "de"}, {"name": "Bo", "email": EMAILS[1]}]}
    if clock:
        body["clock"] = clock
    return svc.create_game(body)["id"]


def test_one_scheduler_pass_mails_each_seat_in_its_own_language(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = german_and_english(svc, {"policy": "fixed", "per_decision": "1h"})
    run_once(svc)
    first = mail_sink.to(EMAILS[0])[-1]
    assert first["Subject"].endswith("Dein Zug") and "Ada, du bist an der Reihe in Babel." in first.get_content()
    assert "Frist: " in first.get_content() and "Deine Seite: " in first.get_content()
    assert "Deine Lage:" in first.get_content() and "Startkarte noch zu bauen" in first.get_content()
    assert not mail_sink.to(EMAILS[1])
    clock.advance(H + 1)
    counts = run_once(svc)  # one pass: Ada's timeout (her default move ends her turn), Bo's turn
    assert counts["timeouts"] == 1
    ada, bo = mail_sink.to(EMAILS[0])[-1], mail_sink.to(EMAILS[1])[-1]
    assert ada["Subject"].endswith("Deine Frist ist abgelaufen")
    text = ada.get_content()
    assert "Deine Frist ist abgelaufen, also spielte der Schiedsrichter den Standardzug: finish." in text
    assert "Your" not in text and "deadline" not in text
    assert bo["Subject"].endswith("Your move") and "Bo, it is your turn in Babel." in bo.get_content()
    assert "Since your last move:" in bo.get_content() or "Deadline: " in bo.get_content()
    assert "Frist" not in bo.get_content() and "du " not in bo.get_content()


def test_german_command_words_and_move_words_play_as_the_english_ones(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = german_and_english(svc)
    deliver_due(svc)
    a, b = two_cards(svc, gid)
    seq = svc.load(gid).seq
    # German move words: verbs and peoples as the German rulebook names them (glossary.de.json)
    said = f"Reisen {term('babel', a, 'de')}; ansiedeln {term('babel', b, 'de')}"
    answer = send(svc, mail_sink, 0, said, 1)
    assert "2 Züge angenommen" in answer["Subject"], answer.get_content()
    log = svc.raw_events(gid)[seq:]
    assert [e.payload["move"] for e in log] == [{"type": "travel", "people": a}, {"type": "settle", "people": b}]
    # a refused move: told in German, with the rule it breaks
    refused = send(svc, mail_sink, 0, "zug beenden", 2)
    assert refused["Subject"].endswith("Zug abgelehnt"), refused.get_content()
    body = refused.get_content()
    assert "Zeile 1" in body and "wurde abgelehnt" in body
    wrong = send(svc, mail_sink, 0, "end", 3)
    assert "(Regel B-15)" in wrong.get_content() and wrong.get_content().count("B-15") == 1, wrong.get_content()  # cited once
    assert "du kannst deine Startkarte" in wrong.get_content()  # the engine's reason, in German
    unreadable = send(svc, mail_sink, 0, "travel atlantis", 12)  # no move: the text form's reason, in German
    assert "kein Zug: Volk 'atlantis' ist unbekannt" in unreadable.get_content(), unreadable.get_content()
    assert len(svc.raw_events(gid)) == seq + 2  # refusals change nothing
    # German command words: Bo (English) switches to German by mail; then asks for help and the state
    switched = send(svc, mail_sink, 1, "sprache de", 4, gid)
    assert "Ab jetzt sind deine Mails und deine Seite auf Deutsch." in switched.get_content()
    assert svc.seat_language(gid, 1) == "de"
    status = send(svc, mail_sink, 1, "stand", 5)
    assert status["Subject"].endswith("Stand") and "Die Partie Babel jetzt." in status.get_content()
    assert "Seit deinem letzten Zug:" in status.get_content()
    assert "Eine Partie Babel begann für Ada und Bo." in status.get_content()
    quiet = send(svc, mail_sink, 1, "benachrichtigen zug", 6)
    assert "nur Mails, wenn du an der Reihe bist" in quiet.get_content()
    helped = send(svc, mail_sink, 1, "hilfe", 7)
    assert "sprache en|de" in helped.get_content() and "Befehle (als erste Zeile einer Mail" in helped.get_content()
    assert "sag alle: Text" in helped.get_content() and "abstimmen ja|nein" in helped.get_content()
    # table talk and ending by agreement in German words, each answer and notice in German
    said = send(svc, mail_sink, 1, "sag alle: Hallo Ada", 8)
    assert said["Subject"].endswith("] Nachricht") and "Nachricht gesendet (an alle)." in said.get_content()
    assert [m["text"] for m in svc.recent_messages(svc.load(gid), 0)] == ["Hallo Ada"]
    offered = send(svc, mail_sink, 0, "vorschlagen unentschieden", 9)
    assert "Du hast ein Unentschieden vorgeschlagen. Die anderen stimmen ab." in offered.get_content()
    asked = mail_sink.to(EMAILS[1])[-1]
    assert asked["Subject"].endswith("Deine Antwort ist gefragt"), asked["Subject"]
    assert "Ada schlug ein Unentschieden vor" in asked.get_content() and "`abstimmen nein`" in asked.get_content()
    refused = send(svc, mail_sink, 1, "abstimmen nein", 10)
    assert "Du hast mit Nein gestimmt." in refused.get_content() and "Vorschlag" in refused["Subject"]
    assert svc.raw_events(gid)[-1].type == "proposal_failed" and not svc.load(gid).finished
    told = mail_sink.to(EMAILS[0])[-1]
    assert told["Subject"].endswith("Entschieden")
    assert "Der Vorschlag scheiterte (Bo stimmte dagegen)." in told.get_content()
    back = send(svc, mail_sink, 1, "lang en", 11)
    assert "From now on your mails and your page are in English." in back.get_content()


def test_round_and_rematch_mails_are_in_their_recipients_languages(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    made = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2, "players": [
        {"name": "Ada", "email": EMAILS[0], "lang": "de"}, {"name": "Bo", "email": EMAILS[1]}]})
    deliver_due(svc)
    ada = next(m for m in mail_sink.to(EMAILS[0]) if "Runde 1" in m["Subject"])
    assert ada["Subject"].endswith("Runde 1 beginnt: deine Partie")
    assert "Runde 1 des Turniers in Babel hat begonnen." in ada.get_content() and "gegen Bo:" in ada.get_content()
    assert "Tabelle und Paarungen: " in ada.get_content() and "Round" not in ada.get_content()
    bo = next(m for m in mail_sink.to(EMAILS[1]) if "Round 1" in m["Subject"])
    assert bo["Subject"].endswith("Round 1 starts: your game") and "against Ada:" in bo.get_content()
    gid = made["rounds"][0]["games"][0]["id"]
    svc.resign(gid, 1)
    seats = {s["name"]: s["seat"] for s in svc.load(gid).created["seats"]}
    svc.rematch_seat(gid, seats["Bo"])  # Bo asks; Ada is told in German
    deliver_due(svc)
    asked = mail_sink.to(EMAILS[0])[-1]
    assert asked["Subject"].endswith("Bo bittet um eine Revanche")
    assert "Bo bittet um eine Revanche in Babel. Nimm sie auf der Seite deiner Partie an" in asked.get_content()
    assert "mit `revanche`" in asked.get_content()


def test_german_words_of_talk_takebacks_and_agreements_read_as_the_english_ones():
    from referee.notify import commands, inbound, mailin
    assert commands.parse("Zurücknehmen 12") == ("takeback", ["12"]) == commands.parse("takeback 12")
    assert commands.parse("annehmen") == ("accept", []) and commands.parse("ablehnen") == ("refuse", [])
    assert commands.parse("vorschlagen aufgeben 1") == ("propose", ["concede", "1"])
    assert commands.parse("vorschlagen stand") == commands.parse("propose standings")
    assert commands.parse("abstimmen ja") == ("vote", ["yes"]) and commands.parse("vote no") == ("vote", ["no"])
    mail = inbound.InboundMail(sender="a@example.org", recipients=(), subject="", message_id=None, auto_submitted=False,
                               text="sag alle: Hallo\nSag 1,2: psst\nsag notiz: merken\nsay all: hi", move_text=None)
    assert mailin.say_lines(mail) == [("all", "Hallo"), ([1, 2], "psst"), ("note", "merken"), ("all", "hi")]
    then = mailin.THEN.match("dann: ende wenn fertig")
    assert then and then.groups() == ("ende", "fertig")


def test_a_german_players_digest_speaks_german_with_german_dates(database, clock, mail_sink):
    from referee.service.notices import player_mail
    from referee.store.db import write_transaction
    svc = make_service(database, clock, mail_sink.url)
    player = {"id": "p1", "email": EMAILS[0], "lang": "de", "tz": "Europe/Berlin"}
    games = [{"id": "g1", "title": "Babel", "status": "active", "your_turn": True, "opponents": ["Bo"],
              "to_move_names": ["Ada"], "deadline": 1795618800.0, "url": "http://referee.test/g/g1"}]
    with write_transaction(svc.db) as conn:
        assert player_mail.digest(conn, "http://referee.test", player, games, "2026-11-25", clock(),
                                  {"g1": ["Bo reiste zum Ort der Meder."]})
    subject, body = svc.db.conn.execute("SELECT subject, body FROM outbox WHERE kind = 'digest'").fetchone()
    assert subject == "Deine Partien heute: 1 wartet auf dich"
    assert body.startswith("Deine Partien (25. November 2026):")
    assert "- Babel mit Bo: du bist an der Reihe; Frist Mi., 25. Nov. 2026, 16:00 CET" in body, body
    assert "    Bo reiste zum Ort der Meder." in body and "Your" not in body and "deadline" not in body


def test_a_german_seat_reads_its_prompt_and_steps_in_german_and_may_choose_by_german_or_english_labels(
        database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = german_and_english(svc)
    deliver_due(svc)
    body = mail_sink.to(EMAILS[0])[-1].get_content()
    assert "Deine Entscheidung: Spielzug 1: spiele beliebig viele Aktionen, dann beende deinen Spielzug." in body
    first = svc.steps(gid, 0, "turn", [], "de")
    travel = next(o["label"] for o in first["options"] if o["id"] == "travel")
    assert travel.startswith("Reisen: ")
    # the whole German label chooses the option, as the English one does; the answer is in German
    english = next(str(o["label"]) for o in svc.steps(gid, 0, "turn", [])["options"] if o["id"] == "travel")
    for n, said in enumerate((travel, english)):
        answer = send(svc, mail_sink, 0, "moves " + said, n + 1).get_content()
        assert f"Deine bisherige Wahl: {travel}" in answer, answer
        assert "Mit welcher Karte reisen?" in answer and "-Karte: zum Ort der " in answer
        assert "Travel" not in answer and "card:" not in answer
