"""Issue 27 over HTTP: the endpoints as documented (names clients rely on), their problems, a
queue that leaks through no other seat's answer, and a takeback acceptance racing the
requester's own next move: one winner, no fork."""

from __future__ import annotations

import threading

import pytest

from referee.engine.verify import verify_events
from tests.api.helpers import new_babel

above_the_store = pytest.mark.one_database  # access and problem answers; presets and takebacks run twice in flow/test_foresight.py and the race below


def travel(server, gid: str, token: str) -> dict:
    """Seat 0's first listed travel (no card is drawn: no chance record)."""
    prompt = server.call("GET", f"/games/{gid}/prompts", token).json()["prompts"][0]
    move = next(m for m in prompt["choices"] if m["type"] == "travel")
    r = server.call("POST", f"/games/{gid}/moves", token, json={"move": move})
    assert r.status_code == 201, r.text
    return r.json()


@above_the_store
def test_presets_endpoints_are_private_and_documented(server):
    g = new_babel(server)
    gid, ada, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    seen_by_ada = [server.call("GET", p, ada).json() for p in
                   (f"/games/{gid}", f"/games/{gid}/events", f"/games/{gid}/prompts", f"/games/{gid}/presets")]
    export = server.call("GET", f"/games/{gid}/export", ada).text
    r = server.call("POST", f"/games/{gid}/presets", bo, json={"moves": [{"move": "end"}, {
        "move": {"type": "end_turn"}, "if": {"opponent_move": "end"}}]})
    assert r.status_code == 201, r.text
    assert r.json()["queue"] == [{"move": {"type": "end_turn"}},
                                 {"move": {"type": "end_turn"}, "if": {"opponent_move": {"type": "end_turn"}}}]
    assert server.call("GET", f"/games/{gid}/presets", bo).json()["queue"] == r.json()["queue"]
    # Ada's answers are exactly what they were: nothing of Bo's queue
    assert [server.call("GET", p, ada).json() for p in
            (f"/games/{gid}", f"/games/{gid}/events", f"/games/{gid}/prompts", f"/games/{gid}/presets")] == seen_by_ada
    assert server.call("GET", f"/games/{gid}/export", ada).text == export
    assert server.call("GET", f"/games/{gid}/presets").status_code == 401  # a spectator has no queue
    bad = server.call("POST", f"/games/{gid}/presets", bo, json={"moves": [{"move": "fly to the moon"}]})
    assert bad.status_code == 400 and bad.headers["Content-Type"] == "application/problem+json"
    assert bad.json()["detail"].startswith("moves/0: not a move")
    assert server.call("DELETE", f"/games/{gid}/presets", bo).json()["queue"] == []
    doc = server.call("GET", "/openapi.json").json()["paths"]
    assert doc["/games/{game_id}/presets"]["post"]["operationId"] == "queuePresets"
    assert doc["/games/{game_id}/takebacks/{tid}/accept"]["post"]["operationId"] == "acceptTakeback"
    assert doc["/games/{game_id}/proposals/{pid}/vote"]["post"]["operationId"] == "voteOnProposal"


@above_the_store
def test_takeback_and_proposal_endpoints_and_their_problems(server):
    g = new_babel(server)
    gid, ada, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    travel(server, gid, ada)
    refused = server.call("POST", f"/games/{gid}/takebacks", bo)
    assert refused.status_code == 422 and refused.json()["rule"] == "takeback-boundary"
    assert refused.json()["boundary"]["kind"] == "other_seat" and "another seat's action" in refused.json()["detail"]
    asked = server.call("POST", f"/games/{gid}/takebacks", ada, json={})
    assert asked.status_code == 201, asked.text
    tid = asked.json()["takeback"]["id"]
    assert server.call("GET", f"/games/{gid}/takebacks").json()["pending"]["id"] == tid
    assert server.call("POST", f"/games/{gid}/takebacks/{tid}/accept", ada).status_code == 403
    assert server.call("POST", f"/games/{gid}/takebacks/{tid + 7}/accept", bo).status_code == 404
    done = server.call("POST", f"/games/{gid}/takebacks/{tid}/accept", bo)
    assert done.status_code == 200 and done.json()["seq"] == tid + 2
    events = server.call("GET", f"/games/{gid}/events", bo).json()["events"]
    assert events[-1]["type"] == "takeback" and events[-1]["payload"]["to_seq"] == 1
    assert "taken back" in events[-1]["text"]
    bad = server.call("POST", f"/games/{gid}/proposals", ada, json={"kind": "concede"})
    assert bad.status_code == 400  # a concession names the seat conceded to
    pid = server.call("POST", f"/games/{gid}/proposals", ada, json={"kind": "concede", "to": 1}).json()["proposal"]["id"]
    assert server.call("GET", f"/games/{gid}/proposals").json()["proposal"]["waiting_for"] == [1]
    assert server.call("POST", f"/games/{gid}/proposals/{pid}/vote", bo, json={"vote": "maybe"}).status_code == 400
    ended = server.call("POST", f"/games/{gid}/proposals/{pid}/vote", bo, json={"vote": "yes"}).json()
    assert ended["status"] == "finished" and ended["result"]["winner"] == 1 and ended["result"]["by"] == "agreement"
    log = [__import__("json").loads(ln) for ln in server.call("GET", f"/games/{gid}/export").text.splitlines()]
    assert verify_events(log).ok and verify_events(log).level == "full"
    # once over, every seat's queued moves are shown (none here)
    assert server.call("GET", f"/games/{gid}/presets").json() == {"history": []}


def test_a_takeback_acceptance_racing_the_requesters_next_move_has_one_winner(server):
    for _ in range(4):
        g = new_babel(server)
        gid, ada, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        travel(server, gid, ada)
        asked = server.call("POST", f"/games/{gid}/takebacks", ada).json()
        tid, seq = asked["takeback"]["id"], asked["seq"]
        prompt = server.call("GET", f"/games/{gid}/prompts", ada).json()["prompts"][0]
        move = next(m for m in prompt["choices"] if m["type"] == "travel")
        answers: dict[str, int] = {}
        go = threading.Barrier(2)

        def accept() -> None:
            go.wait()
            answers["accept"] = server.call("POST", f"/games/{gid}/takebacks/{tid}/accept", bo).status_code

        def play() -> None:
            go.wait()
            answers["move"] = server.call("POST", f"/games/{gid}/moves", ada,
                                          json={"move": move, "expected_seq": seq}).status_code

        threads = [threading.Thread(target=accept), threading.Thread(target=play)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        won = [k for k, v in answers.items() if v in (200, 201)]
        assert len(won) == 1, answers  # never both, never neither
        lost = answers["move" if won == ["accept"] else "accept"]
        assert lost in (404, 409), answers
        log = server.call("GET", f"/games/{gid}/events").json()["events"]
        types = [e["type"] for e in log]
        assert ("takeback" in types) == (won == ["accept"]) and types.count("move") == (1 if won == ["accept"] else 2)
        assert verify_events(log).ok  # one chain, no fork
