"""Random-steps playouts over HTTP: whole games of every game played by a client that holds no
rules. Every move is built only through `GET /games/{id}/prompts/{kind}/steps` (random options
until the move is complete; at a complete move that offers more, stopping the likelier the
longer the path), then submitted; each game ends with a result and its export passes
`referee verify` in full.

A real server on loopback over a real SQLite file (one database kind: what is tested is the
steps, not the store). STEPS_PLAYOUTS games per game run in the suite (default 1, at the
smallest table; more alternate the smallest and the largest): the issue's 50 with
`STEPS_PLAYOUTS=50 pytest tests/e2e/test_steps_playouts.py -s`, which prints games/s and
requests per game.
"""

from __future__ import annotations

import json
import os
import random
import time

import pytest
import requests

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.verify import verify_events
from referee.plumbing.config import Config
from tests.conftest import start_server

GAMES = int(os.environ.get("STEPS_PLAYOUTS", "1"))
MAX_MOVES = 4000
MAX_DEPTH = 400  # a move may repeat a part (Sands resettles citizen by citizen)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("steps") / "r.db")
    srv, httpd = start_server(db, config=Config(database=db, create_limit="", auth_fail_limit=""))
    yield srv
    httpd.shutdown()


class Client:
    """A bot with a seat token per seat and no rules: it asks, picks and plays."""

    def __init__(self, url: str):
        self.url = url
        self.http = requests.Session()
        self.requests = 0

    def call(self, method: str, path: str, token: str | None = None, **kw) -> requests.Response:
        self.requests += 1
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.http.request(method, self.url + path, headers=headers, timeout=30, **kw)

    def build(self, gid: str, token: str, prompt: dict, rnd: random.Random) -> tuple[dict, int]:
        """A move of `prompt` built through steps alone, starting from the prompt's own first
        step when it carries one; returns (move, the sequence the steps were answered at)."""
        kind = prompt["kind"]
        path: list[str] = []
        step = None
        for _ in range(MAX_DEPTH):
            r = self.call("GET", f"/games/{gid}/prompts/{kind}/steps"
                          + (f"?chosen={','.join(path)}" if path else ""), token)
            assert r.status_code == 200, (path, r.text)
            step = r.json()
            if prompt.get("steps") is not None and not path:
                assert {k: step[k] for k in ("question", "options", "move")} == prompt["steps"]
            assert step["chosen"] == path and (step["options"] or step["move"] is not None), step
            if step["move"] is not None and (not step["options"] or rnd.random() < 0.3 + len(path) / 20):
                return step["move"], step["seq"]
            path.append(rnd.choice(step["options"])["id"])
        raise AssertionError(f"no complete move after {MAX_DEPTH} steps: {path}")


def play(client: Client, game: str, seats: int, rnd: random.Random) -> tuple[dict, int]:
    created = client.call("POST", "/games", json={"game": game, "seats": [{"name": f"P{i}"} for i in range(seats)]})
    assert created.status_code == 201, created.text
    gid, tokens = created.json()["id"], [s["token"] for s in created.json()["seats"]]
    for moves in range(MAX_MOVES):
        doc = client.call("GET", f"/games/{gid}").json()
        if doc["status"] == "finished":
            break
        seat = rnd.choice(doc["prompts"])["seat"]
        prompt = rnd.choice(client.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"])
        move, seq = client.build(gid, tokens[seat], prompt, rnd)
        r = client.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": seq})
        assert r.status_code == 201, (move, r.text)
    else:
        raise AssertionError(f"{game} did not end in {MAX_MOVES} moves")
    assert doc["result"] is not None and len(doc["result"]["scores"]) == seats
    lines = client.call("GET", f"/games/{gid}/export").text.splitlines()
    report = verify_events([json.loads(line) for line in lines])
    assert report.ok and report.level == "full", report.to_json()
    return doc, moves


@pytest.mark.parametrize("game", GAME_IDS)
def test_random_steps_playouts_over_http(live, game):
    rules = rules_for(game)
    client = Client(live.url)
    rnd = random.Random(f"steps-{game}")
    t0, total_moves = time.perf_counter(), 0
    for i in range(GAMES):
        seats = rules.min_players if i % 2 == 0 else rules.max_players  # the smallest and largest tables
        seats = max(seats, 2) if rules.max_players >= 2 else seats
        _, moves = play(client, game, seats, rnd)
        total_moves += moves
    took = time.perf_counter() - t0
    print(f"\n{game}: {GAMES} games by steps over HTTP in {took:.1f} s ({GAMES / took:.2f} games/s, "
          f"{total_moves / GAMES:.0f} moves and {client.requests / GAMES:.0f} requests per game)")
