"""`GET /healthz` answered by the event loop, not by the Flask app (issue 41).

A balancer's check should say whether the worker is alive and reaches its database, and answer
at once also while thousands of streams are open and a move wakes them. Through the Flask app it
waited for a thread of the app's pool and went back and forth between that thread and the loop;
here the loop hands the database check (`SELECT 1`, the check the Flask route does) to a thread
of its own, which nothing else uses, so it never queues behind the feed's reads or the app's
requests. On SQLite the check runs on the loop itself: there `SELECT 1` takes no lock and reads
no page, so it cannot wait, while the hop to a thread and back waited twice for the GIL (up to
5 ms each while the feed's and the app's threads run) and once more at the back of the loop's
queue, behind whatever woke meanwhile (a worker ending 2,000 streams at once; issue 41). The
answer is the Flask route's, byte for byte (tests/api/test_games_api.py).
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.responses import Response

from referee.asgi.feed import HEADERS, database_away
from referee.plumbing.observability import REQUEST_LOG, json_logger, log_fields
from referee.service.referee import Referee
from referee.store.db import OperationalError, is_postgres

PATH = "/healthz"
BODY = b'{"status":"ok"}\n'


class Health:
    """The check and its one thread (one per app)."""

    def __init__(self, service: Referee):
        self.service = service
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-health")
        self.on_loop = not is_postgres(service.database)  # SQLite: a check that cannot wait
        self.requests = json_logger(REQUEST_LOG)

    @staticmethod
    def route(scope: dict[str, Any]) -> bool:
        """Whether a request is the check's (GET or HEAD; other methods get Flask's 405)."""
        return scope["type"] == "http" and scope["path"] == PATH and scope["method"] in ("GET", "HEAD")

    async def serve(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        started = time.perf_counter()
        try:
            if self.on_loop:
                self._check()
            else:
                await asyncio.get_running_loop().run_in_executor(self.pool, self._check)
            response = Response(BODY, media_type="application/json", headers=HEADERS)
        except OperationalError as e:  # as app.py answers it: the database is away
            response = database_away(e)
        await response(scope, receive, send)
        log_fields(self.requests, "request", method=scope["method"], route=PATH, status=response.status_code,
                   ms=round((time.perf_counter() - started) * 1000, 2))

    def _check(self) -> None:
        self.service.db.conn.execute("SELECT 1").fetchone()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
