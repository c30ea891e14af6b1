"""A player's rights over their data (issue 40): everything stored about them as a zip
(`GET /players/me/export`), and erasure (`DELETE /players/me`).

Erasure: the address is removed everywhere; the name becomes one pseudonym ("Erased player
3fa2c1") everywhere a person reads it: the name table (store/seat_names.py), seats, lists,
archive, ratings, mails kept for the others. No log changes: logs name seats by (seat, tenure),
never by name (logs recorded before were moved over once, names_out.py), so every chain, stored or
exported before, verifies as it did. The player's id stays as a tombstone without address or
name, so ratings and tournament standings, the opponents' records, do not change.
Design, alternatives and limits: SECURITY.md, "Personal data"."""

from __future__ import annotations

import io
import json
import secrets
import zipfile
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import NotFound
from referee.plumbing.i18n import Text
from referee.service.core import ERASED
from referee.store import erasure as store, instance, players, seat_names
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


def _player(conn: Any, player_id: str) -> dict[str, Any]:
    player = players.by_id(conn, player_id)
    if player is None or player["email"].startswith("erased:"):
        raise NotFound(Text("no player '%(id)s'", id=player_id))
    return player


def export(core: "Core", player_id: str) -> bytes:
    """A zip: `player.json` (every row about the player, by table) and, for each game they sat
    in, `games/<id>.jsonl`: its public log and public table talk, as `GET /games/{id}/export`
    gives them to a spectator (`referee verify --file` checks it)."""
    conn = core.db.conn
    player = _player(conn, player_id)
    data = store.everything(conn, player_id, player["email"])
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("player.json", json.dumps(data, indent=2, ensure_ascii=False, default=str))
        for g in data["games"]:
            gid = g["game_id"]
            rows = [*core.events_for(gid, None), *core.message_export(gid, None)]
            z.writestr(f"games/{gid}.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        z.writestr("README.txt", "Everything this referee stores about you: player.json by table; games/ holds "
                                 "the public log of each of your games (check one with `referee verify --file`).\n")
    return buf.getvalue()


def erase(core: "Core", player_id: str) -> dict[str, Any]:
    """Erase the player (see the module's docstring); one transaction that touches no log, then
    the database file compacted so the old bytes are gone from it too (SQLite)."""
    pseudonym = f"Erased player {secrets.token_hex(3)}"
    conn = core.db.conn
    player = _player(conn, player_id)
    email = player["email"]
    games: dict[str, list[tuple[int, int]]] = {}
    for g, s, t in store.held_seats(conn, player_id, email):
        games.setdefault(g, []).append((s, t))
    with write_transaction(core.db) as c:
        for gid, seats in sorted(games.items()):
            names = {n for n in (player["name"], *store.seat_names(c, gid, player_id, email)) if n}
            names |= set(seat_names.rename(c, gid, seats, names, pseudonym))
            current = dict(c.execute("SELECT seat, tenure FROM seats WHERE game_id = ? AND (player_id = ? OR "
                                     "email = ? OR invite = ?)", (gid, player_id, email, email)).fetchall())
            for s, t in seats:
                store.scrub_seat(c, gid, s, t, pseudonym, current.get(s) == t)
            store.rename_past(c, gid, {s for s, _ in seats}, names, pseudonym)
            store.scrub_game_texts(c, gid, sorted(names), email, pseudonym)
        store.scrub_tournaments(c, email, [player["name"] or ""], pseudonym)
        store.tombstone(c, player_id, pseudonym)
        mark = secrets.token_hex(8)
        instance.put(c, ERASED, mark)  # every process drops its cached names and addresses
    core.forget()  # this process at once; the others within Core.ERASURES_LOOK_EVERY seconds
    core.erased_mark = mark
    store.compact(core.db.conn)
    return {"erased": True, "pseudonym": pseudonym, "games": len(games)}
