"""The digest (issue 26): a player with three games gets one mail at the hour they chose in their
own time zone, listing those games (and no other) with what happened since, instead of single
mails when they ask for that; then again a day later."""

from __future__ import annotations

import pytest

from referee.plumbing.config import Config
from tests.api.test_players import ADA, BO, deliver, sign_in
from tests.conftest import start_server

FIXED = {"policy": "fixed", "per_decision": "72h"}


@pytest.fixture
def site(database, clock, sink):
    srv, httpd = start_server(database, clock=clock, config=Config(
        database=database, smtp_url=sink.url, allow_private_targets=True, secret_key="digest-test"))
    yield srv
    httpd.shutdown()


def test_three_games_in_one_digest_at_the_players_hour(site, sink, clock):
    ada = sign_in(site, sink, ADA)
    r = site.call("PATCH", "/players/me", ada, json={"digest": True, "digest_every": "day", "digest_hour": 7,
                                                     "digest_only": True, "tz": "America/New_York"})
    assert r.status_code == 200 and r.json()["digest_hour"] == 7 and r.json()["digest_only"]
    assert site.call("PATCH", "/players/me", ada, json={"digest_hour": 24}).status_code == 400

    def game(name: str, first: int, seats=None) -> dict:
        """Ada's own seat (she creates the game signed in: issue 35), or a game of others."""
        body = {"game": name, "options": {"first_seat": first}, "clock": FIXED,
                "seats": seats or [{"name": "Ada", "me": True}, {"name": "Bo", "email": BO}]}
        made = site.call("POST", "/games", None if seats else ada, json=body)
        assert made.status_code == 201, made.text
        return made.json()

    mine = [game("babel", 0), game("babel", 1), game("khronos", 1)]
    other = game("babel", 0, [{"name": "Cy"}, {"name": "Dee"}])
    bo = mine[2]["seats"][1]["token"]
    assert site.call("POST", f"/games/{mine[2]['id']}/moves", bo, json={"move": {"type": "end_turn"}}).status_code == 201
    # 08:00 UTC is 03:00 in New York: nothing until 07:00 there (12:00 UTC)
    assert site.service.send_digests() == 0
    clock.advance(4 * 3600 - 60)
    assert site.service.send_digests() == 0
    clock.advance(60)
    assert site.service.send_digests() == 1
    assert site.service.send_digests() == 0
    deliver(site)
    to_ada = [m for m in sink.to(ADA) if m["Subject"] != "Your sign-in link"]
    assert [m["Subject"] for m in to_ada] == ["Your games today: 2 wait for you"]  # no single mails
    text = to_ada[0].get_content()
    assert all(g["url"] in text for g in mine) and other["url"] not in text and other["id"] not in text
    assert "(2027-01-15)" in text and "EST" in text
    lines = text.splitlines()
    after_khronos = lines[lines.index(f"  {mine[2]['url']}") + 1]
    assert after_khronos.startswith("    ") and "Bo" in after_khronos  # what happened since, as Ada saw it
    assert [m for m in sink.to(BO) if "Your move" in m["Subject"] or "turn" in m["Subject"].lower()]  # Bo: single mails
    clock.advance(86400)
    assert site.service.send_digests() == 1
