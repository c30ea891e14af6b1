"""Roll Through the Ages: The Iron Age, three seats, played to the end over HTTP.

Tribute is answered by the weaker seats themselves, each through its own prompt, while the
active seat waits: the test plays until it has seen such an answer land over HTTP.
"""

from __future__ import annotations

import random

from referee.engine.verify import verify_events


def play_one(server, rnd: random.Random) -> tuple[int, dict, list]:
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
        move = rnd.choice(prompt["choices"]) if prompt["choices"] else prompt["default"]
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": game["seq"]})
        assert r.status_code == 201, r.text
        if move["type"] == "tribute_response":
            active = game["view"].get("active", game["view"].get("turn", {}).get("seat"))
            assert seat != active, "a tribute answer comes from a non-active seat"
            tribute_answers += 1
        moves += 1
        assert moves < 3000
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    return tribute_answers, game, events


def test_three_seats_play_iron_age_to_the_end_with_tribute_answers(server):
    rnd = random.Random(4)
    seen = 0
    for _ in range(6):
        answers, game, events = play_one(server, rnd)
        assert game["result"] is not None and len(game["result"]["scores"]) == 3
        report = verify_events(events)
        assert report.ok and report.level == "full", report.to_json()
        seen += answers
        if seen:
            break
    assert seen > 0, "no tribute answer was given in six games"
