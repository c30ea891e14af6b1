"""gunicorn's worker for the ASGI app (deploy/gunicorn.conf.py): the uvicorn-worker package's,
without uvicorn's `server: uvicorn` banner (answers name no server software, README), and with
what the app built at its start left out of the cyclic garbage collector's full collections."""

from __future__ import annotations

import gc
from typing import Any

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "server_header": False}

    def run(self) -> None:
        """Serve, once the app is loaded: its modules, rules and tables (some 100,000 objects)
        live as long as the worker, and a full collection walked them all every time, 60 ms of
        a core with everything else in the worker stopped (issue 41: full collections come
        often while thousands of streams open); frozen, a collection walks what came after."""
        gc.freeze()
        super().run()
