"""Rematch: a new game with the same players and options, the seats rotated by one (so the
first seat passes to the next player). The seat asking takes its new seat at once; every other
seat is reserved for the same holder, who accepts by asking for the rematch too (page, API)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import Conflict, Unauthorized
from referee.plumbing.i18n import Text, translator
from referee.service.play import create
from referee.service.tables import join, tables
from referee.service.links import game_url
from referee.store import credentials, outbox, players, seat_settings, tenures
from referee.store import tables as tables_mod
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


def _seat_of(core: "Core", game_id: str, token: str | None) -> tuple[int, str | None]:
    conn = core.db.conn
    if token is None:
        raise Unauthorized("a rematch is asked for with a seat token or a player token")
    hashed = credentials.token_hash(token)
    seat = credentials.seat_for_hash(conn, game_id, hashed)
    pid = players.player_for_token(conn, hashed)
    if seat is None and pid is not None:
        seat = tenures.seat_of_player(conn, game_id, pid)
    if seat is None:
        raise Unauthorized("the token is not valid for this game")
    return seat, pid


def rematch(core: "Core", game_id: str, token: str | None) -> dict[str, Any]:
    """Create the rematch, or accept it when another seat created it already (API: a token)."""
    core.load(game_id)  # 404 first
    seat, pid = _seat_of(core, game_id, token)
    return rematch_seat(core, game_id, seat, pid)


def rematch_seat(core: "Core", game_id: str, seat: int, pid: str | None = None) -> dict[str, Any]:
    """The same for a seat already known (a page's seat, a mail's sender); `pid` its player."""
    old = core.load(game_id)
    if old.status != "finished":
        raise Conflict(Text("a rematch follows a finished game"), current_seq=old.seq)
    conn = core.db.conn
    holders = tenures.seats(conn, game_id)
    me = holders[seat]
    table = tables_mod.get(conn, game_id)
    if table and table["rematch"]:
        return _accept(core, game_id, table["rematch"], me, pid)
    n = len(holders)
    order = [(j + 1) % n for j in range(n)]  # new seat j is old seat j+1: the next player starts
    new_seats: list[dict[str, Any]] = []
    for old_seat in order:
        if old_seat == seat:
            entry = {"name": me["name"]} | ({"email": me["email"]} if me["email"] else {})
            new_seats.append(entry | ({"me": True} if pid else {}))
        else:
            new_seats.append({"open": True})
    body = {"game": old.game, "seats": new_seats, "options": old.created["options"], "unlisted": True,
            "clock": old.created.get("clock"),
            **({"talk": old.created["talk"]} if old.created.get("talk") else {}), "replace_after": table["replace_after"] if table else 2}
    if old.created.get("components") is not None:
        body["components"] = old.created["components"]
    made = create.create_game(core, body, pid)
    new_id = made["id"]
    with write_transaction(core.db) as conn:
        for j, old_seat in enumerate(order):
            if old_seat == seat:
                continue
            h = holders[old_seat]
            reserved = f"player:{h['player_id']}" if h["player_id"] else f"seat:{game_id}:{old_seat}"
            conn.execute("UPDATE seats SET holder = 'reserved', invite = ? WHERE game_id = ? AND seat = ?",
                         (reserved, new_id, j))
            if h["email"]:
                tr = translator(seat_settings.of(conn, game_id, old_seat).get("lang"))  # the recipient's language
                outbox.enqueue(conn, game_id, old_seat, "email", h["email"], "rematch",
                               tr.gettext("%(name)s asks for a rematch", name=me["name"]),
                               tr.gettext("%(name)s asks for a rematch of %(title)s. Accept it on your game page "
                                          "(%(url)s) or answer `rematch` to this mail: "
                                          "your seat in the new game is kept for you.",
                                          name=me["name"], title=old.rules.title,
                                          url=game_url(core.config.base_url, game_id)),
                               f"rematch:{game_id}:{old_seat}", core.clock())
        conn.execute("UPDATE tables SET rematch_of = ? WHERE game_id = ?", (game_id, new_id))
        won = tables_mod.set_rematch(conn, game_id, new_id)
    if not won:  # another seat asked at the same moment: theirs is the rematch
        tables._cancel(core, new_id, "a duplicate rematch")
        return _accept(core, game_id, tables_mod.get(core.db.conn, game_id)["rematch"], me, pid)
    mine = next(s for s in made["seats"] if s.get("token"))
    return {"id": new_id, "rematch_of": game_id, "seat": mine["seat"], "name": mine["name"], "token": mine["token"],
            "url": mine["url"], "status": "open", "creator_token": made["creator_token"]}


def _accept(core: "Core", old_id: str, new_id: str, me: dict[str, Any], pid: str | None) -> dict[str, Any]:
    out = join.join(core, new_id, {"name": me["name"]}, pid, reserved_key=f"seat:{old_id}:{me['seat']}")
    return out | {"rematch_of": old_id}
