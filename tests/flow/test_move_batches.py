"""Several moves per request and moves in the text form over HTTP; narrated events."""

from __future__ import annotations

import re

import pytest

from referee.engine.registry import GAME_IDS, rules_for

above_the_store = pytest.mark.one_database  # the text form and validation lie above the store; batches' appends run twice in this file


def babel(server) -> tuple[str, list[str], dict]:
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada", "tz": "Asia/Tokyo"},
                                                                            {"name": "Bo"}],
                                                  "options": {"first_seat": 0}}).json()
    hand = server.service.load(created["id"]).state["players"][0]["hand"]
    return created["id"], [s["token"] for s in created["seats"]], hand


def cards(hand: dict) -> tuple[str, str]:
    hand = dict(hand)
    a = next(p for p, n in hand.items() if n)
    hand[a] -= 1
    return a, next(p for p, n in hand.items() if n)


def test_a_list_of_moves_plays_in_order_until_the_first_refusal(server):
    gid, tokens, hand = babel(server)
    a, b = cards(hand)
    r = server.call("POST", f"/games/{gid}/moves", tokens[0],
                    json={"moves": [{"type": "travel", "people": a}, f"settle {b}", "end", "finish"],
                          "idempotency_key": "k1"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["played"] == 2 and body["seq"] == 3
    assert body["refused"] == {"index": 2, "move": "end", "rule": "B-15",
                               "detail": "you can still build your start card this turn (use finish_first_turn)"}
    told = [e["text"] for e in body["events"]]
    assert len(told) == 2 and told[0].startswith(f"Ada travelled to the {a.title()}")
    assert told[1].startswith(f"Ada settled {'an' if b[0] in 'aeiou' else 'a'} {b.title()} card at the ")
    retry = server.call("POST", f"/games/{gid}/moves", tokens[0],
                        json={"moves": [{"type": "travel", "people": a}, f"settle {b}", "end", "finish"],
                              "idempotency_key": "k1"})
    assert retry.json() == body  # the same request again: the first answer, nothing replayed
    other = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"moves": ["end"], "idempotency_key": "k1"})
    assert other.status_code == 422 and "different request" in other.json()["detail"]  # the key is taken
    # The whole turn in one request: each move its own event, then the opponent's turn.
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"moves": ["finish"], "expected_seq": 3})
    assert r.status_code == 201 and r.json()["refused"] is None
    events = server.call("GET", f"/games/{gid}/events", tokens[1]).json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3, 4] and all(e["text"] for e in events)
    assert events[0]["text"] == "A game of Babel began for Ada and Bo."
    # told with the seat's views around the move: what the finish did, then its automatic steps
    assert "Ada built the start card" in events[3]["text"] and "ended the turn" in events[3]["text"]
    assert "\nBo drew" in events[3]["text"]


def test_a_refused_first_move_is_the_usual_error_and_changes_nothing(server):
    gid, tokens, _ = babel(server)
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"moves": ["end", "finish"]})
    assert r.status_code == 422 and r.json()["rule"] == "B-15"
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"text": "fly to the moon"})
    assert r.status_code == 400 and "unknown move 'fly'" in r.json()["detail"]
    r = server.call("POST", f"/games/{gid}/moves", tokens[1], json={"text": "finish"})
    assert r.status_code == 422
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"text": "finish", "move": {"type": "end_turn"}})
    assert r.status_code == 400
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"moves": []})
    assert r.status_code == 400
    assert server.call("GET", f"/games/{gid}").json()["seq"] == 1


@above_the_store
def test_a_move_in_the_text_form(server):
    gid, tokens, _ = babel(server)
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"text": "FINISH"})
    assert r.status_code == 201 and r.json()["events"][0]["payload"]["move"] == {"type": "finish_first_turn"}
    text = r.json()["events"][0]["text"]
    # where the start card goes depends on the deal (the pawn's people if it can, else the first that can)
    site = re.search(r"built the start card \(level 1\) at the (\w+), then ended the turn\.", text)
    assert text.startswith("Ada ") and site, text
    assert site.group(1).lower() in {p.lower() for p in server.service.load(gid).state["players"][0]["hand"]}


@above_the_store
def test_a_seat_time_zone_must_be_an_iana_name(server):
    bad = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A", "tz": "Mars/Olympus"},
                                                                        {"name": "B"}]})
    assert bad.status_code == 422 and "Mars/Olympus" in bad.json()["detail"]


@above_the_store
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_takes_its_default_as_text(server, game):
    rules = rules_for(game)
    seats = [{"name": f"P{i}"} for i in range(max(rules.min_players, 2))]
    created = server.call("POST", "/games", json={"game": game, "seats": seats}).json()
    loaded = server.service.load(created["id"])
    prompt = loaded.prompts[0]
    r = server.call("POST", f"/games/{created['id']}/moves", created["seats"][prompt.seat]["token"],
                    json={"moves": [rules.format_move(prompt.default)]})
    assert r.status_code == 201, r.text
    assert r.json()["events"][0]["payload"]["move"] == prompt.default and r.json()["events"][0]["text"]


def test_moves_after_the_one_that_ends_the_game_are_refused(server):
    import random

    from referee.engine.replay import advance

    gid, tokens, _ = babel(server)
    svc, rnd = server.service, random.Random(3)
    while True:
        loaded = svc.load(gid)
        p = loaded.prompts[0]
        strong = [c for c in p.choices or [p.default] if c["type"] in ("build", "ability", "finish_first_turn", "settle")]
        move = rnd.choice(strong) if strong and rnd.random() < 0.85 else rnd.choice(p.choices or [p.default])
        after = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "move", p.seat, {"move": move}).state
        if loaded.rules.result(after) is None:
            svc.submit_move(gid, p.seat, {"move": move})
            continue
        r = server.call("POST", f"/games/{gid}/moves", tokens[p.seat], json={"moves": [move, "end"]})
        body = r.json()
        assert r.status_code == 201 and body["played"] == 1 and body["status"] == "finished", body
        assert body["refused"]["index"] == 1 and body["refused"]["detail"] == "the game is over"
        assert [e["type"] for e in body["events"]] == ["move", "game_ended", "seed_revealed"]
        break


def test_a_listed_choice_sent_with_a_wrong_json_type_is_still_refused_by_the_schema(tmp_path):
    """A move equal to a listed choice skips its schema check (the rules made it), but only if
    equal as JSON: `true` for the integer 1 (equal in Python) is no choice and stays a 400."""
    import random

    from referee.plumbing.errors import BadRequest
    from referee.service.referee import Referee
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    rnd = random.Random(3)
    for _ in range(400):
        loaded = svc.load(gid)
        p = loaded.prompts[0]
        numbered = [c for c in p.choices or [] if any(type(v) is int for v in c.values())]
        if numbered:
            break
        svc.submit_move(gid, p.seat, {"move": rnd.choice(p.choices or [p.default])})
    choice = numbered[0]
    key = next(k for k, v in choice.items() if type(v) is int)
    for wrong in (bool(choice[key]) if choice[key] in (0, 1) else str(choice[key]), str(choice[key])):
        with pytest.raises(BadRequest):
            svc.submit_move(gid, p.seat, {"move": {**choice, key: wrong}})
        assert svc.load(gid).seq == loaded.seq
    assert svc.submit_move(gid, p.seat, {"move": choice})[0] == 201
