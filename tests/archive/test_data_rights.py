"""A player's data rights (issue 40), on both databases: the export holds everything stored about
them, with each game's public log that `referee verify --file` checks; logs name seats by
reference, and a log recorded before that (names in its hashed payloads) is moved over once, at
the first start after the upgrade, with a `names_moved_out` event linking it to its exports made
before; after `DELETE /players/me`, which touches no log, the name and address are nowhere in the
database (the raw SQLite file and its log, or a PostgreSQL dump), nor in pages, answers and
exports; every game log they were in verifies, stored and as exported before the erasure and
before the migration; their opponents' records are unchanged."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

from click.testing import CliRunner

from referee.engine import seatrefs
from referee.engine.verify import verify_events
from referee.ops.cli import main
from referee.service.players import names_out
from referee.service.referee import Referee
from referee.store import credentials, events, instance, players, seat_names
from referee.store.db import write_transaction
from tests.pgcluster import server_bin

NAME, EMAIL = "Zebulon Quux", "zed.quux@example.org"
LOGS = sorted((Path(__file__).parent.parent / "corpus" / "logs").glob("*.jsonl"))
TOKEN = "zed-player-token-0123456789"


def _play(svc, gid: str, moves: int) -> None:
    for _ in range(moves):
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})


def _as_recorded_before_issue_40(svc, gid: str) -> None:
    """The game's log as code before issue 40 recorded it: the names inside the hashed payloads
    (game_created's seats, the seat events), none in the name table, the instance not moved over."""
    with write_transaction(svc.db) as conn:
        names = seat_names.of_game(conn, gid)
        payloads = {}
        for e in events.read(conn, gid):
            if e.type == "game_created":
                payloads[e.seq] = {**e.payload, "seats": [{**s, "name": names[(i, 0)]}
                                                          for i, s in enumerate(e.payload["seats"])]}
            elif e.type in seatrefs.NAMING:
                payloads[e.seq] = {**e.payload, "name": names[(e.payload["seat"], e.payload["tenure"])]}
        events.reseal(conn, credentials.seed_of(conn, gid), gid, payloads)
        conn.execute("DELETE FROM seat_names WHERE game_id = ?", (gid,))
        instance.drop(conn, names_out.DONE)
    svc.forget()


def _verified_file(tmp_path: Path, name: str, text: str | bytes) -> list[dict]:
    """An export written to a file and checked by `referee verify --file`; its lines."""
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = CliRunner().invoke(main, ["verify", "--file", str(path)])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in path.read_text().splitlines()]


def _raw(database: str, tmp_path: Path) -> bytes:
    """Every byte the database holds: the SQLite file and its write-ahead log, or a pg_dump."""
    if database.startswith("postgresql"):
        return subprocess.run([str(server_bin() / "pg_dump"), database], capture_output=True, check=True).stdout
    return b"".join(Path(database + suffix).read_bytes() for suffix in ("", "-wal", "-shm")
                    if Path(database + suffix).exists())


def _opponents(conn) -> list:
    return [tuple(r) for r in conn.execute(
        "SELECT p.id, p.email, p.name, p.finished, p.missed, s.game_id, s.seat, s.name, s.email "
        "FROM players p JOIN seats s ON s.player_id = p.id WHERE p.id <> 'pzed' ORDER BY s.game_id, s.seat")]


def test_export_then_erasure_leaves_no_name_or_address_and_every_log_verifies(server, database, tmp_path):
    svc = server.service
    with write_transaction(svc.db) as conn:
        players.add(conn, "pzed", EMAIL, 0)
        players.update(conn, "pzed", {"name": NAME})
        players.add_token(conn, credentials.token_hash(TOKEN), "pzed", "api", 0)
        players.add(conn, "popal", "opal@example.org", 0)
    finished = svc.create_game({"game": "babel", "options": {"first_seat": 0},
                                "seats": [{"name": NAME, "email": EMAIL}, {"name": "Opal", "email": "opal@example.org"}]})["id"]
    svc.accept_seat(finished, 0, "pzed")  # a seat is a player's by their own act (issue 35)
    svc.accept_seat(finished, 1, "popal")
    _play(svc, finished, 3)
    svc.resign(finished, 1)
    running = svc.create_game({"game": "khronos", "options": {"first_seat": 0},
                               "seats": [{"name": "Opal", "email": "opal@example.org"}, {"name": NAME, "email": EMAIL},
                                         {"name": "Cy"}]})["id"]
    svc.accept_seat(running, 0, "popal")
    svc.accept_seat(running, 1, "pzed")
    _play(svc, running, 3)
    svc.post_message(running, 1, {"to": "all", "text": "good luck all"})
    assert NAME not in json.dumps([e.payload for e in svc.raw_events(running)])  # new logs: seats by reference

    # The finished game as recorded before issue 40, exported then; the upgrade's first start moves it over.
    _as_recorded_before_issue_40(svc, finished)
    assert NAME in json.dumps([e.payload for e in svc.raw_events(finished)])
    old = _verified_file(tmp_path, "old.jsonl", server.call("GET", f"/games/{finished}/export").text)
    Referee(database)  # the first start after the upgrade
    moved = svc.raw_events(finished)
    assert NAME not in json.dumps([e.payload for e in moved])
    mark = moved[-1]
    assert mark.type == "names_moved_out" and mark.payload["previous_head"] == old[-1]["hash"]
    assert mark.payload["from_seq"] == 1 and mark.seq == old[-1]["seq"] + 1
    assert names_out.move_all(svc, again=True) == 0 and svc.raw_events(finished)[-1].hash == mark.hash  # once
    linked = CliRunner().invoke(main, ["--database", database, "verify", finished, "--earlier", str(tmp_path / "old.jsonl")])
    assert linked.exit_code == 0 and "the log continues" in linked.output, linked.output
    forged = [{**e, "payload": {**e["payload"], "options": {"first_seat": 1}}} if e["type"] == "game_created" else e
              for e in old]  # an export of another game than the one whose names moved out
    assert "event 1 without its names differs" in seatrefs.continues(forged, [e.to_json() for e in moved],
                                                                        svc.load(finished).seed)
    assert svc.load(finished).created["seats"][0]["name"] == NAME  # joined in where people read it

    conn = svc.db.conn
    opponents_before = _opponents(conn)
    assert len(opponents_before) == 2  # Opal's two seats
    assert NAME.encode() in _raw(database, tmp_path) and EMAIL.encode() in _raw(database, tmp_path)

    r = server.call("GET", "/players/me/export", token=TOKEN)
    assert r.status_code == 200 and r.headers["Content-Type"] == "application/zip"
    z = zipfile.ZipFile(io.BytesIO(r.content))
    mine = json.loads(z.read("player.json"))
    assert mine["players"][0]["email"] == EMAIL and {s["game_id"] for s in mine["seats"]} == {finished, running}
    assert [m["text"] for m in mine["messages"]] == ["good luck all"]
    assert mine["mails"] and all("opal@" not in json.dumps(m) for m in mine["mails"])  # only mails to them
    other = Referee(database)  # another process of the instance, with the running game and its addresses cached
    _play(other, running, 1)
    assert other.load(running).created["seats"][1]["name"] == NAME
    exported = {gid: _verified_file(tmp_path, f"{gid}.jsonl", z.read(f"games/{gid}.jsonl")) for gid in (finished, running)}
    chains = {gid: [e.hash for e in svc.raw_events(gid)] for gid in (finished, running)}

    r = server.call("DELETE", "/players/me", token=TOKEN)
    assert r.status_code == 200, r.text
    erased = r.json()
    assert erased["games"] == 2 and set(erased) == {"erased", "pseudonym", "games"}
    pseudonym = erased["pseudonym"]
    assert server.call("GET", "/players/me", token=TOKEN).status_code == 401

    other.ERASURES_LOOK_EVERY = 0  # (one second in service: how long its cache may hold the name)
    _play(other, running, 1)
    while other.load(running).prompts[0].seat != 1:  # it plays on to the erased player's turn: no mail to them
        _play(other, running, 1)
    assert other.load(running).created["seats"][1]["name"] == pseudonym
    raw = _raw(database, tmp_path)
    assert NAME.encode() not in raw and b"Zebulon" not in raw and EMAIL.encode() not in raw
    assert pseudonym.encode() in raw
    for gid in (finished, running):
        result = CliRunner().invoke(main, ["--database", database, "verify", gid])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["ok"] is True
        assert [e.hash for e in svc.raw_events(gid)][:len(chains[gid])] == chains[gid]  # the erasure touched no chain
        before = [e for e in exported[gid] if e.get("kind") != "message"]
        assert [e["hash"] for e in before] == chains[gid][:len(before)]  # the export made before is its prefix
        page = server.call("GET", f"/g/{gid}", headers={"Accept": "text/html"}).text
        assert NAME not in page and pseudonym in page
        assert NAME not in server.call("GET", f"/games/{gid}/export").text
    assert verify_events([e for e in old if e.get("kind") != "message"]).ok  # made before the migration
    assert NAME not in server.call("GET", "/archive").text and pseudonym in server.call("GET", "/archive").text
    assert _opponents(conn) == opponents_before  # Opal's and everyone else's records are as they were
    _play(svc, running, 1)  # the game goes on
    assert CliRunner().invoke(main, ["--database", database, "verify", running]).exit_code == 0


def test_logs_recorded_with_earlier_code_move_over_once_and_still_verify(tmp_path):
    """The upgrade corpus's logs (recorded by earlier code, names in their payloads) stored, then
    moved over by the first start: each still verifies in full with every state hash as recorded,
    names no seat, keeps its names in the table, and continues the export made before
    (`seatrefs.continues`), also from an export made before its last event (with the seed only)."""
    path = str(tmp_path / "r.db")
    svc = Referee(path)
    olds = {}
    for log_path in LOGS:
        old = [json.loads(line) for line in log_path.open()]
        gid = old[0]["payload"]["seed_commitment"][:16]  # corpus ids are not unique across files
        olds[gid] = old
        with write_transaction(svc.db) as conn:
            events.copy_in(conn, [events.Event(gid, **{k: e[k] for k in ("seq", "type", "seat", "payload", "created_at",
                                                                         "digest", "prev_hash", "hash")}) for e in old])
            credentials.save_seed(conn, gid, bytes.fromhex(old[-1]["payload"]["seed"]))
            instance.drop(conn, names_out.DONE)
    assert names_out.move_all(svc) == len(LOGS) and names_out.move_all(svc) == 0
    for gid, old in olds.items():
        log = [e.to_json() for e in svc.raw_events(gid)]
        seed = bytes.fromhex(old[-1]["payload"]["seed"])
        report = verify_events(log)
        assert report.ok and report.level == "full", report.to_json()
        assert [e["payload"].get("state_hash") for e in log[:-1]] == [e["payload"].get("state_hash") for e in old]
        assert all("name" not in s for s in log[0]["payload"]["seats"])
        assert [svc.load(gid).created["seats"][i]["name"] for i in range(len(old[0]["payload"]["seats"]))] == \
            [s["name"] for s in old[0]["payload"]["seats"]]
        assert seatrefs.continues(old, log, None) is None and seatrefs.continues(old[:-1], log, seed) is None
        assert "the seed would link it" in seatrefs.continues(old[:-1], log, None)
