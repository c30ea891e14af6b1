"""Gentes over HTTP: a 3-seat and a 2-seat game played to the end by clients that see only
their own view, then `verify_events` replays the log (full level once the seed is revealed).

Prompts without choices (turns, moon answers, final cubes) are built from the seat's view by
the playout policy; a move the server refuses (422, with the rule) is simply retried with
another candidate, and the prompt's default is the last resort."""

from __future__ import annotations

import random

import pytest

from referee.engine.registry import rules_for
from referee.engine.verify import verify_events
from referee.games.gentes.rules import GameRules
from tests.games.gentes.policy import candidate
from tests.games.gentes.second_deck import second_components

RULES = rules_for("gentes")

# The game's rules over HTTP, to the end: no store behaviour of its own (the store's appends and reads
# run on both databases in tests/core and tests/flow), so SQLite only (README, "Tests").
pytestmark = pytest.mark.one_database


def play(server, names: str, seed: int, components: dict | None = None) -> tuple[dict, list, int]:
    rnd = random.Random(seed)
    rules = RULES if components is None else GameRules(components)
    body = {"game": "gentes", "seats": [{"name": n} for n in names]}
    if components is not None:
        body["components"] = components
    created = server.call("POST", "/games", json=body).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    refused = moves = 0
    while True:
        game = server.call("GET", f"/games/{gid}").json()
        if game["status"] == "finished":
            break
        seat = rnd.choice(game["prompts"])["seat"]
        mine = server.call("GET", f"/games/{gid}", tokens[seat]).json()
        prompt = next(p for p in mine["prompts"] if p["seat"] == seat)
        for attempt in range(8):
            if prompt["choices"]:
                move = rnd.choice(prompt["choices"])
            elif attempt < 7:
                move = candidate(rules, mine["view"], prompt["kind"], seat, rnd)
            else:
                move = prompt["default"]
            r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": mine["seq"]})
            if r.status_code == 201:
                break
            assert r.status_code == 422, r.text
            assert "G-" in r.text
            refused += 1
        else:
            raise AssertionError("the default move was refused")
        moves += 1
        assert moves < 2000
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    return game, events, refused


def test_three_seats_play_gentes_to_the_end_and_the_log_verifies(server):
    game, events, refused = play(server, "ABC", 3)
    assert game["result"] is not None and len(game["result"]["scores"]) == 3
    assert game["view"]["phase"] == "over"
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
    assert refused > 0, "the server refused no candidate: the check that refusals carry a rule id did not run"


def test_two_seats_play_gentes_to_the_end_and_the_log_verifies(server):
    game, events, _ = play(server, "AB", 2)
    assert game["result"] is not None and len(game["result"]["scores"]) == 2
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()


def test_a_game_created_with_other_component_data_plays_by_it(server):
    comps = second_components()
    game, events, _ = play(server, "AB", 5, comps)
    assert events[0]["payload"]["components"]["cards"][0]["id"] == "X1-01"
    assert all(len(p["track"]) == 12 for p in game["view"]["players"])
    assert any(c.startswith("X") for p in game["view"]["players"] for c in p["tableau"] + p["hand"])
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
