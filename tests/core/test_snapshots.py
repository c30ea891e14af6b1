"""Snapshots are a cache: a game loads to the same state, clocks and status with or without them."""

from __future__ import annotations

import random

from referee.service.referee import Referee
from referee.store import snapshots
from referee.store.db import write_transaction
from tests.flow.support import pick


def test_deleting_snapshots_changes_nothing_but_speed(database, clock):
    svc = Referee(database, clock=clock)
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                           "clock": {"policy": "fischer", "initial": "3d", "increment": "1d", "max": "5d"}})["id"]
    rnd = random.Random(2)
    while svc.load(gid).seq < 80:
        loaded = svc.load(gid)
        prompt = loaded.prompts[0]
        clock.advance(rnd.randint(1, 40000))
        svc.submit_move(gid, prompt.seat, {"move": pick(prompt, rnd)})
    svc.pause(gid, 1, "vacation")
    live = svc.load(gid)
    assert [s for (s, _, _) in [snapshots.latest(svc.db.conn, gid, n) for n in (30, 60)]] == [25, 50]

    fresh = Referee(svc.database, clock=clock)  # another process: empty cache, uses snapshots
    from_snapshot = fresh.load(gid)
    with write_transaction(fresh.db) as conn:
        assert snapshots.delete(conn) >= 3
    fresh.forget()
    from_scratch = fresh.load(gid)
    for other in (from_snapshot, from_scratch):
        assert (other.seq, other.state, other.status, other.clocks) == (live.seq, live.state, live.status, live.clocks)
    assert fresh.game(gid, 0) == svc.game(gid, 0)
