"""Ratings per game title as read and rebuilt: `referee ratings rebuild`, the leaderboard
(paged by keyset) and a player's public profile. Which games count and how one game updates its
players' ratings is rating_updates.py (POLICY)."""

from __future__ import annotations

import re
import struct
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import BadRequest, NotFound
from referee.service.competition.rating_updates import POLICY, judge, replay_title
from referee.store import ratings as store, tenures
from referee.store.db import write_transaction
from referee.store.ratings import SHOWN_AFTER
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core


def rebuild(core: "Core") -> dict[str, int]:
    """`referee ratings rebuild`: seats bound to a player not by their own act (an address given
    by someone else, before issue 35) lose that player and every completion record is counted
    again; then every finished game is judged again from its log, and each title's rated games
    replayed in the order of their end. One transaction: readers see the old numbers or the new."""
    from referee.engine.registry import GAME_IDS
    with write_transaction(core.db) as conn:
        for title in sorted(GAME_IDS):  # PostgreSQL: games ending meanwhile wait, then apply on top
            conn.lock_game(f"ratings:{title}")
        forged = tenures.unbind_forged(conn)
        tenures.recount_records(conn)
        store.clear(conn)
        finished = store.finished_games(conn)
        titles = set()
        for _, game_id in finished:
            judged = judge(conn, game_id)
            if judged is None:
                continue
            title, ended_at, why, players, ranks, _ = judged
            store.put_game(conn, game_id, title, ended_at, why, players, ranks)
            if why is None:
                titles.add(title)
        for title in sorted(titles):
            replay_title(conn, title)
        rated = conn.execute("SELECT COUNT(*) FROM rating_games WHERE rated = 1").fetchone()[0]
    return {"games": len(finished), "rated": int(rated), "titles": len(titles), "unbound": forged}


# -- reading -----------------------------------------------------------------------------------

# A cursor is "BITS~PLAYER~POSITION": the last row's rating as the 16 hex digits of its IEEE double
# (exact, and safe in a URL as it is), its player, and how many rows came before it (the places of
# the next page). CURSOR_PATTERN is what the API documents; any string it matches parses.
CURSOR_PATTERN = r"^([0-9a-f]{16}~[^~]{1,64}~[0-9]{1,9})?$"


def _cursor(row: dict[str, Any], position: int) -> str:
    return f"{struct.pack('>d', row['ordinal']).hex()}~{row['player_id']}~{position}"


def _parse_cursor(cursor: str) -> tuple[float, str, int]:
    if not re.match(CURSOR_PATTERN, cursor):
        raise BadRequest("cursor is not one this server gave (give next_cursor of the previous page)",
                         parameter="cursor")
    bits, player, position = cursor.split("~")
    return struct.unpack(">d", bytes.fromhex(bits))[0], player, int(position)


def leaderboard(core: "Core", title: str, limit: int = 50, cursor: str | None = None) -> dict[str, Any]:
    """One page of a title's leaderboard, best first; `next_cursor` gives the next page (keyset:
    the cost of a page does not grow with the number of players before it)."""
    from referee.engine.registry import GAME_IDS
    if title not in GAME_IDS:
        raise NotFound(Text("no game '%(id)s'; games are %(games)s", id=title, games=", ".join(GAME_IDS)))
    if not 1 <= limit <= 200:
        raise BadRequest("limit must be between 1 and 200", parameter="limit")
    after, position = None, 0
    if cursor:
        o, p, position = _parse_cursor(cursor)
        after = (o, p)
    rows = store.board(core.db.conn, title, limit + 1, after)
    more = len(rows) > limit
    rows = rows[:limit]
    entries = [{"place": position + i + 1, "player": {"id": r["player_id"], "name": r["name"]},
                "rating": round(r["ordinal"], 2), "mu": r["mu"], "sigma": r["sigma"], "games": r["games"]}
               for i, r in enumerate(rows)]
    return {"game": title, "policy": POLICY, "shown_after": SHOWN_AFTER, "ratings": entries,
            "next_cursor": _cursor(rows[-1], position + len(rows)) if more and rows else None}


def profile(core: "Core", player_id: str) -> dict[str, Any]:
    """A player's public profile: name, games per title, ratings with their history, completion
    record. Never the address."""
    from referee.store import players as players_store
    conn = core.db.conn
    player = players_store.by_id(conn, player_id)
    if player is None:
        raise NotFound(Text("no player '%(id)s'", id=player_id))
    mine = store.of_player(conn, player_id)
    name = player["name"] or (mine[0]["name"] if mine else None) or Text("Player %(id)s", id=player_id[:6])
    record = tenures.record(conn, player_id)
    return {"id": player_id, "name": name,
            "games": store.games_per_title(conn, player_id),
            "ratings": [{"game": r["game"], "games": r["games"], "shown": r["games"] >= SHOWN_AFTER,
                         "rating": round(r["ordinal"], 2) if r["games"] >= SHOWN_AFTER else None,
                         "history": [{"n": h["n"], "game_id": h["game_id"], "ended_at": h["ended_at"],
                                      "rating": round(h["mu"] - 3 * h["sigma"], 2)}
                                     for h in store.history(conn, player_id, r["game"])]}
                        for r in mine],
            "record": {"finished": record["games_finished"], "timed_out": record["timeouts"],
                       "resigned": store.resigned_count(conn, player_id), "replaced": record["replaced"]}}
