"""Shared fixtures: a real HTTP server on loopback over a real database.

The database is a SQLite file, or a database on a throwaway PostgreSQL server that the session
starts (tests/pgcluster.py). Tests of the store, the service, the API, the scheduler and end to
end (the folders in BOTH_DATABASES) run once per database: every test that uses the `database`
fixture (directly or through `server`) there is parametrised [sqlite] / [postgresql]. The pages
(tests/web), the tests marked `one_database` (refusals, wording, rendering, leak checks; each mark
says why) and all games but one of a per-game test (`per_game`) exercise what lies above the
store and run on SQLite only (README, "Tests"; tests/core/test_database_matrix.py).
REFEREE_TEST_DATABASES=sqlite (or postgresql) runs one of them only, for a quick local run.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import socket
import threading
import time
from dataclasses import dataclass, field
from http import cookiejar as http_cookiejar
from pathlib import Path
from typing import Any

import pytest
import requests
import uvicorn

from referee.asgi import create_asgi_app
from referee.asgi.closing import PacedHttp
from referee.plumbing.config import Config


def _client() -> requests.Session:
    """A client that keeps its connections open between calls (a new session and connection a
    call cost both sides a millisecond of CPU) and keeps no cookies: each call sends only the
    cookies it is given, as a call of its own would."""
    http = requests.Session()
    http.cookies.set_policy(http_cookiejar.DefaultCookiePolicy(allowed_domains=[]))
    return http


@dataclass
class Server:
    url: str
    app: Any
    database: str
    http: requests.Session = field(default_factory=_client, repr=False)

    @property
    def service(self):
        return self.app.extensions["referee"]

    def call(self, method: str, path: str, token: str | None = None, **kw) -> requests.Response:
        headers = kw.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self.http.request(method, self.url + path, headers=headers, timeout=30, **kw)


class FakeTime:
    """An injectable clock (the service's `clock`), so tests can move time on purpose."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Running:
    """The service as deployed (referee.asgi on uvicorn) on a free loopback port, in a thread.
    `behind_proxy`: loopback is the trusted proxy, whose X-Forwarded-Proto/-For the server takes
    (FORWARDED_ALLOW_IPS in deploy/), so a test can speak HTTPS as the proxy would relay it."""

    def __init__(self, app: Any, behind_proxy: bool = False):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                                                    proxy_headers=behind_proxy, forwarded_allow_ips="127.0.0.1",
                                                    server_header=False, http=PacedHttp,
                                                    timeout_graceful_shutdown=1,
                                                    # a test's client reuses one connection across
                                                    # pauses of seconds under load: the server's
                                                    # closing an idle one races the next request
                                                    # ("connection reset by peer")
                                                    timeout_keep_alive=300))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        until = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < until, "the test server did not start"
            time.sleep(0.005)

    def shutdown(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


def start_server(database: str, clock=None, config: Config | None = None, behind_proxy: bool = False,
                 **flask_config) -> tuple[Server, Running]:
    app = create_asgi_app(config or Config(database=database), clock=clock, **flask_config)
    running = Running(app, behind_proxy)
    return Server(f"http://127.0.0.1:{running.port}", app.state.flask, database), running


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


# -- the databases ----------------------------------------------------------------------------

TESTS = os.path.dirname(os.path.abspath(__file__))
BOTH_DATABASES = ("api", "archive", "core", "e2e", "flow", "lives", "notify", "security")  # not "web": pages sit above the store
KINDS = tuple(k for k in os.environ.get("REFEREE_TEST_DATABASES", "sqlite,postgresql").split(",") if k)


# The slowest tests (their seconds in the last CI run, in comments), longest first: the test
# workers take them in this order (tasks.py; each test a unit of its own, a worker asking for the
# next when it is done: pytest_xdist_make_scheduler below), so they start at once side by side and
# the many short tests fill in around them, instead of a long test starting last and running alone while
# the other workers idle. A prefix names a file or one test of it.
SLOWEST_FIRST = (
    "web/test_click_whole_games.py::test_whole_game_at_two_seats[sqlite-sands_of_time]",      # 109 (4 workers, CI on dbcf43d)
    "api/test_contract_fuzz.py",                                                              # 116 (at load ~15)
    "lives/test_lives.py::test_every_life_keeps_every_invariant",                             # 101 (sqlite)
    "web/test_accessibility.py",                                                              # 96
    "web/test_click_whole_games.py::test_whole_game_at_two_seats[sqlite-gentes]",             # 87
    "web/test_step_playouts_http.py::test_whole_games_through_step_links[sqlite-sands_of_time]",  # 81
    "web/test_step_playouts_http.py::test_largest_table_first_rounds_through_step_links[sqlite-sands_of_time]",  # 63
    "api/test_hostile_input.py::test_forms_page_queries_and_cookies_never_answer_5xx",        # 50 (postgresql), 24
    "web/test_iron_age_pages.py",                                                             # 42
    "web/test_babel_pages.py::test_babel_whole_game_by_clicking",                             # 40
    "web/test_players_pages.py::test_sign_in_open_a_table_join_from_the_lobby_and_play",      # 35
    "web/test_click_whole_games.py::test_whole_game_at_two_seats[sqlite-khronos]",            # 34
    "games/sands_of_time/test_playouts.py",                                                   # 34
    "web/test_step_playouts_http.py",                                                         # 34 and less each
    "web/test_pictures.py",                                                                   # 33 (iron_age-3)
    "games/khronos/test_playouts.py",                                                         # 25
    "flow/test_kill_under_load.py",                                                           # 30, 23
    "flow/test_bots.py::test_killed_bot_worker_restarts_without_a_double_move",               # 30
    "games/sands_of_time/test_leaks.py",                                                      # 26
    "web/test_click_iron_age_whole.py",                                                       # 26
    "e2e/test_serve_whole_service.py",                                                        # 25
    "flow/test_gunicorn_boot.py",                                                             # 24
    "flow/test_races.py",
    "games/iron_age/test_playouts.py",
    "games/gentes/test_playouts.py",
    "e2e/",
)


def _rank(nodeid: str) -> int:
    name = nodeid.split("tests/", 1)[-1]
    return next((i for i, prefix in enumerate(SLOWEST_FIRST) if name.startswith(prefix)), len(SLOWEST_FIRST))


def _named(prefix: str) -> bool:
    """The file of a SLOWEST_FIRST prefix exists, with the test it names."""
    file, _, test = prefix.partition("::")
    path = Path(TESTS, file)
    return path.exists() and (not test or f"def {test.split('[')[0]}" in path.read_text(encoding="utf-8"))


WIDE_FIXTURE = re.compile(r"""scope=["'](module|package|class)["']""")


@functools.cache
def _unit(nodeid: str) -> str:
    """What one test worker runs as one unit: the test, or the whole file when its tests share a
    fixture wider than a test (a module's server, its pool of playouts), set up once."""
    file = nodeid.split("::", 1)[0]
    path = Path(TESTS).parent / file
    return file if path.exists() and WIDE_FIXTURE.search(path.read_text(encoding="utf-8")) else nodeid


def pytest_xdist_make_scheduler(config, log):
    """Each test a unit of its own, handed in collection order (slowest first) to the worker
    that is free (tasks.py); xdist's own `loadgroup` marks are lost on this pytest."""
    from xdist.scheduler import LoadScopeScheduling

    if config.getvalue("dist") != "loadscope":
        return None  # another --dist asked for: xdist's own

    class ByTest(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _unit(nodeid)

    return ByTest(config, log)


def pytest_collection_modifyitems(config, items: list[pytest.Item]) -> None:
    gone = [p for p in SLOWEST_FIRST if not _named(p)]
    if gone:  # a renamed test would silently run last again
        raise pytest.UsageError(f"tests/conftest.py SLOWEST_FIRST names tests that do not exist: {gone}")
    off = [item for item in items if _off_the_first_kind(item)]
    if off:
        config.hook.pytest_deselected(items=off)
        items[:] = [item for item in items if not _off_the_first_kind(item)]
    items.sort(key=lambda item: _rank(item.nodeid))


def _off_the_first_kind(item: pytest.Item) -> bool:
    """A parameter marked `one_database` (per_game below) on a database other than the first:
    a mark on a test or file is read when the test is parametrised, a parameter's only here."""
    kind = getattr(item, "callspec", None) and item.callspec.params.get("db_kind")
    return bool(kind) and kind != KINDS[0] and item.get_closest_marker("one_database") is not None


def per_game(games, both: str) -> list:
    """The games of a test that runs once per game, where only `both` runs on both databases:
    the store path under the test is the same whatever the game, the rules differ (the others
    are marked `one_database`)."""
    return [pytest.param(g, marks=() if g == both else pytest.mark.one_database) for g in games]


def pytest_generate_tests(metafunc):
    """Run a test once per database where its folder asks for both."""
    if "db_kind" not in metafunc.fixturenames:
        return
    folder = os.path.relpath(str(metafunc.definition.path), TESTS).split(os.sep)[0]
    kinds = KINDS if folder in BOTH_DATABASES else ("sqlite",)
    if metafunc.definition.get_closest_marker("one_database"):
        kinds = kinds[:1]  # the test exercises what lies above the store; others cover the store on both
    metafunc.parametrize("db_kind", kinds)


@pytest.fixture
def db_kind() -> str:
    return "sqlite"  # replaced by the parametrisation above


@pytest.fixture(scope="session")
def pg_cluster():
    """One PostgreSQL server for the session, with a migrated template database that each
    test's database is copied from (about 20 ms a database)."""
    from referee.store.db import open_with_migrations
    from tests.pgcluster import Cluster

    cluster = Cluster().start()
    try:
        template = cluster.create_database()
        db, _ = open_with_migrations(template)
        db.close()
        cluster.template = template.rsplit("/", 1)[1]
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A migrated, empty SQLite file that each test's SQLite database is copied from, as
    PostgreSQL's are from a template database (a copy: 1 ms; migrating a new file: 25 ms of CPU
    and a dozen fsyncs). Only the schema: each copy makes its own instance secret and keys."""
    from referee.store.db import open_with_migrations

    path = tmp_path_factory.mktemp("template") / "referee.db"
    db, _ = open_with_migrations(str(path))
    db.conn.close()  # the last connection: the WAL is checkpointed into the file and removed
    assert not Path(f"{path}-wal").exists()
    return path


@pytest.fixture
def new_database(db_kind, tmp_path, request):
    """Makes fresh, empty (migrated) databases of this test's kind: `new_database("other.db")`."""
    made: list[str] = []

    def make(name: str = "referee.db") -> str:
        if db_kind == "sqlite":
            path = tmp_path / name
            shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
            return str(path)
        cluster = request.getfixturevalue("pg_cluster")
        made.append(cluster.create_database(template=cluster.template))
        return made[-1]

    yield make
    if made:
        cluster = request.getfixturevalue("pg_cluster")
        for url in made:
            cluster.drop_database(url)


@pytest.fixture
def database(new_database) -> str:
    """This test's database: a SQLite path or a PostgreSQL URL."""
    return new_database()


@pytest.fixture
def server(database, clock):
    srv, httpd = start_server(database, clock=clock)
    yield srv
    srv.http.close()
    httpd.shutdown()


# -- real mail and webhook receivers on loopback ---------------------------------------------

import email
import http.server
import socket
from email import policy as email_policy

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MailSink:
    """An aiosmtpd server that keeps every message it accepts."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.messages: list[email.message.EmailMessage] = []
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.original_content, policy=email_policy.default))
        return "250 OK"

    def to(self, address: str) -> list:
        return [m for m in self.messages if m["To"] == address]

    def start(self) -> "MailSink":
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()


@pytest.fixture
def mail_sink():
    sink = MailSink().start()
    yield sink
    sink.stop()


@pytest.fixture
def receiver():
    """A loopback HTTP server that records what alert channels post (tests/notify/receivers.py)."""
    from tests.notify.receivers import Receiver
    r = Receiver()
    yield r
    r.stop()


@pytest.fixture
def sink(mail_sink):
    """The mail sink under the short name the player, digest and page tests use."""
    return mail_sink


class WebhookSink:
    """An HTTP server that records POSTs and answers with the statuses queued in `replies`."""

    def __init__(self):
        self.received: list[tuple[dict, bytes]] = []
        self.replies: list[int] = []
        sink = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                status = sink.replies.pop(0) if sink.replies else 200
                if status < 300:
                    sink.received.append((dict(self.headers), body))
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/hook"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture
def webhook_sink():
    sink = WebhookSink()
    yield sink
    sink.httpd.shutdown()


# -- what a run checked, and how long it took -------------------------------------------------

# The suite's budget on the two-core machine (README, "Tests"): a CI run (CI=true) whose wall
# time passes it by more than REFEREE_SUITE_SLACK fails. Measured runs: see the README.
BUDGET_SECONDS = float(os.environ.get("REFEREE_SUITE_BUDGET", "600"))
SLACK = float(os.environ.get("REFEREE_SUITE_SLACK", "0.2"))
_STARTED = time.monotonic()


def pytest_sessionstart(session) -> None:
    global _STARTED
    _STARTED = time.monotonic()


def pytest_testnodedown(node, error) -> None:
    """The controller adds up what each test worker counted (tests/tally.py)."""
    from tests.tally import COUNTS
    COUNTS.update(getattr(node, "workeroutput", {}).get("tally", {}))


def pytest_sessionfinish(session, exitstatus) -> None:
    from tests.tally import COUNTS
    if hasattr(session.config, "workeroutput"):  # a test worker: hand its counts to the controller
        session.config.workeroutput["tally"] = dict(COUNTS)
        return
    wall = time.monotonic() - _STARTED
    session.config.stash[WALL] = wall
    limit = BUDGET_SECONDS * (1 + SLACK)
    if os.environ.get("CI") == "true" and wall > limit and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        session.config.stash[OVER] = True


WALL = pytest.StashKey[float]()
OVER = pytest.StashKey[bool]()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    from tests.tally import COUNTS
    if hasattr(config, "workeroutput"):
        return
    counted = ", ".join(f"{n} {what}" for what, n in sorted(COUNTS.items()))
    terminalreporter.write_line(f"checked: {counted or 'no games played'}")
    wall = config.stash.get(WALL, time.monotonic() - _STARTED)
    terminalreporter.write_line(f"suite wall time: {wall:.0f} s (budget {BUDGET_SECONDS:.0f} s, "
                                f"failing in CI past {BUDGET_SECONDS * (1 + SLACK):.0f} s)")
    if config.stash.get(OVER, False):
        terminalreporter.write_line(f"FAILED: the suite took {wall:.0f} s, more than its budget of "
                                    f"{BUDGET_SECONDS:.0f} s by over {SLACK:.0%} (REFEREE_SUITE_BUDGET)", red=True)
