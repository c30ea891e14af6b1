"""A move's feed frames rendered once per host, not once per worker (issue 41).

gunicorn runs several workers; the streams of one game are spread over them, and a move wakes
them all at once. Each worker used to read, replay and narrate the move itself for each viewer
it holds, so a host did that work up to once per worker. Here the first worker to need a read
(one game, one viewer, one position, one language) renders it under a lock file of its own, and
the other workers of the host wait on that lock and read the rendered frames back.

What is shared is keyed exactly as a worker already shares a read among its own streams (the
viewer's seat and tenure are in the key), so a seat's frames only ever answer that seat's
streams. The files live in a directory only this user may enter (0700, on /dev/shm: in memory, one
per database), each written whole before it is renamed into place, and are read back for RECENT
seconds only: they serve the burst of wake-ups that follows a move, nothing older.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import orjson

from referee.store.db import is_postgres, sqlite_path

RECENT = 10.0   # seconds a rendered read is served to other workers (then rendered afresh)
SWEEP = 30.0    # seconds between two removals of files older than RECENT (per process)

log = logging.getLogger(__name__)
Frames = list[tuple[int, dict[str, Any], bytes]]


class HostFrames:
    """Rendered reads shared by the processes of one host that serve the same database."""

    def __init__(self, database: str):
        self.dir: Path | None = _directory(database)  # made at the first read (most apps never stream)
        self._ready = False
        self._swept = 0.0

    def _private(self) -> bool:
        """The directory exists, and only this user may enter it; else no sharing (every worker
        renders its own reads, as before)."""
        if self.dir is None:
            return False
        try:
            self.dir.mkdir(mode=0o700, exist_ok=True)
            info = self.dir.lstat()
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
                raise PermissionError(f"{self.dir} is not a private directory of this user")
        except OSError as e:
            log.warning("live feed renders per worker: %s", e)
            self.dir = None
            return False
        self._ready = True
        return True

    def get(self, key: tuple, render: Callable[[], Frames]) -> Frames:
        """The frames of `key`: read back when another process of this host rendered them in the
        last RECENT seconds, else rendered here (`render`) and kept for the others. Blocking:
        call it from a thread."""
        if not (self._ready or self._private()):
            return render()
        name = hashlib.sha256(repr(key).encode()).hexdigest()
        path = self.dir / name
        fd = self._lock(name)
        if fd is None:
            return render()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # one renders, the others wait for its file
            found = _read(path)
            if found is None:
                found = render()
                _write(path, found)
        finally:
            os.close(fd)  # releases the lock
        self._sweep()
        return found

    def _lock(self, name: str) -> int | None:
        """The key's lock file, open (None when there can be none: render here then)."""
        for _ in range(2):
            try:
                return os.open(self.dir / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            except FileNotFoundError:  # another worker's shutdown took the directory: made again
                if not self._private():
                    return None
            except OSError as e:  # the disk is full
                log.warning("live feed renders per worker: %s", type(e).__name__)
                return None
        return None

    def close(self) -> None:
        """The app's shutdown: the directory goes (the host's other workers make it again at
        their next read), so servers that come and go leave nothing behind."""
        if self._ready and self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self._ready = False

    def _sweep(self) -> None:
        now = time.time()
        if self.dir is None or now - self._swept < SWEEP:
            return
        self._swept = now
        try:
            for entry in os.scandir(self.dir):
                try:
                    if now - entry.stat().st_mtime > RECENT:
                        os.unlink(entry.path)
                except FileNotFoundError:  # another process swept it
                    pass
        except FileNotFoundError:  # another worker's shutdown took the directory
            self._ready = False


def _directory(database: str) -> Path | None:
    """One per user and database, in /dev/shm (a memory file system; else the temporary
    directory): a SQLite file's by its real path, so every worker that opens it finds the same
    one. Beside the SQLite file, on a disk's journaled file system, creating and renaming the
    two files of each read cost ~0.45 ms of CPU a move in the rendering worker, 0.05 ms here
    (issue 41: 10,000 streams)."""
    if not is_postgres(database):
        path = sqlite_path(database)
        if path in ("", ":memory:") or path.startswith("file:"):
            return None
        database = os.path.realpath(path)
    root = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    return Path(root) / f"referee-frames-{os.getuid()}-{hashlib.sha256(database.encode()).hexdigest()[:24]}"


def _read(path: Path) -> Frames | None:
    try:
        if time.time() - path.stat().st_mtime > RECENT:
            return None
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    return [(seq, _event(frame), frame.encode()) for seq, frame in orjson.loads(data)]


def _event(frame: str) -> dict[str, Any]:
    """The event a frame carries (its `data:` line), for the long poll's JSON answer."""
    data = frame.split("\ndata: ", 1)[1].rstrip("\n")
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:  # what orjson does not read (an integer past 64 bits)
        return json.loads(data)


def _write(path: Path, frames: Frames) -> None:
    """Kept for the others, whole or not at all (they render it themselves then)."""
    temporary = path.with_suffix(".part")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(orjson.dumps([(seq, frame.decode()) for seq, _, frame in frames]))
        os.replace(temporary, path)
    except OSError as e:
        log.warning("live feed frames not kept for the other workers: %s", type(e).__name__)
