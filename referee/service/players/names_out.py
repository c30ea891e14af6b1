"""Moving the players' names out of logs recorded before issue 40, once, at the first start after
the upgrade (and by `referee init-db`).

Before, `game_created` named every seat and `seat_joined`/`seat_replaced`/`seat_accepted` named
each new holder (and a replaced holder), inside the hashed payloads. Each such log is moved over
in one transaction: the names go to the name table (store/seat_names.py) under (seat, tenure);
the payloads lose them, and every digest and hash from the first rewritten event to the head is
recomputed with the game's seed (store/events.reseal); then `names_moved_out` is appended in
the same chain: `{rewritten, from_seq, previous_head}`. The stored log verifies fully afterwards,
and an export made before still verifies on its own: its head hash is the `previous_head` the
migration records, and its events before `from_seq` are the stored ones. A game is checked under
its lock, so processes starting together move each log once; an instance flag then makes later
starts skip the walk."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.store import events, instance, seat_names
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

MOVED = "names_moved_out"
DONE = "names_moved_out"  # the instance flag: every log of this database names seats by reference
NAMING = ("seat_joined", "seat_replaced", "seat_accepted")  # events that named a seat's new holder


def move_all(core: "Core", again: bool = False) -> int:
    """Move every log that still names its seats (all of them when `again`: copied in from another
    store); returns how many logs were rewritten."""
    conn = core.db.conn
    if instance.get(conn, DONE) and not again:
        return 0
    moved = 0
    for game_id in list(events.game_ids(conn)):
        with write_transaction(core.db) as c:
            c.lock_game(game_id)
            moved += move_game(core, c, game_id)
    with write_transaction(core.db) as c:
        instance.put(c, DONE, "1")
    if moved:
        core.forget()
    return moved


def unnamed(log: list[events.Event]) -> tuple[dict[int, dict[str, Any]], dict[tuple[int, int], str]]:
    """The payloads of `log` that name a seat, without the names (seq -> payload), and the names
    they gave by (seat, tenure): a tenure's own event first, a later event's `previous` after it."""
    payloads: dict[int, dict[str, Any]] = {}
    names: dict[tuple[int, int], str] = {}
    for e in log:
        p = e.payload
        if e.type == "game_created" and any("name" in s for s in p.get("seats", ())):
            names.update({(int(s.get("seat", i)), 0): s["name"] for i, s in enumerate(p["seats"]) if "name" in s})
            payloads[e.seq] = {**p, "seats": [{k: v for k, v in s.items() if k != "name"} for s in p["seats"]]}
        elif e.type in NAMING and ("name" in p or "name" in (p.get("previous") or {})):
            new = {k: v for k, v in p.items() if k != "name"}
            if "name" in p:
                names[(int(p["seat"]), int(p.get("tenure", 0)))] = p["name"]
            before = p.get("previous")
            if isinstance(before, dict) and "name" in before:
                names.setdefault((int(p["seat"]), int(before.get("tenure", 0))), before["name"])
                new["previous"] = {k: v for k, v in before.items() if k != "name"}
            payloads[e.seq] = new
    return payloads, names


def move_game(core: "Core", conn: Any, game_id: str) -> int:
    """One log moved over in the caller's transaction (holding the game); 1 if it named a seat."""
    log = events.read(conn, game_id)
    payloads, names = unnamed(log)
    if not payloads:
        return 0
    seat_names.put(conn, game_id, [(s, t, n) for (s, t), n in sorted(names.items())])
    loaded = core.load(game_id)
    first, old_head = events.reseal(conn, loaded.seed, game_id, payloads)
    core.append(conn, loaded, [(MOVED, None, {"rewritten": sorted(payloads), "from_seq": first,
                                              "previous_head": old_head})], loaded.state)
    core.forget(game_id)
    return 1
