"""The serving process's heap after start-up, out of the cyclic collector's reach.

Start-up builds most of what a process ever holds (modules, compiled schemas, the games' rule
tables, translations), and all of it lives as long as the process. The collector's full pass
walks every object it tracks: in a worker that had just served Babel moves, one such pass took
0.2 to 0.6 s inside whichever move allocated at the wrong moment (issue 41). Frozen, those
objects are skipped by every later pass; what requests allocate is collected as before.
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> int:
    """Collect start-up's garbage, then freeze what is left (call once the app is built, before
    it serves); returns how many objects are now frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
