"""Structured logs: one JSON object per line, for every request and every scheduler job.

Lines carry what an operator needs to follow a game or a failure -- route, game id, status,
duration, counts -- and never a secret: the logged route is the URL *rule*
(`/play/<game_id>/<int:seat>/<key>`, not the key), query strings and bodies are never logged, and
`Authorization` headers are never looked at.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

REQUEST_LOG = "referee.requests"
JOB_LOG = "referee.jobs"


class JsonLines(logging.Formatter):
    """A record as one JSON line: time, level, logger, message and the record's `fields`."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {"ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.created)),
                               "level": record.levelname.lower(), "logger": record.name,
                               "msg": record.getMessage()}
        doc.update(getattr(record, "fields", {}))
        if record.exc_info:
            doc["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(doc, separators=(",", ":"), default=str)


def json_logger(name: str) -> logging.Logger:
    """The named logger writing JSON lines to stderr (set up once per process)."""
    logger = logging.getLogger(name)
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines())
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger


def log_fields(logger: logging.Logger, msg: str, level: int = logging.INFO, **fields: Any) -> None:
    """One line with `fields`. The record is made without looking up the caller's file and line
    (`Logger.log` walks the stack for them, ~40% of a line's cost, and no line shows them): a
    worker ending 2,000 streams at once writes 2,000 lines on its event loop (issue 41)."""
    if logger.isEnabledFor(level):
        logger.handle(logger.makeRecord(logger.name, level, "(unknown file)", 0, msg, (), None, extra={"fields": fields}))
