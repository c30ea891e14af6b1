"""A client generated from /openapi.json by a maintained generator (openapi-python-client)
creates a game, reads prompts and plays moves against a real server: the document is good
enough for the client generators bot authors use."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.api.helpers import log_length

pytestmark = pytest.mark.one_database  # the HTTP contract from a generated client; the same store calls run twice in api/test_games_api.py

PACKAGE = "referee_generated_client"


def _generate(server, tmp_path: Path):
    spec = tmp_path / "openapi.json"
    spec.write_text(server.call("GET", "/openapi.json").text)
    tool = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
    assert tool, "openapi-python-client is a test dependency (setup.cfg)"
    out = tmp_path / PACKAGE
    proc = subprocess.run([tool, "generate", "--path", str(spec), "--output-path", str(out), "--meta", "none"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"})
    assert proc.returncode == 0 and (out / "client.py").exists(), proc.stdout + proc.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))


def test_generated_client_plays_a_game(server, tmp_path):
    client_pkg = _generate(server, tmp_path)
    api = importlib.import_module(f"{PACKAGE}.api.default")
    models = importlib.import_module(f"{PACKAGE}.models")
    for name in ("create_game", "get_game", "get_prompts", "submit_move", "get_events", "get_steps"):
        importlib.import_module(f"{PACKAGE}.api.default.{name}")

    anonymous = client_pkg.Client(base_url=server.url)
    body = models.CreateGame.from_dict({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                        "options": {"first_seat": 0}})
    created = api.create_game.sync(client=anonymous, body=body)
    assert isinstance(created, models.GameCreated), created
    gid = created.id
    seats = [client_pkg.AuthenticatedClient(base_url=server.url, token=s.token) for s in created.seats]

    played = 0
    for _ in range(6):
        game = api.get_game.sync(game_id=gid, client=seats[0])
        seat = game.prompts[0].seat
        prompts = api.get_prompts.sync(game_id=gid, client=seats[seat])
        prompt = prompts.prompts[0]
        assert prompt.seat == seat and prompt.choices
        move = prompt.default.to_dict() if hasattr(prompt.default, "to_dict") else prompt.default
        answer = api.submit_move.sync_detailed(game_id=gid, client=seats[seat],
                                               body={"move": move, "expected_seq": game.seq})
        assert answer.status_code == 201, answer.content
        played += 1
    assert log_length(server, gid) >= 1 + played
    # A move built step by step through the generated client, then played.
    game = api.get_game.sync(game_id=gid, client=seats[0])
    seat, kind = game.prompts[0].seat, game.prompts[0].kind
    steps = importlib.import_module(f"{PACKAGE}.api.default.get_steps")
    step = steps.sync(game_id=gid, kind=kind, client=seats[seat])
    assert isinstance(step, models.StepAnswer) and step.options and step.options[0].label
    chosen: list[str] = []
    while not step.move:  # the first option each time, until the path makes a move
        chosen.append(step.options[0].id)
        step = steps.sync(game_id=gid, kind=kind, client=seats[seat], chosen=",".join(chosen))
        assert isinstance(step, models.StepAnswer) and len(chosen) < 20, step
    move = step.move.to_dict() if hasattr(step.move, "to_dict") else step.move
    answer = api.submit_move.sync_detailed(game_id=gid, client=seats[seat], body={"move": move, "expected_seq": game.seq})
    assert answer.status_code == 201, answer.content
    refused = api.submit_move.sync_detailed(game_id=gid, client=seats[0],
                                            body={"move": {"type": "no-such-move"}})
    assert refused.status_code in (400, 422) and isinstance(refused.parsed, models.Problem)
