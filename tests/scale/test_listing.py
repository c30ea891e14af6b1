"""Game lists: keyset pages return the same games in the same order as the plain sort always
did, at any size and with every filter, and the players come without a query per row."""

from __future__ import annotations

import random
import sqlite3
import statistics
import struct

import pytest

from referee.store import projections
from referee.service.referee import Referee
from referee.store.db import open_database, write_transaction

GAMES = ("babel", "iron_age", "khronos")
STATUSES = ("active", "paused", "finished")


def reference(conn: sqlite3.Connection, status=None, game=None, player=None) -> list[str]:
    """The list as it was defined before keyset paging: the whole sort, no paging."""
    where, args = [], []
    if status:
        where.append("status = ?"); args.append(status)
    if game:
        where.append("game = ?"); args.append(game)
    if player:
        where.append("id IN (SELECT game_id FROM game_players WHERE name = ?)"); args.append(player)
    sql = "SELECT id FROM games" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY updated_at DESC, id"
    return [gid for (gid,) in conn.execute(sql, args)]


def seed_games(tmp_path, n: int, rnd: random.Random):
    db = open_database(tmp_path / f"list{n}.db")
    with write_transaction(db) as conn:
        for i in range(n):
            gid = f"{rnd.getrandbits(32):08x}{i:06d}"
            stamp = f"2026-01-01T00:00:{rnd.randint(0, n // 3 + 1):09.6f}Z"  # many ties
            projections.upsert_game(conn, gid, rnd.choice(GAMES), rnd.choice(STATUSES), 3, [0], None, stamp, stamp)
            projections.set_players(conn, gid, [f"p{rnd.randint(0, 9)}", f"p{rnd.randint(0, 9)}"])
    return db


def paged(conn, limit: int, **filters) -> list[dict]:
    out, cursor = [], None
    while True:
        page = projections.list_games(conn, limit=limit, cursor=cursor, **filters)
        out += page
        cursor = projections.next_cursor(page, limit)
        if cursor is None:
            return out


@pytest.mark.parametrize("n", [0, 1, 7, 300])
def test_keyset_pages_match_the_plain_sort_with_every_filter(tmp_path, n):
    rnd = random.Random(n)
    db = seed_games(tmp_path, n, rnd)
    conn = db.conn
    filters = [{}, {"status": "active"}, {"game": "babel"}, {"player": "p3"},
               {"status": "finished", "game": "iron_age"}, {"status": "paused", "player": "p1"}]
    for f in filters:
        expected = reference(conn, **f)
        for limit in (1, 5, 100):
            assert [g["id"] for g in paged(conn, limit, **f)] == expected, (f, limit)
            assert [g["id"] for g in projections.list_games(conn, limit=limit, offset=2, **f)] == expected[2:2 + limit]


def test_each_listed_game_carries_its_players_in_seat_order(tmp_path):
    db = seed_games(tmp_path, 40, random.Random(1))
    for g in projections.list_games(db.conn, limit=500):
        seats = db.conn.execute("SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", (g["id"],)).fetchall()
        assert g["players"] == [n for (n,) in seats]


def test_players_are_read_in_one_query_per_page(tmp_path):
    db = seed_games(tmp_path, 60, random.Random(2))
    statements: list[str] = []
    db.conn.set_trace_callback(statements.append)
    page = projections.list_games(db.conn, limit=50)
    db.conn.set_trace_callback(None)
    assert len(page) == 50 and len(statements) == 2


def test_list_queries_use_an_index_for_their_order(tmp_path):
    """No temporary sort over all games: the order comes from an index (what keeps a page flat)."""
    db = seed_games(tmp_path, 50, random.Random(3))
    for f in ({}, {"status": "active"}, {"game": "babel"}, {"status": "active", "game": "babel"}):
        where = " AND ".join(f"g.{k} = ?" for k in f)
        sql = projections._SELECT + (f" WHERE {where}" if where else "") + " ORDER BY g.updated_at DESC, g.id LIMIT 10"
        plan = " ".join(r[-1] for r in db.conn.execute("EXPLAIN QUERY PLAN " + sql, list(f.values())))
        assert "TEMP B-TREE" not in plan and "INDEX" in plan, (f, plan)


def test_a_move_writes_few_pages_for_the_lists(tmp_path):
    """A move rewrites its game's updated_at, and each index holding it costs a WAL page in the
    move's commit: the lists keep two such indexes (newest first; by status), so a move's commit
    writes at most five pages (the log, the games row, the two indexes, and the head_changes row
    that lets every worker's live-feed watcher read only what changed; six before issue 41)."""
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    shm = tmp_path / "r.db-shm"
    frames = []
    for _ in range(7):
        prompt = svc.load(gid).prompts[0]
        before = struct.unpack("=I", shm.read_bytes()[16:20])[0]  # the WAL index header's mxFrame
        svc.submit_move(gid, prompt.seat, {"move": prompt.choices[0] if prompt.choices else prompt.default})
        frames.append(struct.unpack("=I", shm.read_bytes()[16:20])[0] - before)
    assert 1 <= statistics.median(frames) <= 5, frames


def test_a_cursor_not_made_here_is_refused(tmp_path):
    db = seed_games(tmp_path, 3, random.Random(4))
    with pytest.raises(ValueError):
        projections.list_games(db.conn, cursor="garbage")


def test_list_over_http_pages_with_next_cursor(server):
    srv = server
    ids = [srv.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()["id"]
           for _ in range(5)]
    whole = srv.call("GET", "/games").json()
    assert whole["next_cursor"] is None and sorted(g["id"] for g in whole["games"]) == sorted(ids)
    got, cursor = [], None
    while True:
        body = srv.call("GET", "/games", params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        got += [g["id"] for g in body["games"]]
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert got == [g["id"] for g in whole["games"]]
    bad = srv.call("GET", "/games", params={"cursor": "nonsense"})
    assert bad.status_code == 400
