"""The serving process freezes the heap start-up built (asgi/heap.py, called by the gunicorn
worker and `referee serve` once the app is built): a full collection of the cyclic collector then
walks what requests allocate, not every module, schema and rule table."""

from __future__ import annotations

import gc

import referee.app  # noqa: F401 - what a serving process has imported by then
from referee.asgi.heap import freeze_startup_heap


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
