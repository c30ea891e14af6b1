"""Roll Through the Ages: The Iron Age, three seats, played to the end over HTTP.

Tribute is answered by the weaker seats themselves, each through its own prompt, while the
active seat waits: the test plays until it has seen such an answer land over HTTP.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from referee.engine.registry import rules_for
from referee.engine.verify import verify_events
from tests.games.iron_age.policy import BiasedPick, move_gen

RULES = rules_for("iron_age")

# The game's rules over HTTP, to the end: no store behaviour of its own (the store's appends and reads
# run on both databases in tests/core and tests/flow), so SQLite only (README, "Tests").
pytestmark = pytest.mark.one_database


def choose(game: dict, prompt: dict, rnd: BiasedPick) -> dict:
    """A legal move as a client would pick it: from the prompt's choices or, where there are too
    many to list (build, buy), built from the public view (nothing is hidden in this game)."""
    if prompt["choices"]:
        return rnd.choice(prompt["choices"])
    state = {k: v for k, v in game["view"].items() if k in RULES.state_schema["properties"]}
    return move_gen(RULES, state, SimpleNamespace(kind=prompt["kind"]), rnd)


def play_one(server, rnd: BiasedPick) -> tuple[int, dict, list]:
    created = server.call("POST", "/games", json={"game": "iron_age", "seats": [{"name": n} for n in "ABC"]}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    tribute_answers = 0
    moves = 0
    while True:
        game = server.call("GET", f"/games/{gid}").json()
        if game["status"] == "finished":
            break
        seat = rnd.choice(game["prompts"])["seat"]
        prompt = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        move = choose(game, prompt, rnd)
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": game["seq"]})
        assert r.status_code == 201, r.text
        if move["type"] == "tribute_response":
            assert seat != game["view"]["active_seat"], "a tribute answer comes from a non-active seat"
            tribute_answers += 1
        moves += 1
        assert moves < 3000
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    return tribute_answers, game, events


def test_three_seats_play_iron_age_to_the_end_with_tribute_answers(server):
    rnd = BiasedPick(4)
    seen = 0
    for _ in range(10):
        answers, game, events = play_one(server, rnd)
        assert game["result"] is not None and len(game["result"]["scores"]) == 3
        report = verify_events(events)
        assert report.ok and report.level == "full", report.to_json()
        seen += answers
        if seen:
            break
    assert seen > 0, "no tribute answer was given in ten games"
