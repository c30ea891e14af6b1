"""The Sands of Time over HTTP: three seats play to the end through their own views only, then
`verify_events` replays the log (full level once the seed is revealed).

The game starts from a position after the default setup in which seat 1's Gallia has a road
between seat 0's Hispania and Italia, and seat 0 has soldiers in seat 2's capital: seat 0's
first turn resettles through the road (seat 1 is asked and answers through its own prompt) and
attacks seat 2 (both submit their secret combat values). The simultaneous choose_cards prompts
are answered in random seat order; the test checks that different orders occurred."""

from __future__ import annotations

import random

import pytest

from referee.engine.registry import rules_for
from referee.engine.verify import verify_events
from tests.games.sands_of_time.policy import candidate
from tests.games.sands_of_time.positions import building, citizens, refresh, started

RULES = rules_for("sands_of_time")

# The game's rules over HTTP, to the end: no store behaviour of its own (the store's appends and reads
# run on both databases in tests/core and tests/flow), so SQLite only (README, "Tests").
pytestmark = pytest.mark.one_database


def opening() -> dict:
    st = started(3, start=0, label="e2e")
    building(st, "gallia", "road")
    citizens(st, "italia", 0, farmers=0, soldiers=2)
    return refresh(st)


def first_turn_move(view: dict, prompt: dict, seat: int = 0) -> dict | None:
    """Seat 0's scripted first turn: resettle via the road, then attack in Italia."""
    if seat != 0:
        return None
    turn = view["turn"]
    if prompt["kind"] == "choose_cards" and view["turn_in_generation"] == 1 and view["generation_index"] == 0:
        return {"type": "choose_cards", "cards": ["conquest", "resettle"], "auto_decline": False}
    if prompt["kind"] != "turn" or view["generation_index"] != 0 or turn is None:
        return None
    if turn["status"].get("resettle") == "pending":
        return {"type": "act", "card": "resettle", "caravan": None,
                "moves": [{"from": "hispania", "to": "italia", "via": "gallia", "farmers": 1, "soldiers": 0}]}
    if turn["status"].get("conquest") == "pending":
        return {"type": "act", "card": "conquest", "region": "italia", "attack": 2, "annex": False}
    return None


def client_move(view: dict, prompt: dict, seat: int, attempt: int, rnd: random.Random) -> dict:
    if prompt["choices"]:
        return rnd.choice(prompt["choices"])
    if attempt >= 7:
        return prompt["default"]
    if prompt["kind"] == "resettle_replan" or rnd.random() < 0.1:
        return prompt["default"]
    t = view["turn"]
    pending = [c for c in t["cards"] if t["status"][c] == "pending"]
    if not pending:
        return prompt["default"]
    return candidate(RULES, view, seat, rnd.choice(pending), rnd)


def play_one_prompt(server, gid: str, tokens: list[str], seat: int, rnd: random.Random,
                    on_refusal=None, script=first_turn_move) -> tuple[dict, dict, dict, object]:
    """Seat answers its open prompt through its own view: the scripted first turn, then
    candidates; a refused move (422 with a rule id) is retried, the default is the last resort.
    Returns (its game document before the move, the prompt, the move, the accepted response)."""
    mine = server.call("GET", f"/games/{gid}", tokens[seat]).json()
    prompt = next(p for p in mine["prompts"] if p["seat"] == seat)
    scripted = script(mine["view"], prompt, seat)
    for attempt in range(8):
        move = scripted if scripted and attempt == 0 else client_move(mine["view"], prompt, seat, attempt, rnd)
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": mine["seq"]})
        if r.status_code == 201:
            return mine, prompt, move, r
        assert r.status_code == 422, r.text
        assert "ST-" in r.text
        if on_refusal:
            on_refusal(r)
    raise AssertionError("the default move was refused")


def test_three_seats_play_sands_of_time_to_the_end_and_the_log_verifies(server):
    rnd = random.Random(8)
    created = server.call("POST", "/games", json={"game": "sands_of_time", "seats": [{"name": n} for n in "ABC"],
                                                  "position": opening()}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    orders: set[tuple[int, ...]] = set()
    current: list[int] = []
    seen = {"road_permission": 0, "combat_value": 0, "refused": 0}
    moves = 0
    while True:
        game = server.call("GET", f"/games/{gid}").json()
        if game["status"] == "finished":
            break
        seat = rnd.choice(game["prompts"])["seat"]
        mine, prompt, move, _ = play_one_prompt(server, gid, tokens, seat, rnd,
                                                on_refusal=lambda _: seen.__setitem__("refused", seen["refused"] + 1))
        if prompt["kind"] == "choose_cards":
            current.append(seat)
            if len(current) == 3:
                orders.add(tuple(current))
                current = []
        if prompt["kind"] in seen:
            seen[prompt["kind"]] += 1
            if prompt["kind"] == "road_permission":
                assert seat == 1 and mine["view"]["action"]["asked"][move["region"]] == seat
        moves += 1
        assert moves < 3000
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    assert game["result"] is not None and len(game["result"]["scores"]) == 3
    assert seen["road_permission"] >= 1 and seen["combat_value"] >= 1, seen
    assert len(orders) >= 2, orders
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
