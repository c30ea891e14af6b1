"""The service as one ASGI application, the one `referee serve` and deploy/ run.

Live feeds (issue 22) are served by the event loop, where a waiting client costs a coroutine,
not a worker thread; every other request goes to the Flask app (app.py) in a bounded thread
pool through a2wsgi. One process, one port, one command.
"""

from __future__ import annotations

from typing import Any

from a2wsgi import WSGIMiddleware
from starlette.applications import Starlette
from starlette.routing import Mount

from referee.app import create_app
from referee.plumbing.config import Config


def create_asgi_app(config: Config | None = None, clock: Any = None, threads: int = 16) -> Starlette:
    """The ASGI app: feed routes first (none yet), then the Flask app for everything else."""
    flask_app = create_app(config, clock) if clock is not None else create_app(config)
    routes = [Mount("/", app=WSGIMiddleware(flask_app, workers=threads))]
    return Starlette(routes=routes)
