"""SQLite's group commit (store/group_commit.py): overlapping write transactions of one process
share a COMMIT, yet each stands or falls alone and none is answered before its COMMIT."""

import shutil
import sqlite3
import threading
import time

import pytest

from referee.store import events
from referee.store.db import open_database, warm_read, write_transaction
from referee.store.sqlite import connect

SEED = b"k" * 32


def _until(check, seconds=10.0):
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.002)


def _queued_behind(group, first, rest, inside, go):
    """Run `first` until it is inside its write transaction (`inside`), queue `rest` behind it,
    then let it go (`go`) and wait for all."""
    threads = [threading.Thread(target=f) for f in (first, *rest)]
    threads[0].start()
    assert inside.wait(10)
    for t in threads[1:]:
        t.start()
    _until(lambda: group.waiting == len(rest))
    go.set()
    for t in threads:
        t.join(10)


def test_a_refused_append_in_a_batch_leaves_the_others_committed_and_itself_absent(tmp_path):
    path = tmp_path / "g.db"
    db = open_database(path)
    group = db.conn.group
    commits, committed = group.commits, group.committed
    inside, go, a_answered = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, int] = {}
    readers = {name: open_database(path) for name in "abc"}

    def head_now(reader, game):  # on a connection of its own: only what was committed
        return events.head(readers[reader].conn, game)[0]

    def a():  # opens the batch and holds it until B and C queue behind it
        with write_transaction(open_database(path)) as conn:
            events.append(conn, SEED, "a", 0, "game_created", None, {}, "t")
            inside.set()
            go.wait(10)
        seen["a"] = head_now("a", "a")
        a_answered.set()

    def b():  # a good append, then one refused (A, in the same batch, took seq 1 of game a)
        try:
            with write_transaction(open_database(path)) as conn:
                events.append(conn, SEED, "b", 0, "game_created", None, {}, "t")
                events.append(conn, SEED, "a", 0, "game_created", None, {}, "t")
        except events.SequenceConflict as e:
            seen["b"] = e.current_seq
            seen["b sees a"] = head_now("b", "a")  # refused only once what refused it is committed

    def c():
        with write_transaction(open_database(path)) as conn:
            events.append(conn, SEED, "c", 0, "game_created", None, {}, "t")
            a_answered.wait(0.2)  # A may not be answered before this batch mate's COMMIT
        seen["c"] = head_now("c", "c")

    _queued_behind(group, a, [b, c], inside, go)
    assert seen == {"a": 1, "b": 1, "b sees a": 1, "c": 1}
    assert (group.commits - commits, group.committed - committed) == (1, 2)  # A and C: one COMMIT
    assert events.read(db.conn, "b") == []  # B's first append went with its refused one
    assert [e.seq for e in events.read(db.conn, "a")] == [1]
    assert [e.seq for e in events.read(db.conn, "c")] == [1]


def test_a_refused_first_body_of_a_batch_leaves_nothing_and_the_queued_ones_commit_together(tmp_path):
    path = tmp_path / "g.db"
    db = open_database(path)
    group = db.conn.group
    commits = group.commits
    inside, go = threading.Event(), threading.Event()
    refused = []

    def first():  # opens the batch (no savepoint of its own), then is refused
        try:
            with write_transaction(open_database(path)) as conn:
                events.append(conn, SEED, "a", 0, "game_created", None, {}, "t")
                inside.set()
                go.wait(10)
                events.append(conn, SEED, "a", 0, "game_created", None, {}, "t")
        except events.SequenceConflict:
            refused.append(True)

    def later(game):
        with write_transaction(open_database(path)) as conn:
            events.append(conn, SEED, game, 0, "game_created", None, {}, "t")

    _queued_behind(group, first, [lambda: later("b"), lambda: later("c")], inside, go)
    assert refused == [True]
    assert events.read(db.conn, "a") == []
    assert [len(events.read(db.conn, g)) for g in "bc"] == [1, 1]
    assert group.commits - commits == 1  # b and c: one COMMIT of their own


def test_a_write_transaction_inside_another_of_the_same_thread_is_refused_not_a_deadlock(tmp_path):
    path = tmp_path / "g.db"
    outer, inner = open_database(path), open_database(path)
    with pytest.raises(sqlite3.OperationalError, match="within a transaction"):
        with write_transaction(outer) as conn:
            events.append(conn, SEED, "g", 0, "game_created", None, {}, "t")
            with write_transaction(inner):
                pass
    assert events.read(outer.conn, "g") == []  # the outer one rolled back with it
    with write_transaction(outer) as conn:  # and the file is free again
        events.append(conn, SEED, "g", 0, "game_created", None, {}, "t")
    assert events.head(inner.conn, "g")[0] == 1


def test_a_file_put_in_the_place_of_another_gets_the_writes_of_its_own_connections_only(tmp_path):
    """The batches run on the process's writer connection of the file: a file put in the place of
    another (a restore) gets a writer of its own, and the connections opened on the old file still
    write there, as each thread's own connection did before there was a writer."""
    path = tmp_path / "g.db"
    old = open_database(path)
    old.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(path, tmp_path / "blank.db")  # migrated, empty
    with write_transaction(old) as conn:  # opens the old file's writer
        events.append(conn, SEED, "g", 0, "game_created", None, {}, "t")
    for suffix in ("", "-wal", "-shm"):
        if (tmp_path / f"g.db{suffix}").exists():
            (tmp_path / f"g.db{suffix}").rename(tmp_path / f"moved.db{suffix}")
    (tmp_path / "blank.db").rename(path)
    new = connect(path)
    with write_transaction(new) as conn:
        events.append(conn, SEED, "g", 0, "game_created", None, {}, "t")  # refused on the old file
    old.conn.group.forget_writer()  # as in a forked child: the writer is opened anew, on the path
    with write_transaction(old) as conn:
        events.append(conn, SEED, "g", 1, "move", 0, {}, "t")  # refused on the new file
    assert [e.type for e in events.read(connect(path).conn, "g")] == ["game_created"]
    assert [e.type for e in events.read(connect(tmp_path / "moved.db").conn, "g")] == ["game_created", "move"]


def test_a_warm_read_uses_the_idle_writer_and_never_an_open_batch(tmp_path):
    """warm_read: the writer connection (its page cache survives its own commits) when no batch
    is open, so it sees only what is committed; the thread's own connection while a batch runs."""
    path = tmp_path / "w.db"
    db = open_database(path)
    group = db.conn.group
    with write_transaction(db) as conn:
        events.append(conn, SEED, "w", 0, "game_created", None, {}, "t")
    with warm_read(db) as conn:
        assert conn is group.writer and events.head(conn, "w")[0] == 1
    inside, go, seen = threading.Event(), threading.Event(), []

    def writer():
        with write_transaction(open_database(path)) as conn:
            events.append(conn, SEED, "w", 1, "move", 0, {}, "t")
            inside.set()
            go.wait(10)

    t = threading.Thread(target=writer)
    t.start()
    assert inside.wait(10)
    with warm_read(db) as conn:  # the batch holds the writer: not waited for, not read through
        seen.append((conn is db.conn, events.head(conn, "w")[0]))
    go.set()
    t.join(10)
    assert seen == [(True, 1)]
    with warm_read(db) as conn:
        assert conn is group.writer and events.head(conn, "w")[0] == 2
