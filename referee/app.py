"""Flask app factory: `create_app()` is the Flask app that referee.asgi serves (with the live feed) in its thread pool."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from referee.api.json_provider import OrjsonProvider
from referee.plumbing.config import Config, ConfigError
from referee.plumbing.errors import DATABASE_AWAY, ServiceError
from referee.plumbing import targets
from referee.plumbing.routing import CachedRule
from referee.service.referee import Clock, Referee
from referee.store.db import OperationalError
from referee.web.template_cache import PROCESS_TEMPLATES

PROBLEM = "application/problem+json"
# HTML pages load scripts and styles from this server only; nothing inline, no frames.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'")


def create_app(config: Config | None = None, clock: Clock | None = None, **flask_config: Any) -> Flask:
    if config is None:
        try:
            config = Config.from_env()
        except ConfigError as e:  # one clear line for the operator (gunicorn shows it), no traceback
            raise SystemExit(f"error: {e}") from None
    app = Flask(__name__)
    app.url_rule_class = CachedRule  # the URL builders compiled once per process (plumbing/routing.py)
    app.jinja_options = {**app.jinja_options, "bytecode_cache": PROCESS_TEMPLATES}  # templates too (web/template_cache.py)
    app.json = OrjsonProvider(app)
    app.config["BENCH_ENDPOINTS"] = os.environ.get("REFEREE_BENCH_ENDPOINTS") == "1"
    app.config["MAX_CONTENT_LENGTH"] = 11 * 1024 * 1024  # an inbound mail may be 10 MiB; JSON is far smaller
    app.config.update(flask_config)
    app.config["REFEREE"] = config
    kwargs = {"clock": clock} if clock is not None else {}
    app.extensions["referee"] = Referee(config.database, config=config, **kwargs)
    targets.warm_up()  # the first alert channel added is checked at once (issue 38)

    from referee.api import abuse, alerts, archive, foresight, games, mail, meta, metrics, players, ratings, tables, talk
    app.register_blueprint(games.bp)
    app.register_blueprint(alerts.bp)
    app.register_blueprint(talk.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(foresight.bp)
    app.register_blueprint(ratings.bp)
    app.register_blueprint(archive.bp)
    app.register_blueprint(mail.bp)
    app.register_blueprint(meta.bp)
    from referee.web import i18n as web_i18n
    from referee.web import mailpages, pages
    web_i18n.install(app)
    from referee.web import players as player_pages
    from referee.web import alerts as alert_pages
    from referee.web import ratings as rating_pages
    app.register_blueprint(pages.bp)
    app.register_blueprint(mailpages.bp)
    app.register_blueprint(player_pages.bp)
    app.register_blueprint(alert_pages.bp)
    app.register_blueprint(rating_pages.bp)
    from referee.web import archive as archive_pages
    app.register_blueprint(archive_pages.bp)
    from referee.web import preview as preview_pages
    app.register_blueprint(preview_pages.bp)
    abuse.install(app)
    metrics.install(app)

    @app.after_request
    def security_headers(resp):
        """Headers every answer needs on a public deployment: no MIME sniffing, no framing, no
        seat link leaking through Referer, and nothing seat-specific left in a shared cache."""
        h = resp.headers
        h.setdefault("X-Content-Type-Options", "nosniff")
        embeddable = getattr(resp, "embeddable", False)  # /embed/g/{id}: a spectator's board, framable anywhere
        if not embeddable:
            h.setdefault("X-Frame-Options", "DENY")
        h.setdefault("Referrer-Policy", "no-referrer")
        if resp.mimetype == "text/html":
            h.setdefault("Content-Security-Policy",
                         CSP.replace("frame-ancestors 'none'", "frame-ancestors *") if embeddable else CSP)
        if "Cache-Control" not in h:
            h["Cache-Control"] = "no-store"
        return resp

    @app.errorhandler(ServiceError)
    def service_error(e: ServiceError):
        resp = jsonify(e.problem(web_i18n.request_translator()))
        resp.status_code = e.status
        resp.mimetype = PROBLEM
        resp.headers.update(e.headers)
        return resp

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        resp = jsonify({"type": "about:blank", "title": e.name, "status": e.code, "detail": e.description})
        resp.status_code = e.code or 500
        resp.mimetype = PROBLEM
        if isinstance(e, MethodNotAllowed) and e.valid_methods:
            resp.headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return resp

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        if isinstance(e, OperationalError):
            # The database is unreachable or busy (a PostgreSQL restart or failover, SQLite's
            # lock held past its timeout): the transaction was rolled back, nothing changed, and
            # this thread reconnects on its next request. A retry (same idempotency key) is safe.
            app.logger.warning("database unavailable: %s", type(e).__name__)
            resp = jsonify({"type": "about:blank", "title": "Service Unavailable", "status": 503,
                            "detail": DATABASE_AWAY})
            resp.status_code = 503
            resp.mimetype = PROBLEM
            resp.headers["Retry-After"] = "2"
            return resp
        app.logger.exception("unhandled error")
        resp = jsonify({"type": "about:blank", "title": "Internal error", "status": 500,
                        "detail": "the referee hit an internal error; it is logged on the server"})
        resp.status_code = 500
        resp.mimetype = PROBLEM
        return resp

    return app
