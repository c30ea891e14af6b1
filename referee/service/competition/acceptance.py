"""Accepting a seat (issue 35): a seat becomes a player's only by that player's own act.

A seat created with someone's address is played with its token or link, by whoever holds them,
and counts for nobody: the address is invited to accept it. A signed-in player whose verified
address the seat was created with accepts it: the seat gets a new tenure (`seat_accepted`), so
the token and link its creator was shown die, and from then on its timeouts, resignation,
replacement and result are that player's. Joining a free seat signed in (tables/join.py) and the
creator's own seat (`"me"`) are the other own acts. A game is rated only when every seat was
held this way before its first move (rating_updates.py)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import Conflict, Forbidden, NotFound
from referee.plumbing.i18n import Text
from referee.service.links import seat_url
from referee.store import credentials, players, seat_names, seat_settings, tenures
from referee.store.db import write_transaction
from referee.store.events import SequenceConflict

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

RUNNING = ("open", "active", "paused")


def accept(core: "Core", game_id: str, seat: int, player_id: str) -> dict[str, Any]:
    """`POST /games/{id}/seats/{seat}/accept`: the signed-in player takes the seat offered to their
    address; answered with the seat's new token and link (the old ones are dead)."""
    core.load(game_id)  # 404 for an unknown game
    token = secrets.token_urlsafe(24)
    try:
        with write_transaction(core.db) as conn:
            conn.lock_game(game_id)  # the game's writers wait: the checks below cannot go stale
            after, tenure = accept_in(core, conn, core.load(game_id), seat, player_id, token)
    except SequenceConflict as e:
        raise Conflict(Text("another event was appended first; try again"), current_seq=e.current_seq) from None
    core.remember(after)
    return {"id": game_id, "seat": seat, "tenure": tenure, "token": token,
            "url": seat_url(core.config.base_url, core.secret_key, game_id, seat, tenure),
            "reply_address": core.notifier.reply_address(game_id, seat), "status": after.status}


def accept_in(core: "Core", conn: Any, loaded: "Loaded", seat: int, player_id: str,
              token: str) -> tuple["Loaded", int]:
    """The acceptance in the caller's transaction (a tournament's round accepts the seats of its
    confirmed players as it creates them): the game after `seat_accepted`, and the new tenure."""
    game_id = loaded.game_id
    held = tenures.seat(conn, game_id, seat) if 0 <= seat < len(loaded.created["seats"]) else None
    if held is None:
        raise NotFound(Text("the game has no seat %(seat)s", seat=seat))
    player = players.by_id(conn, player_id)
    if player is None or (held["email"] or "").lower() != player["email"]:
        raise Forbidden(Text("seat %(seat)s was not offered to your address", seat=seat))
    if held["player_id"] == player_id:
        raise Conflict(Text("seat %(seat)s is yours already", seat=seat), current_seq=loaded.seq)
    if loaded.status not in RUNNING:
        raise Conflict(Text("the game is over"), current_seq=loaded.seq)
    if held["holder"] != tenures.HELD or held["player_id"] is not None:
        raise Conflict(Text("seat %(seat)s changed hands", seat=seat), current_seq=loaded.seq)
    if tenures.seat_of_player(conn, game_id, player_id) is not None:
        raise Conflict(Text("you hold another seat of this game"), current_seq=loaded.seq)
    if conn.execute("SELECT 1 FROM events WHERE game_id = ? AND seat = ? AND type = 'resigned'",
                    (game_id, seat)).fetchone():
        raise Conflict(Text("seat %(seat)s has resigned", seat=seat), current_seq=loaded.seq)
    if not tenures.accept(conn, held, game_id, player_id, credentials.token_hash(token)):
        raise Conflict(Text("seat %(seat)s changed hands", seat=seat), current_seq=loaded.seq)
    seat_settings.set_tz(conn, game_id, seat, player.get("tz"))
    tenure = held["tenure"] + 1
    seat_names.put(conn, game_id, [(seat, tenure, held["name"])])  # the log names the seat by (seat, tenure)
    after, _ = core.append(conn, loaded, [("seat_accepted", seat, {"seat": seat, "tenure": tenure})], loaded.state)
    return after, tenure


def offers(core: "Core", player_id: str) -> list[dict[str, Any]]:
    """The seats of running games created with the player's address and not accepted yet."""
    conn = core.db.conn
    player = players.by_id(conn, player_id)
    return [{"id": o["game_id"], "seat": o["seat"], "name": o["name"], "game": o["game"], "status": o["status"],
             "title": core.rules(o["game"], None).title}
            for o in tenures.offered_to(conn, player["email"])] if player else []
