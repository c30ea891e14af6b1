"""Make the upgrade corpus: finished games recorded with the code of the day (run on demand).

    .venv/bin/python -m tests.corpus.make_corpus [--out tests/corpus/logs]

Each game is played through the service on a real SQLite file with a fake clock, with fixed and
Fischer clocks, timeouts, a vacation and an agreed pause, resignations and moves that arrive by
mail, then written as the operator's full export (`referee export --full`), which carries the
revealed seed. `tests/core/test_upgrade_corpus.py` checks that every file still verifies and
replays to the same state hashes under today's code: games run for weeks while the code changes
under them (DESIGN.md, "Running games survive upgrades"). Never regenerate a file to make that
test pass; add new files beside the old ones.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from types import SimpleNamespace

from referee.notify import mailin
from referee.service.referee import Referee
from tests.conftest import FakeTime
from tests.flow.support import make_service
from tests.games.iron_age.policy import BiasedPick, move_gen

OUT = Path(__file__).parent / "logs"


def _move_for(service: Referee, gid: str, seat: int, rnd: random.Random) -> dict:
    loaded = service.load(gid)
    prompt = next(p for p in loaded.prompts if p.seat == seat)
    if prompt.choices:
        return rnd.choice(prompt.choices)
    if loaded.game == "iron_age":
        return move_gen(loaded.rules, loaded.state, SimpleNamespace(kind=prompt.kind), rnd)
    return prompt.default


def _play(service: Referee, clock: FakeTime, gid: str, rnd: random.Random, *, timeouts: float,
          pause_at: int | None = None, agreed_at: int | None = None, resign_at: int | None = None,
          mail_from: dict[int, str] | None = None, max_steps: int = 4000) -> None:
    for step in range(max_steps):
        loaded = service.load(gid)
        if loaded.finished:
            return
        if step == pause_at:
            service.pause(gid, 0, "vacation", "a week away")
            clock.advance(3 * 86400)
            service.resume(gid, 0, "back")
            continue
        if step == agreed_at:
            for s in range(loaded.seat_count()):
                service.pause(gid, s, "agreed", "holidays")
            clock.advance(86400)
            service.resume(gid, 1, "")
            continue
        if step == resign_at:
            service.resign(gid, 1)
            return
        seat = rnd.choice(loaded.prompts).seat
        if loaded.policy is not None and rnd.random() < timeouts:
            clock.advance(8 * 86400)
            service.play_due_timeouts()
            continue
        move = _move_for(service, gid, seat, rnd)
        if mail_from and seat in mail_from and rnd.random() < 0.3:
            _mail_move(service, gid, seat, mail_from[seat], move)
        else:
            service.submit_move(gid, seat, {"move": move, "expected_seq": loaded.seq})
        clock.advance(rnd.randrange(60, 20000))
    raise RuntimeError(f"game {gid} did not end in {max_steps} steps")


def _mail_move(service: Referee, gid: str, seat: int, sender: str, move: dict) -> None:
    to = service.notifier.reply_address(gid, seat)
    raw = (f"From: {sender}\r\nTo: {to}\r\nSubject: move\r\nMessage-ID: <{gid}.{seat}.{random.random()}@x>\r\n"
           f"Content-Type: text/plain\r\n\r\n{json.dumps(move)}\r\n").encode()
    mailin.handle(service, raw)


def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        clock = FakeTime()
        service = make_service(str(Path(tmp) / "referee.db"), clock)
        specs = [
            ("babel-fixed-clock", {"game": "babel", "seats": [{"name": "Ada", "email": "ada@example.org"},
                                                              {"name": "Bo", "email": "bo@example.org"}],
                                   "options": {"first_seat": 0},
                                   "clock": {"policy": "fixed", "per_decision": "72h", "reminders": ["24h"]}},
             dict(timeouts=0.05, pause_at=6, agreed_at=20, mail_from={0: "ada@example.org"})),
            ("babel-resigned", {"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]},
             dict(timeouts=0.0, resign_at=30)),
            ("iron_age-1-seat", {"game": "iron_age", "seats": [{"name": "Solo"}]}, dict(timeouts=0.0)),
            ("iron_age-3-fischer", {"game": "iron_age", "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")],
                                    "clock": {"policy": "fischer", "initial": "7d", "increment": "1d",
                                              "max": "14d"}},
             dict(timeouts=0.03, pause_at=10)),
            ("iron_age-4-long", {"game": "iron_age", "seats": [{"name": n} for n in ("A", "B", "C", "D")],
                                 "options": {"length": "long"}}, dict(timeouts=0.0)),
        ]
        for i, (name, body, how) in enumerate(specs):
            rnd = BiasedPick(1000 + i)
            created = service.create_game(body)
            _play(service, clock, created["id"], rnd, **how)
            path = out / f"{name}.jsonl"
            rows = [e.to_json() for e in service.raw_events(created["id"])]
            path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
            written.append(path)
    return written


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    for p in make(ap.parse_args().out):
        print(p, sum(1 for _ in p.open()), "events")
