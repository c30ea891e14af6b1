"""A player's data rights (issue 40), on both databases: the export holds everything stored about
them, with each game's public log that `referee verify --file` checks; after `DELETE /players/me`
the name and address are nowhere in the database (the raw SQLite file and its log, or a
PostgreSQL dump), nor in pages, answers and exports; every game log they were in verifies, stored
and as exported before; their opponents' records are unchanged."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

from click.testing import CliRunner

from referee.engine.verify import verify_events
from referee.ops.cli import main
from referee.store import credentials, players
from referee.store.db import write_transaction
from tests.pgcluster import server_bin

NAME, EMAIL = "Zebulon Quux", "zed.quux@example.org"
TOKEN = "zed-player-token-0123456789"


def _play(svc, gid: str, moves: int) -> None:
    for _ in range(moves):
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})


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
    exported = {}
    for gid in (finished, running):
        path = tmp_path / f"{gid}.jsonl"
        path.write_bytes(z.read(f"games/{gid}.jsonl"))
        exported[gid] = [json.loads(line) for line in path.read_text().splitlines()]
        result = CliRunner().invoke(main, ["verify", "--file", str(path)])
        assert result.exit_code == 0, result.output

    r = server.call("DELETE", "/players/me", token=TOKEN)
    assert r.status_code == 200, r.text
    erased = r.json()
    assert erased["games"] == 2 and erased["logs_resealed"] == 2
    pseudonym = erased["pseudonym"]
    assert server.call("GET", "/players/me", token=TOKEN).status_code == 401

    raw = _raw(database, tmp_path)
    assert NAME.encode() not in raw and b"Zebulon" not in raw and EMAIL.encode() not in raw
    assert pseudonym.encode() in raw
    for gid in (finished, running):
        result = CliRunner().invoke(main, ["--database", database, "verify", gid])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["ok"] is True
        before = [e for e in exported[gid] if e.get("kind") != "message"]
        resealed = svc.raw_events(gid)[-1]
        assert resealed.type == "log_resealed" and resealed.payload["previous_head"] == before[-1]["hash"]
        assert resealed.payload["names"] == {"0" if gid == finished else "1": pseudonym}
        assert verify_events(before).ok  # the export made before still verifies on its own
        page = server.call("GET", f"/g/{gid}", headers={"Accept": "text/html"}).text
        assert NAME not in page and pseudonym in page
        assert NAME not in server.call("GET", f"/games/{gid}/export").text
    assert NAME not in server.call("GET", "/archive").text and pseudonym in server.call("GET", "/archive").text
    assert _opponents(conn) == opponents_before  # Opal's and everyone else's records are as they were
    _play(svc, running, 1)  # the game goes on after the reseal
    assert CliRunner().invoke(main, ["--database", database, "verify", running]).exit_code == 0
