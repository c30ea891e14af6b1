"""Racing idempotent retries under gunicorn with 2 workers (issue 12, item 6): every copy of one
keyed request gets the same answer, however the copies race, and the move lands once."""

from __future__ import annotations

import os
import signal
import threading

import requests

from tests.conftest import free_port
from tests.flow.support import start_gunicorn

COPIES = 24


def _race(url: str, path: str, token: str, body: dict) -> list[tuple[int, dict]]:
    barrier = threading.Barrier(COPIES)
    answers: list[tuple[int, dict]] = [None] * COPIES  # type: ignore[list-item]

    def send(i: int) -> None:
        barrier.wait()
        r = requests.post(url + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=60)
        answers[i] = (r.status_code, r.json())

    threads = [threading.Thread(target=send, args=(i,)) for i in range(COPIES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_every_answer_to_one_key_is_identical(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_gunicorn(tmp_path / "races.db", port, workers=2, threads=8)
    try:
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
            answers = _race(url, path, tokens[seat], body)
            assert {status for status, _ in answers} == {201}, [a for a in answers if a[0] != 201][:1]
            assert all(a == answers[0] for a in answers), "copies of one request got different answers"
            events = requests.get(f"{url}/games/{gid}/events").json()["events"]
            assert len(events) == doc["seq"] + 1  # the move landed exactly once
        # the same key with another request is refused and changes nothing
        r = requests.post(url + path, json={"move": {"type": "end_turn"}, "idempotency_key": "race-0"},
                          headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 422 and "different request" in r.json()["detail"]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
