"""The service as one ASGI application, the one `referee serve` and deploy/ run.

Live feeds (issue 22) are served by the event loop, where a waiting client costs a coroutine,
not a worker thread: `GET /games/{id}/events`, as Server-Sent Events or as a long poll
(feed.py); so is `GET /healthz` (health.py), which then waits for no thread of the app's pool.
Every other request goes to the Flask app (app.py) in a bounded thread pool through
a2wsgi. One process, one port, one command.
"""

from __future__ import annotations

import os
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from a2wsgi import WSGIMiddleware
from starlette.applications import Starlette
from starlette.routing import Mount

from referee.app import create_app
from referee.asgi.feed import LiveFeed
from referee.asgi.health import Health
from referee.plumbing.config import Config


def create_asgi_app(config: Config | None = None, clock: Any = None, threads: int | None = None,
                    **flask_config: Any) -> Starlette:
    """The ASGI app: the feed's requests first (LiveFeed.route), then the Flask app for everything else
    (`app.state.flask` is that Flask app) in a pool of `threads` (REFEREE_THREADS, default 16:
    requests that need a thread at once; none of them waits for a game to move)."""
    if threads is None:
        threads = int(os.environ.get("REFEREE_THREADS", "16"))
    flask_app = create_app(config, clock, **flask_config)
    live = LiveFeed(flask_app)
    health = Health(live.service)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        live.close()
        health.close()

    flask = WSGIMiddleware(flask_app, workers=threads)
    app = _App(live, health, routes=[Mount("/", app=flask)], lifespan=lifespan)
    # A path no route matches (one holding a newline escapes Mount's pattern) goes to Flask as
    # well, which answers with the problem+json 404 the document promises, not Starlette's text.
    app.router.default = flask
    app.state.flask = flask_app
    app.state.live = live
    return app


class _App(Starlette):
    """Starlette, with the live feed's requests (LiveFeed.route) handed to the feed before the
    middleware and the router: a waiting stream then holds only its own frames; and the health
    check answered on the loop (Health.route)."""

    def __init__(self, live: LiveFeed, health: Health, **kw: Any):
        super().__init__(**kw)
        self.live = live
        self.health = health

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.health.route(scope):
            await self.health.serve(scope, receive, send)
            return
        channel = self.live.route(scope)
        if channel is None:
            await super().__call__(scope, receive, send)
        else:
            scope["app"] = self
            await self.live.serve(scope, receive, send, channel)
