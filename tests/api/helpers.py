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


CSRF_FIELD = r'name="csrf" value="([0-9a-f]+)"'


def browser_signed_in(site, sink, address: str):
    """A `requests` browser holding a player session, signed in by the mailed link's button
    (the server's SMTP URL is `sink`'s)."""
    import re

    import requests

    from referee.notify.delivery import deliver_due

    assert site.call("POST", "/players/sign-in", json={"email": address}).status_code == 202
    deliver_due(site.service)
    link = re.search(r"/sign-in/([A-Za-z0-9_-]+)", sink.to(address)[-1].get_content()).group(1)
    s = requests.Session()
    page = s.get(f"{site.url}/sign-in/{link}", timeout=30)
    r = s.post(f"{site.url}/sign-in/{link}", data={"csrf": re.search(CSRF_FIELD, page.text).group(1)}, timeout=30)
    assert r.status_code == 200 and "/me" in r.url, r.text[:300]
    return s
