"""Service-level endpoints: health and the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from referee.api.http import json_body, service
from referee.api.openapi import openapi_document

bp = Blueprint("meta", __name__)


@bp.get("/healthz")
def healthz():
    service().db.conn.execute("SELECT 1").fetchone()
    return jsonify({"status": "ok"})


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@bp.post("/_bench/noop")
def noop():
    """A no-op JSON endpoint (parse body, answer JSON) that benchmarks compare moves with."""
    if not current_app.config.get("BENCH_ENDPOINTS"):
        return jsonify({"title": "Not found", "status": 404}), 404
    return jsonify({"ok": True, "echo": json_body()}), 201
