"""Property-based fuzzing of every game's moves on reachable positions, over HTTP (issue 12).

For each game: play some legal moves to reach a position, then throw at it, as the seat to move,
moves made by mutating legal ones (a field changed to another field's value or to arbitrary JSON,
a field dropped or added, the type of another move), the move types of the game's schema with
arbitrary fields, text forms, and arbitrary JSON. No answer may be a server error, and a refused
move leaves the log and the state unchanged."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.registry import GAME_IDS, rules_for
from tests.conftest import per_game

EXAMPLES = int(os.environ.get("MOVE_FUZZ_EXAMPLES", "60"))
SEATS = {"babel": 2, "iron_age": 3, "khronos": 3, "sands_of_time": 3, "gentes": 3}

JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def _reach_position(server, game: str, steps: int, rnd: random.Random) -> tuple[str, list[str]]:
    created = server.call("POST", "/games", json={"game": game, "seats": [{"name": f"P{i}"} for i in range(SEATS[game])]})
    assert created.status_code == 201, created.text
    gid, tokens = created.json()["id"], [s["token"] for s in created.json()["seats"]]
    for _ in range(steps):
        doc = server.call("GET", f"/games/{gid}").json()
        if doc["status"] != "active":
            break
        seat = doc["prompts"][0]["seat"]
        prompt = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        move = rnd.choice(prompt["choices"] or [prompt["default"]])
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move})
        assert r.status_code == 201, r.text
    return gid, tokens


def _snapshot(server, gid: str, token: str) -> tuple[int, dict]:
    doc = server.call("GET", f"/games/{gid}", token).json()
    return len(server.call("GET", f"/games/{gid}/events").json()["events"]), doc["view"]


def _mutations(legal: list[dict], types: list[str]) -> st.SearchStrategy:
    """Moves near the legal ones, where the rules' own checks are reached."""
    values = [v for m in legal for v in m.values()]

    @st.composite
    def mutate(draw) -> dict:
        move = dict(draw(st.sampled_from(legal)))
        how = draw(st.sampled_from(["value", "json", "drop", "add", "type", "types"]))
        keys = sorted(move)
        if how == "value" and values:
            move[draw(st.sampled_from(keys))] = draw(st.sampled_from(values))
        elif how == "json":
            move[draw(st.sampled_from(keys))] = draw(JSON)
        elif how == "drop" and len(keys) > 1:
            move.pop(draw(st.sampled_from([k for k in keys if k != "type"])))
        elif how == "add":
            move[draw(st.text(min_size=1, max_size=8))] = draw(JSON)
        elif how in ("type", "types"):
            move["type"] = draw(st.sampled_from(types))
        return move

    return mutate() | st.builds(lambda t, extra: {"type": t, **extra}, st.sampled_from(types),
                                st.dictionaries(st.text(min_size=1, max_size=6), JSON, max_size=3))


@pytest.mark.parametrize("game", per_game(GAME_IDS, both="khronos"))
def test_fuzzed_moves_never_crash_and_refusals_change_nothing(server, game):
    rules = rules_for(game)
    gid, tokens = _reach_position(server, game, random.Random(game).randrange(3, 15), random.Random(game))
    doc = server.call("GET", f"/games/{gid}").json()
    mover = doc["prompts"][0]["seat"]
    prompt = server.call("GET", f"/games/{gid}/prompts", tokens[mover]).json()["prompts"][0]
    legal = prompt["choices"] or [prompt["default"]]
    types = sorted({b["properties"]["type"].get("const", "?") for b in rules.move_schema.get("oneOf", [])
                    if "type" in b.get("properties", {})} | {m["type"] for m in legal})
    moves = _mutations(legal, types) | JSON
    seen: dict[int, int] = {}

    @given(move=moves, as_text=st.booleans())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def check(move, as_text: bool) -> None:
        doc = server.call("GET", f"/games/{gid}").json()
        if doc["status"] != "active":
            return
        seat = doc["prompts"][0]["seat"]
        before = _snapshot(server, gid, tokens[seat])
        body = {"text": move if isinstance(move, str) else str(move)} if as_text else {"move": move}
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json=body)
        seen[r.status_code] = seen.get(r.status_code, 0) + 1
        assert r.status_code < 500, r.text
        if r.status_code != 201:
            assert r.headers["Content-Type"].startswith("application/problem+json")
            assert _snapshot(server, gid, tokens[seat]) == before, "a refused move changed the game"

    check()
    assert sum(seen.values()) > 0 and any(code in (400, 422) for code in seen), seen
