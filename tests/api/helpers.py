"""Small helpers for API tests: creating games and checking responses against our schemas."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from referee.engine.schemas import load_schema, registry


def assert_matches(relpath: str, instance) -> None:
    """The instance follows the documented schema (the one /openapi.json serves)."""
    validator = Draft202012Validator(load_schema(relpath), registry=registry())
    errors = [e.message for e in validator.iter_errors(instance)]
    assert not errors, errors


def new_babel(server, first_seat: int = 0, **extra) -> dict:
    body = {"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}], "options": {"first_seat": first_seat}, **extra}
    r = server.call("POST", "/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def log_length(server, game_id: str) -> int:
    return len(server.call("GET", f"/games/{game_id}/events").json()["events"])
