"""gunicorn settings: `gunicorn -c deploy/gunicorn.conf.py 'referee.app:create_app()'`.

Several workers share the SQLite file safely: writers serialize on BEGIN IMMEDIATE and an
append states its expected sequence, so concurrent moves to one game cannot both land.
"""

import multiprocessing
import os

bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("REFEREE_WORKERS", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("REFEREE_THREADS", 4))
worker_class = "gthread"
timeout = 30
graceful_timeout = 30
accesslog = "-"
# Request lines only: bodies (moves, tokens) are never logged.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(L)ss'
