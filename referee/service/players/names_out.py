"""Moving the players' names out of logs recorded before issue 40, once, at the first start after
the upgrade (and by `referee init-db`).

Before, `game_created` named every seat and `seat_joined`/`seat_replaced`/`seat_accepted` named
each new holder (and a replaced holder), inside the hashed payloads. Each such log is moved over
in one transaction: the names go to the name table (store/seat_names.py) under (seat, tenure);
the payloads lose them, and every digest and hash from the first rewritten event to the head is
recomputed with the game's seed (store/events.reseal); then `names_moved_out` is appended in
the same chain: `{rewritten, from_seq, previous_head}`. The stored log verifies fully afterwards,
and an export made before still verifies on its own and links to it (`referee verify --earlier`,
engine/seatrefs.py: `previous_head` is its head hash; with the seed, its events without the names
have the stored digests). A game is checked under
its lock, so processes starting together move each log once; an instance flag then makes later
starts skip the walk."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine import seatrefs
from referee.store import events, instance, seat_names
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

DONE = "names_moved_out"  # the instance flag: every log of this database names seats by reference


def move_all(core: "Core", again: bool = False) -> int:
    """Move every log that still names its seats (all of them when `again`: copied in from another
    store); returns how many logs were rewritten."""
    conn = core.db.conn
    if instance.get(conn, DONE) and not again:
        return 0
    moved = 0
    for game_id in list(events.game_ids(conn)):
        if not seatrefs.unnamed_log([e.to_json() for e in events.read(conn, game_id)])[0]:
            continue  # read first: most logs need nothing, and then take no write lock
        with write_transaction(core.db) as c:
            c.lock_game(game_id)
            moved += move_game(core, c, game_id)
    with write_transaction(core.db) as c:
        instance.put(c, DONE, "1")
    if moved:
        core.forget()
    return moved


def move_game(core: "Core", conn: Any, game_id: str) -> int:
    """One log moved over in the caller's transaction (holding the game); 1 if it named a seat."""
    payloads, names = seatrefs.unnamed_log([e.to_json() for e in events.read(conn, game_id)])
    if not payloads:
        return 0
    seat_names.put(conn, game_id, [(s, t, n) for (s, t), n in sorted(names.items())])
    loaded = core.load(game_id)
    first, old_head = events.reseal(conn, loaded.seed, game_id, payloads)
    core.append(conn, loaded, [(seatrefs.MOVED, None, {"rewritten": sorted(payloads), "from_seq": first,
                                                       "previous_head": old_head})], loaded.state)
    core.forget(game_id)
    return 1
