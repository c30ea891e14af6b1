"""kill -9 under load (issues 12 and 14): two web servers (gunicorn, 2 workers each, as on two
hosts) and two schedulers on one database (a SQLite file, a PostgreSQL server), clients playing
through both and deadlines of a few seconds timing out, then one web server and a scheduler
killed with SIGKILL and restarted. Every acknowledged move is in the log, no decision timed out
twice, and every game verifies in full (chain, digests, chance records, state hashes)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import requests

from referee.engine.verify import verify_events
from referee.service.referee import Referee
from tests.conftest import free_port
from tests.flow.support import start_gunicorn

ROOT = Path(__file__).resolve().parents[2]
GAMES = 6
CLOCK = {"policy": "fixed", "per_decision": "3s"}


def _gunicorn(db: str, port: int, log_dir: Path) -> subprocess.Popen:
    return start_gunicorn(db, port, workers=2, threads=4, log_dir=log_dir)


def _scheduler(db: str) -> subprocess.Popen:
    env = {**os.environ, "REFEREE_DATABASE": str(db)}
    return subprocess.Popen([sys.executable, "-m", "referee.ops.cli", "scheduler", "--interval", "1"], env=env,
                            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the master and every worker at once
    except ProcessLookupError:
        pass
    proc.wait(10)


def _play(urls: list[str], games: list[dict], acked: list[tuple[str, int, str]], stop: threading.Event, seed: int) -> None:
    """Random legal moves; every 201 answer's events are recorded as acknowledged."""
    rnd = random.Random(seed)
    http = requests.Session()
    while not stop.is_set():
        g, url = rnd.choice(games), rnd.choice(urls)
        try:
            doc = http.get(f"{url}/games/{g['id']}", timeout=5).json()
            if doc.get("status") != "active" or not doc.get("prompts"):
                continue
            seat = doc["prompts"][0]["seat"]
            auth = {"Authorization": f"Bearer {g['seats'][seat]['token']}"}
            prompts = http.get(f"{url}/games/{g['id']}/prompts", headers=auth, timeout=5).json()["prompts"]
            if not prompts:
                continue
            move = rnd.choice(prompts[0]["choices"] or [prompts[0]["default"]])
            r = http.post(f"{url}/games/{g['id']}/moves", headers=auth, timeout=5,
                          json={"move": move, "expected_seq": doc["seq"]})
            if r.status_code == 201:
                acked.extend((g["id"], e["seq"], e["hash"]) for e in r.json()["events"])
        except (requests.RequestException, ValueError, KeyError):
            time.sleep(0.05)  # the server is being killed or restarted


def test_kill_9_under_load_loses_nothing_and_times_out_nothing_twice(database, tmp_path):
    db, ports = database, [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    url = urls[0]
    webs = [_gunicorn(db, port, tmp_path) for port in ports]
    schedulers = [_scheduler(db), _scheduler(db)]
    try:
        games = [requests.post(url + "/games", timeout=10, json={
            "game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}], "clock": CLOCK}).json()
            for _ in range(GAMES)]
        acked: list[tuple[str, int, str]] = []
        stop = threading.Event()
        # clients play half the games; the other half are left to their deadlines
        clients = [threading.Thread(target=_play, args=(urls, games[: GAMES // 2], acked, stop, i)) for i in range(4)]
        for c in clients:
            c.start()
        time.sleep(5)
        _kill(webs[0])
        _kill(schedulers[0])
        time.sleep(1)
        webs[0] = _gunicorn(db, ports[0], tmp_path)
        schedulers[0] = _scheduler(db)
        time.sleep(6)
        stop.set()
        for c in clients:
            c.join(30)
        time.sleep(1)
    finally:
        for p in (*webs, *schedulers):
            _kill(p)
    service = Referee(db)  # the operator's full export, as `referee export --full` reads it
    logs = {g["id"]: [e.to_json() for e in service.raw_events(g["id"])] for g in games}
    assert len(acked) > 20, "the load was too light to mean anything"
    for gid, seq, digest in acked:
        stored = logs[gid][seq - 1] if seq <= len(logs[gid]) else None
        assert stored is not None and stored["hash"] == digest, f"acknowledged event {gid}#{seq} lost or changed"
    timeouts = [(gid, e["seat"], e["payload"]["deadline"]) for gid, log in logs.items() for e in log
                if e["type"] == "timeout"]
    assert timeouts, "no deadline passed during the run"
    twice = [k for k, n in Counter(timeouts).items() if n > 1]
    assert not twice, f"decisions timed out twice: {twice}"
    for g in games:
        events = logs[g["id"]]
        report = verify_events(events, service.load(g["id"]).seed)
        assert report.ok and report.level == "full", report.to_json()
