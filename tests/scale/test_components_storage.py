"""Component data is stored once per distinct content and referenced from game_created; every
reader still gets the full payload, so logs verify offline, and games stored before the change
(component data inline in their row) still load, replay and verify, before and after compaction."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.ops.cli import main
from referee.engine.hashing import canonical, state_hash
from referee.engine.verify import verify_events
from referee.service.referee import Referee
from referee.store import components, events
from referee.store.db import open_database, write_transaction

CORPUS = sorted((Path(__file__).parent.parent / "corpus" / "logs").glob("*.jsonl"))
TWO = [{"name": "A"}, {"name": "B"}]


def stored_payload(conn, gid: str) -> dict:
    return components.unpack(conn.execute("SELECT payload FROM events WHERE game_id = ? AND seq = 1",
                                          (gid,)).fetchone()[0])


def stored_bytes(conn, gid: str) -> int:
    return conn.execute("SELECT length(CAST(payload AS BLOB)) FROM events WHERE game_id = ? AND seq = 1",
                        (gid,)).fetchone()[0]


def test_new_games_reference_one_stored_copy_and_serve_the_full_payload(tmp_path):
    svc = Referee(str(tmp_path / "r.db"))
    a = svc.create_game({"game": "babel", "seats": TWO, "options": {"first_seat": 0}})["id"]
    b = svc.create_game({"game": "babel", "seats": TWO, "options": {"first_seat": 1}})["id"]
    conn = svc.db.conn
    for gid in (a, b):
        row = stored_payload(conn, gid)
        assert "components" not in row and stored_bytes(conn, gid) < 1000
    assert conn.execute("SELECT count(*) FROM components").fetchone()[0] == 1
    created = events.read(conn, a)[0]
    assert created.payload["components"] == svc.rules("babel", None).components
    svc.submit_move(a, 0, {"move": {"type": "finish_first_turn"}})
    report = verify_events([e.to_json() for e in svc.raw_events(a)], svc.load(a).seed)
    assert report.ok and report.level == "full", report.to_json()


def test_the_export_carries_the_component_data_and_verifies_offline(tmp_path):
    db = tmp_path / "r.db"
    svc = Referee(str(db))
    gid = svc.create_game({"game": "iron_age", "seats": TWO})["id"]
    seed = svc.load(gid).seed.hex()
    out = CliRunner().invoke(main, ["--database", str(db), "export", gid, "--full"])
    assert out.exit_code == 0, out.output
    path = tmp_path / "log.jsonl"
    path.write_text(out.output)
    first = json.loads(out.output.splitlines()[0])
    assert first["payload"]["components"] == svc.rules("iron_age", None).components
    done = CliRunner().invoke(main, ["verify", "--file", str(path), "--seed", seed])
    assert done.exit_code == 0 and json.loads(done.output)["level"] == "full", done.output


def import_old_format(svc: Referee, log: list[dict]) -> str:
    """Store a recorded log the way the store wrote rows before component data moved out:
    every payload inline, exactly as recorded."""
    gid = "old" + log[0]["hash"][:13]
    seed = next(e for e in log if e["type"] == "seed_revealed")["payload"]["seed"]
    with write_transaction(svc.db) as conn:
        conn.execute("INSERT INTO game_keys (game_id, seed) VALUES (?, ?)", (gid, seed))
        for e in log:
            conn.execute("INSERT INTO events (game_id, seq, type, seat, payload, created_at, digest, prev_hash, hash) "
                         "VALUES (?,?,?,?,?,?,?,?,?)", (gid, e["seq"], e["type"], e["seat"], canonical(e["payload"]).decode(),
                                                        e["created_at"], e["digest"], e["prev_hash"], e["hash"]))
    return gid


def test_games_stored_before_the_change_load_replay_and_verify_before_and_after_compaction(tmp_path):
    svc = Referee(str(tmp_path / "r.db"))
    logs = {p.stem: [json.loads(line) for line in p.open()] for p in CORPUS}
    ids = {name: import_old_format(svc, log) for name, log in logs.items()}
    assert svc.rebuild_projections() == len(ids)
    conn = svc.db.conn
    for compacted in (False, True):
        for name, gid in ids.items():
            log = logs[name]
            assert ("components" in stored_payload(conn, gid)) is not compacted
            served = [e.to_json() for e in svc.raw_events(gid)]
            assert served == log
            report = verify_events(served)
            assert report.ok and report.level == "full", (name, report.to_json())
            svc.forget()
            loaded = svc.load(gid)
            last = [e for e in log if "state_hash" in e["payload"]][-1]
            assert state_hash(loaded.seed, last["seq"], loaded.state) == last["payload"]["state_hash"]
            assert loaded.finished and loaded.result == log[-2]["payload"]["result"]
        if not compacted:
            with write_transaction(svc.db) as c:
                assert components.compact_created_events(c) == len(ids)
    assert conn.execute("SELECT count(*) FROM components").fetchone()[0] == len({e[0]["payload"]["components_sha256"]
                                                                                 for e in logs.values()})


def test_the_migration_compacts_an_existing_database(tmp_path):
    """m004 moves inline component data of an existing database's rows into the table."""
    svc = Referee(str(tmp_path / "r.db"))
    log = [json.loads(line) for line in CORPUS[0].open()]
    gid = import_old_format(svc, log)
    db = open_database(tmp_path / "r.db")
    db.conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm004_listing_indexes_and_components'")
    for stmt in ("DROP INDEX games_recent", "DROP INDEX games_status_recent", "DROP INDEX game_players_name_game"):
        db.conn.execute(stmt)
    db = open_database(tmp_path / "r.db")  # migrates again
    assert "components" not in stored_payload(db.conn, gid)
    assert [e.to_json() for e in events.read(db.conn, gid)] == log


def test_a_cold_load_keys_its_rules_by_the_stored_hash_and_an_inline_copy_by_its_content(tmp_path):
    """The rules of a stored game are found by the hash their component data was stored under
    (no canonical dump of the data on every cold load); a copy of equal content, which was not
    read from the table, is keyed by its own hash, and both keys agree: one Rules, not two."""
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "babel", "seats": TWO})["id"]
    svc.forget()
    loaded = svc.load(gid)
    data = loaded.created["components"]
    sha = loaded.created["components_sha256"]
    assert components.stored_hash(data) == sha
    copy = json.loads(json.dumps(data))
    assert copy == data and components.stored_hash(copy) is None  # equal content, not the stored object
    version = loaded.created["rules_version"]
    assert svc.rules("babel", copy, version) is svc.rules("babel", data, version) is loaded.rules
    assert sum(1 for key in svc._rules_cache if key[0] == "babel" and key[2] == version and key[1]) == 1
