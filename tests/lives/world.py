"""The world the lives model plays in: the real application (in process, the ASGI app called in
this thread's own event loop)
on a real database with a fake clock, a mail sink and an alert receiver on loopback, and what the
model remembers of each game (tokens of every holder, past and present, the talk it wrote).

The model keeps only what people know (the tokens they were given, the texts they wrote); what
the service should show each of them is decided from the store (the event log replayed by a
second, cold service, the message rows, the outbox), never from the answers under test."""

from __future__ import annotations

import asyncio
import base64
import functools
import itertools
import json
import logging
import random
import re
import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from referee.asgi import create_asgi_app
from referee.engine.registry import rules_for
from referee.engine.verify import verify_events
from referee.plumbing.config import Config
from referee.plumbing.errors import problem_types
from referee.service.referee import Referee
from tests.conftest import FakeTime

DOMAIN = "play.example.org"
SECRET = "lives-secret"
INBOUND = "lives-inbound-secret"  # the inbound mail hook's secret
PROBLEMS = set(problem_types())
# Talk markers: every message the model writes carries one, so a leak is a marker in a body.
MARK = re.compile(r"TALK[0-9]+Z")


@dataclass
class Holder:
    """One person's tenure of a seat: the token they were given, and where mail reached them."""
    token: str
    email: str | None = None
    player: str | None = None  # the signed-in player's id
    since: int = 0  # the seq at which the tenure began
    until: int | None = None  # the seq of its seat_released event, once released
    until_at: float = 0.0  # and the time of the release


@dataclass
class Game:
    id: str
    game: str
    creator: str
    seats: list[Holder | None]  # the current holder of each seat (None: open, invited, vacant, bot)
    kinds: list[str]
    clocked: bool
    talk: dict[str, Any]
    former: list[tuple[int, Holder]] = field(default_factory=list)  # (seat, holder) released


class Answers:
    """Every HTTP answer the model got, judged at once: never a 5xx; every 4xx a problem+json
    of a documented type (referee.plumbing.errors)."""

    def __init__(self) -> None:
        self.count = 0
        self.statuses: Counter[int] = Counter()

    def judge(self, method: str, path: str, r) -> None:
        self.count += 1
        self.statuses[r.status_code] += 1
        assert r.status_code < 500, f"{method} {path} answered {r.status_code}: {r.text[:2000]}"
        if 400 <= r.status_code < 500:
            assert r.headers.get("Content-Type", "").startswith("application/problem+json"), \
                f"{method} {path} {r.status_code} is not problem+json: {r.text[:300]}"
            kind = (r.json() or {}).get("type", "")
            assert kind.startswith("/problems/") and kind.split("/")[-1] in PROBLEMS, \
                f"{method} {path} {r.status_code}: undocumented problem type {kind!r}"


@functools.cache
def rules_of(game: str):
    """A game's rules, made once (making them loads every schema)."""
    return rules_for(game)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage() + " " + json.dumps(record.__dict__, default=str))


_COLLECT = _Collect()


_SAVED: dict[str, list[logging.Handler]] = {}


def capture_logs() -> list[str]:
    """The service's log lines, kept (not printed) so the model can read them for leaks, until
    `release_logs`."""
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if name.startswith("referee") and isinstance(logger, logging.Logger) and logger.handlers \
                and logger.handlers != [_COLLECT]:
            _SAVED[name] = logger.handlers
            logger.handlers = [_COLLECT]
    return _COLLECT.lines


def release_logs() -> None:
    """The loggers as they were (other tests read what they write)."""
    for name, handlers in _SAVED.items():
        logging.getLogger(name).handlers = handlers
    _SAVED.clear()
    _COLLECT.lines.clear()


class Determined:
    """Deterministic simulation: the service's randomness (`secrets`: seeds, game ids, tokens,
    salts, bots' generators) drawn from one seeded generator while a life runs, so a sequence of
    steps gives the same life every time it runs (Hypothesis replays and shrinks it)."""

    NAMES = ("token_bytes", "token_hex", "token_urlsafe", "randbits", "choice", "randbelow")

    def __init__(self, seed: int = 0) -> None:
        rng = random.Random(seed)
        self.saved = {n: getattr(secrets, n) for n in self.NAMES}
        fake = {"token_bytes": lambda n=32: rng.randbytes(32 if n is None else n),
                "token_hex": lambda n=32: rng.randbytes(32 if n is None else n).hex(),
                "token_urlsafe": lambda n=32: base64.urlsafe_b64encode(rng.randbytes(32 if n is None else n))
                .rstrip(b"=").decode(),
                "randbits": rng.getrandbits, "choice": rng.choice, "randbelow": rng.randrange}
        for n, f in fake.items():
            setattr(secrets, n, f)

    def restore(self) -> None:
        for n, f in self.saved.items():
            setattr(secrets, n, f)


class InProcess:
    """The ASGI app as deployed (Starlette, the live feed, Flask through a2wsgi's thread pool), called
    through httpx's ASGI transport in an event loop of the calling thread, its lifespan entered and
    left as a server would. Starlette's TestClient does the same from a portal thread, a hop that
    cost about as much CPU as the service's own work on a read (the model sends thousands)."""

    def __init__(self, app) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.http = httpx.AsyncClient(transport=httpx.ASGITransport(app, raise_app_exceptions=False),
                                      base_url="http://testserver")
        self.lifespan = app.router.lifespan_context(app)
        self.loop.run_until_complete(self.lifespan.__aenter__())

    def request(self, method: str, path: str, **kw) -> httpx.Response:
        return self.loop.run_until_complete(self.http.request(method, path, **kw))

    def close(self) -> None:
        try:
            self.loop.run_until_complete(self.lifespan.__aexit__(None, None, None))
            self.loop.run_until_complete(self.http.aclose())
        finally:
            self.loop.close()


class World:
    """One life: a fresh database, the app, a cold twin of the service for ground truth."""

    def __init__(self, database: str, mail_sink, receiver) -> None:
        self.database = database
        self.determined = Determined()
        self.clock = FakeTime()
        self.sink, self.receiver = mail_sink, receiver
        self.mail_from = len(mail_sink.messages)
        self.alerts_from = len(receiver.requests)
        self.answers = Answers()
        self.games: list[Game] = []
        self.players: dict[str, tuple[str, str]] = {}  # email -> (player id, player token)
        self.marks = itertools.count(1)
        self.mail_n = itertools.count(1)
        self.touched: set[str] = set()
        self.signatures: dict[str, tuple] = {}
        # (game, message seq) -> {seat: the model's tenure of its sender and addressees when the
        # message first appeared}: ground truth for "a seat's secrets belong to the holder of the moment"
        self.written: dict[tuple[str, int], dict[int, int]] = {}
        self._fresh: dict[str, object] = {}
        try:
            self._start()
            self.logs_from = len(self.logs)
            self.cold = Referee(database, clock=self.clock, config=self.config())
        except BaseException:
            self.determined.restore()  # other tests must get real randomness again
            release_logs()
            raise

    def config(self) -> Config:
        return Config(database=self.database, smtp_url=self.sink.url, inbound_domain=DOMAIN,
                      base_url="http://referee.test", secret_key=SECRET, allow_private_targets=True,
                      inbound_secret=INBOUND)

    def _start(self) -> None:
        """The service as deployed (the ASGI app: Flask and the event feed), in process."""
        self.starts = getattr(self, "starts", 0) + 1
        self.client = InProcess(create_asgi_app(self.config(), clock=self.clock))
        self.logs = capture_logs()

    @property
    def service(self) -> Referee:
        return self.client.app.state.flask.extensions["referee"]

    def restart(self) -> None:
        """A new process: caches dropped, the store opened again."""
        self._stop()
        self._start()

    def _stop(self) -> None:
        service = self.service
        self.client.close()
        service.db.close()

    def close(self) -> None:
        try:
            self._stop()
            self.cold.db.close()
        finally:
            self.determined.restore()
            release_logs()

    # -- HTTP -------------------------------------------------------------------------------

    def call(self, method: str, path: str, token: str | None = None, **kw):
        headers = kw.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        r = self.client.request(method, path, headers=headers, **kw)
        self.answers.judge(method, path, r)
        return r

    def sign_in(self, email: str) -> tuple[str, str]:
        """A signed-in player: the link read from the store's outbox, as the mail would carry it."""
        if email not in self.players:
            assert self.call("POST", "/players/sign-in", json={"email": email}).status_code == 202
            body = self.service.db.conn.execute("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC",
                                                (email,)).fetchone()[0]
            secret = re.search(r"/sign-in/([A-Za-z0-9_-]+)", body).group(1)
            r = self.call("POST", "/players/tokens", json={"link": secret})
            assert r.status_code == 201, r.text
            token = r.json()["token"]
            pid = self.call("GET", "/players/me", token).json()["id"]
            self.players[email] = (pid, token)
        return self.players[email]

    def changed(self, g: Game) -> bool:
        """Whether the game changed since it was last checked (or the service restarted since)."""
        conn = self.cold.db.conn
        sig = (self.starts, self.fresh(g.id).seq,
               conn.execute("SELECT COUNT(*) FROM messages WHERE game_id = ?", (g.id,)).fetchone()[0],
               conn.execute("SELECT COUNT(*) FROM outbox WHERE game_id = ?", (g.id,)).fetchone()[0],
               conn.execute("SELECT COUNT(*) FROM alert_channels WHERE game_id = ?", (g.id,)).fetchone()[0],
               tuple(h.token if h else None for h in g.seats), len(g.former))
        if sig == self.signatures.get(g.id):
            return False
        self.signatures[g.id] = sig
        return True

    def mark(self) -> str:
        return f"TALK{next(self.marks)}Z"

    # -- ground truth -------------------------------------------------------------------------

    def fresh(self, gid: str):
        """The game replayed from the store by a service that has cached nothing (once per
        check: `settle` forgets the replays when a step is over)."""
        if gid not in self._fresh:
            self.cold.forget(gid)
            self._fresh[gid] = self.cold.load(gid)
        return self._fresh[gid]

    def settle(self) -> None:
        self._fresh = {}

    def export(self, gid: str) -> list[dict]:
        r = self.call("GET", f"/games/{gid}/export")
        return [json.loads(line) for line in r.text.splitlines()]

    def check_replay(self, g: Game) -> None:
        """verify passes, and the state the app holds is the state a fresh replay gives."""
        rows = self.export(g.id)  # the events, then the table talk (lines of kind "message")
        report = verify_events([r for r in rows if r.get("kind") != "message"])
        report.check_messages([r for r in rows if r.get("kind") == "message"])
        assert report.ok, f"{g.id}: verify failed: {report}"
        fresh, cached = self.fresh(g.id), self.service.load(g.id)
        for part in ("seq", "status", "state", "result", "created"):
            assert getattr(fresh, part) == getattr(cached, part), f"{g.id}: cached {part} differs from a replay"
        assert fresh.clocks.to_json() == cached.clocks.to_json(), f"{g.id}: cached clocks differ from a replay"

    def messages(self, gid: str) -> list[dict]:
        """The game's messages as stored (sender, addressees, note) with the marker each carries."""
        rows = self.cold.db.conn.execute('SELECT seq, sender, recipients, note, text FROM messages WHERE game_id = ? '
                                         'ORDER BY seq', (gid,)).fetchall()
        out = []
        for seq, sender, to, note, text in rows:
            out.append({"seq": seq, "from": sender, "to": json.loads(to), "note": bool(note), "marks": set(MARK.findall(text))})
        return out

    def outbox(self, gid: str | None = None) -> list[dict]:
        sql = "SELECT game_id, seat, channel, recipient, kind, dedupe_key, body, created_at, tenure FROM outbox"
        rows = self.cold.db.conn.execute(sql + (" WHERE game_id = ?" if gid else "") + " ORDER BY id",
                                         (gid,) if gid else ()).fetchall()
        return [dict(zip(("game", "seat", "channel", "recipient", "kind", "key", "body", "at", "tenure"), r)) for r in rows]
