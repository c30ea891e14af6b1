"""What only PostgreSQL has to show: migrations raced by processes starting at once, claims
that skip rows another scheduler holds, writers of different games not waiting for each other,
and a connection the server dropped."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from referee.store import events, outbox
from referee.store.db import open_database, open_with_migrations, write_transaction
from referee.store.postgres import migration_names
from tests.conftest import start_server

SEED = b"k" * 32


@pytest.fixture
def pg_url(pg_cluster):
    url = pg_cluster.create_database(template=pg_cluster.template)
    yield url
    pg_cluster.drop_database(url)


@pytest.fixture
def empty_pg_url(pg_cluster):
    url = pg_cluster.create_database()  # not even the schema
    yield url
    pg_cluster.drop_database(url)


def test_processes_starting_at_once_migrate_an_empty_database_exactly_once(empty_pg_url):
    applied: list[list[str]] = []
    errors: list[Exception] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        try:
            db, names = open_with_migrations(empty_pg_url)
            applied.append(names)
            db.close()
        except Exception as e:  # noqa: BLE001 - any failure to start is the finding
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(applied) == [[]] * 7 + [migration_names()]
    db = open_database(empty_pg_url)
    assert [n for (n,) in db.conn.execute("SELECT name FROM referee_migrations ORDER BY name")] == migration_names()


def _queue(conn, n: int, now: float) -> None:
    for i in range(n):
        outbox.enqueue(conn, "g", 0, "email", "a@example.org", "turn", "s", "b", f"k{i}", now)


def test_a_claim_skips_rows_another_scheduler_is_claiming_without_waiting(pg_url):
    a, b = open_database(pg_url), open_database(pg_url)
    _queue(a.conn, 6, 100.0)
    with write_transaction(a) as conn_a:
        mine = outbox.claim(conn_a, 200.0, ("email",), limit=4)
        started = time.monotonic()
        with write_transaction(b) as conn_b:  # while a's transaction still holds its rows
            theirs = outbox.claim(conn_b, 200.0, ("email",), limit=10)
        waited = time.monotonic() - started
    assert [m.dedupe_key for m in mine] == ["k0", "k1", "k2", "k3"]
    assert [m.dedupe_key for m in theirs] == ["k4", "k5"]  # disjoint: no row is sent twice
    assert waited < 1.0
    with write_transaction(b) as conn_b:  # both leases hold: nothing left to claim
        assert outbox.claim(conn_b, 201.0, ("email",)) == []
    with write_transaction(b) as conn_b:  # a scheduler that crashed: its rows come back after the lease
        again = outbox.claim(conn_b, 200.0 + outbox.LEASE_SECONDS + 1, ("email",))
    assert len(again) == 6


def test_writers_of_different_games_do_not_wait_for_each_other(pg_url):
    """A transaction appending to one game holds that game only: another game's append commits
    meanwhile; the same game's append waits, then loses with a conflict."""
    a, b, c = open_database(pg_url), open_database(pg_url), open_database(pg_url)
    for gid in ("g1", "g2"):
        with write_transaction(a) as conn:
            events.append(conn, SEED, gid, 0, "game_created", None, {}, "t")
    outcome: list[str] = []
    with write_transaction(a) as conn_a:
        events.append(conn_a, SEED, "g1", 1, "move", 0, {"by": "a"}, "t")
        with write_transaction(b) as conn_b:  # another game: not blocked by a
            events.append(conn_b, SEED, "g2", 1, "move", 0, {"by": "b"}, "t")

        def same_game() -> None:
            try:
                with write_transaction(c) as conn_c:
                    events.append(conn_c, SEED, "g1", 1, "move", 1, {"by": "c"}, "t")
                outcome.append("landed")
            except events.SequenceConflict as e:
                outcome.append(f"conflict at {e.current_seq}")

        waiter = threading.Thread(target=same_game)
        waiter.start()
        time.sleep(0.3)
        assert outcome == []  # waiting for a's transaction
    waiter.join(10)
    assert outcome == ["conflict at 2"]
    assert [e.payload for e in events.read(a.conn, "g1")][1:] == [{"by": "a"}]
    assert [e.payload for e in events.read(a.conn, "g2")][1:] == [{"by": "b"}]


def _drop_referee_connections(url: str) -> None:
    """What a server restart or a failover does to every connection the referee holds."""
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE application_name = 'referee' AND pid <> pg_backend_pid()")


def test_a_dropped_connection_answers_503_once_and_the_next_request_reconnects(pg_url, clock):
    srv, httpd = start_server(pg_url, clock=clock)
    try:
        gid = srv.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()["id"]
        # One long-lived thread, as a gunicorn worker's (the app in this thread, no socket).
        client = srv.app.test_client()
        assert client.get(f"/games/{gid}").status_code == 200
        _drop_referee_connections(pg_url)
        r = client.get(f"/games/{gid}")
        assert r.status_code == 503 and r.headers["Retry-After"] and r.mimetype == "application/problem+json"
        assert "nothing was changed" in r.get_json()["detail"]
        assert client.get(f"/games/{gid}").status_code == 200  # reconnected
        # the served app's pool thread (it made the game) answers 503 once too, then reconnects,
        # and the game is intact
        first = srv.call("GET", f"/games/{gid}")
        assert first.status_code in (200, 503)
        assert srv.call("GET", f"/games/{gid}").json()["seq"] == 1
    finally:
        httpd.shutdown()


def test_a_password_in_the_database_url_is_never_shown(pg_url):
    from click.testing import CliRunner

    from referee.ops.cli import main
    from referee.plumbing.config import Config

    with_password = pg_url.replace("postgres@", "postgres:s3cret-pw@")
    out = CliRunner().invoke(main, ["--database", with_password, "init-db"])
    assert out.exit_code == 0, out.output
    assert "up to date" in out.output and "s3cret-pw" not in out.output
    assert "s3cret-pw" not in repr(Config(database=with_password))


def test_an_append_on_any_host_wakes_the_listener_at_once(pg_url):
    """The trigger announces each appended event at commit; a listener (one per process) wakes
    its waiters well before its own recheck interval."""
    from referee.store.listener import RECHECK, EventListener

    listener = EventListener(pg_url)
    writer = open_database(pg_url)
    listener.wait("g", 0, 0.01)  # a long poll starts the listening thread
    seq, deadline = 0, time.monotonic() + 10
    while listener._heard.get("g", 0) == 0 and time.monotonic() < deadline:  # LISTEN is up once heard
        with write_transaction(writer) as conn:
            events.append(conn, SEED, "g", seq, "move", 0, {}, "t")
        seq += 1
        listener.wait("g", 0, 0.5)
    assert listener._heard.get("g") == seq

    def append_later() -> None:
        time.sleep(0.3)
        with write_transaction(writer) as conn:
            events.append(conn, SEED, "g", seq, "move", 0, {}, "t")

    threading.Thread(target=append_later).start()
    started = time.monotonic()
    listener.wait("g", seq, 10)
    waited = time.monotonic() - started
    assert listener._heard["g"] == seq + 1
    assert 0.25 <= waited < RECHECK - 0.5  # woken by the announcement, not by the recheck


def test_a_long_poll_on_one_host_answers_a_move_made_on_another(pg_url, clock):
    one, httpd_one = start_server(pg_url, clock=clock)
    two, httpd_two = start_server(pg_url, clock=clock)
    try:
        created = one.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                                   "options": {"first_seat": 0}}).json()
        gid, token = created["id"], created["seats"][0]["token"]
        answer: dict = {}

        def poll() -> None:
            started = time.monotonic()
            r = one.call("GET", f"/games/{gid}/events?after=1&wait=20")
            answer.update(status=r.status_code, events=r.json()["events"], took=time.monotonic() - started)

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.5)
        r = two.call("POST", f"/games/{gid}/moves", token, json={"move": {"type": "finish_first_turn"}})
        assert r.status_code == 201
        poller.join(25)
        assert answer["status"] == 200 and [e["seq"] for e in answer["events"]] == [2]
        assert answer["took"] < 3
    finally:
        httpd_one.shutdown()
        httpd_two.shutdown()


def test_two_schedulers_claim_disjoint_deadlines_without_waiting(pg_url):
    from referee.store import deadlines
    a, b = open_database(pg_url), open_database(pg_url)
    with write_transaction(a) as conn:
        for i in range(6):
            deadlines.replace_for_game(conn, f"g{i}", [(0, 3, 100.0 + i, [])])
    with write_transaction(a) as conn_a:
        mine = deadlines.claim_due(conn_a, 200.0, limit=4)
        started = time.monotonic()
        with write_transaction(b) as conn_b:  # while a's claim is not committed yet
            theirs = deadlines.claim_due(conn_b, 200.0)
        waited = time.monotonic() - started
    assert [r["game_id"] for r in mine] == ["g0", "g1", "g2", "g3"]
    assert [r["game_id"] for r in theirs] == ["g4", "g5"]
    assert waited < 1.0
