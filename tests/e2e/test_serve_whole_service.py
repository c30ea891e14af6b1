"""`python3 tasks.py serve` runs the whole service: web, scheduler, mail out and mail in.

The command runs as a subprocess on a free port with a fresh SQLite file and nothing else
configured, using the installed environment (REFEREE_VENV). Without any other command a clocked
game mails "your turn" into the Maildir beside the database, reminds the seat before its
deadline, plays its timeout, and plays a reply sent with smtplib to the local SMTP port.
Ctrl-C stops everything. Two `serve` processes on one database play each due timeout once.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import os
import signal
import smtplib
import socket
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
import requests

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
EMAILS = ["ada@example.org", "bo@example.org"]


class Served:
    def __init__(self, tmp_path: Path, db: Path, *extra: str, name: str = "serve") -> None:
        self.port, self.smtp_port = free_port(), free_port()
        self.log = tmp_path / f"{name}.log"  # a file: a full pipe nobody reads would stall the server
        env = {**os.environ, "REFEREE_DATABASE": str(db), "REFEREE_VENV": sys.prefix,
               "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        env.pop("REFEREE_SMTP_URL", None)
        started = time.monotonic()
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "tasks.py"), "serve", "--port", str(self.port),
                                          "--smtp-port", str(self.smtp_port), "--interval", "0.5", *extra],
                                         env=env, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
        self.url = f"http://127.0.0.1:{self.port}"
        while True:
            try:
                if requests.get(self.url + "/healthz", timeout=2).ok:
                    break
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.05)
            if time.monotonic() - started > 60 or self.proc.poll() is not None:
                self.stop()
                pytest.fail("the service did not start: " + self.log.read_text())
        self.startup = time.monotonic() - started

    def stop(self, sig: int = signal.SIGINT) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
                raise AssertionError("serve did not stop on a signal: " + self.log.read_text())
        return self.proc.returncode


def _mails(maildir: Path) -> list[EmailMessage]:
    if not (maildir / "new").exists():
        return []
    box = mailbox.Maildir(maildir, factory=None, create=False)
    found = [email.message_from_bytes(box.get_bytes(k), policy=email.policy.default) for k in box.keys()]
    return sorted(found, key=lambda m: email.utils.parsedate_to_datetime(m["Date"]))


def _wait(what: str, check, timeout: float = 90.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_serve_runs_the_whole_service_with_mail_both_ways(tmp_path):
    db = tmp_path / "referee.db"
    served = Served(tmp_path, db)
    try:
        banner = served.log.read_text()
        maildir = tmp_path / "mail"
        for line in (f"{served.url}/", f"{served.url}/mail", f"{served.url}/metrics", f"{maildir}/new/"):
            assert line in banner, banner
        created = requests.post(served.url + "/games", timeout=10, json={
            "game": "babel", "options": {"first_seat": 0},
            "seats": [{"name": "Ada", "email": EMAILS[0]}, {"name": "Bo", "email": EMAILS[1]}],
            "clock": {"policy": "fixed", "per_decision": "20s", "reminders": ["14s"]}}).json()
        gid = created["id"]

        # "Your turn" reaches Ada's mail without any other command, then a reminder, then the timeout.
        turn = _wait("the your-turn mail", lambda: [m for m in _mails(maildir) if m["To"] == EMAILS[0]])[0]
        assert turn["Reply-To"] == created["seats"][0]["reply_address"]
        assert (maildir / "new").is_dir() and list((maildir / "new").iterdir())
        reminder = _wait("the reminder", lambda: [m for m in _mails(maildir) if m["To"] == EMAILS[0]
                                                  and "remind" in (m["Subject"] + m.get_content()).lower()])[0]
        events = lambda: requests.get(f"{served.url}/games/{gid}/events", timeout=10).json()["events"]
        timeouts = _wait("the timeout", lambda: [e for e in events() if e["type"] == "timeout"])
        assert timeouts[0]["seat"] == 0
        assert email.utils.parsedate_to_datetime(reminder["Date"]).timestamp() <= _ts(timeouts[0]["created_at"])

        # Bo answers the mail he got (within his own 20 s), with smtplib to the local SMTP port: two moves.
        bo_mail = _wait("Bo's mail", lambda: [m for m in _mails(maildir) if m["To"] == EMAILS[1]])[-1]
        reply = EmailMessage()
        reply["From"], reply["To"] = EMAILS[1], bo_mail["Reply-To"]
        reply["Subject"] = "Re: " + bo_mail["Subject"]
        reply["In-Reply-To"] = bo_mail["Message-ID"]
        # a people Bo holds a card of (travelling discards one; the deal is random)
        view = requests.get(f"{served.url}/games/{gid}", timeout=10,
                            headers={"Authorization": f"Bearer {created['seats'][1]['token']}"}).json()["view"]
        hand = view["players"][1]["hand"]
        people = max(hand, key=lambda p: hand[p])
        reply.set_content(f"travel {people}\nfinish\n\n> quoted text is ignored\n")
        with smtplib.SMTP("127.0.0.1", served.smtp_port, timeout=10) as client:
            client.send_message(reply)
        moves = _wait("the two moves", lambda: [e for e in events() if e["type"] == "move" and e["seat"] == 1])
        assert [e["payload"]["move"] for e in moves[:2]] == [{"type": "travel", "people": people},
                                                              {"type": "finish_first_turn"}]
        answer = _wait("the answer", lambda: [m for m in _mails(maildir) if m["To"] == EMAILS[1]
                                              and m["In-Reply-To"] == reply["Message-ID"]] if reply["Message-ID"]
                       else [m for m in _mails(maildir) if m["To"] == EMAILS[1] and "travel" in m.get_content()])
        assert answer
    finally:
        code = served.stop(signal.SIGINT)
    assert code == 0, served.log.read_text()
    assert not _listening(served.port) and not _listening(served.smtp_port)
    assert "Referee stopped" in served.log.read_text()
    leftovers = [p for p in Path("/proc").iterdir() if p.name.isdigit() and _cmdline(p).count(str(served.port))]
    assert leftovers == [], "a process of the served command is still running"


def test_serve_answers_healthz_within_5_seconds(tmp_path):
    """From `python3 tasks.py serve` to an answer on /healthz (fresh database, installed
    environment): the best of up to three starts, so that one spike of a busy machine is not it."""
    times = []
    for n in range(3):
        served = Served(tmp_path, tmp_path / f"start{n}.db", name=f"start{n}")
        times.append(served.startup)
        assert served.stop() == 0
        if served.startup < 5:
            break
    assert min(times) < 5, f"/healthz answered {min(times):.1f} s after the start at best ({times})"


def _cmdline(p: Path) -> str:
    try:
        return (p / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_two_serve_processes_on_one_database_play_each_timeout_once(tmp_path):
    db = tmp_path / "referee.db"
    first = Served(tmp_path, db, name="first")
    second = Served(tmp_path, db, name="second")
    try:
        clock = {"policy": "fixed", "per_decision": "3s"}
        games = [requests.post(first.url + "/games", timeout=10, json={
            "game": "babel", "options": {"first_seat": 0}, "clock": clock,
            "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()["id"] for _ in range(6)]

        def timeouts(gid: str) -> list[dict]:
            return [e for e in requests.get(f"{second.url}/games/{gid}/events", timeout=10).json()["events"]
                    if e["type"] == "timeout"]
        # Each game's first two decisions time out (Ada's, then Bo's), with both schedulers running.
        _wait("two timeouts in every game", lambda: all(len(timeouts(g)) >= 2 for g in games), timeout=60)
    finally:
        assert first.stop() == 0 and second.stop() == 0
    played = [timeouts_after_stop(db, gid) for gid in games]
    for ts in played:
        # A timeout played twice would answer a decision that was only just opened (or repeat a seat).
        assert all(gap >= 3 - 0.01 for _, gap in ts), ts
        assert all(a[0] != b[0] for a, b in zip(ts, ts[1:])), ts
    # What the two schedulers say they played is what the log holds: nothing was played twice.
    claimed = sum(_logged_timeouts(s.log) for s in (first, second))
    assert claimed == sum(len(ts) for ts in played)


def _logged_timeouts(log: Path) -> int:
    import json
    total = 0
    for line in log.read_text().splitlines():
        if line.startswith("{") and '"scheduler pass"' in line:
            total += json.loads(line).get("timeouts", 0)
    return total


def timeouts_after_stop(db: Path, gid: str) -> list[tuple[int, float]]:
    """Each timeout of a game as (seat, seconds since the event before it), read from the file."""
    import sqlite3
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seq, type, seat, created_at FROM events WHERE game_id = ? ORDER BY seq",
                            (gid,)).fetchall()
    return [(seat, _ts(at) - _ts(rows[i - 1][3])) for i, (seq, kind, seat, at) in enumerate(rows) if kind == "timeout"]


def _ts(created_at: str) -> float:
    from datetime import datetime
    return datetime.fromisoformat(created_at).timestamp()


def test_no_scheduler_leaves_the_jobs_to_another_process(tmp_path):
    db = tmp_path / "referee.db"
    served = Served(tmp_path, db, "--no-scheduler", name="web-only")
    try:
        assert "scheduler: off (--no-scheduler)" in served.log.read_text()
        gid = requests.post(served.url + "/games", timeout=10, json={
            "game": "babel", "options": {"first_seat": 0}, "clock": {"policy": "fixed", "per_decision": "1s"},
            "seats": [{"name": "Ada", "email": EMAILS[0]}, {"name": "Bo"}]}).json()["id"]
        time.sleep(3)
        events = requests.get(f"{served.url}/games/{gid}/events", timeout=10).json()["events"]
        assert [e["type"] for e in events] == ["game_created"]  # the deadline passed; nobody played it
        assert not _mails(tmp_path / "mail")
        once = subprocess.run([sys.executable, "-m", "referee.ops.cli", "scheduler", "--once"], env={
            **os.environ, "REFEREE_DATABASE": str(db), "PYTHONPATH": str(ROOT)}, cwd=tmp_path,
            capture_output=True, text=True, timeout=60)
        assert once.returncode == 0 and '"timeouts": 1' in once.stdout, once.stderr
        assert {m["To"] for m in _mails(tmp_path / "mail")} == {EMAILS[0]}  # the Maildir beside the database
    finally:
        assert served.stop(signal.SIGTERM) == 0
