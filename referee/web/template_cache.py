"""Compiled page templates shared by every Flask app of one process.

Jinja compiles each template the first time an app's environment renders it (60 to 120 ms of
CPU for the first pages an app serves). A deployed worker builds one app and pays that once,
but a process that builds many apps (the tests start a server per test, a bench several) paid
it again for every app. Jinja's bytecode cache keys each entry on the template's name and the
checksum of its source, so an app never runs code compiled from another source.
"""

from __future__ import annotations

import threading

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class ProcessTemplates(BytecodeCache):
    """Jinja's bytecode cache kept in this process's memory (its on-disk cousins need a folder
    to own and clean; the compiled code of our 24 templates is a few hundred KiB)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


PROCESS_TEMPLATES = ProcessTemplates()
