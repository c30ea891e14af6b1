"""Operations: a Prometheus metrics endpoint and one JSON log line per request, no secrets."""

from __future__ import annotations

import json
import logging

from prometheus_client.parser import text_string_to_metric_families

import pytest

from referee.plumbing.observability import REQUEST_LOG
from tests.api.helpers import new_babel

pytestmark = pytest.mark.one_database  # metrics and log lines lie above the store; the moves they count run twice in core/test_store.py


def _samples(server) -> dict[tuple[str, tuple], float]:
    r = server.call("GET", "/metrics")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for fam in text_string_to_metric_families(r.text) for s in fam.samples}


def test_metrics_count_moves_refusals_by_rule_events_and_latency(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    assert server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "finish_first_turn"}}).status_code == 201
    bad = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "finish_first_turn"}})
    assert bad.status_code == 422
    rule = bad.json()["rule"]
    s = _samples(server)
    assert s[("referee_moves_accepted_total", ())] == 1
    assert s[("referee_moves_refused_total", (("rule", rule),))] == 1
    assert s[("referee_events_total", (("type", "move"),))] == 1
    assert s[("referee_events_total", (("type", "game_created"),))] == 1
    key = ("referee_http_request_seconds_count", (("route", "/games/<game_id>/moves"),))
    assert s[key] == 2
    assert ("referee_outbox_messages", (("state", "pending"),)) in s


def test_one_json_line_per_request_without_secrets(server, caplog):
    logger = logging.getLogger(REQUEST_LOG)
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger.addHandler(handler)
    try:
        created = new_babel(server)
        gid, token = created["id"], created["seats"][0]["token"]
        server.call("GET", f"/games/{gid}?secret=abc", token)
    finally:
        logger.removeHandler(handler)
    lines = [logger.handlers[0].formatter.format(r) for r in records]
    docs = [json.loads(line) for line in lines]
    assert [d["route"] for d in docs] == ["/games", "/games/<game_id>"]
    assert docs[1]["game_id"] == gid and docs[1]["status"] == 200 and docs[1]["ms"] >= 0
    assert all(token not in line and "secret=abc" not in line for line in lines)
