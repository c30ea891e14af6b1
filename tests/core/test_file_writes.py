"""Hearing a SQLite file's writes (store/commits.py FileWrites): what wakes the live feed's
watcher instead of a look forty times a second (issue 41)."""

from __future__ import annotations

import os
import resource
import sqlite3
import threading

from referee.store.commits import FileWrites


def test_a_write_by_any_connection_or_a_poke_wakes_the_waiter_and_nothing_else(tmp_path):
    path = tmp_path / "r.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    writes = FileWrites.open(str(path))
    try:
        assert writes.wait(0.05) is False  # nothing written
        (tmp_path / "beside.log").write_text("another file of the directory")
        assert writes.wait(0.05) is False
        other = sqlite3.connect(path)
        with other:
            other.execute("INSERT INTO t VALUES (1)")
        assert writes.wait(1.0, settle=0.01) is True
        assert writes.wait(0.05) is False  # what came was taken
        for _ in range(3):  # every poke after a wait wakes the next one
            writes.poke()
            writes.poke()
            assert writes.wait(1.0) is True
            assert writes.wait(0.02) is False
        threading.Timer(0.05, writes.poke).start()  # from another thread, while it waits
        assert writes.wait(2.0) is True
    finally:
        writes.close()
    writes.poke()  # after close: nothing is written to a descriptor that may be another's now


def test_it_waits_on_descriptors_past_1024(tmp_path):
    """A worker holding thousands of streams opens its watcher's descriptors past 1,024, where
    select() cannot wait on them."""
    path = tmp_path / "r.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 2048)), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        writes = FileWrites.open(str(path))
        try:
            writes.poke()
            assert writes.wait(1.0) is True
        finally:
            writes.close()
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
