"""Hostile input gets a clear 4xx problem+json and changes nothing (issue 12, items 1-5, 8, 9)."""

from __future__ import annotations

import json

import pytest

from tests.api.helpers import log_length, new_babel

JSON = {"Content-Type": "application/json"}


def _problem(r, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == status and body["detail"]
    return body


@pytest.mark.parametrize("query", ["offset=9223372036854775808", "limit=99999999999999999999999", "limit=-1",
                                   "limit=0", "offset=-5", "limit=abc", "offset=1e3"])
def test_listing_paging_out_of_range_is_400(server, query):
    body = _problem(server.call("GET", f"/games?{query}"), 400)
    assert body["parameter"] in ("limit", "offset")


def test_listing_limit_is_capped_by_refusal_not_silently(server):
    assert server.call("GET", "/games?limit=500").status_code == 200
    _problem(server.call("GET", "/games?limit=501"), 400)


def test_events_after_out_of_range_is_400(server):
    gid = new_babel(server)["id"]
    _problem(server.call("GET", f"/games/{gid}/events?after=99999999999999999999"), 400)
    _problem(server.call("GET", f"/games/{gid}/events?after=-1"), 400)
    assert server.call("GET", f"/games/{gid}/events?after=1").status_code == 200


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000,
                                  '{"a":' * 5000 + "1" + "}" * 5000,
                                  '{"move":' + '{"a":' * 40 + "1" + "}" * 40 + "}"])
def test_deeply_nested_bodies_are_400_and_change_nothing(server, body):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    before = log_length(server, gid)
    _problem(server.call("POST", f"/games/{gid}/moves", t0, data=body, headers=JSON), 400)
    _problem(server.call("POST", "/games", data=body, headers=JSON), 400)
    assert log_length(server, gid) == before


def test_huge_integers_are_400(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    body = '{"move": {"type": "finish_first_turn"}, "expected_seq": ' + "9" * 5000 + "}"
    assert "out of range" in _problem(server.call("POST", f"/games/{gid}/moves", t0, data=body, headers=JSON),
                                      400)["detail"]
    body = '{"move": {"type": "finish_first_turn"}, "expected_seq": 1e999}'
    _problem(server.call("POST", f"/games/{gid}/moves", t0, data=body, headers=JSON), 400)
    body = '{"move": {"type": "finish_first_turn"}, "expected_seq": NaN}'
    _problem(server.call("POST", f"/games/{gid}/moves", t0, data=body, headers=JSON), 400)
    assert log_length(server, gid) == 1


def test_lone_surrogate_in_a_name_is_400(server):
    body = '{"game": "babel", "seats": [{"name": "\\ud800"}, {"name": "Bo"}]}'
    assert "Unicode" in _problem(server.call("POST", "/games", data=body, headers=JSON), 400)["detail"]
    # a proper surrogate pair (an emoji) is fine
    body = '{"game": "babel", "seats": [{"name": "\\ud83d\\ude00"}, {"name": "Bo"}]}'
    r = server.call("POST", "/games", data=body, headers=JSON)
    assert r.status_code == 201 and r.json()["seats"][0]["name"] == "\U0001F600"


def test_json_only_with_a_json_content_type(server):
    """A `text/plain` or form post is what another site can make a browser send (no preflight)."""
    body = json.dumps({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})
    for ctype in ("text/plain", "application/x-www-form-urlencoded"):
        _problem(server.call("POST", "/games", data=body, headers={"Content-Type": ctype}), 415)
    assert server.call("GET", "/games").json()["games"] == []
    assert server.call("POST", "/games", data=body,
                       headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 201


def test_405_names_the_allowed_methods(server):
    r = server.call("DELETE", "/games")
    _problem(r, 405)
    assert set(r.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


def test_security_headers_on_seat_specific_answers(server):
    created = new_babel(server)
    r = server.call("GET", f"/games/{created['id']}", created["seats"][0]["token"])
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Cache-Control"] == "no-store"
    assert r.headers["Referrer-Policy"] == "no-referrer"


def test_every_problem_type_uri_resolves_to_a_page(server):
    created = new_babel(server)
    gid = created["id"]
    seen = set()
    for r in (server.call("GET", "/games?limit=0"), server.call("GET", f"/games/{gid}", "nope"),
              server.call("GET", "/games/nope"),
              server.call("POST", f"/games/{gid}/moves", created["seats"][0]["token"],
                          json={"move": {"type": "finish_first_turn"}, "expected_seq": 99}),
              server.call("POST", "/games", data="{}", headers={"Content-Type": "text/plain"})):
        problem = r.json()
        page = server.call("GET", problem["type"])
        assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
        assert problem["title"] in page.text
        seen.add(problem["type"])
    assert len(seen) == 5
    assert server.call("GET", "/problems/no-such-thing").status_code == 404


def test_published_schemas_accept_exactly_what_the_server_accepts(server):
    """`game: ""` used to pass the schema and fail later with 422; a filter took any string."""
    from referee.engine.registry import GAME_IDS
    from referee.engine.schemas import load_schema

    assert load_schema("api/create_game.json")["properties"]["game"]["enum"] == list(GAME_IDS)
    body = _problem(server.call("POST", "/games", json={"game": "", "seats": [{"name": "A"}, {"name": "B"}]}), 400)
    assert body["errors"][0]["path"] == "/game"
    assert _problem(server.call("GET", "/games?game=chess"), 400)["parameter"] == "game"
    assert server.call("GET", "/games?game=babel").status_code == 200


def test_a_move_whose_type_is_not_a_string_is_400(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    for kind in ([], {}, 7, None):
        body = _problem(server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": kind}}), 400)
        assert body["errors"]
    assert log_length(server, gid) == 1


def test_a_path_holding_a_newline_gets_a_problem_not_plain_text(server):
    """Such a path escapes the ASGI app's routes; Flask still answers it, as problem+json."""
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()
    r = server.call("GET", f"/games/{created['id']}/prompts/a%0Ab/steps", token=created["seats"][0]["token"])
    assert 400 <= r.status_code < 500 and r.headers["Content-Type"].startswith("application/problem+json")
