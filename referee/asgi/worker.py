"""gunicorn's worker for the ASGI app (deploy/gunicorn.conf.py): the uvicorn-worker package's,
without uvicorn's `server: uvicorn` banner (answers name no server software, README)."""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "server_header": False}
