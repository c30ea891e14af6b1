"""GET /games/{id}/prompts/{kind}/steps: a move built step by step over HTTP, the first step
carried by long prompts (only to their own seat), refusals that name the step or the parameter
and change nothing, and the operation as the OpenAPI document describes it."""

from __future__ import annotations

from jsonschema import Draft202012Validator

import pytest

from tests.api.helpers import assert_matches, log_length, new_babel

pytestmark = pytest.mark.one_database  # steps are the rules read over HTTP; the moves they build append as in api/test_games_api.py (twice)


def steps_url(gid: str, kind: str, chosen: list[str] | None = None) -> str:
    return f"/games/{gid}/prompts/{kind}/steps" + (f"?chosen={','.join(chosen)}" if chosen is not None else "")


def test_a_move_built_by_steps_is_played_and_reading_steps_changes_nothing(server):
    created = new_babel(server)
    gid, t0 = created["id"], created["seats"][0]["token"]
    prompt = server.call("GET", f"/games/{gid}/prompts", t0).json()["prompts"][0]
    assert prompt["steps"] is None  # a few choices: short enough to list
    loaded = server.service.load(gid)
    path: list[str] = []
    for _ in range(10):  # each answer is the rules' step for this path, until a travel is complete
        r = server.call("GET", steps_url(gid, prompt["kind"], path), t0)
        assert r.status_code == 200, r.text
        body = r.json()
        assert_matches("api/steps.json", body)
        expected = loaded.rules.steps(loaded.state, 0, prompt["kind"], path).to_json()
        assert body["seq"] == 1 and body["chosen"] == path and {k: body[k] for k in expected} == expected
        if body["move"] is not None:
            break
        ids = [o["id"] for o in body["options"]]
        path.append("travel" if "travel" in ids else ids[0])
    move = body["move"]
    assert move is not None and move["type"] == "travel" and move in prompt["choices"]
    assert log_length(server, gid) == 1  # reading steps appended nothing
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": move, "expected_seq": body["seq"]})
    assert r.status_code == 201, r.text
    assert log_length(server, gid) == 2
    # Afterwards the steps are those the rules offer in the new state, each one answered.
    loaded = server.service.load(gid)
    expected = loaded.rules.steps(loaded.state, 0, prompt["kind"], []).to_json()
    now = server.call("GET", steps_url(gid, prompt["kind"]), t0).json()
    assert now["seq"] == 2 and {k: now[k] for k in expected} == expected
    for option in now["options"]:
        assert server.call("GET", steps_url(gid, prompt["kind"], [option["id"]]), t0).status_code == 200


def test_bad_paths_are_refused_naming_the_step_or_the_parameter(server):
    created = new_babel(server)
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    first = server.call("GET", steps_url(gid, "turn"), t0).json()
    good = first["options"][0]["id"]
    refused = server.call("GET", steps_url(gid, "turn", [good, "no-such-option"]), t0)
    assert refused.status_code == 422 and refused.json()["step"] == 1, refused.text
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert server.call("GET", steps_url(gid, "turn", ["nope"]), t0).json()["step"] == 0
    german = server.call("GET", steps_url(gid, "turn", [good, "no-such-option"]), t0, headers={"Accept-Language": "de"})
    assert german.status_code == 422 and german.json()["step"] == 1  # the same refusal, told in German (issue 29)
    assert german.json()["detail"] == "Schritt 2: 'no-such-option' ist keine der hier angebotenen Möglichkeiten"
    for bad in ("a b", "a,,b", ",a", "a" * 65, ",".join(["a"] * 65), "a;b", "%C3%A9"):
        r = server.call("GET", f"/games/{gid}/prompts/turn/steps?chosen={bad}", t0)
        assert r.status_code == 400 and r.json()["parameter"] == "chosen", (bad, r.text)
    assert server.call("GET", steps_url(gid, "turn", ["a"] * 64), t0).status_code == 422  # 64 is allowed
    # Spectators have no moves to build; another seat has no such decision now; no such kind.
    assert server.call("GET", steps_url(gid, "turn")).status_code == 401
    assert server.call("GET", steps_url(gid, "turn"), "not-a-token").status_code == 401
    other = server.call("GET", steps_url(gid, "turn"), t1)
    assert other.status_code == 409 and other.json()["current_seq"] == 1
    assert server.call("GET", steps_url(gid, "nonsense"), t0).status_code == 409
    assert server.call("GET", steps_url("0000000000000000", "turn"), t0).status_code in (401, 404)
    assert log_length(server, gid) == 1
    server.call("POST", f"/games/{gid}/resign", t0)
    over = server.call("GET", steps_url(gid, "turn"), t1)
    assert over.status_code == 409 and "finished" in over.json()["detail"]


def _to_card_choice(server, gid: str, tokens: list[str]) -> None:
    """Play The Sands of Time's set-up decisions (short lists) until the card choice."""
    for _ in range(60):
        game = server.call("GET", f"/games/{gid}").json()
        if any(p["kind"] == "choose_cards" for p in game["prompts"]):
            return
        seat = game["prompts"][0]["seat"]
        prompt = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": prompt["choices"][0]})
        assert r.status_code == 201, r.text
    raise AssertionError("no card choice after 60 set-up moves")


def test_a_long_prompt_carries_its_first_step_for_its_own_seat_only(server):
    created = server.call("POST", "/games", json={"game": "sands_of_time", "seats": [{"name": "Ann"}, {"name": "Ben"}],
                                                  "options": {"first_seat": 0}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    _to_card_choice(server, gid, tokens)
    for seat, token in enumerate(tokens):
        game = server.call("GET", f"/games/{gid}", token).json()
        assert_matches("api/game.json", game)
        mine = [p for p in game["prompts"] if p["seat"] == seat]
        theirs = [p for p in game["prompts"] if p["seat"] != seat]
        assert mine and theirs  # both choose their cards at once
        assert len(mine[0]["choices"]) > 24 and mine[0]["steps"] is not None
        assert all(p["steps"] is None and p["choices"] is None for p in theirs)
        first = server.call("GET", steps_url(gid, "choose_cards"), token).json()
        assert mine[0]["steps"] == {k: first[k] for k in ("question", "options", "move")}
        assert server.call("GET", f"/games/{gid}/prompts", token).json()["prompts"][0]["steps"] == mine[0]["steps"]
    spectator = server.call("GET", f"/games/{gid}").json()
    assert all(p["steps"] is None and p["choices"] is None for p in spectator["prompts"])


def test_the_openapi_document_describes_the_steps_operation(server):
    doc = server.call("GET", "/openapi.json").json()
    op = doc["paths"]["/games/{game_id}/prompts/{kind}/steps"]["get"]
    assert op["operationId"] == "getSteps"
    params = {p["name"]: p for p in op["parameters"]}
    assert set(params) == {"game_id", "kind", "chosen"} and params["chosen"]["in"] == "query"
    assert op["responses"]["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/StepAnswer"}
    for code in ("400", "401", "404", "409", "422"):
        assert code in op["responses"], code
    schemas = doc["components"]["schemas"]
    assert "steps" in schemas["Prompt"]["properties"]
    answer = Draft202012Validator({**schemas["StepAnswer"], "components": doc["components"]})
    assert answer.is_valid({"seq": 3, "kind": "turn", "chosen": ["a"], "question": "Where?",
                            "options": [{"id": "x", "label": "X", "element": "sq-1", "group": None}], "move": None})
    assert not answer.is_valid({"seq": 3, "kind": "turn", "chosen": [], "question": "Where?",
                                "options": [{"id": "x"}], "move": None})
    pattern = Draft202012Validator(params["chosen"]["schema"])
    assert pattern.is_valid("a,b.c:d~e-f_g") and not pattern.is_valid("a,,b") and not pattern.is_valid("a b")
