"""Tables around a game: the lobby of public open games, and what the creator may do with a
game still open (start it early, cancel it); open games expire (the scheduler's job)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.replay import advance
from referee.plumbing.errors import BadRequest, Conflict, Forbidden, Unprocessable
from referee.service.creators import is_creator
from referee.service.links import join_url
from referee.store import players, projections, tenures
from referee.store import tables as tables_mod
from referee.store.db import write_transaction
from referee.store.events import SequenceConflict
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core


def open_table(core: "Core", game_id: str, token: str | None) -> dict[str, Any]:
    """What an open game's page says: the seats still free, whether the caller created the table
    (and so may start it early or cancel it), and whether starting now is allowed."""
    loaded = core.load(game_id)
    held = [s["seat"] for s in tenures.seats(core.db.conn, game_id) if s["holder"] == tenures.HELD]
    free = [s for s in range(loaded.seat_count()) if s not in held]
    taken = len(held)
    return {"free": free, "taken": taken, "join_url": join_url(core.config.base_url, game_id),
            "creator": is_creator(core, tables_mod.get(core.db.conn, game_id), token),
            "can_start": taken >= loaded.rules.min_players and free == list(range(taken, loaded.seat_count()))}


def _creator_table(core: "Core", game_id: str, token: str | None) -> dict[str, Any]:
    core.load(game_id)  # 404 first
    table = tables_mod.get(core.db.conn, game_id)
    if not is_creator(core, table, token):
        raise Forbidden(Text("only the game's creator may do this (its creator token, or the creator's player token)"))
    return table


def lobby(core: "Core", game: str | None = None, seats: int | None = None, limit: int = 50,
          cursor: str | None = None) -> dict[str, Any]:
    """Public open games, newest first, with each creator's completion record (games finished,
    deadlines missed). Names only; never an address."""
    conn = core.db.conn
    before = None
    if cursor:
        stamp, _, gid = cursor.rpartition("~")
        if not stamp or not gid:
            raise BadRequest(Text("cursor: not a cursor this server gave"), parameter="cursor")
        before = (stamp, gid)
    rows = tables_mod.lobby(conn, game, seats, limit, before)
    names = tenures.names_of(conn, [r["game_id"] for r in rows])
    records: dict[str, dict] = {}
    out = []
    for r in rows:
        creator = None
        if r["creator_player"]:
            if r["creator_player"] not in records:
                p = players.by_id(conn, r["creator_player"])
                records[r["creator_player"]] = {"name": p["name"] if p else None, **tenures.record(conn, r["creator_player"])}
            creator = records[r["creator_player"]]
        out.append({"id": r["game_id"], "game": r["game"], "title": core.rules(r["game"], None).title,
                    "seats": r["seats"], "free": r["free"], "status": "open",
                    "players": [n for _, n in sorted(names.get(r["game_id"], {}).items()) if n],
                    "creator": creator, "created_at": r["created_at"], "expires_at": r["expires_at"],
                    "join_url": join_url(core.config.base_url, r["game_id"])})
    nxt = f"{rows[-1]['created_at']}~{rows[-1]['game_id']}" if len(rows) == limit else None
    return {"games": out, "next_cursor": nxt}


def start(core: "Core", game_id: str, token: str | None) -> dict[str, Any]:
    """Start an open game early with the seats taken so far (the seats not taken, which must be
    the last ones, are dropped), where the game's minimum seat count allows."""
    _creator_table(core, game_id, token)
    try:
        with write_transaction(core.db) as conn:
            conn.lock_game(game_id)
            loaded = core.load(game_id)
            if loaded.status != "open":
                raise Conflict(Text("the game is %(status)s, not open", status=loaded.status), current_seq=loaded.seq)
            held = [s["seat"] for s in tenures.seats(conn, game_id) if s["holder"] == tenures.HELD]
            k = len(held)
            if held != list(range(k)):
                raise Conflict("a game starts early only when the seats not taken are the last ones "
                               f"(taken: {', '.join(map(str, held)) or 'none'})", current_seq=loaded.seq)
            if k < loaded.rules.min_players:
                raise Unprocessable(f"{loaded.rules.title} needs at least {loaded.rules.min_players} seats; "
                                    f"{k} are taken")
            if loaded.created.get("position") is not None or _has_position(conn, game_id):
                raise Unprocessable("a game set up from a position starts only with all its seats")
            payload: dict[str, Any] = {"seats": k, "setup": {"seats": k, "options": loaded.created["options"]}}
            step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "game_started", None, payload)
            payload |= {"chance": step.chance, "state_hash": step.state_hash}
            # The seats not taken go first: appending tells the seats of the start, and what it
            # reads of them (the notifier's contacts, cached per seat event) must be the seats kept.
            tenures.drop_free(conn, game_id, k)
            after, _ = core.append(conn, loaded, [("game_started", None, payload)], step.state)
            projections.set_players(conn, game_id, [s["name"] for s in after.created["seats"]])
            tables_mod.set_status(conn, game_id, "started", 0)
            conn.execute("UPDATE tables SET seats = ? WHERE game_id = ?", (k, game_id))
    except SequenceConflict as e:
        raise Conflict(Text("another event was appended first; try again"), current_seq=e.current_seq) from None
    core.remember(after)
    return {"id": game_id, "status": after.status, "seats": k, "seq": after.seq}


def _has_position(conn: Any, game_id: str) -> bool:
    from referee.store import events
    return events.first(conn, game_id).payload.get("position") is not None


def cancel(core: "Core", game_id: str, token: str | None, reason: str = "cancelled by its creator") -> dict[str, Any]:
    _creator_table(core, game_id, token)
    return _cancel(core, game_id, reason)


def _cancel(core: "Core", game_id: str, reason: str) -> dict[str, Any]:
    try:
        with write_transaction(core.db) as conn:
            conn.lock_game(game_id)
            loaded = core.load(game_id)
            if loaded.status != "open":
                raise Conflict(Text("only an open game can be cancelled; this one is %(status)s", status=loaded.status),
                               current_seq=loaded.seq)
            after, _ = core.append(conn, loaded, [("game_cancelled", None, {"reason": reason}),
                                                  ("seed_revealed", None, {"seed": loaded.seed.hex()})], loaded.state)
            tables_mod.set_status(conn, game_id, "cancelled")
    except SequenceConflict as e:
        raise Conflict(Text("another event was appended first; try again"), current_seq=e.current_seq) from None
    core.remember(after)
    return {"id": game_id, "status": after.status}


def expire_open_games(core: "Core") -> int:
    """Cancel open games past their expiry (the scheduler's job); a game filled meanwhile stays."""
    n = 0
    for game_id in tables_mod.expired(core.db.conn, core.clock()):
        try:
            _cancel(core, game_id, "expired: its seats were not all taken in time")
            n += 1
        except Conflict:
            with write_transaction(core.db) as conn:
                tables_mod.set_status(conn, game_id, "started")
    return n
