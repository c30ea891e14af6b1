"""Creation errors have their own problem type (invalid game setup) naming the field at fault,
never "illegal move"; `referee new-game` prints them as one line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.one_database  # creation's problem answers lie above the store; creating games runs twice in api/test_games_api.py


@pytest.mark.parametrize("body, field", [
    ({"game": "babel", "seats": [{"name": "Ada"}]}, "/seats"),
    ({"game": "khronos", "seats": [{"name": f"P{i}"} for i in range(6)]}, "/seats"),
    ({"game": "babel", "seats": [{"name": "Ada", "email": "ada@localhost"}, {"name": "Bo"}]}, "/seats/0/email"),
    ({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo", "webhook": "http://127.0.0.1/x"}]}, "/seats/1/webhook"),
    ({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo", "tz": "Mars/Olympus"}]}, "/seats/1/tz"),
])
def test_creation_errors_are_invalid_game_setup_with_the_field(server, body, field):
    before = server.call("GET", "/games").json()["games"]
    r = server.call("POST", "/games", json=body)
    problem = r.json()
    assert r.status_code == 422 and r.headers["Content-Type"].startswith("application/problem+json")
    assert problem["type"] == "/problems/invalid-game-setup" and problem["title"] == "Invalid game setup"
    assert problem["field"] == field and "rule" not in problem
    assert server.call("GET", "/problems/invalid-game-setup").status_code == 200
    assert server.call("GET", "/games").json()["games"] == before  # nothing created


def test_new_game_prints_one_clear_line(tmp_path):
    env = {**os.environ, "REFEREE_DATABASE": str(tmp_path / "c.db")}
    for args, expect in ((["babel", "--seat", "Ada"], "invalid game setup at /seats: Babel takes 2-2 seats"),
                         (["babel", "--seat", "Ada:ada@localhost", "--seat", "Bo"], "at /seats/0/email")):
        proc = subprocess.run([sys.executable, "-m", "referee.ops.cli", "new-game", *args], capture_output=True,
                              text=True, env=env, timeout=60)
        assert proc.returncode == 1 and proc.stdout == ""
        assert proc.stderr.count("\n") == 1 and expect in proc.stderr and "{" not in proc.stderr, proc.stderr
