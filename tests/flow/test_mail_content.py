"""What the mails of every game say, as received from a real SMTP server (aiosmtpd on loopback):
plain text without JSON, the narration of every event since the seat's last move, the seat's
own summary, short enough to read (a 3-seat Iron Age your-turn mail within 60 lines)."""

from __future__ import annotations

import random
import re

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.notify.delivery import deliver_due
from tests.flow.support import assert_told, make_service

# what the mails say: wording above the store (the store's part of mail runs on both databases in the other flow tests)
pytestmark = pytest.mark.one_database

NAMES = ["Ada", "Bo", "Cy", "Di"]
LINE_LIMIT = {"iron_age": 60}


def _play(svc, game: str, seats: int, moves: int, sink) -> str:
    gid = svc.create_game({"game": game, "seats": [{"name": NAMES[i], "email": f"{NAMES[i].lower()}@example.org"}
                                                   for i in range(seats)],
                           "clock": {"policy": "fixed", "per_decision": "72h"}})["id"]
    rnd = random.Random(9)
    for _ in range(moves):
        loaded = svc.load(gid)
        if loaded.finished:
            break
        p = rnd.choice(loaded.prompts)
        move = rnd.choice(p.choices) if p.choices else p.default
        svc.submit_move(gid, p.seat, {"move": move})
        deliver_due(svc)
    return gid


@pytest.mark.parametrize("game", GAME_IDS)
def test_mails_are_plain_narrated_and_short(database, tmp_path, clock, mail_sink, game):
    rules = rules_for(game)
    seats = min(max(rules.min_players, 3), rules.max_players)
    svc = make_service(database, clock, mail_sink.url)
    gid = _play(svc, game, seats, 120, mail_sink)
    loaded = svc.load(gid)
    events = svc.raw_events(gid)
    checked = 0
    for seat in range(seats):
        mails = [m for m in mail_sink.to(f"{NAMES[seat].lower()}@example.org") if m["Subject"].endswith("Your move")]
        for m in mails:
            body = m.get_content()
            assert "{" not in body and "}" not in body, body
            assert "Your position:" in body and "You must decide:" in body and "Your page: http" in body
            assert len(body.splitlines()) <= LINE_LIMIT.get(game, 90), (len(body.splitlines()), body)
            seq = int(body.split("Sequence ", 1)[1].split(",", 1)[0])
            at = svc.load_at(gid, seq) if hasattr(svc, "load_at") else loaded
            mine = [e.seq for e in events if e.seat == seat and e.type == "move" and e.seq <= seq]
            for e in events:
                if (not mine or e.seq > mine[-1]) and e.seq <= seq:
                    told = svc.narrated(at, [svc.redact_event(at, e, seat)], seat)[0]  # with the seat's views
                    assert_told(told, body)
                    checked += 1
    assert checked > 0


def test_babel_mails_never_name_the_other_seats_cards(database, tmp_path, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = _play(svc, "babel", 2, 150, mail_sink)
    for seat, other in ((0, "Bo"), (1, "Ada")):
        own = NAMES[seat]
        for m in mail_sink.to(f"{own.lower()}@example.org"):
            body = m.get_content()
            if "status finished" in body:
                continue  # everything is public once the game is over
            assert not re.search(rf"{other} drew (Medes|Sumerians|Hittites|Persians|Assyrians)", body), body
            assert body.count("Hand:") <= 1
            hand = svc.load_at(gid, int(body.split("Sequence ", 1)[1].split(",", 1)[0])).state["players"][seat]["hand"]
            held = [f"{p.title()} {n}" for p, n in hand.items() if n]
            if "Hand:" in body:
                assert body.split("Hand: ", 1)[1].split(".", 1)[0] == (", ".join(held) or "empty")
