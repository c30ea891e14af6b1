"""Service-level endpoints: health and the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify
from markupsafe import escape

from referee.api.http import json_body, service
from referee.api.openapi import openapi_document
from referee.plumbing.errors import NotFound, problem_types

bp = Blueprint("meta", __name__)


@bp.get("/healthz")
def healthz():
    service().db.conn.execute("SELECT 1").fetchone()
    return jsonify({"status": "ok"})


@bp.get("/problems/<slug>")
def problem_type(slug: str):
    """The page a problem's `type` URI points at: what the error means and what to do."""
    cls = problem_types().get(slug)
    if cls is None:
        raise NotFound(f"no problem type {slug!r}")
    page = (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(cls.title)}</title></head>"
            f"<body><h1>{escape(cls.title)} ({cls.status})</h1><p>{escape(cls.explanation)}</p></body></html>")
    return Response(page, mimetype="text/html", headers={"Cache-Control": "public, max-age=86400"})


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@bp.post("/_bench/noop")
def noop():
    """A no-op JSON endpoint (parse body, answer JSON) that benchmarks compare moves with."""
    if not current_app.config.get("BENCH_ENDPOINTS"):
        return jsonify({"title": "Not found", "status": 404}), 404
    return jsonify({"ok": True, "echo": json_body()}), 201
