"""`Prefer: return=minimal` on POST /games/{id}/moves (RFC 7240): the full answer's MINIMAL
fields, the events without narration, and nothing else made; the header parsed as the RFC has it."""

from __future__ import annotations

import flask
import pytest

from referee.api.http import prefers_minimal
from referee.service.play.moves import MINIMAL, minimal
from tests.api.helpers import assert_matches, log_length, new_babel

MINIMAL_HEADERS = {"Prefer": "return=minimal"}


def _no_text(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "text"} for e in events]


def test_the_minimal_answer_is_the_full_answer_s_fields_and_a_keyed_copy_gets_either_form(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    body = {"move": {"type": "finish_first_turn"}, "idempotency_key": "k-min"}
    brief = server.call("POST", f"/games/{gid}/moves", t0, json=body, headers=dict(MINIMAL_HEADERS))
    assert brief.status_code == 201, brief.text
    assert brief.headers["Preference-Applied"] == "return=minimal"
    answer = brief.json()
    assert_matches("api/move_minimal.json", answer)
    assert set(answer) == set(MINIMAL) and all("text" not in e for e in answer["events"])
    assert (answer["seq"], answer["played"], answer["refused"]) == (2, 1, None)
    # The same keyed request without the preference: the remembered full answer, of which the
    # minimal one is exactly the MINIMAL part; the move was played once.
    full = server.call("POST", f"/games/{gid}/moves", t0, json=body)
    assert full.status_code == 201 and "Preference-Applied" not in full.headers
    assert {"view", "prompts", "seats"} <= set(full.json()) and all("text" in e for e in full.json()["events"])
    assert minimal(full.json()) == answer
    again = server.call("POST", f"/games/{gid}/moves", t0, json=body, headers=dict(MINIMAL_HEADERS))
    assert again.json() == answer
    assert log_length(server, gid) == 2


def test_a_minimal_answer_without_a_key_holds_the_seat_s_own_redaction_of_its_events(server):
    """Sands of Time's secret card choices: the minimal answer's events are the chooser's own
    view of them (the feed's function), and the game moved on exactly as the answer says."""
    body = {"game": "sands_of_time", "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")], "options": {"first_seat": 0}}
    created = server.call("POST", "/games", json=body).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    secret_seen = False
    for _ in range(60):
        doc = server.call("GET", f"/games/{gid}").json()
        if doc["status"] != "active":
            break
        seat = doc["prompts"][0]["seat"]
        mine = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        move = mine["default"] if mine["default"] is not None else mine["choices"][0]
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": doc["seq"]},
                        headers=dict(MINIMAL_HEADERS))
        assert r.status_code == 201, r.text
        answer = r.json()
        assert_matches("api/move_minimal.json", answer)
        after = server.call("GET", f"/games/{gid}").json()
        assert (answer["seq"], answer["status"], answer["result"]) == (after["seq"], after["status"], after["result"])
        assert answer["events"] == _no_text(server.service.feed(gid, seat, doc["seq"]))
        others = _no_text(server.service.feed(gid, (seat + 1) % 3, doc["seq"]))
        if others != answer["events"]:  # a secret the other seats may not read
            secret_seen = True
            assert any(e.get("redacted") for e in others)
        if secret_seen and move.get("type") != "choose_cards":
            break
    assert secret_seen, "no secret choice was played: the test saw nothing hidden"


def test_a_minimal_batch_tells_its_refusal(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    moves = [{"type": "finish_first_turn"}, {"type": "finish_first_turn"}]  # the second is not seat 0's turn
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"moves": moves}, headers=dict(MINIMAL_HEADERS))
    assert r.status_code == 201, r.text
    answer = r.json()
    assert answer["played"] == 1 and answer["refused"]["index"] == 1 and answer["refused"]["rule"]
    assert [e["type"] for e in answer["events"]] == ["move"] and log_length(server, gid) == 2


@pytest.mark.parametrize("header, wanted", [
    ("return=minimal", True), ("RETURN=Minimal", True), ('return="minimal"', True),
    ("respond-async, return=minimal", True), ("return=minimal; x=1", True), ("wait=10,return=minimal", True),
    ("return=representation", False), ("respond-async", False), ("minimal", False), ("", False),
    ("return=minimalist", False),
])
def test_prefer_is_read_as_rfc_7240_writes_it(header, wanted):
    with flask.Flask(__name__).test_request_context(headers={"Prefer": header}):
        assert prefers_minimal() is wanted
