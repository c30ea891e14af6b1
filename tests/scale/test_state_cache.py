"""The state cache is bounded in bytes: whatever is stored, its measured total never passes the
bound, and an evicted game loads the same from its snapshot and log."""

from __future__ import annotations

import random

from referee.plumbing.config import Config
from referee.service.loaded import cached_size
from referee.service.referee import Referee
from referee.service.statecache import StateCache, deep_size
from tests.flow.support import pick


def test_the_total_never_passes_the_bound_and_least_recent_go_first():
    rnd = random.Random(5)
    cache: StateCache[list] = StateCache(1000, len)
    for i in range(2000):
        key = f"g{rnd.randint(0, 40)}"
        cache.put(key, [0] * rnd.randint(1, 1200))
        assert cache.bytes <= 1000
        assert cache.bytes == sum(len(v) for v, _ in cache._entries.values())
        assert all(k == key or len(v) <= 1000 for k, (v, _) in cache._entries.items())
    cache.put("a", [0] * 400); cache.put("b", [0] * 400); cache.get("a"); cache.put("c", [0] * 400)
    assert cache.get("a") is not None and cache.get("b") is None
    cache.put("huge", [0] * 5000)
    assert cache.get("huge") is None


def test_a_replacement_carries_its_measured_size_below_half_the_bound_and_is_walked_every_n():
    walked: list[int] = []

    def size_of(v: list) -> int:
        walked.append(len(v))
        return len(v)
    cache: StateCache[list] = StateCache(1000, size_of, remeasure_every=4)
    for i in range(8):  # a game's entry replaced move after move, far below the bound
        cache.put("g", [0] * (100 + i))
    assert walked == [100, 104] and cache.bytes == 104  # walked at the first put and the fourth replacement
    walked.clear()
    cache.put("big", [0] * 500)
    cache.put("big", [0] * 501)  # past half the bound every entry is walked: sizes decide evictions
    assert walked == [500, 501] and cache.bytes == 104 + 501
    cache.put("other", [0] * 300)  # a new key is always walked
    assert walked[-1] == 300 and cache.bytes == 905


def test_deep_size_counts_what_an_entry_reaches_once_and_skips_shared_objects():
    shared = {"big": "x" * 10_000}
    inner = ["y" * 100]
    entry = {"a": inner, "b": inner, "s": shared}
    assert deep_size([entry]) > 10_000
    assert 100 < deep_size([entry], shared=[shared]) < 1_000


def test_a_service_with_a_small_bound_stays_within_it_and_loads_the_same(tmp_path):
    db = str(tmp_path / "r.db")
    bound = 60_000
    svc = Referee(db, config=Config(database=db, state_cache_bytes=bound))
    rnd = random.Random(1)
    ids = [svc.create_game({"game": g, "seats": [{"name": "A"}, {"name": "B"}]})["id"]
           for g in ("babel", "iron_age", "babel", "iron_age", "babel", "babel", "iron_age", "babel")]
    for _ in range(120):
        gid = rnd.choice(ids)
        loaded = svc.load(gid)
        assert svc._cache.bytes <= bound
        if loaded.finished or not loaded.prompts:
            continue
        p = loaded.prompts[0]
        svc.submit_move(gid, p.seat, {"move": pick(p, rnd)})
        assert svc._cache.bytes <= bound
    assert 0 < len(svc._cache) < len(ids)
    fresh = Referee(db)
    for gid in ids:
        a, b = svc.load(gid), fresh.load(gid)
        assert (a.seq, a.state, a.clocks, a.prompts) == (b.seq, b.state, b.clocks, b.prompts)


def test_a_cached_game_is_measured_with_its_prompts_and_does_not_grow_afterwards(tmp_path):
    svc = Referee(str(tmp_path / "r.db"))
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    svc.forget()
    loaded = svc.load(gid)
    size = cached_size(loaded)
    assert "prompts" in loaded.__dict__
    loaded.prompts
    assert cached_size(loaded) == size
    assert svc._cache.bytes == size


def test_the_measure_by_parts_is_never_below_a_walk_of_the_whole_entry(tmp_path):
    """cached_size remembers the fixed parts and the clocks; what it returns must still bound
    the bytes of everything the entry reaches, move after move, clocked or not."""
    svc = Referee(str(tmp_path / "r.db"))
    rnd = random.Random(4)
    games = [svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]})["id"],
             svc.create_game({"game": "iron_age", "seats": [{"name": "A"}, {"name": "B"}],
                              "clock": {"policy": "fixed", "per_decision": "3d"}})["id"]]
    for _ in range(60):
        for gid in games:
            loaded = svc.load(gid)
            whole = object.__new__(type(loaded))
            whole.__dict__.update({k: v for k, v in loaded.__dict__.items() if not k.startswith("_")})
            loaded.prompts
            whole.__dict__["prompts"] = loaded.prompts
            # the attribute names are the class's own strings, shared by every entry
            walked = deep_size([whole], shared=[loaded.rules, loaded.created.get("components"), *whole.__dict__])
            assert walked <= cached_size(loaded) <= walked * 1.3
            if not loaded.finished:
                p = loaded.prompts[0]
                svc.submit_move(gid, p.seat, {"move": pick(p, rnd)})
