"""`GET /metrics` in the Prometheus text format, and the request log.

Per process (each gunicorn worker answers for itself, as Prometheus expects of multi-process
servers without a shared registry): requests by route and status, a latency histogram, moves
accepted and moves refused by rule id. From the database (the same for every process): events
by type (moves, timeouts, ...) and the outbox by state (delivered, pending, failed), so the
scheduler's work is visible from the web process too.
"""

from __future__ import annotations

import time

from flask import Blueprint, Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from referee.plumbing.observability import REQUEST_LOG, json_logger, log_fields
from referee.store import events, outbox

bp = Blueprint("metrics", __name__)


class _StoreCollector:
    """Counts read from the database at scrape time."""

    def __init__(self, app: Flask):
        self.app = app

    def collect(self):
        conn = self.app.extensions["referee"].db.conn
        counted = CounterMetricFamily("referee_events", "Events in the log, by type", labels=["type"])
        for etype, n in events.count_by_type(conn).items():
            counted.add_metric([etype], n)
        yield counted
        queued = GaugeMetricFamily("referee_outbox_messages", "Notifications by delivery state", labels=["state"])
        for state, n in outbox.count_by_state(conn).items():
            queued.add_metric([state], n)
        yield queued


def install(app: Flask) -> None:
    registry = CollectorRegistry()
    requests_total = Counter("referee_http_requests", "HTTP requests", ["method", "route", "status"],
                             registry=registry)
    latency = Histogram("referee_http_request_seconds", "Time to answer a request", ["route"], registry=registry,
                        buckets=(.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30))
    moves = Counter("referee_moves_accepted", "Moves accepted over HTTP", registry=registry)
    refusals = Counter("referee_moves_refused", "Moves refused as illegal, by rule id", ["rule"], registry=registry)
    registry.register(_StoreCollector(app))
    app.extensions["metrics_registry"] = registry
    log = json_logger(REQUEST_LOG)

    @app.before_request
    def start_timer() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def record(resp: Response) -> Response:
        route = request.url_rule.rule if request.url_rule is not None else "(unmatched)"
        seconds = time.perf_counter() - g.get("started", time.perf_counter())
        requests_total.labels(request.method, route, str(resp.status_code)).inc()
        latency.labels(route).observe(seconds)
        if request.method == "POST" and route == "/games/<game_id>/moves":
            if resp.status_code == 201:
                moves.inc()
            elif resp.status_code == 422 and resp.is_json:
                refusals.labels(str((resp.get_json(silent=True) or {}).get("rule"))).inc()
        game_id = (request.view_args or {}).get("game_id")
        log_fields(log, "request", method=request.method, route=route, status=resp.status_code,
                   ms=round(seconds * 1000, 2), **({"game_id": game_id} if game_id else {}))
        return resp

    app.register_blueprint(bp)


@bp.get("/metrics")
def metrics() -> Response:
    from flask import current_app
    return Response(generate_latest(current_app.extensions["metrics_registry"]), mimetype=CONTENT_TYPE_LATEST)
