"""gunicorn's worker for the ASGI app (deploy/gunicorn.conf.py): the uvicorn-worker package's,
without uvicorn's `server: uvicorn` banner (answers name no server software, README), and with
every game's rules built and the heap start-up built frozen before the first request, and the
survivors of each later full collection frozen too (heap.py: settle); connections whose clients
went away are closed a few a turn of the loop (closing.py)."""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker

from referee.asgi.closing import PacedHttp
from referee.asgi.heap import settle


class Worker(UvicornWorker):
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "server_header": False, "http": PacedHttp}

    def load_wsgi(self) -> None:
        """Builds the app (create_asgi_app) in this worker, then freezes what it built: its
        modules, rules and tables live as long as the worker, and every full collection walked
        them (issue 41; main froze the same in `run`: once is enough, after a collection)."""
        super().load_wsgi()
        settle(self.wsgi.state.flask.extensions["referee"])
