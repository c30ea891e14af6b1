"""Group commit on SQLite: the write transactions of one process's threads that overlap share one
COMMIT, so that one fsync of the write-ahead log acknowledges all of them.

With WAL and synchronous=FULL every COMMIT fsyncs the log, and SQLite lets one writer at a time
hold the file: the fsync, not the SQL, bounds how many moves a second a file takes. Here the
threads that want to write while a batch is running or committing queue; then they run their
bodies one after another inside ONE transaction, on the process's one writer connection to the
file, each in a savepoint of its own, and the last one in the queue commits for all:

- a body sees the database as the bodies before it in the batch left it, exactly as if they had
  committed first: the same head checks, sequence conflicts and idempotency keys;
- a body that raises is rolled back to its savepoint: it leaves nothing, the others keep theirs;
- no caller returns before the COMMIT that covers its batch: a success is acknowledged only
  after the fsync that holds it; a failure only once its batch is committed, so that a retry
  reads what refused it (an idempotent copy finds the first copy's answer);
- a batch whose COMMIT fails (or that SQLite rolled back whole: disk full, I/O error) fails
  every body in it.

While a body runs, its thread's database object answers with the batch's connection, so code
that reads through it inside the transaction sees its own writes, as before. Other processes'
batches still take turns on SQLite's write lock (BEGIN IMMEDIATE). PostgreSQL needs none of
this: its transactions run side by side and the server flushes concurrent commits together.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from _thread import allocate_lock
from collections import deque
from typing import Any, Callable

SAVEPOINT = "SAVEPOINT body"
# Bodies after which a batch commits even with threads queued, so that a steady stream of new
# writers cannot keep the first ones waiting (each member waits, so a batch already has at most
# one body per thread).
MAX_BATCH = 64


class Batch:
    """One transaction shared by consecutive bodies, and how it ended."""

    __slots__ = ("conn", "members", "failed", "waiters", "error")

    def __init__(self, conn: Any):
        self.conn = conn
        self.members = 0          # bodies that succeeded in it
        self.failed = 0           # bodies rolled back to their savepoint
        # a held lock per member waiting for the batch's end, released by whoever ends it: all wake
        # at once, and none then queues for a shared lock as a Condition's waiters do
        self.waiters: list[Any] = []
        self.error: BaseException | None = None


class Group:
    """The write transactions of one database file in this process."""

    def __init__(self, path: str, file: tuple[int, int], opener: Callable[[], Any]):
        self.path = path
        self.file = file                # (device, inode) of the file its connections were opened on
        self.opener = opener            # a new connection to the path
        self.writer: Any = None         # the connection every batch of this process runs on
        self.turn = threading.Lock()    # held while a body runs on the batch, and by its COMMIT
        # one entry per thread queued for `turn`: a deque's append and pop are atomic, so the
        # count needs no lock of its own (a lock there was contended by every writer twice)
        self.queued: deque[int] = deque()
        self.owner: int | None = None   # the thread holding `turn`
        self.batch: Batch | None = None
        self.commits = 0                # COMMITs of batches that held a success (bench: appends per fsync)
        self.committed = 0              # successful bodies in them

    def connection(self, own: Any) -> Any:
        """The writer connection, opened at the first write: its page cache stays warm, where a
        batch on the connection of whichever thread came first re-read every page the others
        had changed since that connection last wrote. Should the path name another file by then
        (replaced since this group's connections opened it), the batch runs on `own`, a
        connection of this group's file, as before there was a writer."""
        if self.writer is None:
            writer = self.opener()
            if identity(self.path) != self.file:
                writer.close()
                return own
            self.writer = writer
        return self.writer

    def forget_writer(self) -> None:
        """Drop the writer without closing it (a forked child must not use its parent's)."""
        self.writer = None

    @property
    def waiting(self) -> int:
        """Threads queued for `turn`."""
        return len(self.queued)


_groups: weakref.WeakValueDictionary[tuple[str, tuple[int, int] | None], Group] = weakref.WeakValueDictionary()
_groups_lock = threading.Lock()


def identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file a path names now (None if none)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def group_for(path: str, file: tuple[int, int] | None, opener: Callable[[], Any]) -> Group:
    """The one group of a database file in this process: its real path and the (device, inode)
    that a new connection found there, so that a file put in the place of another gets a group
    (and a writer) of its own. While a group's writer or connections keep its file open, no other
    file can have its inode number. A group lives while a connection refers to it (then its
    writer closes with it); `opener` makes its writer when the first write comes."""
    with _groups_lock:
        group = _groups.get((path, file))
        if group is None:
            group = _groups[(path, file)] = Group(path, file, opener)
        return group


def _after_fork() -> None:
    for group in list(_groups.values()):
        group.forget_writer()


os.register_at_fork(after_in_child=_after_fork)


class Transaction:
    """`with Transaction(db, group, hooks) as conn`: the body opens a batch, or joins the open one
    in a savepoint; leaving waits for the batch's COMMIT. `hooks` run after each COMMIT."""

    __slots__ = ("db", "own", "group", "hooks", "batch", "first")

    def __init__(self, db: Any, group: Group, hooks: list[Callable[[], None]]):
        self.db = db
        self.own = db.conn
        self.group = group
        self.hooks = hooks
        self.batch: Batch | None = None
        self.first = False  # opened the batch

    def __enter__(self) -> Any:
        g = self.group
        me = threading.get_ident()
        if g.owner == me:
            raise sqlite3.OperationalError("cannot start a transaction within a transaction")
        g.queued.append(me)
        g.turn.acquire()
        g.queued.pop()
        g.owner = me
        self.first = g.batch is None
        if self.first:  # the batch's first body needs no savepoint: undoing it is a ROLLBACK
            try:
                conn = g.connection(self.own)
                conn.execute(conn.BEGIN)
            except BaseException:
                g.owner = None
                g.turn.release()
                raise
            g.batch = Batch(conn)
        batch = self.batch = g.batch
        if not self.first:
            try:
                batch.conn.execute(SAVEPOINT)
            except BaseException:
                self._leave()
                raise
        self.db.conn = batch.conn
        return batch.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        self.db.conn = self.own
        batch = self.batch
        assert batch is not None
        conn = batch.conn
        if exc_type is None:
            try:
                if not self.first:
                    conn.execute("RELEASE body")
            except BaseException:
                self._undo(conn)
                self._leave()
                raise
            batch.members += 1
            error = self._leave()
            if error is not None:
                raise error
        else:
            self._undo(conn)
            batch.failed += 1
            self._leave()  # the body's own exception goes on, once its batch is over

    def _undo(self, conn: Any) -> None:
        """Roll a failed body back: to its savepoint, or the whole transaction if it was the
        batch's first (nothing to do if SQLite rolled it all back already)."""
        if self.first:
            _undo_all(conn)
            return
        try:
            conn.execute("ROLLBACK TO body")
            conn.execute("RELEASE body")
        except sqlite3.Error:
            pass

    def _leave(self) -> BaseException | None:
        """Pass the turn to a queued thread and wait for the batch's end, or end it now (commit,
        or roll back a batch with no success) when nobody is queued; the error that ended it."""
        g, batch = self.group, self.batch
        assert batch is not None
        conn = batch.conn
        if g.queued and conn.in_transaction and batch.members + batch.failed < MAX_BATCH:
            over = allocate_lock()
            over.acquire()
            batch.waiters.append(over)  # under `turn`: before whoever ends the batch looks
            g.owner = None
            g.turn.release()
            over.acquire()  # until the batch is over
            return _again(batch.error)
        g.batch = None
        try:
            if not conn.in_transaction:  # rolled back whole (its first body failed, or SQLite did)
                if batch.members:
                    batch.error = sqlite3.OperationalError("the transaction was rolled back")
            elif batch.members:
                conn.execute("COMMIT")
                g.commits += 1
                g.committed += batch.members
            else:
                conn.execute("ROLLBACK")
        except BaseException as e:
            batch.error = e
            if conn.in_transaction:
                _undo_all(conn)
        finally:
            g.owner = None
            g.turn.release()
            for over in batch.waiters:
                over.release()
        if batch.members and batch.error is None:
            for hook in self.hooks:
                hook()
        return batch.error


class WarmRead:
    """`with WarmRead(db, group) as conn`: a read on the process's writer connection when no batch
    is open and nobody holds the turn, else on the thread's own connection (never waiting).

    Every COMMIT of the writer makes every other connection to the file drop its whole page
    cache at its next read (SQLite resets a pager whose WAL changed), so the first reads of a
    request after another's write fetch their pages again: 4-8 times the CPU of the same read on
    the writer, whose cache its own commits keep (a move's caller-seat and head reads: ~50 us).
    Autocommit, so it sees what is committed, as the thread's own connection would."""

    __slots__ = ("db", "group", "held")

    def __init__(self, db: Any, group: Group | None):
        self.db = db
        self.group = group
        self.held = False

    def __enter__(self) -> Any:
        g = self.group
        if g is not None and g.writer is not None and g.batch is None and g.turn.acquire(False):
            if g.batch is None and not g.writer.in_transaction:
                self.held = True
                return g.writer
            g.turn.release()
        return self.db.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        if self.held:
            self.held = False
            assert self.group is not None
            self.group.turn.release()


def _undo_all(conn: Any) -> None:
    """ROLLBACK, where one is still open."""
    if not conn.in_transaction:
        return
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _again(error: BaseException | None) -> BaseException | None:
    """The batch's error as a new exception of its own for each member's thread to raise."""
    if error is None:
        return None
    try:
        fresh = type(error)(*error.args)
    except Exception:
        fresh = sqlite3.OperationalError(str(error))
    fresh.__cause__ = error
    return fresh
