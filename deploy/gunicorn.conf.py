"""gunicorn settings: `gunicorn -c deploy/gunicorn.conf.py 'referee.asgi:create_asgi_app()'`.

Each worker is one uvicorn event loop serving the one ASGI app (referee/asgi/): live feeds
(Server-Sent Events, long polls of /games/{id}/events) wait on the loop and hold no thread, so
thousands of open game pages cost a coroutine and a socket each; every other request runs in the
worker's pool of REFEREE_THREADS (default 16) Flask threads. Give the unit enough file
descriptors for the streams (LimitNOFILE in referee-web.service).

Several workers share the SQLite file safely: writers serialize on BEGIN IMMEDIATE and an
append states its expected sequence, so concurrent moves to one game cannot both land.
"""

import multiprocessing
import os

bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("REFEREE_WORKERS", multiprocessing.cpu_count() * 2 + 1))
worker_class = "referee.asgi.worker.Worker"  # uvicorn-worker's, without the server banner
timeout = 30
# On a restart open streams are cut after this; browsers reconnect with Last-Event-ID.
graceful_timeout = 30
# No access log from the server: its request line holds query strings and seat-link keys. The
# service logs every request itself (one JSON line: route pattern, status, ms; README).
accesslog = None


def on_starting(server):
    """In the master, before the workers are forked: load apprise's plugin table once, so that
    each worker shares it (its create_app's warm-up then has nothing to do) instead of loading it;
    and build every game's rules (their schemas compiled, ~1 s): built in a worker on first use,
    they stopped its event loop, /healthz with it (referee/asgi/heap.py)."""
    from referee.asgi.heap import build_games
    from referee.plumbing.targets import load_alert_plugins

    load_alert_plugins()
    build_games()
