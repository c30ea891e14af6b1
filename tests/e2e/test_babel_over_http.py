"""Two people who never meet play Babel to the end through the real service.

The service runs as its own process (`referee serve`) on loopback with a fresh SQLite file.
Neither seat ever sees the other's hand (in its view, its prompts or its audit log), and the
exported log verifies offline with `referee verify --file`. Midway, Bo gives his seat up and Cy
takes it: from then on Bo (his token, his open live feed) reads nothing of the seat (issue 35).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest
import requests

from tests.conftest import free_port
from tests.security.test_tenure import Stream

PEOPLES = ("medes", "sumerians", "hittites", "persians", "assyrians")


@pytest.fixture
def live_service(tmp_path):
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE": str(tmp_path / "live.db")}
    log = tmp_path / "server.log"  # a file, not a pipe: a full pipe nobody reads would stall the server
    with log.open("wb") as out:
        # no inbound SMTP port: its default (2525) may be another test's at the same moment
        proc = subprocess.Popen([sys.executable, "-m", "referee.ops.cli", "serve", "--port", str(port),
                                 "--smtp-port", "0"], env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # generous: the machine may be busy with other tests
    while True:
        try:
            if requests.get(url + "/healthz", timeout=2).ok:
                break
        except (requests.ConnectionError, requests.Timeout):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the service did not start: " + log.read_text())
        time.sleep(0.1)
    yield url, env
    proc.terminate()
    proc.wait(10)


def _hidden_hand_leaks(served: dict, other: int) -> list[str]:
    """Places in a served game document where the other seat's hand contents would show."""
    leaks = []
    opp = served["view"]["players"][other]
    if isinstance(opp.get("hand"), dict):
        leaks.append("view.players[other].hand")
    if isinstance(served["view"].get("people_draw"), list):
        leaks.append("view.people_draw")
    for p in served["prompts"]:
        if p["seat"] == other and (p["choices"] is not None or p["default"] is not None):
            leaks.append("prompt of the other seat")
    return leaks


def _withheld_ok(events: list[dict], viewer: int) -> list[str]:
    bad = []
    for e in events:
        for rec in e["payload"].get("chance", []):
            vis = rec["visible_to"]
            if vis != "all" and viewer not in vis and rec["value"] is not None:
                bad.append(f"seq {e['seq']} {rec['label']}")
    return bad


def test_served_without_a_version_banner(live_service):
    """The development server does not announce its Werkzeug and Python versions (issue 12)."""
    url, _ = live_service
    server = requests.get(url + "/healthz").headers.get("Server", "")
    assert "Werkzeug" not in server and "Python" not in server, server


def _replace_bo(http, url: str, gid: str, auth: list[dict]) -> tuple[dict, Stream]:
    """Bo, with a live feed open, gives seat 1 up and Cy takes it: Bo's feed ends at once, before
    anything of Cy's; Bo's token reads nothing any more. Cy's authorization is returned."""
    head = http.get(f"{url}/games/{gid}").json()["seq"]
    feed = Stream(f"{url}/games/{gid}/events?after={head}&talk_after=0", auth[1])
    time.sleep(0.3)
    assert http.post(f"{url}/games/{gid}/seats/1/release", headers=auth[1]).status_code == 200
    cy = http.post(f"{url}/games/{gid}/join", json={"name": "Cy", "seat": 1})
    assert cy.status_code == 201, cy.text
    assert feed.ended.wait(5), "the former holder's live feed is still open"
    frames = feed.drained()
    feed.close()
    assert frames[-1][0] == "revoked" and not any('"seat_replaced"' in data for _, data in frames), frames
    return {"Authorization": f"Bearer {cy.json()['token']}"}


def test_two_seats_play_a_whole_game_over_http(live_service, tmp_path):
    url, env = live_service
    http = requests.Session()
    created = http.post(url + "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
    former: dict | None = None  # Bo's authorization once Cy holds seat 1
    rnd = random.Random(7)
    moves = 0
    while True:
        if moves == 30:
            former, auth[1] = auth[1], _replace_bo(http, url, gid, auth)
        views = [http.get(f"{url}/games/{gid}", headers=auth[s]).json() for s in (0, 1)]
        if views[0]["status"] == "finished":
            break  # everything is public now, by design
        for s in (0, 1):
            assert _hidden_hand_leaks(views[s], 1 - s) == [], (moves, s)
        if former is not None and moves in (30, 60):  # refused everywhere (each refusal counts toward the lock-out)
            for path in ("", "/prompts", "/events", "/messages", "/presets"):
                assert http.get(f"{url}/games/{gid}{path}", headers=former).status_code == 401, path
        seat = views[0]["prompts"][0]["seat"]
        prompt = http.get(f"{url}/games/{gid}/prompts", headers=auth[seat]).json()["prompts"][0]
        choices = prompt["choices"] or [prompt["default"]]
        strong = [c for c in choices if c["type"] in ("build", "ability", "finish_first_turn", "settle")]
        move = rnd.choice(strong) if strong and rnd.random() < 0.85 else rnd.choice(choices)
        r = http.post(f"{url}/games/{gid}/moves", headers=auth[seat],
                      json={"move": move, "expected_seq": views[seat]["seq"], "idempotency_key": f"m{moves}"})
        assert r.status_code == 201, r.text
        moves += 1
        assert moves < 5000
        if moves % 25 == 0 and r.json()["status"] == "active":  # once over, everything is public
            for s in (0, 1):
                log = http.get(f"{url}/games/{gid}/events", headers=auth[s]).json()["events"]
                assert _withheld_ok(log, s) == []

    final = views[0]
    assert final["result"]["winner"] in (0, 1, None) and len(final["result"]["scores"]) == 2
    export = http.get(f"{url}/games/{gid}/export").text
    path = tmp_path / "game.jsonl"
    path.write_text(export)
    lines = [json.loads(x) for x in export.splitlines()]
    assert lines[-1]["type"] == "seed_revealed" and len(lines) == final["seq"]
    out = subprocess.run([sys.executable, "-m", "referee.ops.cli", "verify", "--file", str(path)],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] and report["level"] == "full"
    # Tampering with any recorded outcome is caught, and the divergence located.
    lines[5]["payload"]["state_hash"] = "0" * 64
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = subprocess.run([sys.executable, "-m", "referee.ops.cli", "verify", "--file", str(path)],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 1 and json.loads(out.stdout)["first_divergence"]["seq"] == 6
