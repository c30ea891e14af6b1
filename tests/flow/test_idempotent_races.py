"""Racing clients against two web servers (two gunicorn masters, as on two hosts) on one
database: every copy of one keyed request gets the same answer, however the copies race, and
the move lands once (issue 12, item 6); moves racing at one expected sequence have exactly one
winner (issue 14)."""

from __future__ import annotations

import os
import signal
import threading

import pytest
import requests

from tests.conftest import free_port
from tests.flow.support import start_gunicorn

COPIES = 24


def _race(urls: list[str], path: str, token: str, body: dict | list[dict]) -> list[tuple[int, dict]]:
    """COPIES requests at once, alternating between the servers (`body[i]` when a list)."""
    barrier = threading.Barrier(COPIES)
    answers: list[tuple[int, dict]] = [None] * COPIES  # type: ignore[list-item]

    def send(i: int) -> None:
        barrier.wait()
        sent = body[i % len(body)] if isinstance(body, list) else body
        r = requests.post(urls[i % len(urls)] + path, json=sent, headers={"Authorization": f"Bearer {token}"},
                          timeout=60)
        answers[i] = (r.status_code, r.json())

    threads = [threading.Thread(target=send, args=(i,)) for i in range(COPIES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.fixture
def two_web_servers(database, tmp_path):
    """Two gunicorn servers (one worker process each) on one database."""
    ports = [free_port(), free_port()]
    procs = []
    try:
        for port in ports:
            procs.append(start_gunicorn(database, port, workers=1, threads=8, log_dir=tmp_path))
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)


def test_every_answer_to_one_key_is_identical(two_web_servers):
    urls = two_web_servers
    url = urls[0]
    created = requests.post(url + "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                                  "options": {"first_seat": 0}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    path = f"/games/{gid}/moves"
    for n in range(4):  # with and without expected_seq, single moves and a text move
        doc = requests.get(f"{url}/games/{gid}").json()
        seat = doc["prompts"][0]["seat"]
        prompt = requests.get(f"{url}/games/{gid}/prompts",
                              headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["prompts"][0]
        move = next((c for c in prompt["choices"] if c["type"] != "end_turn"), prompt["default"])
        body = {"move": move, "idempotency_key": f"race-{n}"}
        if n % 2:
            body["expected_seq"] = doc["seq"]
        answers = _race(urls, path, tokens[seat], body)
        assert {status for status, _ in answers} == {201}, [a for a in answers if a[0] != 201][:1]
        assert all(a == answers[0] for a in answers), "copies of one request got different answers"
        events = requests.get(f"{url}/games/{gid}/events").json()["events"]
        assert len(events) == doc["seq"] + 1  # the move landed exactly once
    # the same key with another request is refused and changes nothing
    r = requests.post(url + path, json={"move": {"type": "end_turn"}, "idempotency_key": "race-0"},
                      headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.status_code == 422 and "different request" in r.json()["detail"]


def test_moves_racing_at_one_sequence_have_exactly_one_winner(two_web_servers):
    """Different legal moves, all stating the same expected_seq, sent at once through both
    servers: one lands (201), every other gets 409 with the new sequence, and the log never forks."""
    urls = two_web_servers
    created = requests.post(urls[0] + "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                                      "options": {"first_seat": 0}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    for _ in range(3):
        doc = requests.get(f"{urls[1]}/games/{gid}").json()
        seat = doc["prompts"][0]["seat"]
        prompt = requests.get(f"{urls[0]}/games/{gid}/prompts",
                              headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["prompts"][0]
        bodies = [{"move": m, "expected_seq": doc["seq"]} for m in prompt["choices"]]
        answers = _race(urls, f"/games/{gid}/moves", tokens[seat], bodies)
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201] + [409] * (COPIES - 1), statuses
        assert all(a["current_seq"] > doc["seq"] for status, a in answers if status == 409)
        events = requests.get(f"{urls[1]}/games/{gid}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        winner = next(a for status, a in answers if status == 201)
        assert events[doc["seq"]]["hash"] == winner["events"][0]["hash"]
