"""Khronos, four seats, played to the end over HTTP, then verified.

The game starts from a position (accepted through the state schema and check_state) in which
seat 0's first move -- a hamlet joining seat 1's stronger domain to seat 2's castle -- forces a
reduction of seat 2's castle: seat 2, not the active seat, answers `place_reduced` through its
own prompt while seat 0 has none. The rest of the game is played by a random client that reads
only its own seat's view (its own hand), and the log passes `verify_events` (referee verify).
"""

from __future__ import annotations

import copy
import random
import re
from types import SimpleNamespace

import pytest

from referee.engine.registry import rules_for
from referee.engine.verify import verify_events
from tests.games.khronos.policy import move_gen
from tests.games.khronos.positions import BUNDLED, Pos

RULES = rules_for("khronos")
DECISIONS = ("choose_reduction", "place_reduced", "choose_hamlet_keeper")


def opening() -> tuple[dict, str]:
    """Seat 1: castle (2,2) + watchtower (2,4); seat 2: castle (5,2); seat 0 holds the civil card
    that builds the joining hamlet at (4,2) (bundled board)."""
    pos = Pos(seats=4, comp=copy.deepcopy(BUNDLED), phase="exchange", coins=4, coins_public=False)
    pos.put("might", "military", 2, (2, 2), 1)
    pos.put("might", "military", 1, (2, 4), 1)
    pos.put("might", "military", 2, (5, 2), 2)
    card = pos.hand(0, "C")[0]
    pos.hand(0, "M", "R", "C")
    for seat in (1, 2, 3):
        pos.hand(seat, "M", "R", "C", "C")
    return pos.sound(), card


@pytest.mark.one_database  # the rules over HTTP: no store behaviour of its own (README, "Tests")
def test_four_seats_play_khronos_to_the_end_with_a_decision_by_another_seat(server):
    position, card = opening()
    created = server.call("POST", "/games", json={"game": "khronos", "seats": [{"name": n} for n in "ABCD"],
                                                  "options": {"coins_public": False}, "position": position})
    assert created.status_code == 201, created.text
    created = created.json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]

    game = server.call("GET", f"/games/{gid}", tokens[0]).json()
    # the audit log while the game runs: seat 1 sees the starting position without others' hands or coins
    created_event = server.call("GET", f"/games/{gid}/events", tokens[1]).json()["events"][0]
    shown = created_event["payload"]["position"]["players"]
    assert [p["coins"] is None for p in shown] == [True, False, True, True]
    assert [p["hand"] is None for p in shown] == [True, False, True, True]
    build = {"type": "build", "age": "might", "building": "civil", "rank": 1, "anchor": [4, 2], "cards": [card]}
    r = server.call("POST", f"/games/{gid}/moves", tokens[0], json={"move": build, "expected_seq": game["seq"]})
    assert r.status_code == 201, r.text

    game = server.call("GET", f"/games/{gid}", tokens[0]).json()
    assert [p["seat"] for p in game["prompts"]] == [2]
    assert server.call("GET", f"/games/{gid}/prompts", tokens[0]).json()["prompts"] == []
    prompt = server.call("GET", f"/games/{gid}/prompts", tokens[2]).json()["prompts"][0]
    assert prompt["kind"] == "place_reduced" and len(prompt["choices"]) == 4
    wrong = server.call("POST", f"/games/{gid}/moves", tokens[0],
                        json={"move": prompt["choices"][0], "expected_seq": game["seq"]})
    assert wrong.status_code >= 400
    r = server.call("POST", f"/games/{gid}/moves", tokens[2],
                    json={"move": prompt["choices"][-1], "expected_seq": game["seq"]})
    assert r.status_code == 201, r.text
    other_answers = 1

    rnd = random.Random(11)
    moves = 0
    while True:
        spectator = server.call("GET", f"/games/{gid}").json()
        if spectator["status"] == "finished":
            break
        seat = spectator["prompts"][0]["seat"]
        game = server.call("GET", f"/games/{gid}", tokens[seat]).json()
        assert all(p["hand"] is None for i, p in enumerate(game["view"]["players"]) if i != seat)
        assert all(p["coins"] is None for i, p in enumerate(game["view"]["players"]) if i != seat)
        prompt = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        if prompt["choices"]:
            move = rnd.choice(prompt["choices"])
        else:
            move = move_gen(RULES, game["view"], SimpleNamespace(seat=seat, kind=prompt["kind"]), rnd)
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": move, "expected_seq": game["seq"]})
        assert r.status_code == 201, r.text
        if move["type"] in DECISIONS and seat != game["view"]["active_seat"]:
            other_answers += 1
        moves += 1
        assert moves < 2000

    final = server.call("GET", f"/games/{gid}").json()
    assert final["result"] is not None and len(final["result"]["scores"]) == 4
    assert all(p["coins"] is not None for p in final["view"]["players"])  # revealed at the end
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    assert any(e["type"] == "move" and e["seat"] == 2 and e["payload"]["move"]["type"] == "place_reduced"
               for e in events)
    report = verify_events(events)
    assert report.ok and report.level == "full", report.to_json()
    assert other_answers >= 1


def cards_named(move: object) -> set[str]:
    """Every card id a move's JSON names, at any depth (build's `cards`, a swap's `take` and `give`)."""
    if isinstance(move, dict):
        return set().union(*(cards_named(v) for v in move.values()))
    if isinstance(move, list):
        return set().union(*(cards_named(v) for v in move))
    return {move} if isinstance(move, str) and re.fullmatch(r"[MRC]\d\d", move) else set()


@pytest.mark.one_database  # the rules by mail; mail's store path runs twice in flow/
def test_two_seats_play_khronos_by_email_in_the_text_form(database, tmp_path, clock, mail_sink):
    """The same service by mail: each seat reads its own mail, builds a move from its own view and
    replies in the text form (`format_move`); no mail shows JSON or another seat's cards."""
    from referee.notify.delivery import deliver_due
    from tests.flow.support import EMAILS, make_service, mail_leaks
    from tests.flow.test_mail_play import mail_in, reply

    svc = make_service(database, clock, mail_sink.url)
    seats = [{"name": n, "email": e} for n, e in zip(("Ada", "Bo"), EMAILS)]
    gid = svc.create_game({"game": "khronos", "seats": seats, "options": {"holdem": True}})["id"]
    rnd = random.Random(5)
    n = 0
    # every card a move names is shown to all when it is played (K-R15: one taken from the face-up
    # Hold'em display too), so the mail telling the moves since a seat's last turn may name it even
    # if its owner holds it again ("Ada built ... with C12", then the discard was shuffled into the
    # deck and Ada drew C12 back); any other card of another hand that a mail names is a leak
    told: dict[int, set[str]] = {seat: set() for seat in range(len(seats))}
    while not svc.load(gid).finished:
        deliver_due(svc)
        loaded = svc.load(gid)
        prompt = loaded.rules.prompts(loaded.state)[0]
        latest = mail_sink.to(EMAILS[prompt.seat])[-1]
        assert not mail_leaks(latest), latest.get_content()
        others = [c for s, p in enumerate(loaded.state["players"]) if s != prompt.seat for c in p["hand"]]
        # a card id as a word of its own: "M12" inside a link's random token is no card
        shown = [c for c in others if c not in loaded.state["discard"] and c not in told[prompt.seat]
                 and re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", latest.get_content())]
        assert not shown, (shown, latest.get_content())
        view = loaded.rules.view(loaded.state, prompt.seat)
        move = rnd.choice(prompt.choices) if prompt.choices else move_gen(RULES, view, prompt, rnd)
        told[prompt.seat] = set()
        for seat in told:
            if seat != prompt.seat:
                told[seat].update(cards_named(move))
        result = mail_in(svc.database, reply(latest, EMAILS[prompt.seat], RULES.format_move(move), n))
        assert result.exit_code == 0, result.output
        assert svc.load(gid).seq > loaded.seq, f"mail {n} ({RULES.format_move(move)}) was not played"
        n += 1
        assert n < 500
    assert verify_events([e.to_json() for e in svc.raw_events(gid)]).ok


def test_a_deciding_seat_that_misses_its_deadline_gets_the_spec_default(server, clock):
    """`place_reduced` has its own deadline on seat 2's prompt (the active seat has none while it
    waits); when it passes, the service plays the default (lowest anchor) as a timeout and the
    procedure resumes: seat 0 is prompted for its turn again."""
    position, card = opening()
    created = server.call("POST", "/games", json={
        "game": "khronos", "seats": [{"name": n} for n in "ABCD"], "position": position,
        "clock": {"policy": "fixed", "per_decision": "1h"}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    build = {"type": "build", "age": "might", "building": "civil", "rank": 1, "anchor": [4, 2], "cards": [card]}
    assert server.call("POST", f"/games/{gid}/moves", tokens[0], json={"move": build}).status_code == 201
    game = server.call("GET", f"/games/{gid}").json()
    [prompt] = game["prompts"]
    assert prompt["seat"] == 2 and prompt["deadline"] is not None
    clock.advance(2 * 3600)
    assert server.service.play_due_timeouts() == 1
    events = server.call("GET", f"/games/{gid}/events").json()["events"]
    assert events[-1]["type"] == "timeout" and events[-1]["seat"] == 2
    assert events[-1]["payload"]["move"] == {"type": "place_reduced", "anchor": [5, 2]}
    game = server.call("GET", f"/games/{gid}", tokens[0]).json()
    assert [p["seat"] for p in game["prompts"]] == [0] and game["prompts"][0]["kind"] == "turn"
    tile = next(t for t in game["view"]["boards"]["might"]["tiles"].values() if t["anchor"] == [5, 2])
    assert (tile["rank"], tile["owner"]) == (1, 2)
