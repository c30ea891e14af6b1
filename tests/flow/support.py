"""Helpers for the long-running flow tests: a service on a real database with a fake clock."""

from __future__ import annotations

import random

from referee.plumbing.config import Config
from referee.service.referee import Referee

EMAILS = ["ada@example.org", "bo@example.org"]
DOMAIN = "play.example.org"


def make_service(db: str, clock, smtp_url: str | None = None) -> Referee:
    """A service on database `db` (the `database` fixture: a SQLite path or a PostgreSQL URL)."""
    return Referee(db, clock=clock, config=Config(database=db, smtp_url=smtp_url, inbound_domain=DOMAIN,
                                                  base_url="http://referee.test", secret_key="test-secret",
                                                  allow_private_targets=True))


def babel_with_clock(service: Referee, clock: dict | None, emails=True, webhook: str | None = None,
                     first_seat: int = 0) -> dict:
    seats = [{"name": "Ada"}, {"name": "Bo"}]
    if emails:
        for s, e in zip(seats, EMAILS):
            s["email"] = e
    if webhook:
        seats[1]["webhook"] = webhook
    body = {"game": "babel", "seats": seats, "options": {"first_seat": first_seat}}
    if clock is not None:
        body["clock"] = clock
    return service.create_game(body)


def pick(prompt, rnd: random.Random) -> dict:
    """A random legal move, preferring ones that move the game towards its end."""
    choices = prompt.choices or [prompt.default]
    strong = [c for c in choices if c["type"] in ("build", "ability", "finish_first_turn", "settle")]
    return rnd.choice(strong) if strong and rnd.random() < 0.85 else rnd.choice(choices)


def play_random(svc: Referee, gid: str, moves: int, rnd: random.Random, clock=None,
                gaps: tuple[int, int] = (1, 40000)) -> None:
    """Up to `moves` random legal moves (fewer when the game ends), the clock moved on by a
    random gap (seconds) before each when one is given."""
    for _ in range(moves):
        loaded = svc.load(gid)
        if loaded.finished:
            return
        p = loaded.prompts[0]
        if clock is not None:
            clock.advance(rnd.randint(*gaps))
        svc.submit_move(gid, p.seat, {"move": pick(p, rnd)})


def assert_told(told: str, body: str) -> None:
    """A narration is in a mail: its first line ends a line of the body, and each automatic step
    that followed it (its further lines) stands on the lines below, in order."""
    first, *rest = told.split("\n")
    lines = body.splitlines()
    at = [i for i, ln in enumerate(lines) if ln.endswith(first)]
    assert at, (told, body)
    assert any(all(i + k < len(lines) and lines[i + k].strip() == part for k, part in enumerate(rest, 1))
               for i in at), (told, body)


def start_scheduler(env: dict, interval: float, ready_within: float = 60.0):
    """A `referee scheduler` process, returned once it has made its first pass (its signal
    handler is in place by then: a busy machine may take seconds to import it)."""
    import subprocess
    import sys
    import threading
    cmd = [sys.executable, "-m", "referee.ops.cli", "scheduler", "--interval", str(interval)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    ready = threading.Event()

    def drain() -> None:  # read every log line so the pipe never fills
        for line in proc.stderr:
            if "scheduler pass" in line:
                ready.set()
    threading.Thread(target=drain, daemon=True).start()
    assert ready.wait(ready_within), "the scheduler made no pass"
    return proc


def mail_leaks(message) -> bool:
    """A mail shows JSON, or more than the addressee's own hand (the summary lists a hand only
    for the seat whose view it is)."""
    body = message.get_content()
    return "{" in body or body.count("Hand:") > 1


def hand_leaks(view: dict, other: int) -> bool:
    return isinstance(view["players"][other].get("hand"), dict) or isinstance(view.get("people_draw"), list)


def start_gunicorn(database, port: int, workers: int = 2, threads: int = 4, log_dir=None):
    """gunicorn with the production config on loopback, its own process group (so a test can
    kill -9 the master and its workers at once), output to a file beside the database."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    import requests

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BIND": f"127.0.0.1:{port}",
           "REFEREE_WORKERS": str(workers), "REFEREE_THREADS": str(threads)}
    log = Path(log_dir) / f"gunicorn-{port}.log" if log_dir else Path(f"{database}.gunicorn.log")
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(root / "deploy/gunicorn.conf.py"),
                                 "referee.asgi:create_asgi_app()"], env=env, cwd=root, start_new_session=True,
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=5).ok:
                return proc
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("gunicorn did not start")
