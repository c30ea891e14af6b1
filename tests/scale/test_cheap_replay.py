"""Rebuilding a game applies its events and nothing else on the way (no state hashes, no
prompts for an unclocked game), and arrives at exactly the live state, prompts and clocks."""

from __future__ import annotations

import random

import pytest

from referee.engine.replay import advance, apply_event
from referee.service.referee import Referee
from referee.store import events, snapshots
from referee.store.db import write_transaction
from tests.flow.support import play_random


@pytest.mark.parametrize("policy", [None, {"policy": "fischer", "initial": "3d", "increment": "1d", "max": "5d"}])
def test_a_rebuilt_game_equals_the_live_one(tmp_path, policy, clock):
    svc = Referee(str(tmp_path / "r.db"), clock=clock)  # whole seconds: stamps round-trip exactly
    body = {"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]}
    if policy:
        body["clock"] = policy
    gid = svc.create_game(body)["id"]
    play_random(svc, gid, 60, random.Random(4), clock)
    live = svc.load(gid)
    with write_transaction(svc.db) as conn:
        snapshots.delete(conn, gid)
    svc.forget()
    rebuilt = svc.load(gid)
    assert (rebuilt.seq, rebuilt.state, rebuilt.clocks, rebuilt.status) == (live.seq, live.state, live.clocks, live.status)
    assert rebuilt.prompts == live.prompts
    for seq in (1, 2, live.seq // 2, live.seq - 1):
        at = svc.load_at(gid, seq)
        assert at.seq == seq


def test_an_unclocked_rebuild_asks_the_rules_for_prompts_once(tmp_path, monkeypatch):
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    play_random(svc, gid, 20, random.Random(2))
    rules = svc.load(gid).rules
    calls = []
    real = type(rules).prompts
    monkeypatch.setattr(type(rules), "prompts", lambda self, state: calls.append(1) or real(self, state))
    svc.forget()
    svc.load(gid).prompts
    assert len(calls) == 1


def test_apply_event_gives_the_state_advance_gives(tmp_path):
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "iron_age", "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    play_random(svc, gid, 15, random.Random(3))
    loaded = svc.load_at(gid, 1)
    state = loaded.state
    for e in events.read(svc.db.conn, gid, after=1):
        step = advance(loaded.rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload)
        assert step.state_hash == e.payload["state_hash"]
        assert apply_event(loaded.rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload) == step.state
        state = step.state
