"""Narration with the viewer's views (service/narration.py): each move and timeout is told with
`view(state, viewer)` just before and after it, found by one replay from a remembered state or
the nearest snapshot; the narrations are remembered; every path (events API, move answers,
mails) tells the same."""

from __future__ import annotations

import random

from referee.engine.hashing import canonical
from referee.engine.replay import STATE_EVENTS, apply_event, initial
from referee.plumbing.config import Config
from referee.service import narration_texts
from referee.service.narration import narrate_event
from referee.service.narration_texts import texts, views_around
from referee.service.referee import Referee
from referee.store import snapshots
from referee.store.db import write_transaction


def _babel(database: str, moves: int) -> tuple[Referee, str, list[str]]:
    svc = Referee(database, config=Config(database=database, secret_key="k"))
    created = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}], "options": {"first_seat": 0}})
    gid, rnd, texts_told = created["id"], random.Random(3), []
    for _ in range(moves):
        loaded = svc.load(gid)
        if loaded.finished:
            break
        p = loaded.prompts[0]
        _, answer = svc.submit_move(gid, p.seat, {"move": rnd.choice(p.choices) if p.choices else p.default})
        texts_told += [(p.seat, e["seq"], e["text"]) for e in answer["events"]]
    return svc, gid, texts_told


def _states(svc: Referee, gid: str) -> dict[int, dict]:
    """Every state of the game, by an independent replay from setup (no snapshot, no cache)."""
    log = svc.raw_events(gid)
    p = log[0].payload
    loaded = svc.load(gid)
    state = initial(loaded.rules, loaded.seed, len(p["seats"]), p["options"], p["position"]).state
    out = {1: state}
    for e in log[1:]:
        if e.type in STATE_EVENTS:
            state = apply_event(loaded.rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload)
        out[e.seq] = state
    return out


def test_each_move_is_told_with_the_viewers_own_views_around_it(database):
    svc, gid, told = _babel(database, 70)
    loaded = svc.load(gid)
    rules, states = loaded.rules, _states(svc, gid)
    moves = [e.seq for e in svc.raw_events(gid) if e.type in ("move", "timeout")]
    assert len(moves) >= 60 and loaded.seq > 2 * snapshots.SNAPSHOT_EVERY  # the replay crosses snapshots
    differs = False
    for viewer in (None, 0, 1):
        narration_texts.forget()  # from the snapshots, not from states the moves left behind
        views = views_around(svc, loaded, moves[10:50], viewer)
        assert sorted(views) == moves[10:50]
        for seq, (before, after) in views.items():
            assert canonical(before) == canonical(rules.view(states[seq - 1], viewer)), (viewer, seq)
            assert canonical(after) == canonical(rules.view(states[seq], viewer)), (viewer, seq)
        differs |= any(canonical(v) != canonical(rules.view(states[s - 1], None)) for s, (v, _) in views.items())
    assert differs  # a seat's own views show more than a spectator's: the viewer's views went in

    # The events API's texts are the move answers' texts, cold and warm, with or without snapshots.
    names = ["Ada", "Bo"]
    for viewer in (0, 1):
        seen = svc.events_for(gid, viewer)
        narration_texts.forget()
        cold = texts(svc, loaded, seen, viewer)
        assert texts(svc, loaded, seen, viewer) == cold
        with write_transaction(svc.db) as conn:
            snapshots.delete(conn, gid)
        narration_texts.forget()
        assert texts(svc, loaded, seen, viewer) == cold
        by_seq = {e["seq"]: t for e, t in zip(seen, cold)}
        for seat, seq, text in told:
            if seat == viewer:
                assert by_seq[seq] == text, seq
        for e, text in zip(seen, cold):
            if e["type"] == "move":
                views = (rules.view(states[e["seq"] - 1], viewer), rules.view(states[e["seq"]], viewer))
                assert text == narrate_event(rules, e, names, *views)


def test_a_move_answer_keeps_the_view_it_made_for_that_seat_and_state_only(database):
    """The next move narrates from the cached game's state: the view the last answer made of it
    is kept for the mover (that very state object, the mover's own view), not for the other seat."""
    svc, gid, told = _babel(database, 6)
    loaded, mover = svc.load(gid), told[-1][0]
    kept = narration_texts._views.get((database, gid, mover))
    assert kept is not None and kept[0] is loaded.state
    assert canonical(kept[1]) == canonical(loaded.rules.view(loaded.state, mover))
    other = narration_texts._views.get((database, gid, 1 - mover))
    assert other is None or other[0] is not loaded.state


def test_the_events_api_tells_what_the_move_answer_told(server):
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                                  "options": {"first_seat": 0}}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    told = {}
    for _ in range(12):
        game = server.call("GET", f"/games/{gid}").json()
        seat = game["prompts"][0]["seat"]
        prompt = server.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]
        r = server.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": prompt["choices"][-1]})
        assert r.status_code == 201, r.text
        told.update({(seat, e["seq"]): e["text"] for e in r.json()["events"]})
    for seat in (0, 1):
        listed = server.call("GET", f"/games/{gid}/events", tokens[seat]).json()["events"]
        for e in listed:
            assert isinstance(e["text"], str) and e["text"]
            if (seat, e["seq"]) in told:
                assert e["text"] == told[(seat, e["seq"])]

