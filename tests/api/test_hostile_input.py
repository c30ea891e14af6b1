"""Hostile input gets a clear 4xx problem+json and changes nothing (issue 12, items 1-5, 8, 9)."""

from __future__ import annotations

import json

import pytest

from tests.api.helpers import log_length, new_babel

above_the_store = pytest.mark.one_database  # refused before the store; the forms fuzz below, whose values reach it, runs twice

JSON = {"Content-Type": "application/json"}


def _problem(r, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == status and body["detail"]
    return body


@above_the_store
@pytest.mark.parametrize("query", ["offset=9223372036854775808", "limit=99999999999999999999999", "limit=-1",
                                   "limit=0", "offset=-5", "limit=abc", "offset=1e3"])
def test_listing_paging_out_of_range_is_400(server, query):
    body = _problem(server.call("GET", f"/games?{query}"), 400)
    assert body["parameter"] in ("limit", "offset")


@above_the_store
def test_listing_limit_is_capped_by_refusal_not_silently(server):
    assert server.call("GET", "/games?limit=500").status_code == 200
    _problem(server.call("GET", "/games?limit=501"), 400)


@above_the_store
def test_events_after_out_of_range_is_400(server):
    gid = new_babel(server)["id"]
    _problem(server.call("GET", f"/games/{gid}/events?after=99999999999999999999"), 400)
    _problem(server.call("GET", f"/games/{gid}/events?after=-1"), 400)
    assert server.call("GET", f"/games/{gid}/events?after=1").status_code == 200


@above_the_store
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


@above_the_store
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


@above_the_store
def test_lone_surrogate_in_a_name_is_400(server):
    body = '{"game": "babel", "seats": [{"name": "\\ud800"}, {"name": "Bo"}]}'
    assert "Unicode" in _problem(server.call("POST", "/games", data=body, headers=JSON), 400)["detail"]
    # a proper surrogate pair (an emoji) is fine
    body = '{"game": "babel", "seats": [{"name": "\\ud83d\\ude00"}, {"name": "Bo"}]}'
    r = server.call("POST", "/games", data=body, headers=JSON)
    assert r.status_code == 201 and r.json()["seats"][0]["name"] == "\U0001F600"


@above_the_store
def test_json_only_with_a_json_content_type(server):
    """A `text/plain` or form post is what another site can make a browser send (no preflight)."""
    body = json.dumps({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})
    for ctype in ("text/plain", "application/x-www-form-urlencoded"):
        _problem(server.call("POST", "/games", data=body, headers={"Content-Type": ctype}), 415)
    assert server.call("GET", "/games").json()["games"] == []
    assert server.call("POST", "/games", data=body,
                       headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 201


@above_the_store
def test_405_names_the_allowed_methods(server):
    r = server.call("DELETE", "/games")
    _problem(r, 405)
    assert set(r.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


@above_the_store
def test_security_headers_on_seat_specific_answers(server):
    created = new_babel(server)
    r = server.call("GET", f"/games/{created['id']}", created["seats"][0]["token"])
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Cache-Control"] == "no-store"
    assert r.headers["Referrer-Policy"] == "no-referrer"


@above_the_store
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


@above_the_store
def test_published_schemas_accept_exactly_what_the_server_accepts(server):
    """`game: ""` used to pass the schema and fail later with 422; a filter took any string."""
    from referee.engine.registry import GAME_IDS
    from referee.engine.schemas import load_schema

    assert load_schema("api/create_game.json")["properties"]["game"]["enum"] == list(GAME_IDS)
    body = _problem(server.call("POST", "/games", json={"game": "", "seats": [{"name": "A"}, {"name": "B"}]}), 400)
    assert body["errors"][0]["path"] == "/game"
    assert _problem(server.call("GET", "/games?game=chess"), 400)["parameter"] == "game"
    assert server.call("GET", "/games?game=babel").status_code == 200


@above_the_store
def test_a_move_whose_type_is_not_a_string_is_400(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    for kind in ([], {}, 7, None):
        body = _problem(server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": kind}}), 400)
        assert body["errors"]
    assert log_length(server, gid) == 1


@above_the_store
def test_a_path_holding_a_newline_gets_a_problem_not_plain_text(server):
    """Such a path escapes the ASGI app's routes; Flask still answers it, as problem+json."""
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}).json()
    r = server.call("GET", f"/games/{created['id']}/prompts/a%0Ab/steps", token=created["seats"][0]["token"])
    assert 400 <= r.status_code < 500 and r.headers["Content-Type"].startswith("application/problem+json")


# -- forms, page queries and cookies (issue 35) -------------------------------------------------

HOSTILE = ["²", "٣", "9" * 5000, "-1", "0", "1", "3", "99999999999999999999", "", " 1", "1e3", "a\r\nBcc: x",
           "\x00", "\x85", "💥", "/\t/evil.example", "{}", "[]", '{"type": "end_turn"}', "x" * 3000,
           "[" * 10_000 + "]" * 10_000, '{"type": ' + "9" * 5000 + "}", '{"type": 1e999}']
JSON_FIELDS = ["json", "options", "clock", "subscription"]  # form fields holding JSON text
FIELDS = ["seats", "seat", "to", "tid", "pid", "digest_hour", "at", "name", "text", "json", "email", "game", "lang",
          "next", "solo_seats", "solo_level", "solo_name", "solo_game", "mode", "kind", "answer", "vote", "on", "url",
          "scope", "subscription", "digest_every", "tz", "name0", "email0", "options", "clock", "cursor", "chosen",
          "part", "rule", "seq", "unlisted", "move", "if", "reason"]
INT_FIELDS = ["seats", "seat", "to", "tid", "pid", "digest_hour", "at", "solo_seats", "seq", "solo_level"]
LAST = ("resign", "leave", "cancel", "sign-out")  # routes that end the game or the session: fuzzed last


def _web_routes(app, gid: str) -> list[tuple[str, str]]:
    """Every page and form of the web blueprints, with this game's id filled in."""
    fill = {"game_id": gid, "channel_id": "1", "action": "test", "link": "x" * 20, "player_id": "nobody",
            "game": "babel", "tournament_id": "nobody", "seat": "0", "key": "k", "filename": "x"}
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint.split(".")[0] not in ("web", "players_web", "alerts_web", "mailpages", "ratings_web") \
                or rule.endpoint in ("web.static", "web.sign_in"):
            continue
        path = rule.rule
        for arg in rule.arguments:
            path = path.replace(f"<int:{arg}>", fill[arg]).replace(f"<path:{arg}>", fill[arg]).replace(f"<{arg}>", fill[arg])
        out += [(m, path) for m in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return sorted(out, key=lambda mp: (mp[1].rsplit("/", 1)[-1] in LAST, mp))


@pytest.fixture
def browser_site(database, clock, sink):
    from referee.plumbing.config import Config
    from tests.conftest import start_server
    srv, httpd = start_server(database, clock=clock, config=Config(
        database=database, smtp_url=sink.url, secret_key="forms-fuzz", create_limit="", auth_fail_limit=""))
    yield srv
    httpd.shutdown()


def test_forms_page_queries_and_cookies_never_answer_5xx(browser_site, sink):
    """Hostile values (Unicode digits, 5,000 digits, control characters, huge texts) in every
    form field and page query of the site, posted with a genuine CSRF token by a browser signed
    in as a player and holding a seat: never a server error. Then the same in the cookies."""
    import re

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.api.helpers import CSRF_FIELD, browser_signed_in

    site = browser_site
    s = browser_signed_in(site, sink, "ada@example.org")
    created = site.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                                "options": {"first_seat": 0}}).json()
    gid = created["id"]
    s.get(site.url + "/play/" + created["seats"][0]["url"].split("/play/", 1)[1], timeout=30)  # the seat cookie
    tokens: dict[str, str] = {}

    def token_for(path: str) -> str:
        """The CSRF token of the page the form is on (tokens are bound to what the form acts with)."""
        page = path if path in ("/me", "/lobby", "/new", "/sign-in", f"/join/{gid}", "/me/alerts", f"/g/{gid}/alerts") \
            else f"/g/{gid}" if path.startswith(f"/g/{gid}") else "/"
        if page not in tokens:
            found = re.search(CSRF_FIELD, s.get(site.url + page, timeout=30).text)
            tokens[page] = found.group(1) if found else ""
        return tokens[page]
    seen: dict[int, int] = {}
    values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12))
    fields = st.dictionaries(st.sampled_from(FIELDS), values, max_size=6)
    def send(method: str, path: str, data: dict[str, str]):
        if method == "GET":
            return s.get(site.url + path, params=data, timeout=30, allow_redirects=False)
        return s.post(site.url + path, data={**data, "csrf": token_for(path)}, timeout=30, allow_redirects=False)

    for method, path in _web_routes(site.app, gid):
        for field, value in [*((f, v) for f in INT_FIELDS for v in ("²", "9" * 5000)),  # what int() cannot take
                             *((f, v) for f in JSON_FIELDS if method == "POST" for v in HOSTILE[-3:])]:  # bad JSON
            r = send(method, path, {field: value})
            seen[r.status_code] = seen.get(r.status_code, 0) + 1
            assert r.status_code < 500, (method, path, field, value[:8], r.status_code)

        @given(data=fields)
        @settings(max_examples=12, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def one(data) -> None:
            r = send(method, path, data)
            seen[r.status_code] = seen.get(r.status_code, 0) + 1
            assert r.status_code < 500, (method, path, {k: v[:40] for k, v in data.items()}, r.status_code)
        one()
    cookies = st.dictionaries(st.sampled_from([f"referee_seat_{gid}", "referee_player", "referee_csrf", "referee_lang",
                                               f"referee_created_{gid}", f"referee_creator_{gid}"]),
                              st.one_of(st.sampled_from(HOSTILE).map(lambda v: v + ".key"), st.sampled_from(HOSTILE),
                                        st.sampled_from(HOSTILE).map(lambda v: "0." + v)),
                              max_size=4)

    @given(jar=cookies)
    @settings(max_examples=60, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    def with_cookies(jar) -> None:
        for path in (f"/g/{gid}", "/me", "/lobby", f"/games/{gid}/events", f"/join/{gid}", f"/g/{gid}/alerts"):
            try:
                r = site.call("GET", path, cookies=jar, allow_redirects=False)  # only the drawn cookies: Server keeps none
            except ValueError:  # a value `requests` itself will not put in a header (a line break)
                continue
            seen[r.status_code] = seen.get(r.status_code, 0) + 1
            assert r.status_code < 500, (path, {k: v[:40] for k, v in jar.items()}, r.status_code)
    with_cookies()
    assert seen.get(400, 0) > 0 and seen.get(200, 0) + seen.get(303, 0) > 0, seen
    assert all(tokens.values()), tokens  # every form was posted with its page's genuine token
