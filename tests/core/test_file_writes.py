"""Hearing a SQLite file's writes (store/commits.py FileWrites): what wakes the live feed's
watcher and the bots' job instead of looks twenty to forty times a second (issue 41)."""

from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import threading
import time

from referee.store import commits
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


def test_the_bots_commit_watcher_sleeps_until_another_process_commits(sqlite_template, tmp_path):
    """The bots' job hears another process's commit (store/commits.py on_commits: a bot moves as
    soon as its decision opens). It looked at the file's commit counter twenty times a second;
    it now sleeps until the file is written, and still wakes the job at once on such a commit,
    and ends as soon as it is told to."""
    path = tmp_path / "r.db"
    shutil.copyfile(sqlite_template, path)
    woken = threading.Event()
    stop = threading.Event()
    close = commits.on_commits(str(path), woken.set, stop)
    try:
        time.sleep(0.3)  # the thread has opened the file and read its counter
        thread = next(t for t in threading.enumerate() if t.name == "referee-commit-watch")
        with open(f"/proc/self/task/{thread.native_id}/schedstat") as f:
            before = int(f.read().split()[2])
        time.sleep(0.5)
        with open(f"/proc/self/task/{thread.native_id}/schedstat") as f:
            runs = int(f.read().split()[2]) - before
        assert runs <= 3, f"the watcher ran {runs} times in half a second with nothing written"
        assert not woken.is_set()
        other = sqlite3.connect(path)  # another process's commit: no hook of this one tells
        with other:
            other.execute("INSERT INTO instance (key, value) VALUES ('bots-test', 'x')")
        assert woken.wait(commits.FALLBACK / 2)
    finally:
        close()
    thread.join(1.0)
    assert not thread.is_alive()
