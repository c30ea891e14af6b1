"""The serving process freezes the heap start-up built (asgi/heap.py, called by the gunicorn
worker and `referee serve` once the app is built): a full collection of the cyclic collector then
walks what requests allocate, not every module, schema and rule table."""

from __future__ import annotations

import gc
import weakref

import referee.app  # noqa: F401 - what a serving process has imported by then
from referee.asgi.heap import SurvivorFreezer, freeze_startup_heap, settle
from referee.engine.registry import GAME_IDS
from referee.service.referee import Referee


def test_after_start_up_little_is_left_for_a_full_collection_to_walk():
    gc.unfreeze()  # as a fresh process: nothing frozen yet
    gc.collect()
    tracked = len(gc.get_objects())  # what every full collection walks without the freeze
    try:
        frozen = freeze_startup_heap()
        assert frozen >= tracked * 0.9
        assert len(gc.get_objects()) < tracked / 20, (len(gc.get_objects()), tracked)
    finally:
        gc.unfreeze()  # the rest of the test session collects as before


class _Node:
    """A tracked object a weak reference can watch."""

    def __init__(self) -> None:
        self.other: object = None


def test_a_full_collection_freezes_its_survivors_which_still_die_when_dropped_and_a_thaw_frees_dead_cycles():
    """Issue 41: the survivors of a full collection are frozen (the next pass walks only what came
    since); a frozen object is still freed when its last reference goes; a cycle that dies frozen
    is freed after the next thaw (every THAW seconds)."""
    now = [0.0]
    threshold = gc.get_threshold()
    gc.unfreeze()
    gc.collect()
    freezer = SurvivorFreezer(thaw=60.0, clock=lambda: now[0]).install()
    try:
        assert gc.get_threshold()[2] == 1  # a full pass after each middle one: each as short as it
        kept = [_Node() for _ in range(2000)]
        dropped, cycle = _Node(), _Node()
        cycle.other = cycle
        watched = weakref.ref(dropped), weakref.ref(cycle)
        gc.collect()
        assert gc.get_freeze_count() >= 2000 and len(gc.get_objects()) < 2000  # frozen, not walked
        del dropped, cycle
        assert watched[0]() is None  # reference counting frees a frozen object
        gc.collect()
        assert watched[1]() is not None  # a frozen dead cycle waits for the thaw
        now[0] = 61.0
        gc.collect()  # the thaw: everything back to the collector...
        gc.collect()  # ...whose next full pass frees the dead cycle
        assert watched[1]() is None and len(kept) == 2000
        assert gc.get_freeze_count() >= 2000  # and freezes what survived it again
    finally:
        freezer.uninstall(threshold)
        gc.unfreeze()


def test_a_serving_process_builds_every_games_rules_before_it_serves(tmp_path):
    """Issue 41: built on first use, a game's rules (its schemas compiled, 140-260 ms of CPU
    holding the GIL) stopped a worker's loop, /healthz with it, at the first stream or move of
    each game after a restart; `settle` (the worker's and `referee serve`'s) builds them first."""
    service = Referee(str(tmp_path / "settle.db"))
    threshold = gc.get_threshold()
    freezer = settle(service)
    try:
        assert {key[0] for key in service._rules_cache} == set(GAME_IDS)
        assert gc.get_freeze_count() > 0 and gc.get_threshold()[2] == 1
    finally:
        freezer.uninstall(threshold)
        gc.unfreeze()
