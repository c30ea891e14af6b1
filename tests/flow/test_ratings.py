"""Ratings per game (issue 28), on both databases: updates for 2-, 3- and 4-seat games with ties,
the eligibility policy (bots, replacements, short games, seats without a player who took or
accepted them), and `ratings rebuild` equal to the incremental numbers bit for bit, also when a
game ends out of order (a replay of its title)."""

from __future__ import annotations

from openskill.models import PlackettLuce

from referee.store import players, ratings as ratings_store, tenures
from referee.store.db import write_transaction
from tests.flow.support import make_service

MODEL = PlackettLuce()


def _players(svc, n: int, start: int = 0) -> list[str]:
    """Verified players p0..pn (added as a sign-in would add them)."""
    ids = [f"p{i}" for i in range(start, start + n)]
    with write_transaction(svc.db) as conn:
        for pid in ids:
            players.add(conn, pid, f"{pid}@example.org", 0)
    return ids


def _play(svc, game: str, who: list[str], moves: int = 3, resign: list[int] | None = None,
          seats: list[dict] | None = None) -> str:
    """A game among players `who` (by address): each seat makes `moves` moves (the prompt's first
    choice or its default), then seats resign in order (default: from seat 0) until it ends."""
    seats = seats or [{"name": p.upper(), "email": f"{p}@example.org"} for p in who]
    gid = svc.create_game({"game": game, "seats": seats, "options": {"first_seat": 0}})["id"]
    _accept(svc, gid)
    made = [0] * len(seats)
    while min(made) < moves and not svc.load(gid).finished:
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
        made[p.seat] += 1
    for s in resign if resign is not None else range(len(seats)):
        if svc.load(gid).finished:
            break
        svc.resign(gid, s)
    assert svc.load(gid).finished
    return gid


def _accept(svc, gid: str) -> None:
    """Each seat created with a verified player's address is accepted by that player (issue 35)."""
    for s in tenures.seats(svc.db.conn, gid):
        known = players.by_email(svc.db.conn, (s["email"] or "").lower())
        if known and s["player_id"] is None:
            svc.accept_seat(gid, s["seat"], known["id"])


def _rating(svc, title: str, pid: str) -> tuple[float, float, int]:
    return ratings_store.current(svc.db.conn, title, [pid])[pid]


def _expected(before: list, ranks: list[int]) -> list[tuple[float, float]]:
    teams = [[MODEL.rating() if b is None else MODEL.create_rating([b[0], b[1]])] for b in before]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=ranks)]


def test_ratings_follow_two_three_and_four_seat_games_with_ties(database, clock):
    svc = make_service(database, clock)
    ids = _players(svc, 4)
    # Babel, 2 seats: seat 0 resigns, seat 1 wins; then again with the seats the other way round.
    g1 = _play(svc, "babel", ids[:2], resign=[0])
    assert svc.load(g1).ended["winners"] == [1]
    first = _expected([None, None], [2, 1])
    assert [_rating(svc, "babel", p)[:2] for p in ids[:2]] == first
    clock.advance(60)
    _play(svc, "babel", [ids[1], ids[0]], resign=[0])  # p1 sits first and resigns: p0 wins
    second = _expected([first[1], first[0]], [2, 1])
    assert _rating(svc, "babel", "p1")[:2] == second[0] and _rating(svc, "babel", "p0")[:2] == second[1]
    assert _rating(svc, "babel", "p0")[2] == 2
    # Khronos, 3 seats: seat 0 resigns, the other two share the win (a tie).
    g3 = _play(svc, "khronos", ids[:3], resign=[0])
    assert sorted(svc.load(g3).ended["winners"]) == [1, 2]
    assert [_rating(svc, "khronos", p)[:2] for p in ids[:3]] == _expected([None] * 3, [2, 1, 1])
    assert _rating(svc, "khronos", "p1") == _rating(svc, "khronos", "p2")  # tied places, equal ratings
    # Gentes, 4 seats: seat 2 resigns; three share first place.
    g4 = _play(svc, "gentes", ids, resign=[2])
    assert sorted(svc.load(g4).ended["winners"]) == [0, 1, 3]
    assert [_rating(svc, "gentes", p)[:2] for p in ids] == _expected([None] * 4, [1, 1, 2, 1])
    profile = svc.public_profile("p2")
    assert profile["games"] == {"khronos": 1, "gentes": 1} and profile["record"]["resigned"] == 1
    assert all(r["rating"] is None and len(r["history"]) == 1 for r in profile["ratings"])  # shown after 5
    assert "@" not in str(profile)


def test_bots_replacements_short_games_and_unverified_seats_leave_a_game_unrated(database, clock):
    svc = make_service(database, clock)
    ids = _players(svc, 3)
    bot = _play(svc, "babel", ids[:1], seats=[{"name": "P0", "email": "p0@example.org"}, {"bot": "random"}],
                resign=[1])
    short = _play(svc, "babel", ids[:2], moves=2, resign=[0])
    stranger = _play(svc, "babel", ids[:1], seats=[{"name": "P0", "email": "p0@example.org"}, {"name": "Anon"}])
    # p1's seat is released and p2 takes it: the game changed hands.
    made = svc.create_game({"game": "babel", "seats": [{"name": "P0", "email": "p0@example.org"},
                                                       {"name": "P1", "email": "p1@example.org"}],
                            "options": {"first_seat": 0}})
    svc.accept_seat(made["id"], 0, "p0")
    svc.release_seat(made["id"], 1, svc.accept_seat(made["id"], 1, "p1")["token"])
    svc.join(made["id"], {"name": "P2"}, "p2")
    replaced = _play_on(svc, made["id"])
    why = {g: ratings_store.rated_game(svc.db.conn, g)["why"] for g in (bot, short, stranger, replaced)}
    assert why == {bot: "a seat was held by a bot", short: "a player made fewer than 3 moves",
                   stranger: "a seat was not held by a signed-in player who took or accepted it",
                   replaced: "a seat changed hands (a bot or a replacement)"}
    assert svc.db.conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
    # the control: the same two players, three moves each, nothing else: rated
    rated = _play(svc, "babel", ids[:2], resign=[1])
    assert ratings_store.rated_game(svc.db.conn, rated)["rated"] is True
    assert svc.db.conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 2


def _play_on(svc, gid: str) -> str:
    made = [0, 0]
    while min(made) < 3:
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
        made[p.seat] += 1
    svc.resign(gid, 0)
    return gid


def test_rebuild_equals_the_incremental_ratings_bit_for_bit(database, clock):
    svc = make_service(database, clock)
    ids = _players(svc, 4)
    pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2), (1, 0), (3, 2)]
    for n, (a, b) in enumerate(pairs):
        clock.advance(3600)
        _play(svc, "babel", [ids[a], ids[b]], resign=[n % 2])
    clock.advance(3600)
    _play(svc, "khronos", ids[:3], resign=[1])
    clock.advance(3600)
    _play(svc, "babel", ids[2:4], resign=[0])
    # A game that ends before the last one by the clock (a host whose clock runs behind): its
    # title is replayed in the order of the ends.
    clock.now -= 1800
    behind = _play(svc, "babel", ids[:2], resign=[0])
    clock.now += 1800
    assert ratings_store.rated_game(svc.db.conn, behind)["rated"] is True
    incremental = ratings_store.all_ratings(svc.db.conn)
    assert len(incremental) > 20
    counts = svc.rebuild_ratings()
    assert counts == {"games": 11, "rated": 11, "titles": 2, "unbound": 0}
    rebuilt = ratings_store.all_ratings(svc.db.conn)
    assert [tuple(float(x).hex() if isinstance(x, float) else x for x in r) for r in rebuilt] == \
        [tuple(float(x).hex() if isinstance(x, float) else x for x in r) for r in incremental]
    # and the numbers moved: a rebuild that wrote defaults would not compare equal
    assert len({r[2] for r in rebuilt[:6]}) > 2


def test_the_ratings_rebuild_command(database, clock):
    from click.testing import CliRunner

    from referee.ops.cli import main
    svc = make_service(database, clock)
    ids = _players(svc, 2)
    _play(svc, "babel", ids, resign=[0])
    before = ratings_store.all_ratings(svc.db.conn)
    with write_transaction(svc.db) as conn:
        ratings_store.clear(conn)  # lost: the command brings them back from the logs
    result = CliRunner().invoke(main, ["--database", str(database), "ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "1 finished games, 1 rated" in result.output
    assert ratings_store.all_ratings(svc.db.conn) == before


def test_places_come_from_the_recorded_result():
    from referee.service.competition.rating_updates import ranks_of
    assert ranks_of({"winner": 2, "winners": [2], "ranking": [2, 0, 1], "scores": [5, 3, 9], "reason": "end"}, 3) == [2, 3, 1]
    assert ranks_of({"winner": None, "winners": [0, 2], "ranking": [2, 0, 3, 1], "scores": [1, 1, 1, 1],
                     "reason": "end"}, 4) == [1, 4, 1, 3]
    # Babel results of rules version 2 have no ranking: the winner, then a draw as a shared place
    assert ranks_of({"winner": 1, "scores": [3, 7], "reason": "x", "hand_sizes": [1, 1]}, 2) == [2, 1]
    assert ranks_of({"winner": None, "scores": [4, 4], "reason": "x", "hand_sizes": [1, 1]}, 2) == [1, 1]
