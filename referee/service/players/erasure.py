"""A player's rights over their data (issue 40): everything stored about them as a zip
(`GET /players/me/export`), and erasure (`DELETE /players/me`).

Erasure: the address is removed everywhere; the name becomes one pseudonym ("Erased player
3fa2c1") everywhere a person reads it: seats, lists, archive, ratings, mails kept for the others,
and the game logs. A log's `game_created` (and `seat_joined`, `seat_replaced`, `seat_accepted`) name the seats, and their digests
cover those names, so the log is *resealed*: the payloads are rewritten with the pseudonym and
every digest and hash from there to the head recomputed with the game's seed (the server holds
it), then an event `log_resealed` is appended, in the same chain, naming the rewritten seqs, the
pseudonyms and the head hash before. The stored log verifies fully afterwards (`referee verify`);
an export made before still verifies on its own (it is unchanged, and its head is the
`previous_head` the reseal records). The player's id stays as a tombstone without address or
name, so ratings and tournament standings, the opponents' records, do not change.
Design and limits: SECURITY.data.md."""

from __future__ import annotations

import io
import json
import secrets
import zipfile
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import NotFound
from referee.plumbing.i18n import Text
from referee.store import erasure as store, events, players
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

RESEALED = "log_resealed"


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
    """Erase the player (see the module's docstring); one transaction, then the database file
    compacted so the old bytes are gone from it too (SQLite)."""
    pseudonym = f"Erased player {secrets.token_hex(3)}"
    conn = core.db.conn
    player = _player(conn, player_id)
    email = player["email"]
    held = store.held_seats(conn, player_id, email)
    games: dict[str, list[tuple[int, int]]] = {}
    for g, s, t in held:
        games.setdefault(g, []).append((s, t))
    resealed = 0
    with write_transaction(core.db) as c:
        for gid, seats in sorted(games.items()):
            names = [player["name"] or ""] + store.seat_names(c, gid, player_id, email)
            resealed += _reseal(core, c, gid, seats, pseudonym, names)
            current = dict(c.execute("SELECT seat, tenure FROM seats WHERE game_id = ? AND (player_id = ? OR "
                                     "email = ? OR invite = ?)", (gid, player_id, email, email)).fetchall())
            for s, t in seats:
                store.scrub_seat(c, gid, s, t, pseudonym, current.get(s) == t)
            store.rename_past(c, gid, {s for s, _ in seats}, {n for n in names if n}, pseudonym)
            store.scrub_game_texts(c, gid, names, email, pseudonym)
        store.scrub_tournaments(c, email, [player["name"] or ""], pseudonym)
        store.tombstone(c, player_id, pseudonym)
    core.forget()  # cached games hold the old names (other processes step over log_resealed)
    store.compact(core.db.conn)
    return {"erased": True, "pseudonym": pseudonym, "games": len(games), "logs_resealed": resealed}


OWN_ACTS = ("seat_joined", "seat_replaced", "seat_accepted")  # events that name a seat's new holder


def _reseal(core: "Core", conn: Any, game_id: str, seats: list[tuple[int, int]], pseudonym: str,
            names: list[str]) -> int:
    """The game's log with the player's names replaced in the seats they held, resealed, and
    `log_resealed` appended; 1 when the log named them, else 0. A seat's name is theirs when the
    log gives it at one of their tenures, or gives it to one of their seats under a name they
    held it by (a seat created for their address keeps the creator's name when they accept it).
    `names` gains every name replaced."""
    log = events.read(conn, game_id)
    held = set(seats)
    mine = {s for s, _ in seats}
    theirs = {n for n in names if n}
    for e in log:
        if e.type in OWN_ACTS and (e.payload.get("seat"), e.payload.get("tenure")) in held:
            theirs.add(e.payload.get("name") or "")
    payloads: dict[int, dict[str, Any]] = {}
    renamed: dict[str, str] = {}
    for e in log:
        if e.type == "game_created":
            new = [dict(s) for s in e.payload["seats"]]
            for i, s in enumerate(new):
                if i in mine and ((i, 0) in held or s.get("name") in theirs) and s.get("name"):
                    names.append(s["name"])
                    s["name"], renamed[str(i)] = pseudonym, pseudonym
            if new != e.payload["seats"]:
                payloads[e.seq] = {**e.payload, "seats": new}
        elif e.type in OWN_ACTS and e.payload.get("seat") in mine and e.payload.get("name") and (
                (e.payload.get("seat"), e.payload.get("tenure")) in held or e.payload.get("name") in theirs):
            names.append(e.payload["name"])
            payloads[e.seq] = {**e.payload, "name": pseudonym}
            renamed[str(e.payload["seat"])] = pseudonym
    if not payloads:
        return 0
    loaded = core.load(game_id)
    first, old_head = events.reseal(conn, loaded.seed, game_id, payloads)
    core.append(conn, loaded, [(RESEALED, None, {"reason": "erasure", "rewritten": sorted(payloads), "from_seq": first,
                                                 "previous_head": old_head, "names": renamed})], loaded.state)
    return 1
