"""Taking a seat: an open or invited seat of a game not started yet, a seat reserved for a
rematch, or a vacant seat whose holder was released (then it is a replacement).

The check that the seat is free, the seat's new credentials and the `seat_joined` (or
`seat_replaced`) event land in one write transaction, with the game's writers held off: two
racing joins give one winner and one 409. The token is minted now, never before, and the
seat's link carries its tenure, so a former holder's token and link are dead."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from referee.engine.schemas import conform
from referee.plumbing.errors import Conflict, Forbidden, NotFound
from referee.service.links import seat_url
from referee.store import credentials, players, projections, seat_names, seat_settings, tenures
from referee.store import tables as tables_mod
from referee.store.db import write_transaction
from referee.store.events import SequenceConflict
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded


def may_take(seat: dict[str, Any], status: str, player: dict[str, Any] | None, reserved_key: str | None) -> str | None:
    """Why the caller may not take this seat (None when they may)."""
    holder = seat["holder"]
    if holder == tenures.HELD:
        return f"seat {seat['seat']} is taken"
    if holder in (tenures.OPEN, tenures.INVITED, tenures.RESERVED) and status != "open":
        return "the game is no longer open"
    if holder == tenures.VACANT and status not in ("active", "paused"):
        return "the game is over"
    if holder == tenures.INVITED and (player is None or player["email"] != (seat["invite"] or "").lower()):
        return f"seat {seat['seat']} is kept for an invited player (sign in with the invited address)"
    if holder == tenures.RESERVED:
        mine = {reserved_key, f"player:{player['id']}" if player else None} - {None}
        if seat["invite"] not in mine:
            return f"seat {seat['seat']} is kept for a player of the game this is a rematch of"
    return None


def join(core: "Core", game_id: str, body: Any, player_id: str | None = None,
         reserved_key: str | None = None) -> dict[str, Any]:
    conform("api/join.json", body)
    if body.get("seat") is not None:
        body = {**body, "seat": int(body["seat"])}  # JSON Schema counts 1.0 as an integer
    core.load(game_id)  # 404 for an unknown game
    token = secrets.token_urlsafe(24)
    try:
        with write_transaction(core.db) as conn:
            conn.lock_game(game_id)  # the game's writers wait here: the checks below cannot go stale
            loaded = core.load(game_id)
            player = players.by_id(conn, player_id) if player_id else None
            seats = tenures.seats(conn, game_id)
            seat = _choose(seats, body.get("seat"), loaded.status, player, reserved_key)
            was = dict(seat)
            replacing = seat["holder"] == tenures.VACANT
            tenure = seat["tenure"] + 1 if replacing else seat["tenure"]
            name = body["name"]
            email = player["email"] if player else None  # mails go to a verified address only
            if not tenures.take(conn, was, game_id, tenure, name, email, player_id, credentials.token_hash(token)):
                raise Conflict(Text("seat %(seat)s was taken first", seat=seat["seat"]), current_seq=loaded.seq)
            seat_settings.set_tz(conn, game_id, seat["seat"], (player or {}).get("tz"))
            after = _append_join(core, conn, loaded, seat["seat"], name, tenure, replacing)
            names = ["" if s.get("open") else s["name"] for s in after.created["seats"]]
            projections.set_players(conn, game_id, names)
            free = sum(1 for s in tenures.seats(conn, game_id) if s["holder"] != tenures.HELD)
            tables_mod.set_status(conn, game_id, "started" if after.status != "open" else "open", free)
    except SequenceConflict as e:
        raise Conflict(Text("another event was appended first; try again"), current_seq=e.current_seq) from None
    core.remember(after)
    out = {"id": game_id, "seat": seat["seat"], "name": name, "tenure": tenure, "token": token,
           "url": seat_url(core.config.base_url, core.secret_key, game_id, seat["seat"], tenure),
           "status": after.status}
    if email:
        out["reply_address"] = core.notifier.reply_address(game_id, seat["seat"])
    return out


def _choose(seats: list[dict[str, Any]], wanted: int | None, status: str, player: dict[str, Any] | None,
            reserved_key: str | None) -> dict[str, Any]:
    if wanted is not None:
        if wanted >= len(seats):
            raise NotFound(Text("the game has no seat %(seat)s", seat=wanted))
        why = may_take(seats[wanted], status, player, reserved_key)
        if why is None:
            return seats[wanted]
        raise (Conflict if seats[wanted]["holder"] == tenures.HELD or "no longer" in why or "over" in why
               else Forbidden)(why)
    for s in seats:
        if may_take(s, status, player, reserved_key) is None:
            return s
    raise Conflict(Text("no seat of this game is free for you"))


def _append_join(core: "Core", conn: Any, loaded: "Loaded", seat: int, name: str, tenure: int,
                 replacing: bool) -> "Loaded":
    """The join's event(s): `seat_joined`, or `seat_replaced` with the former holder's tenure;
    `game_started` when this was the last free seat of an open game."""
    seat_names.put(conn, loaded.game_id, [(seat, tenure, name)])  # the log names the seat by (seat, tenure)
    if replacing:
        past = conn.execute("SELECT missed FROM past_seats WHERE game_id = ? AND seat = ? AND tenure = ?",
                            (loaded.game_id, seat, tenure - 1)).fetchone()
        payload = {"seat": seat, "tenure": tenure, "previous": {"tenure": tenure - 1, "missed": past[0] if past else 0}}
        state = loaded.rules.vacate(loaded.state, seat)
        new = [("seat_replaced", seat, payload)]
    else:
        state = loaded.state
        new = [("seat_joined", seat, {"seat": seat, "tenure": tenure})]
    still_free = [s for s in loaded.created["seats"] if s.get("open") and s["seat"] != seat]
    if loaded.status == "open" and not still_free:
        new.append(("game_started", None, {"seats": len(loaded.created["seats"])}))
    after, _ = core.append(conn, loaded, new, state)
    return after
