"""Ratings and tournaments over HTTP (issue 28): the leaderboard paged by keyset (every shown
player once, in order, ties included), refusals as problem+json, a public profile without an
address, and a tournament created, read and adjudicated only by its organiser."""

from __future__ import annotations

import pytest

from referee.store import players, ratings as ratings_store
from referee.store.db import write_transaction


def _seed(service, n: int, games: int = 5) -> None:
    """n rated players of Babel (as the projection holds them), several with equal ratings."""
    with write_transaction(service.db) as conn:
        for i in range(n):
            pid = f"pl{i:03d}"
            players.add(conn, pid, f"{pid}@example.org", 0)
            mu = 30.0 - (i // 2)  # pairs share a rating: the keyset must order them by player too
            ratings_store.put_rating(conn, "babel", pid, f"Name {i}", mu, 2.0, mu - 6.0, games, f"g{i}", "2026-01-01")


def test_the_leaderboard_pages_by_keyset_through_every_shown_player(server):
    _seed(server.service, 11)
    with write_transaction(server.service.db) as conn:  # four games only: not shown yet
        ratings_store.put_rating(conn, "babel", "newcomer", "New", 99.0, 1.0, 96.0, 4, "gx", "2026-01-01")
    seen, cursor, pages = [], None, 0
    while True:
        r = server.call("GET", "/ratings/babel", params={"limit": 3, **({"cursor": cursor} if cursor else {})})
        assert r.status_code == 200, r.text
        body = r.json()
        seen += body["ratings"]
        pages += 1
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert pages == 4
    # best first; equal ratings (each pair) by player id, descending
    assert [e["player"]["id"] for e in seen] == [f"pl{i:03d}" for i in (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 10)]
    assert [e["place"] for e in seen] == list(range(1, 12))
    assert seen[0]["rating"] == 24.0 and seen[0]["games"] == 5 and "email" not in str(seen)
    assert "at least 3 moves" in body["policy"] and body["shown_after"] == 5


@pytest.mark.one_database  # refusals lie above the store; the leaderboard's keyset query runs twice above
def test_leaderboard_refusals_are_problems(server):
    r = server.call("GET", "/ratings/chess")
    assert r.status_code == 404 and r.headers["Content-Type"].startswith("application/problem+json")
    r = server.call("GET", "/ratings/babel", params={"cursor": "not-a-cursor"})
    assert r.status_code == 400 and r.json()["parameter"] == "cursor"
    r = server.call("GET", "/ratings/babel", params={"limit": 0})
    assert r.status_code == 400 and r.json()["parameter"] == "limit"
    assert server.call("GET", "/players/nobody/profile").status_code == 404


def test_a_tournament_over_http_and_its_organiser(server, clock):
    body = {"game": "babel", "format": "round_robin", "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}],
            "seats_per_game": 2, "stall": {"days": 1, "action": "abandon"}}
    r = server.call("POST", "/tournaments", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert len(made["rounds"]) == 3 and made["rounds"][0]["byes"]  # three players: one sits out each round
    overview = server.call("GET", f"/tournaments/{made['id']}").json()
    assert overview["tie_breaks"][1] == "Sonneborn-Berger" and len(overview["standings"]) == 3
    assert "organiser" not in str(overview) and "token" not in str(overview)
    game = made["rounds"][0]["games"][0]["id"]
    assert server.call("POST", f"/tournaments/{made['id']}/adjudicate", json={"game": game}).status_code == 401
    clock.advance(2 * 86400)
    r = server.call("POST", f"/tournaments/{made['id']}/adjudicate", made["organiser_token"], json={"game": game})
    assert r.status_code == 200 and r.json()["result"]["reason"] == "adjudicated"
    r = server.call("POST", "/tournaments", json={**body, "format": "knockout"})
    assert r.status_code == 400 and r.json()["errors"]
    r = server.call("POST", "/tournaments", json={**body, "seats_per_game": 3})
    assert r.status_code == 422 and r.json()["field"] == "/seats_per_game"
    assert server.call("GET", "/tournaments/nope").status_code == 404
