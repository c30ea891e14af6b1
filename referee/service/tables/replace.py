"""Releasing a seat so a new player can take it (join.py then appends `seat_replaced`).

The holder may give the seat up at once. The creator, or a vote of every other seat, may release
it once its holder has missed at least `replace_after` deadlines (default 2). Release appends
`seat_released` (votes are `replace_vote` events), and the holder's token and link die in the
same transaction; the deadlines the holder missed stay on that holder's record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.schemas import conform
from referee.plumbing.errors import Conflict, Forbidden, NotFound, Unauthorized
from referee.service.creators import is_creator
from referee.store import credentials, events, players, tenures
from referee.store import tables as tables_mod
from referee.store.db import write_transaction
from referee.store.events import SequenceConflict
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core


def _caller(core: "Core", game_id: str, table: dict | None, token: str | None) -> tuple[str, int | None]:
    """("seat", n) for a seat's holder (seat token or player token), ("creator", None), or 401."""
    if token is None:
        raise Unauthorized("this action needs a seat token, a player token or the creator token")
    conn = core.db.conn
    hashed = credentials.token_hash(token)
    seat = credentials.seat_for_hash(conn, game_id, hashed)
    if seat is None:
        pid = players.player_for_token(conn, hashed)
        if pid is not None:
            seat = tenures.seat_of_player(conn, game_id, pid)
    if seat is not None:
        return "seat", seat
    if is_creator(core, table, token):
        return "creator", None
    raise Unauthorized("the token is not valid for this game")


def release(core: "Core", game_id: str, seat: int, token: str | None, body: Any = None) -> dict[str, Any]:
    body = body or {}
    conform("api/release.json", body)
    loaded = core.load(game_id)
    if not 0 <= seat < loaded.seat_count():
        raise NotFound(Text("the game has no seat %(seat)s", seat=seat))
    table = tables_mod.get(core.db.conn, game_id)
    kind, caller = _caller(core, game_id, table, token)
    need = table["replace_after"] if table else 2
    try:
        with write_transaction(core.db) as conn:
            conn.lock_game(game_id)
            loaded = core.load(game_id)
            core.check_active(loaded)
            held = tenures.seat(conn, game_id, seat)
            if held is None or held["holder"] != tenures.HELD:
                raise Conflict(Text("seat %(seat)s has no holder to replace", seat=seat), current_seq=loaded.seq)
            reason = body.get("reason", "")
            if kind == "seat" and caller == seat:
                by = "holder"
            elif held["missed"] < need:
                raise Forbidden(f"seat {seat}'s holder has missed {held['missed']} deadline(s); it can be replaced "
                                f"without agreeing after {need}")
            elif kind == "creator":
                by = "creator"
            else:
                voters = _votes(conn, game_id, seat, held["tenure"]) | {caller}
                others = {s["seat"] for s in tenures.seats(conn, game_id)
                          if s["holder"] == tenures.HELD and s["seat"] != seat}
                if not others <= voters:
                    after, _ = core.append(conn, loaded, [("replace_vote", caller,
                                                           {"seat": seat, "tenure": held["tenure"]})], loaded.state)
                    core.remember(after)
                    return {"id": game_id, "seat": seat, "released": False, "votes": sorted(voters),
                            "needed": sorted(others)}
                by = "vote"
            tenures.release(conn, game_id, seat)
            after, _ = core.append(conn, loaded, [("seat_released", seat, {
                "seat": seat, "tenure": held["tenure"], "by": by, "missed": held["missed"], "reason": reason})],
                loaded.state)
            if table is not None:
                tables_mod.set_free(conn, game_id, table["free"] + 1)
    except SequenceConflict as e:
        raise Conflict(Text("another event was appended first; try again"), current_seq=e.current_seq) from None
    core.remember(after)
    return {"id": game_id, "seat": seat, "released": True, "by": by}


def _votes(conn: Any, game_id: str, seat: int, tenure: int) -> set[int]:
    """The seats that voted to replace this holder (votes of this tenure only)."""
    return {e.seat for e in events.read(conn, game_id, after=0)
            if e.type == "replace_vote" and e.payload.get("seat") == seat and e.payload.get("tenure") == tenure}
