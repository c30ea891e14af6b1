"""Starting from a given position, and games with corrected component data."""

from __future__ import annotations

import copy
import hashlib

import pytest

from referee.engine.hashing import canonical
from referee.engine.registry import rules_for
from tests.api.helpers import new_babel
from tests.games.babel.builder import M, P, make_state, player


def teaching_position() -> dict:
    """Ada at the Medes with a column of three Medes and a Persian in hand; Bo's start card built."""
    return make_state(player(hand={M: 1, P: 2}, start_card=True, pawn=M, columns={M: [M, M, M]}),
                      player(hand={M: 2, P: 1}, sites={P: [1]}, columns={P: [P]}, pawn=P))


def test_a_game_starts_from_a_valid_position_recorded_in_game_created(server):
    position = teaching_position()
    created = new_babel(server, position=position)
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    mine = server.call("GET", f"/games/{gid}", t0).json()
    assert mine["view"]["players"][0]["pawn"] == M and mine["view"]["players"][0]["columns"][M] == [M, M, M]
    assert {"type": "build", "source": "start"} in mine["prompts"][0]["choices"]
    created_event = server.call("GET", f"/games/{gid}/events", t0).json()["events"][0]
    assert created_event["payload"]["position"]["players"][0]["hand"] == position["players"][0]["hand"]
    # Bo's copy of the log shows the position as Bo may see it: not Ada's hand.
    bo_event = server.call("GET", f"/games/{gid}/events", t1).json()["events"][0]
    assert bo_event["redacted"] and not isinstance(bo_event["payload"]["position"]["players"][0].get("hand"), dict)
    r = server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "build", "source": "start"}})
    assert r.status_code == 201
    assert server.service.load(gid).state["players"][0]["sites"][M] == [1]


@pytest.mark.one_database  # refused before the store; positions and components are stored twice in this file
def test_a_position_breaking_the_schema_or_the_invariants_is_refused(server):
    bad_shape = teaching_position()
    bad_shape["players"][0]["pawn"] = "atlantis"
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                             "position": bad_shape})
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == "/players/0/pawn"
    lost_card = teaching_position()
    lost_card["players"][0]["hand"][M] += 1  # 61 people cards
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                             "position": lost_card})
    assert r.status_code == 422 and r.json()["problems"], r.json()
    assert server.call("GET", "/games").json()["games"] == []


def test_corrected_component_data_is_validated_used_and_recorded_with_its_hash(server):
    data = copy.deepcopy(rules_for("babel").components)
    data["constants"]["goal_points"]["value"] = 12
    created = new_babel(server, components=data)
    event = server.call("GET", f"/games/{created['id']}/events").json()["events"][0]
    assert event["payload"]["components"] == data
    assert event["payload"]["components_sha256"] == hashlib.sha256(canonical(data)).hexdigest()
    assert server.service.load(created["id"]).rules.components == data
    broken = copy.deepcopy(data)
    del broken["peoples"]
    r = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                             "components": broken})
    assert r.status_code == 422 and "component data invalid" in r.json()["detail"]


def test_live_play_and_replay_start_from_the_same_key_order(server):
    """A position sent with its keys in any order plays exactly as its logged (sorted) copy
    replays: the service starts live play from the canonical form too."""
    import json as _json

    from referee.engine.verify import verify_events

    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                                  "options": {"first_seat": 0}}).json()
    gid, t0 = created["id"], created["seats"][0]["token"]
    server.call("POST", f"/games/{gid}/moves", t0, json={"move": {"type": "finish_first_turn"}})
    state = server.service.load(gid).state
    reordered = _json.loads(_json.dumps(dict(reversed(list(state.items())))))
    again = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                                "position": reordered})
    assert again.status_code == 201, again.text
    gid2 = again.json()["id"]
    assert list(server.service.load(gid2).state) == sorted(state)
    rows = [e.to_json() for e in server.service.raw_events(gid2)]
    assert verify_events(rows, server.service.load(gid2).seed).ok
