"""The event store on a real database (a SQLite file, a PostgreSQL server): durability settings, sequence, chain, migrations."""

import threading

import pytest

from referee.engine.hashing import GENESIS, chain
from referee.store import events, snapshots
from referee.store.db import IntegrityError, open_database, write_transaction
from referee.store.sqlite import connect, migrate

SEED = b"k" * 32


def test_migrations_are_idempotent_and_settings_durable(tmp_path):
    path = tmp_path / "r.db"
    db = connect(path)
    assert migrate(db) == ["m001_core", "m002_deadlines_and_outbox", "m003_mail_settings",
                           "m004_listing_indexes_and_components", "m005_idempotency_request_hash",
                           "m006_deadline_claims", "m007_bot_seats", "m008_players_and_tables",
                           "m009_table_talk", "m010_alerts", "m011_foresight", "m012_ratings", "m013_language",
                           "m014_send_counts", "m015_tenure", "m016_archive", "m017_seat_names",
                           "m018_archive_pages", "m019_fewer_list_indexes", "m020_head_changes"]
    assert migrate(db) == []
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_append_chains_hashes_and_refuses_a_stale_sequence(database):
    db = open_database(database)
    with write_transaction(db) as conn:
        e1 = events.append(conn, SEED, "g", 0, "game_created", None, {"a": 1}, "t1")
        e2 = events.append(conn, SEED, "g", 1, "move", 0, {"b": 2}, "t2")
    assert e1.prev_hash == GENESIS and e1.hash == chain(GENESIS, e1.digest)
    assert e2.prev_hash == e1.hash and e2.hash == chain(e1.hash, e2.digest)
    with pytest.raises(events.SequenceConflict) as err:
        with write_transaction(db) as conn:
            events.append(conn, SEED, "g", 1, "move", 1, {"c": 3}, "t3")
    assert err.value.current_seq == 2
    assert [e.seq for e in events.read(db.conn, "g")] == [1, 2]


def test_concurrent_appends_at_the_same_sequence_never_both_land(database):
    path = database
    db = open_database(path)
    with write_transaction(db) as conn:
        events.append(conn, SEED, "g", 0, "game_created", None, {}, "t")
    outcomes = []
    barrier = threading.Barrier(8)

    def writer(i):
        mine = open_database(path)
        barrier.wait()
        try:
            with write_transaction(mine) as conn:
                events.append(conn, SEED, "g", 1, "move", 0, {"i": i}, "t")
            outcomes.append("ok")
        except events.SequenceConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * 7 + ["ok"]
    assert [e.seq for e in events.read(db.conn, "g")] == [1, 2]


def test_primary_key_backs_up_the_sequence_check(database):
    db = open_database(database)
    db.conn.execute("INSERT INTO events VALUES ('g',1,'x',NULL,'{}','t','d','p','h')")
    with pytest.raises(IntegrityError):
        db.conn.execute("INSERT INTO events VALUES ('g',1,'y',NULL,'{}','t','d','p','h')")


def test_snapshots_latest_at_or_before(database):
    db = open_database(database)
    snapshots.save(db.conn, "g", 25, {"n": 25}, {"status": "active"})
    snapshots.save(db.conn, "g", 50, {"n": 50}, {"status": "paused"})
    assert snapshots.latest(db.conn, "g", 49) == (25, {"n": 25}, {"status": "active"})
    assert snapshots.latest(db.conn, "g", 80) == (50, {"n": 50}, {"status": "paused"})
    assert snapshots.latest(db.conn, "g", 10) is None
    assert snapshots.delete(db.conn) == 2


def test_stored_digest_is_the_digest_of_the_events_content(database):
    from referee.engine.hashing import content_digest
    db = open_database(database)
    payload = {"z": [1, "ü"], "a": {"k": None}}
    with write_transaction(db) as conn:
        e = events.append(conn, SEED, "g", 0, "move", 1, payload, "2026-01-01T00:00:00.000000Z")
    assert e.digest == content_digest(SEED, 1, e.content())
    assert events.read(db.conn, "g")[0].payload == payload


def test_the_fast_content_encoding_equals_canonical_json():
    from referee.engine.hashing import content_digest, content_digest_of_payload, canonical
    payload = {"b": [1, None], "a": "é\\"}
    for etype, seat, stamp in [("move", 0, "2026-01-01T00:00:00.000000Z"), ("game_ended", None, "t"),
                               ('we"ird', 3, "x\\y")]:
        content = {"type": etype, "seat": seat, "payload": payload, "created_at": stamp}
        assert content_digest_of_payload(SEED, 7, etype, seat, canonical(payload), stamp) == \
            content_digest(SEED, 7, content)


def test_due_deadlines_are_claimed_once_until_the_lease_lapses(database):
    from referee.store import deadlines
    db = open_database(database)
    with write_transaction(db) as conn:
        for i, gid in enumerate(("g1", "g2", "g3")):
            deadlines.replace_for_game(conn, gid, [(0, 5, 100.0 + i, [])])
        deadlines.replace_for_game(conn, "later", [(1, 5, 500.0, [])])
    with write_transaction(db) as conn:
        first = deadlines.claim_due(conn, 200.0, limit=2)
    with write_transaction(db) as conn:
        second = deadlines.claim_due(conn, 200.0)
    with write_transaction(db) as conn:
        third = deadlines.claim_due(conn, 200.0)
    assert [r["game_id"] for r in first] == ["g1", "g2"]  # earliest first
    assert [r["game_id"] for r in second] == ["g3"] and third == []  # never one row twice, never a future one
    with write_transaction(db) as conn:  # a new decision (the row rewritten) is claimable at once
        deadlines.replace_for_game(conn, "g2", [(0, 6, 150.0, [])])
    with write_transaction(db) as conn:
        assert [(r["game_id"], r["opened_seq"]) for r in deadlines.claim_due(conn, 201.0)] == [("g2", 6)]
    with write_transaction(db) as conn:  # a crashed scheduler's claims lapse with the lease
        lapsed = deadlines.claim_due(conn, 200.0 + deadlines.CLAIM_SECONDS + 1)
    assert sorted(r["game_id"] for r in lapsed) == ["g1", "g3"]
