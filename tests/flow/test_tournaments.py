"""Tournaments (issue 28), on both databases: round-robins with every pair meeting and first seats
balanced, Swiss rounds without rematches created as rounds end, standings with the stated
tie-breaks, and the stall policy adjudicating a stalled game (which `verify` then accepts)."""

from __future__ import annotations

import sqlite3
from collections import Counter
from itertools import combinations

import pytest

from referee.engine.verify import verify_events
from referee.plumbing.errors import Conflict, Forbidden, InvalidSetup
from referee.service.competition import pairing
from referee.store import players
from referee.store.db import write_transaction
from tests.flow.support import make_service

DAY = 86400


def _people(n: int, mail: bool = True) -> list[dict]:
    return [{"name": f"Player {i}", **({"email": f"t{i}@example.org"} if mail else {})} for i in range(n)]


def _boards(overview: dict) -> list[dict]:
    return [g for r in overview["rounds"] for g in r["games"] if not g.get("bye")]


def test_a_four_player_babel_round_robin_is_six_games_with_balanced_first_seats(database, clock):
    svc = make_service(database, clock)
    made = svc.create_tournament({"game": "babel", "format": "round_robin", "players": _people(4, mail=False),
                                  "seats_per_game": 2, "clock": {"policy": "fixed", "per_decision": "72h"}})
    boards = _boards(svc.tournament(made["id"]))
    assert len(boards) == 6 and len(made["rounds"]) == 3
    assert Counter(frozenset(b["players"]) for b in boards) == {frozenset(p): 1 for p in
                                                                combinations([f"Player {i}" for i in range(4)], 2)}
    firsts = Counter(b["players"][0] for b in boards)
    assert sorted(firsts.values()) == [1, 1, 2, 2]  # 6 first seats over 4 players: as even as can be
    for b in boards:  # the games are real games, seated in that order, and the first seat starts
        assert [s["name"] for s in svc.game(b["id"], None)["seats"]] == b["players"]
        assert [p.seat for p in svc.load(b["id"]).prompts] == [0]


def test_a_five_player_three_seat_khronos_round_robin_is_balanced_as_the_page_states(database, clock):
    svc = make_service(database, clock)
    made = svc.create_tournament({"game": "khronos", "format": "round_robin", "players": _people(5, mail=False),
                                  "seats_per_game": 3})
    overview = svc.tournament(made["id"])
    boards = _boards(overview)
    assert len(boards) == 10 and len({frozenset(b["players"]) for b in boards}) == 10  # every group of 3 once
    assert "first seats" in overview["seat_balance"]
    per_seat = Counter((p, i) for b in boards for i, p in enumerate(b["players"]))
    assert set(per_seat.values()) == {2}  # each player holds each of the 3 seats exactly twice
    # one game a round (nobody plays twice in one), the two others sit out
    assert all([len([g for g in r["games"] if not g.get("bye")]), len([g for g in r["games"] if g.get("bye")])] == [1, 2]
               for r in overview["rounds"])


def _finish(svc, overview: dict, loser_seat: int = 0) -> None:
    for b in _boards(overview):
        if b["status"] != "finished":
            svc.resign(b["id"], loser_seat)


def test_swiss_pairs_by_score_without_rematches_over_three_rounds(database, clock):
    svc = make_service(database, clock)
    made = svc.create_tournament({"game": "babel", "format": "swiss", "players": _people(6), "seats_per_game": 2,
                                  "rounds": 3})
    tid = made["id"]
    assert len(made["rounds"]) == 1 and len(made["rounds"][0]["games"]) == 3
    assert _round_mails(svc) == 6  # each player is told the round started, with their seat's link
    assert svc.advance_tournaments() == 0  # the round is still running
    for rnd in range(1, 4):
        overview = svc.tournament(tid)
        assert [r["round"] for r in overview["rounds"]] == list(range(1, rnd + 1))
        _finish(svc, overview)
        clock.advance(60)
        assert svc.advance_tournaments() == (3 if rnd < 3 else 0)
        assert svc.advance_tournaments() == 0  # a second pass (another scheduler) creates nothing more
    overview = svc.tournament(tid)
    assert overview["status"] == "finished" and _round_mails(svc) == 18
    pairs = [frozenset(b["players"]) for b in _boards(overview)]
    assert len(pairs) == 9 and len(set(pairs)) == 9  # no rematch
    table = overview["standings"]
    # seat 1 won every game; round 2 paired winners with winners: the standings show it
    assert table[0]["points"] >= 2 and sum(r["points"] for r in table) == 9
    round2 = overview["rounds"][1]["games"]
    winners1 = {b["players"][1] for b in overview["rounds"][0]["games"]}
    assert any(set(b["players"]) <= winners1 for b in round2)


def _round_mails(svc) -> int:
    rows = svc.db.conn.execute("SELECT recipient, body FROM outbox WHERE kind = 'round_started'").fetchall()
    assert all("/play/" in body for _, body in rows)
    return len(rows)


def test_standings_break_a_tie_by_sonneborn_berger_then_direct_encounter():
    def beat(a: int, b: int) -> dict:
        return {"players": [a, b], "ranks": [1, 2]}

    # P2 is strong; P0, P1 and P3 tie on one point each.
    games = [beat(2, 1), beat(2, 3), beat(0, 2), beat(3, 1), beat(1, 0)]
    table = pairing.standings(4, games)
    assert {r["player"]: r["points"] for r in table} == {0: 1.0, 1: 1.0, 2: 2.0, 3: 1.0}
    # Sonneborn-Berger: P0 beat P2 (2 points) = 2; P3 beat P1 = 1; P1 beat P0 = 1. P0 is placed
    # first of the three; P1 and P3 are still tied, and P3 beat P1 (direct encounter), so P3 is
    # placed above P1 although P1 comes first in the order given.
    assert [r["player"] for r in table] == [2, 0, 3, 1]
    assert [r["sonneborn_berger"] for r in table] == [2.0, 2.0, 1.0, 1.0]
    assert (table[2]["direct_encounter"], table[3]["direct_encounter"]) == (1.0, 0.0)
    assert pairing.TIE_BREAKS == ["points", "Sonneborn-Berger", "direct encounter", "order given at creation"]
    # a draw is half a point each, and at three seats each opponent counts
    three = pairing.standings(3, [{"players": [0, 1, 2], "ranks": [1, 1, 3]}])
    assert [(r["player"], r["points"]) for r in three] == [(0, 1.5), (1, 1.5), (2, 0.0)]


def test_the_stall_policy_adjudicates_a_stalled_game(database, clock):
    svc = make_service(database, clock)
    made = svc.create_tournament({"game": "khronos", "format": "round_robin", "players": _people(3, mail=False),
                                  "seats_per_game": 3, "stall": {"days": 3, "action": "adjudicate"}})
    gid = made["rounds"][0]["games"][0]["id"]
    p = svc.load(gid).prompts[0]
    svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
    clock.advance(2 * DAY)
    assert svc.advance_tournaments() == 0 and not svc.load(gid).finished  # not stalled yet
    with pytest.raises(Conflict):
        svc.adjudicate(made["id"], gid, made["organiser_token"])
    clock.advance(1 * DAY + 1)
    svc.advance_tournaments()
    loaded = svc.load(gid)
    assert loaded.finished and loaded.ended["reason"] == "adjudicated"
    events = [e.to_json() for e in svc.raw_events(gid)]
    assert verify_events(events, loaded.seed).ok  # verify recomputes the adjudicated result
    overview = svc.tournament(made["id"])
    assert overview["status"] == "finished" and sum(r["points"] for r in overview["standings"]) == 3


def test_the_organiser_alone_adjudicates_and_only_after_the_stall(database, clock):
    svc = make_service(database, clock)
    made = svc.create_tournament({"game": "babel", "format": "round_robin", "players": _people(2),
                                  "seats_per_game": 2, "stall": {"days": 2, "action": "abandon"}})
    gid = made["rounds"][0]["games"][0]["id"]
    clock.advance(3 * DAY)
    assert svc.advance_tournaments() == 0 and not svc.load(gid).finished  # "abandon": the clock plays it out
    with pytest.raises(Forbidden):
        svc.adjudicate(made["id"], gid, "not-the-organiser")
    assert svc.adjudicate(made["id"], gid, made["organiser_token"])["status"] == "finished"
    with pytest.raises(Conflict):
        svc.adjudicate(made["id"], gid, made["organiser_token"])


def test_bad_tournaments_are_refused_with_the_part_at_fault(database, clock):
    svc = make_service(database, clock)
    with pytest.raises(InvalidSetup) as e:
        svc.create_tournament({"game": "babel", "format": "swiss", "players": _people(4, mail=False),
                               "seats_per_game": 2, "rounds": 2})
    assert e.value.extra["field"] == "/players/0/email"
    with pytest.raises(InvalidSetup) as e:
        svc.create_tournament({"game": "babel", "format": "round_robin", "players": _people(4), "seats_per_game": 3})
    assert e.value.extra["field"] == "/seats_per_game"
    # a player who missed 3 deadlines is barred when the organiser asks for it
    with write_transaction(svc.db) as conn:
        players.add(conn, "late", "t2@example.org", 0)
        conn.execute("UPDATE players SET missed = 3 WHERE id = 'late'")
    with pytest.raises(InvalidSetup) as e:
        svc.create_tournament({"game": "babel", "format": "round_robin", "players": _people(4),
                               "seats_per_game": 2, "bar_timeouts": 3})
    assert e.value.extra["field"] == "/players/2"
    assert svc.db.conn.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 0
    assert svc.create_tournament({"game": "babel", "format": "round_robin", "players": _people(4),
                                  "seats_per_game": 2, "bar_timeouts": 4})["id"]


def test_a_round_is_created_whole_or_not_at_all(tmp_path, clock):
    """The tournament and its first games commit together, and a later round's claim commits with
    its games: a failure while a round is stored (here the database refuses the third board after
    two games were stored) leaves no tournament, game or mail behind, and no claim that would stop
    the next scheduler pass from creating the round."""
    path = tmp_path / "tournaments.db"
    svc = make_service(str(path), clock)

    def refuse_board(board: int | None) -> None:
        with sqlite3.connect(path) as raw:
            raw.execute("DROP TRIGGER IF EXISTS refuse")
            if board is None:
                return
            raw.execute(f"CREATE TRIGGER refuse BEFORE INSERT ON tournament_games WHEN NEW.board = {board} "
                        "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")

    def counts() -> tuple[int, ...]:
        return tuple(svc.db.conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                     for t in ("tournaments", "tournament_games", "events", "seats", "outbox"))

    body = {"game": "babel", "format": "round_robin", "players": _people(6), "seats_per_game": 2, "start": "by_round"}
    refuse_board(2)
    with pytest.raises(sqlite3.IntegrityError, match="the disk is full"):
        svc.create_tournament(body)  # after boards 0 and 1 were stored, in the same transaction
    assert counts() == (0, 0, 0, 0, 0)
    refuse_board(None)
    made = svc.create_tournament(body)
    assert [len(r["games"]) for r in made["rounds"]] == [3]
    before = counts()
    _finish(svc, svc.tournament(made["id"]))
    refuse_board(2)
    # the scheduler takes a refusal while storing a round for another scheduler's claim: it
    # creates nothing this pass, and leaves nothing that would stop the next one
    assert svc.advance_tournaments() == 0
    assert counts()[:2] == before[:2]  # no round 2 claim, no board
    assert [r["round"] for r in svc.tournament(made["id"])["rounds"]] == [1]
    refuse_board(None)
    assert svc.advance_tournaments() == 3
    assert [len(r["games"]) for r in svc.tournament(made["id"])["rounds"]] == [3, 3]
