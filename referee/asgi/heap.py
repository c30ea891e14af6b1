"""The serving process's heap once its app is built: every game's rules built, and out of the
cyclic collector's reach what start-up built and what outlives a full collection.

Each game's rules compile their JSON schemas when first built (140-260 ms of CPU a game, much
of it in single `compile` calls that hold the GIL throughout). Built on first use, the first
stream or move of each game in each worker stopped that worker's event loop, /healthz with it,
just when every page reconnects after a restart (issue 41: up to 350 ms while 10,000 streams
opened). gunicorn's master builds them before it forks (~1 s once per server, the compiled
schemas then shared by its workers), and each worker has its service build its instances
before it serves (`settle`: ~30 ms).

Start-up builds most of what a process ever holds (modules, compiled schemas, the games' rule
tables, translations), and all of it lives as long as the process. The collector's full pass
walks every object it tracks: in a worker that had just served Babel moves, one such pass took
0.2 to 0.6 s inside whichever move allocated at the wrong moment (issue 41). Frozen, those
objects are skipped by every later pass; what requests allocate is collected as before.

Live feeds are the other long-lived population: a worker holding 2,000 open streams tracks some
80 objects for each (coroutines, futures, its connection's protocol), and every full pass walked
them all: 50 to 130 ms of CPU each, several while streams opened, the event loop (and /healthz)
stopped meanwhile (issue 41). `SurvivorFreezer` freezes what a full collection leaves: at that
moment every tracked object is reachable (the pass has just freed the unreachable ones), so
nothing dead is frozen, and the next pass walks only what was promoted since. A frozen object is
still freed by reference counting when the last reference goes (a closed stream's objects are:
tests/core/test_startup_heap.py); only a cycle that dies frozen would outlive it, so once every
THAW seconds the frozen heap is given back to the collector, whose next full pass frees any such
cycle (one full pass an hour instead of one each time the population grows by a quarter).
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

from referee.engine.registry import GAME_IDS, rules_for

THAW = 3600.0  # seconds between two returns of the frozen heap to the collector
FULL_AFTER = 1  # collections of the middle generation between two full ones (Python's default: 10)


def build_games(service: Any = None) -> None:
    """Every game's rules built: by `service` (and cached by it), or only their module-level
    caches (compiled schemas, tables) when there is none yet, as in gunicorn's master before it
    forks the workers (deploy/gunicorn.conf.py: once per server, shared by its workers)."""
    for game in GAME_IDS:
        if service is None:
            rules_for(game)
        else:
            service.rules(game, None)


def settle(service: Any, build: bool = True) -> SurvivorFreezer:
    """What a serving process does once its app is built, before it serves: the rules of every
    game built by its service (unless not `build`: `referee serve`, a development server that
    starts fast), then start-up's heap frozen, then the freezing of each full collection's
    survivors started."""
    if build:
        build_games(service)
    freeze_startup_heap()
    return SurvivorFreezer().install()


def freeze_startup_heap() -> int:
    """Collect start-up's garbage, then freeze what is left (call once the app is built, before
    it serves); returns how many objects are now frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class SurvivorFreezer:
    """After each full collection, freeze its survivors; every `thaw` seconds, let the next full
    collection walk (and free the dead cycles of) the whole heap instead."""

    def __init__(self, thaw: float = THAW, clock: Callable[[], float] = time.monotonic):
        self.thaw = thaw
        self.clock = clock
        self.thawed = clock()
        self.frozen = 0  # how many times survivors were frozen (for tests and diagnostics)

    def install(self) -> SurvivorFreezer:
        """Start (and make a full collection follow each collection of the middle generation:
        with the survivors frozen it walks only what was promoted since, a pass as short as
        that one, where ten of them made one pass of up to 70,000 objects while streams opened)."""
        gc.callbacks.append(self._collected)
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, FULL_AFTER)
        return self

    def uninstall(self, threshold: tuple[int, int, int] = (700, 10, 10)) -> None:
        gc.callbacks.remove(self._collected)
        gc.set_threshold(*threshold)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        now = self.clock()
        if now - self.thawed >= self.thaw:
            self.thawed = now
            gc.unfreeze()  # the next full collection walks everything once
        else:
            gc.freeze()  # all reachable now: the pass has just freed the rest
            self.frozen += 1
