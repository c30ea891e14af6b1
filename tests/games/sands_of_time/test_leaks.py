"""No seat ever sees another seat's secrets (RULES.md 12) over HTTP: a 3-seat game played to the
end, and after every event each seat's view, prompts, events (with their narration), export,
move answers and error bodies are checked against the full state: unrevealed card choices
(and auto_decline), unrevealed combat values, chronicle values on the board and in hand, drawn
progress cards and the order of the stacks. The service redacts events through `redact`."""

from __future__ import annotations

import json
import random

from referee.games.sands_of_time.views import HIDDEN, unrevealed_choice
from tests.e2e.test_sands_of_time_over_http import first_turn_move, play_one_prompt
from tests.games.sands_of_time.positions import (
    building,
    citizens,
    refresh,
    set_player,
    started,
)


def opening() -> dict:
    """The HTTP opening with unrest 0 for everybody, so that progress draws and high combat
    values happen early."""
    st = started(3, start=0, label="leak")
    building(st, "gallia", "road")
    citizens(st, "italia", 0, farmers=0, soldiers=2)
    for s in range(3):
        set_player(st, s, unrest=0)
    return refresh(st)


def scripted(view: dict, prompt: dict, seat: int) -> dict | None:
    """Seat 0's first turn as in the HTTP game; seat 1 advances in civil_1 in its first turn,
    which draws two progress cards only it may see."""
    if seat != 1:
        return first_turn_move(view, prompt, seat)
    if view["generation_index"] != 0 or view["turn_in_generation"] != 1:
        return None
    if prompt["kind"] == "choose_cards":
        return {"type": "choose_cards", "cards": ["progress", "chronicle"], "auto_decline": False}
    turn = view["turn"]
    if prompt["kind"] == "turn" and turn and turn["status"].get("progress") == "pending":
        return {"type": "act", "card": "progress", "mode": "advance", "row": "civil_1"}
    return None


def secrets(state: dict) -> dict:
    """What is secret right now, per owning seat."""
    out: dict[str, dict] = {"choice": {}, "value": {}, "drawn": {}}
    for s, p in enumerate(state["players"]):
        if unrevealed_choice(state, s):
            out["choice"][s] = p["selected_cards"]
    a = state["action"]
    if a and a.get("kind") == "combat" and a.get("stage") == "values":
        out["value"] = {int(k): v for k, v in a["values"].items() if v is not None}
    if a and a.get("kind") == "progress_pick":
        out["drawn"][a["seat"]] = a["drawn"]
    return out


def walk(obj):
    yield obj
    if isinstance(obj, dict):
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v)


def check_view(view: dict, viewer: int, sec: dict) -> None:
    for s, p in enumerate(view["players"]):
        if s == viewer:
            continue
        if s in sec["choice"]:
            assert p["selected_cards"] == HIDDEN and p["auto_decline"] == HIDDEN
        assert all(v in (None, HIDDEN) for v in p["chronicle_board"].values())
        assert isinstance(p["chronicle_hand"], int)
    assert all(isinstance(n, int) for levels in view["progress_stacks"].values() for n in levels.values())
    a = view["action"]
    if a and a.get("kind") == "combat" and a.get("stage") == "values":
        assert all(v in (None, HIDDEN) for k, v in a["values"].items() if int(k) != viewer)
    if a and a.get("kind") == "progress_pick" and a["seat"] != viewer:
        assert isinstance(a["drawn"], int)


def check_events(events: list[dict], viewer: int, sec: dict) -> None:
    for e in events:
        move = e["payload"].get("move") if e["type"] in ("move", "timeout") else None
        for r in e["payload"].get("chance") or []:
            if r["visible_to"] != "all" and viewer not in r["visible_to"]:
                assert r["value"] is None
        if move is None or e["seat"] == viewer:
            continue
        if move["type"] == "choose_cards" and e["seat"] in sec["choice"]:
            assert move["cards"] == HIDDEN and move["auto_decline"] == HIDDEN, e
        if move["type"] == "combat_value" and e["seat"] in sec["value"]:
            assert move["value"] == HIDDEN, e
        if move["type"] == "act" and move["card"] == "chronicle":
            assert all(x["card"] == HIDDEN for x in move["placements"]), e


def check_drawn(text: str, viewer: int, sec: dict) -> None:
    for s, drawn in sec["drawn"].items():
        if s != viewer:
            for c in drawn:
                assert f'"{c}"' not in text.replace(" ", ""), c


def check_text(text: str, viewer: int, sec: dict) -> None:
    """For bodies where no card pair belongs (error bodies): no secret pair appears; drawn
    cards never appear outside the component data."""
    compact = text.replace(" ", "")
    for s, pair in sec["choice"].items():
        if s != viewer:
            assert json.dumps(pair, separators=(",", ":")) not in compact
    for s, drawn in sec["drawn"].items():
        if s != viewer:
            for c in drawn:
                assert f'"{c}"' not in compact.split('"components"')[0], c


def test_no_seat_sees_another_seats_secrets(server):
    rnd = random.Random(11)
    created = server.call("POST", "/games", json={"game": "sands_of_time", "seats": [{"name": n} for n in "ABC"],
                                                  "position": opening()}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    seen = {"choice": 0, "value": 0, "drawn": 0}
    steps = 0
    while True:
        full = server.service.load(gid)
        if full.finished:
            break
        sec = secrets(full.state)
        for k in seen:
            seen[k] += bool(sec[k])
        for viewer in range(3):
            game = server.call("GET", f"/games/{gid}", tokens[viewer])
            body = game.json()
            check_view(body["view"], viewer, sec)
            assert all(p["choices"] is None and p["default"] is None for p in body["prompts"] if p["seat"] != viewer)
            events = server.call("GET", f"/games/{gid}/events", tokens[viewer]).json()["events"]
            check_events(events, viewer, sec)
            check_drawn(game.text, viewer, sec)
            created = events[0]
            assert created["type"] == "game_created"
            check_view(created["payload"]["position"], viewer, {"choice": {}})  # shown through view(position)
            check_drawn(json.dumps(events[1:]), viewer, sec)
            if steps % 40 == 0:
                export = server.call("GET", f"/games/{gid}/export", tokens[viewer]).text.splitlines()[1:]
                check_events([json.loads(line) for line in export], viewer, sec)
            prompted = viewer in {p["seat"] for p in body["prompts"]}
            if not prompted or steps % 7 == 0:
                bad = {"type": "retreat", "region": "britannia"}  # never legal: not in play at 3 seats
                if not prompted:
                    bad = rnd.choice([bad, {"type": "combat_value", "value": 6}, {"type": "end_turn"},
                                      {"type": "choose_cards", "cards": ["chronicle", "muster"]}])
                r = server.call("POST", f"/games/{gid}/moves", tokens[viewer], json={"move": bad})
                assert r.status_code == 422, r.text
                check_text(r.text, viewer, sec)
        seat = rnd.choice(body["prompts"])["seat"]
        _, _, _, r = play_one_prompt(server, gid, tokens, seat, rnd, script=scripted,
                                     on_refusal=lambda bad, seat=seat, sec=sec: check_text(bad.text, seat, sec))
        answer = r.json()
        after = secrets(server.service.load(gid).state)
        if not server.service.load(gid).finished:
            check_view(answer["view"], seat, after)
            check_events(answer["events"], seat, after)
            check_drawn(r.text, seat, after)
        steps += 1
        assert steps < 3000
    assert all(seen.values()), seen
