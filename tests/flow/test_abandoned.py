"""Abandoned games end (issue 12, item 10; DESIGN.md "Ending every game").

An Iron Age game played by defaults alone never reaches an end condition, so a game whose
seats all stopped playing would time out and mail them forever. Once every seat has been absent
(absent_after timeouts in a row) for the clock's abandon_after, the scheduler ends it: scored as
the rules score it now, marked abandoned, seed revealed, everyone told."""

from __future__ import annotations

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.verify import verify_events
from referee.ops.scheduler import run_once
from tests.conftest import per_game
from tests.flow.support import make_service

CLOCK = {"policy": "fixed", "per_decision": "1d", "absent_after": 2, "abandon_after": "3d"}
DAY = 86400


def _silent_game(service, seats: int = 3) -> str:
    body = {"game": "iron_age", "clock": CLOCK,
            "seats": [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ada", "Bo", "Cy")[:seats]]}
    return service.create_game(body)["id"]


def test_a_game_whose_seats_never_answer_ends_as_abandoned(database, tmp_path, clock):
    service = make_service(database, clock)
    gid = _silent_game(service)
    first_all_absent = None
    for _ in range(500):
        clock.advance(DAY + 1)
        run_once(service)
        loaded = service.load(gid)
        if first_all_absent is None and all(sc.absent for sc in loaded.clocks.seats):
            first_all_absent = clock.now
        if loaded.finished:
            break
    else:
        raise AssertionError("the silent game never ended")
    game = service.game(gid, None)
    assert game["status"] == "finished"
    result = game["result"]
    assert result["reason"] == "abandoned" and result["abandoned"] is True
    assert len(result["scores"]) == 3 and sorted(result["ranking"]) == [0, 1, 2]
    # it ended abandon_after (3 days) after the last seat went absent, give or take one deadline
    assert first_all_absent is not None and 3 * DAY <= clock.now - first_all_absent <= 5 * DAY
    rows = [e.to_json() for e in service.raw_events(gid)]
    assert [r["type"] for r in rows[-2:]] == ["game_ended", "seed_revealed"]
    report = verify_events(rows)
    assert report.ok and report.level == "full", report.to_json()
    # everyone was told, and nothing more is ever due for the game
    told = service.db.conn.execute("SELECT count(DISTINCT seat) FROM outbox WHERE game_id = ? AND kind = 'game_over'",
                                   (gid,)).fetchone()[0]
    assert told == 3
    clock.advance(30 * DAY)
    assert run_once(service)["timeouts"] == 0
    assert service.load(gid).seq == rows[-1]["seq"]


def test_one_seat_still_playing_keeps_the_game_alive(database, tmp_path, clock):
    service = make_service(database, clock)
    gid = _silent_game(service, seats=2)
    for _ in range(60):
        loaded = service.load(gid)
        assert not loaded.finished
        mine = [p for p in loaded.prompts if p.seat == 0]
        if mine:  # seat 0 answers (its default) within its deadline; seat 1 never does
            service.submit_move(gid, 0, {"move": mine[0].default})
        else:
            clock.advance(DAY + 1)
            run_once(service)
    assert not service.load(gid).finished
    assert not service.load(gid).clocks.seats[0].absent


@pytest.mark.parametrize("game", per_game(GAME_IDS, both="khronos"))
def test_every_game_can_end_abandoned_with_its_own_standings(database, tmp_path, clock, game):
    """Whatever the game, seats that never answer end it: scored by the game's standings."""
    service = make_service(database, clock)
    rules = rules_for(game)
    seats = max(rules.min_players, 2)
    gid = service.create_game({"game": game, "clock": CLOCK, "seats": [{"name": f"P{i}"} for i in range(seats)]})["id"]
    for _ in range(3000):
        clock.advance(DAY + 1)
        run_once(service)
        if service.load(gid).finished:
            break
    result = service.game(gid, None)["result"]
    assert result is not None, "the silent game never ended"
    assert len(result["scores"]) == seats and sorted(result["ranking"]) == list(range(seats))
    # a silent game may also end by its own rules (defaults alone can finish some games)
    if result["reason"] == "abandoned":
        assert result["abandoned"] is True and set(result["winners"]) <= set(range(seats))
    report = verify_events([e.to_json() for e in service.raw_events(gid)])
    assert report.ok and report.level == "full", report.to_json()
