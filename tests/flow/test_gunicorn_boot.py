"""Many workers starting at once on a new database all boot (issue 12, item 7).

Each start is gunicorn with 4 workers on a fresh SQLite file; without the set-up lock two
workers could migrate at once and one would die with "database is locked"."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import requests

from tests.conftest import free_port
from tests.modes import budget

ROOT = Path(__file__).resolve().parents[2]
STARTS = int(os.environ.get("GUNICORN_BOOT_STARTS", budget(5, 20)))


def _boot_once(database: Path) -> str | None:
    """None when all 4 workers booted and answer; else what went wrong."""
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BIND": f"127.0.0.1:{port}",
           "REFEREE_WORKERS": "4", "REFEREE_THREADS": "1"}
    log = database.with_suffix(".log")  # a file, not a pipe nobody reads while the server runs
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                                 "referee.asgi:create_asgi_app()"], env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60  # generous: the machine may be busy with other tests
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return f"gunicorn exited with {proc.returncode}: {log.read_text()[-2000:]}"
            try:
                if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=5).ok:
                    break
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.05)
        else:
            return "no answer within 60 s"
        time.sleep(0.5)  # let every worker finish its boot (a failing one takes the master down)
        if proc.poll() is not None:
            return f"gunicorn exited after boot: {log.read_text()[-2000:]}"
        return None
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_fresh_starts_with_four_workers_all_boot(tmp_path):
    failures = [f for i in range(STARTS) if (f := _boot_once(tmp_path / f"boot{i}.db")) is not None]
    assert not failures, failures[0]
    assert all((tmp_path / f"boot{i}.db").exists() for i in range(STARTS))
