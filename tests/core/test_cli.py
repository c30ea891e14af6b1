"""The `referee` command on a real database (a SQLite file, a PostgreSQL server): each subcommand, and its errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import requests
from click.testing import CliRunner

from referee.ops.cli import main
from referee.store.db import write_transaction
from tests.conftest import free_port
from tests.dbtools import rows as db_rows, scalar


def run(db, *args):
    result = CliRunner().invoke(main, ["--database", str(db), *args])
    return result.exit_code, result.output


def test_init_db_is_idempotent(tmp_path):
    db = tmp_path / "r.db"
    code, out = run(db, "init-db")
    assert code == 0 and "applied m001_core, m002_deadlines_and_outbox" in out
    code, out = run(db, "init-db")
    assert code == 0 and "up to date" in out


def test_new_game_replay_rebuild_verify_export(database, tmp_path):
    db = database
    code, out = run(db, "new-game", "babel", "--seat", "Ada:ada@example.org", "--seat", "Bo",
                    "--options", '{"first_seat": 1}')
    assert code == 0, out
    created = json.loads(out)
    gid = created["id"]
    from referee.service.referee import Referee
    svc = Referee(str(db))
    svc.submit_move(gid, 1, {"move": {"type": "finish_first_turn"}})
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})

    # Projections are rebuilt from events alone: wipe them and rebuild.
    before = db_rows(db, "SELECT id, game, status, seq, to_move, result FROM games")
    assert len(before) == 1
    with write_transaction(svc.db) as conn:
        conn.execute("DELETE FROM games")
        conn.execute("DELETE FROM game_players")
    assert db_rows(db, "SELECT id FROM games") == []
    code, out = run(db, "replay", "--rebuild-projections")
    assert code == 0 and "rebuilt projections of 1 games" in out
    assert db_rows(db, "SELECT id, game, status, seq, to_move, result FROM games") == before
    assert db_rows(db, "SELECT name FROM game_players ORDER BY seat") == [("Ada",), ("Bo",)]

    code, out = run(db, "replay", gid)
    assert code == 0 and json.loads(out)["matches_live_state"] is True and json.loads(out)["moves"] == 2
    code, out = run(db, "verify", gid)
    assert code == 0 and json.loads(out)["level"] == "full"
    code, out = run(db, "export", gid)
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["type"] for r in rows] == ["game_created", "move", "move"]
    assert any(r.get("redacted") for r in rows)  # the spectator's export withholds the deals
    path = tmp_path / "x.jsonl"
    path.write_text(out)
    code, out = run(db, "verify", "--file", str(path))
    assert code == 0 and json.loads(out)["level"] == "chain"


def test_bad_input_exits_non_zero_with_a_message(tmp_path):
    db = tmp_path / "r.db"
    run(db, "init-db")
    assert run(db, "new-game", "chess", "--seat", "A", "--seat", "B")[0] == 1
    assert run(db, "new-game", "babel", "--seat", "A", "--seat", "B", "--options", "{bad")[0] == 1
    code, out = run(db, "replay", "nosuchgame")
    assert code == 1 and "no game" in out
    assert run(db, "verify")[0] == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert run(db, "verify", "--file", str(bad))[0] == 1


def test_an_acknowledged_move_survives_a_killed_server(database):
    db = database
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE": str(db)}
    # no inbound SMTP port: its default (2525) may be another test's at the same moment (a worker per core)
    proc = subprocess.Popen([sys.executable, "-m", "referee.ops.cli", "serve", "--port", str(port), "--smtp-port", "0"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # generous: the machine may be busy with other tests
        while True:
            try:
                requests.get(url + "/healthz", timeout=2)
                break
            except (requests.ConnectionError, requests.Timeout):
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        created = requests.post(url + "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                                      "options": {"first_seat": 0}}).json()
        r = requests.post(f"{url}/games/{created['id']}/moves", json={"move": {"type": "finish_first_turn"}},
                          headers={"Authorization": f"Bearer {created['seats'][0]['token']}"})
        assert r.status_code == 201
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert scalar(db, "SELECT COUNT(*) FROM events WHERE game_id = ?", (created["id"],)) == 2


def test_a_bad_config_file_gives_one_clear_line(tmp_path):
    bad = tmp_path / "config.json"
    for content, expect in (("{not json", "is not JSON"), ('{"databse": "x.db"}', "unknown setting(s) databse")):
        bad.write_text(content)
        proc = subprocess.run([sys.executable, "-m", "referee.ops.cli", "init-db"], capture_output=True, text=True,
                              env={**os.environ, "REFEREE_CONFIG": str(bad)}, timeout=60)
        assert proc.returncode == 1
        assert proc.stderr.strip().count("\n") == 0 and expect in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr


def test_a_bad_smtp_url_gives_one_clear_line_without_the_password(tmp_path):
    for url, expect in (("foo://user:secret@x", "must start with smtp://"), ("smtp://user:secret@host:port", "bad port")):
        proc = subprocess.run([sys.executable, "-m", "referee.ops.cli", "scheduler", "--once"], capture_output=True,
                              text=True, timeout=60, env={**os.environ, "REFEREE_SMTP_URL": url,
                                                          "REFEREE_DATABASE": str(tmp_path / "s.db")})
        assert proc.returncode == 1 and expect in proc.stderr and "Traceback" not in proc.stderr
        assert proc.stderr.strip().count("\n") == 0 and "secret" not in proc.stderr


def test_tasks_serve_replaces_itself_with_the_server(tmp_path):
    """`python3 tasks.py serve`: the pid started is the server's, so stopping it stops the server."""
    port = free_port()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    # The installed environment, as it is (REFEREE_VENV): a test never creates or installs one.
    env = {**os.environ, "REFEREE_DATABASE": str(tmp_path / "t.db"), "REFEREE_VENV": sys.prefix, "PYTHONPATH": root}
    proc = subprocess.Popen([sys.executable, os.path.join(root, "tasks.py"), "serve", "--port", str(port),
                             "--smtp-port", str(free_port())],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90  # generous: the machine may be busy with other tests
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2).ok:
                    break
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.1)
            assert time.monotonic() < deadline, "the server did not start"
        created = requests.post(f"http://127.0.0.1:{port}/games", timeout=10,
                                json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()
        assert created["url"].startswith(f"http://127.0.0.1:{port}/")  # links point at this server
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        for _ in range(50):
            try:
                requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            except requests.ConnectionError:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the server still answers after its pid was stopped")
    finally:
        if proc.poll() is None:
            proc.kill()


def test_mail_list_and_show_read_the_mails_a_game_sent(database, tmp_path):
    """Without an SMTP URL the commands deliver into the Maildir beside the database; `referee mail`
    lists every mail with its state and shows one in full."""
    from referee.ops.scheduler import run_once
    from referee.plumbing.config import Config, with_local_mail
    from referee.service.referee import Referee
    config = with_local_mail(Config(database=database, mail_dir=str(tmp_path / "mail"),
                                    allow_private_targets=True))
    svc = Referee(database, config=config)
    gid = svc.create_game({"game": "babel", "options": {"first_seat": 0},
                           "seats": [{"name": "Ada", "email": "ada@example.org"}, {"name": "Bo"}]})["id"]
    assert run_once(svc)["sent"] == 1
    assert len(list((tmp_path / "mail" / "new").iterdir())) == 1
    code, out = run(database, "mail", "list")
    assert code == 0 and out.count("\n") == 1 and "sent" in out and gid in out and "ada@example.org" in out
    mail_id = out.split()[0]
    code, shown = run(database, "mail", "show", mail_id)
    assert code == 0 and "Subject: [Babel" in shown and "Ada, it is your turn in Babel." in shown
    assert run(database, "mail", "show", "999")[0] == 1
    code, none = run(database, "mail", "list", "--game", "0" * 16)
    assert code == 0 and none.strip() == f"no mail for game {'0' * 16}"
