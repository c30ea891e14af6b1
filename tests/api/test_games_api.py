"""The HTTP API on a real loopback server: shapes, auth, errors that change nothing."""

from __future__ import annotations

from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

import pytest

from referee.api.openapi import component_files
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.schemas import load_schema, validator_for
from referee.engine.verify import verify_events
from tests.dbtools import dump as database_dump
from tests.api.helpers import assert_matches, log_length, new_babel

above_the_store = pytest.mark.one_database  # answers above the store; appends, sequences, idempotency and listings run twice in this file


def test_create_game_returns_tokens_once_and_stores_only_hashes(server):
    created = new_babel(server)
    assert_matches("api/created.json", created)
    tokens = [s["token"] for s in created["seats"]]
    assert len(set(tokens)) == 2
    dump = database_dump(server.database)
    assert created["id"] in dump  # the dump does hold the game
    assert all(t not in dump for t in tokens)


@above_the_store
def test_a_remembered_token_opens_only_its_own_seat_of_its_own_game(server):
    """The service remembers (game, token hash) -> seat after a match: a token that worked
    must still be refused for another game, and a near-miss of it for its own game."""
    a, b = new_babel(server), new_babel(server)
    t0, t1 = [s["token"] for s in a["seats"]]
    for _ in range(2):  # the second round answers from the remembered pairs
        assert [p["seat"] for p in server.call("GET", f"/games/{a['id']}/prompts", t0).json()["prompts"]] == [0]
        assert server.call("GET", f"/games/{a['id']}/prompts", t1).json() == {"prompts": []}
        assert server.call("GET", f"/games/{b['id']}/prompts", t0).status_code == 401
        assert server.call("GET", f"/games/{a['id']}/prompts", t0[:-1] + ("A" if t0[-1] != "A" else "B")).status_code == 401


@above_the_store
def test_game_view_prompts_and_shape(server):
    created = new_babel(server)
    gid, (t0, t1) = created["id"], [s["token"] for s in created["seats"]]
    g0 = server.call("GET", f"/games/{gid}", t0).json()
    assert_matches("api/game.json", g0)
    assert g0["status"] == "active" and g0["seq"] == 1 and g0["result"] is None
    assert [p["seat"] for p in g0["prompts"]] == [0]
    assert g0["prompts"][0]["choices"] and g0["prompts"][0]["default"]
    # The other seat sees that seat 0 must move, but not its choices (they reveal its hand).
    g1 = server.call("GET", f"/games/{gid}", t1).json()
    assert g1["prompts"][0]["choices"] is None and g1["prompts"][0]["default"] is None
    assert server.call("GET", f"/games/{gid}/prompts", t1).json() == {"prompts": []}
    mine = server.call("GET", f"/games/{gid}/prompts", t0).json()["prompts"]
    assert mine[0]["seat"] == 0 and {"type": "finish_first_turn"} in mine[0]["choices"]


@above_the_store
def test_malformed_json_is_400_and_changes_nothing(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    r = server.call("POST", f"/games/{gid}/moves", t0, data="{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.headers["Content-Type"].startswith("application/problem+json")
    assert "malformed JSON" in r.json()["detail"]
    assert log_length(server, gid) == 1


@above_the_store
def test_schema_violation_is_400_with_the_path(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "travel", "people": "romans"}})
    assert r.status_code == 400
    problem = r.json()
    assert_matches("api/problem.json", problem)
    assert any(e["path"] == "/people" for e in problem["errors"]), problem
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"mvoe": {}})
    assert r.status_code == 400 and r.json()["errors"]
    assert log_length(server, gid) == 1


@above_the_store
def test_wrong_seat_is_refused_with_the_rule(server):
    created = new_babel(server)
    gid, t1 = created["id"], created["seats"][1]["token"]
    r = server.call("POST", f"/games/{gid}/moves", t1, json={"move": {"type": "end_turn"}})
    assert r.status_code == 422 and r.json()["rule"] == "B-14", r.json()
    assert log_length(server, gid) == 1


@above_the_store
def test_illegal_move_names_the_rule_and_changes_nothing(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    before = server.call("GET", f"/games/{gid}", t0).json()
    # B-15: the start card must be built while it is feasible, so end_turn is refused.
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "end_turn"}})
    assert r.status_code == 422
    problem = r.json()
    assert problem["rule"] == "B-15" and problem["current_seq"] == 1 and problem["detail"]
    # the rule's own sentence from the player page (README.md), so the refusal explains itself
    assert problem["rule_text"] == ("start card: end_turn is refused while you can still build it this turn "
                                    "(play finish_first_turn); finish_first_turn needs the start card in hand and buildable.")
    assert_matches("api/problem.json", problem)
    assert server.call("GET", f"/games/{gid}", t0).json() == before


def test_stale_sequence_is_409_with_the_current_sequence(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "finish_first_turn"}, "expected_seq": 1})
    assert r.status_code == 201 and r.json()["seq"] >= 2
    r = server.call("POST", f"/games/{gid}/moves", created["seats"][1]["token"],
                    json={"move": {"type": "finish_first_turn"}, "expected_seq": 1})
    assert r.status_code == 409 and r.json()["current_seq"] == 2
    assert log_length(server, gid) == 2


@above_the_store
def test_auth_errors(server):
    created = new_babel(server)
    gid = created["id"]
    assert server.call("POST", f"/games/{gid}/moves", json={"move": {"type": "end_turn"}}).status_code == 401
    assert server.call("POST", f"/games/{gid}/moves", "nope", json={"move": {"type": "end_turn"}}).status_code == 401
    other = new_babel(server)
    r = server.call("POST", f"/games/{gid}/moves", other["seats"][0]["token"], json={"move": {"type": "end_turn"}})
    assert r.status_code == 401
    r = server.call("GET", f"/games/{gid}", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401
    assert log_length(server, gid) == 1


@above_the_store
def test_unknown_game_and_bad_create(server):
    assert server.call("GET", "/games/doesnotexist").status_code == 404
    assert server.call("POST", "/games/doesnotexist/moves", "x", json={"move": {"type": "end_turn"}}).status_code == 404
    r = server.call("POST", "/games", json={"game": "chess", "seats": [{"name": "A"}, {"name": "B"}]})
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == "/game"  # the schema names the games
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}]})
    assert r.status_code == 422 and "2-2 seats" in r.json()["detail"]
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                             "options": {"first_seat": 7}})
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == "/first_seat"
    assert server.call("GET", "/games").json()["games"] == []


def test_idempotency_key_returns_first_answer_and_appends_once(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    body = {"move": {"type": "finish_first_turn"}, "idempotency_key": "k-1"}
    first = server.call("POST", f"/games/{gid}/moves", t0, json=body)
    again = server.call("POST", f"/games/{gid}/moves", t0, json=body)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert log_length(server, gid) == 2


@above_the_store
def test_pause_resume_and_resign_reveal_the_seed(server):
    created = new_babel(server)
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    assert server.call("POST", f"/games/{gid}/pause", t1, json={"reason": "holiday"}).json()["status"] == "paused"
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "finish_first_turn"}})
    assert r.status_code == 409 and "paused" in r.json()["detail"]
    assert server.call("POST", f"/games/{gid}/pause", t1).status_code == 409
    assert server.call("POST", f"/games/{gid}/resume", t0).status_code == 403  # Bo's vacation, not Ada's
    assert server.call("POST", f"/games/{gid}/resume", t1).json()["status"] == "active"
    g = server.call("POST", f"/games/{gid}/resign", t0).json()
    assert g["status"] == "finished" and g["result"]["winner"] == 1 and g["result"]["reason"] == "resigned"
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    assert [e["type"] for e in events][-3:] == ["resigned", "game_ended", "seed_revealed"]
    assert not any(e.get("redacted") for e in events)
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
    assert server.call("POST", f"/games/{gid}/moves", t1, json={"move": {"type": "end_turn"}}).status_code == 409


def test_list_games_filters(server):
    a = new_babel(server)
    new_babel(server)
    server.call("POST", f"/games/{a['id']}/resign", a["seats"][0]["token"])
    all_games = server.call("GET", "/games").json()["games"]
    assert len(all_games) == 2 and all_games[0]["players"] == ["Ada", "Bo"]
    finished = server.call("GET", "/games?status=finished").json()["games"]
    assert [g["id"] for g in finished] == [a["id"]]
    assert server.call("GET", "/games?player=Bo&status=active").json()["games"][0]["to_move"] == [0]
    assert server.call("GET", "/games?player=Nobody").json()["games"] == []
    assert server.call("GET", "/games?status=bogus").status_code == 400


@above_the_store
def test_openapi_documents_every_endpoint_with_the_validating_schemas(server):
    doc = server.call("GET", "/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    for path in ("/games", "/games/{game_id}", "/games/{game_id}/prompts", "/games/{game_id}/moves",
                 "/games/{game_id}/events", "/games/{game_id}/export", "/games/{game_id}/resign",
                 "/games/{game_id}/pause", "/games/{game_id}/resume", "/mail/inbound", "/healthz", "/openapi.json"):
        assert path in doc["paths"], path
    validate(doc)  # a valid OpenAPI 3.1 document, every reference resolvable
    # The documented schemas judge bodies exactly as the server's do (CreateGame adds each game's
    # seat count, which the rules check with a 422 invalid-game-setup, below).
    two = [{"name": "A"}, {"name": "B"}]
    samples = {
        "CreateGame": [{"game": "babel", "seats": two}, {"game": "babel", "seats": []},
                       {"game": "babel", "seats": two, "clock": {"policy": "fixed", "per_decision": "72h"}},
                       {"game": "babel", "seats": two, "clock": {"policy": "fixed", "per_decision": "3 days"}}],
        "babel_move": [{"type": "travel", "people": "medes"}, {"type": "travel", "people": "romans"},
                       {"type": "build", "source": "yard", "yard": 1}, {"type": "build", "source": "yard"}],
    }
    files = component_files()
    for name, instances in samples.items():
        documented = Draft202012Validator({**doc["components"]["schemas"][name], "components": doc["components"]})
        served = validator_for(load_schema(files[name]))
        for instance in instances:
            assert documented.is_valid(instance) == served.is_valid(instance), (name, instance)
    documented = Draft202012Validator({**doc["components"]["schemas"]["CreateGame"], "components": doc["components"]})
    for game in GAME_IDS:
        rules = rules_for(game)
        for n in range(1, 9):
            body = {"game": game, "seats": [{"name": f"P{i}"} for i in range(n)]}
            assert documented.is_valid(body) == (rules.min_players <= n <= rules.max_players), (game, n)
    one = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}]})
    assert one.status_code == 422 and one.json()["type"] == "/problems/invalid-game-setup"
    assert one.json()["field"] == "/seats" and "422" in doc["paths"]["/games"]["post"]["responses"]
    assert server.call("GET", "/games?cursor=").status_code == 200
    assert server.call("GET", "/healthz").json() == {"status": "ok"}


@above_the_store
def test_oversized_bodies_are_refused_and_change_nothing(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    huge = '{"move": {"type": "end_turn"}, "idempotency_key": "' + "x" * (12 * 1024 * 1024) + '"}'
    r = server.call("POST", f"/games/{gid}/moves", t0, data=huge, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.headers["Content-Type"].startswith("application/problem+json")
    assert log_length(server, gid) == 1


@above_the_store
def test_a_bad_move_s_detail_follows_accept_language(server):
    """Issue 29: a move that does not match the schema, or a text that is no move, is explained
    in the request's language; `errors` (jsonschema's own words) and the fields stay as they are."""
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    de = {"Accept-Language": "de"}
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "travel", "people": "romans"}}, headers=de)
    assert r.status_code == 400 and r.json()["detail"] == "der Zug passt nicht zum Zugschema des Spiels", r.text
    assert any(e["path"] == "/people" for e in r.json()["errors"])
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"text": "reisen atlantis"}, headers=de)
    assert r.status_code == 400 and r.json()["detail"].startswith("kein Zug: Volk 'atlantis' ist unbekannt"), r.text
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"text": "travel atlantis"})
    assert r.json()["detail"] == ("not a move: unknown people 'atlantis'; expected one of "
                                  "medes, sumerians, hittites, persians, assyrians")
    assert log_length(server, gid) == 1
    # a batch refused after a move was played says why in the request's language too
    legal = server.call("GET", f"/games/{gid}/prompts", t0).json()["prompts"][0]["choices"][0]
    r = server.call("POST", f"/games/{gid}/moves", t0, headers=de, json={"moves": [legal, "travel atlantis"]})
    assert r.status_code == 201 and r.json()["played"] == 1, r.text
    assert r.json()["refused"]["detail"].startswith("kein Zug: Volk 'atlantis' ist unbekannt"), r.json()["refused"]
