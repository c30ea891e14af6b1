"""`referee serve`: the whole service in one command, on embedded defaults.

One process runs the ASGI app (asgi.py) under uvicorn, a production server; the scheduler's
jobs (deadlines, reminders, timeouts, vacations, delivery) in a thread; and a local inbound
SMTP port, so that a fresh clone plays by e-mail both ways: without an SMTP URL, outgoing mail
lands in a Maildir beside the database and replies sent to the port are played. Ctrl-C or
SIGTERM stops all three (uvicorn handles the signal; the rest stop when it returns). Hosts that
run `referee scheduler` separately, as deploy/ does, pass `--no-scheduler`.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass, replace
from pathlib import Path

import click

from referee.plumbing.config import Config, with_local_mail
from referee.store.db import redacted


@dataclass
class Options:
    host: str = "127.0.0.1"
    port: int = 8000
    scheduler: bool = True
    interval: float = 10.0
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 2525          # 0: no inbound SMTP port
    reload: bool = False
    threads: int | None = None     # Flask threads (REFEREE_THREADS, default 16)


def prepare(config: Config, o: Options) -> Config:
    """The served configuration: links point at this server unless a base URL is set, and mail
    goes to the local Maildir unless an SMTP URL or a Maildir is set."""
    if config.base_url == Config.base_url:
        host = "127.0.0.1" if o.host in ("0.0.0.0", "::", "") else o.host
        config = replace(config, base_url=f"http://{host}:{o.port}")
    return with_local_mail(config)


def banner(config: Config, o: Options) -> list[str]:
    """The lines printed at start: what runs, where the mail goes, the URLs to open."""
    base = config.base_url.rstrip("/")
    lines = [f"Referee on {base} (database {redacted(config.database)})",
             f"  games:   {base}/",
             f"  mail:    {base}/mail",
             f"  metrics: {base}/metrics"]
    if config.smtp_url:
        lines.append("  outgoing mail: SMTP (REFEREE_SMTP_URL)")
    else:
        lines.append(f"  outgoing mail: Maildir {Path(config.mail_dir or '').resolve()}/new/"
                     " (`referee mail list`)")
    if o.smtp_port:
        lines.append(f"  inbound mail: smtp://{o.smtp_host}:{o.smtp_port} (reply to a mail's Reply-To address)")
    lines.append("  scheduler: " + (f"every {o.interval:g} s, bots every second" if o.scheduler else "off (--no-scheduler)"))
    return lines


def run(config: Config, o: Options) -> None:
    """Serve until Ctrl-C or SIGTERM. The web app starts first; the inbound SMTP port and the
    scheduler follow once it answers, so that /healthz answers as soon as it can."""
    import uvicorn

    from referee.service.referee import Referee

    config = prepare(config, o)
    service = Referee(config.database, config=config)  # opens and migrates the database once, first
    for line in banner(config, o):
        click.echo(line)
    side = _SideJobs(service, o)
    try:
        from referee.asgi.closing import PacedHttp
        common = dict(host=o.host, port=o.port, log_level="warning", access_log=False, lifespan="on",
                      server_header=False, date_header=True, http=PacedHttp)
        if o.reload:
            # The reloader imports the app afresh in a child process on every change: hand it the
            # configuration through the environment. The jobs stay in this process.
            side.start()
            os.environ.update(_environment(config, o))
            uvicorn.run("referee.ops.serve:reloadable_app", factory=True, reload=True,
                        reload_dirs=[str(Path(__file__).resolve().parents[1])], **{**common, "log_level": "info"})
        else:
            from referee.asgi import create_asgi_app
            from referee.asgi.heap import settle
            app = create_asgi_app(config, threads=o.threads)
            server = _Server(uvicorn.Config(app, **common))
            settle(app.state.flask.extensions["referee"], build=False)  # the heap out of the collector's way
            threading.Thread(target=side.start_when, args=(lambda: server.started, lambda: server.should_exit),
                             name="referee-start", daemon=True).start()
            server.run()
    finally:
        side.stop()
        click.echo("Referee stopped")


class _SideJobs:
    """The scheduler thread and the inbound SMTP port beside the web app."""

    def __init__(self, service, o: Options) -> None:
        self.service, self.o = service, o
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.controller = None
        self.thread: threading.Thread | None = None
        self.bots: threading.Thread | None = None

    def start_when(self, ready, exiting) -> None:
        while not ready():
            if exiting() or self.stopping.wait(0.02):
                return
        self.start()

    def start(self) -> None:
        from referee.ops import scheduler as jobs
        with self.lock:
            if self.stopping.is_set():
                return
            if self.o.smtp_port:
                from referee.notify import smtpd
                try:
                    self.controller = smtpd.start(self.service, self.o.smtp_host, self.o.smtp_port)
                except (OSError, RuntimeError) as e:  # e.g. a second `serve` on this host: serve the rest anyway
                    click.echo(f"warning: cannot listen for inbound mail on {self.o.smtp_host}:{self.o.smtp_port} "
                               f"({type(e).__name__}); choose another --smtp-port", err=True)
            if self.o.scheduler:
                self.thread = jobs.run_in_thread(self.service, self.o.interval, self.stopping)
                self.bots = jobs.start_bots_thread(self.service, self.stopping)

    def stop(self) -> None:
        """The pass in flight finishes its current message; the SMTP port closes."""
        with self.lock:
            self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=30)
        if self.bots is not None:
            self.bots.join(timeout=30)
        if self.controller is not None:
            self.controller.stop()


def _server_class():
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, which re-raises a caught SIGINT/SIGTERM once it has shut down (which
        would end the process before the scheduler and the SMTP port stop): here `run` returns
        instead, and its caller stops the rest."""

        @contextlib.contextmanager
        def capture_signals(self):
            with super().capture_signals():
                try:
                    yield
                finally:
                    self._captured_signals.clear()

    return Server


def _Server(config):  # noqa: N802 - a class made on first use: uvicorn is imported only to serve
    return _server_class()(config)


def _environment(config: Config, o: Options) -> dict[str, str]:
    env = {"REFEREE_DATABASE": config.database, "REFEREE_BASE_URL": config.base_url}
    if o.threads is not None:
        env["REFEREE_THREADS"] = str(o.threads)
    if config.mail_dir:
        env["REFEREE_MAIL_DIR"] = config.mail_dir
    return env


def reloadable_app():
    """The app as `--reload` imports it (configured by `run` through the environment)."""
    from referee.asgi import create_asgi_app
    return create_asgi_app(with_local_mail(Config.from_env()))
