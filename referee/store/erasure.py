"""A player's data read whole (the export) and erased (`DELETE /players/me`), table by table.

Erasure keeps the player's id (a random string, nothing personal) as a tombstone so that ratings,
tournaments and opponents' records stay as they are; it removes the address everywhere, replaces
the name by a pseudonym everywhere a person reads it (the name table outside the logs too:
store/seat_names.py); no game log holds a name, so none is rewritten."""

from __future__ import annotations

import json
import re
from typing import Any

from referee.store.connection import Connection


def _rows(conn: Connection, sql: str, args: tuple) -> list[dict[str, Any]]:
    cur = conn.execute(sql, args)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def held_seats(conn: Connection, player_id: str, email: str) -> list[tuple[str, int, int]]:
    """(game, seat, tenure) of every seat the player holds or held, or that names their address."""
    now = conn.execute("SELECT game_id, seat, tenure FROM seats WHERE player_id = ? OR email = ? OR invite = ?",
                       (player_id, email, email)).fetchall()
    past = conn.execute("SELECT game_id, seat, tenure FROM past_seats WHERE player_id = ?", (player_id,)).fetchall()
    return sorted({(g, int(s), int(t)) for g, s, t in [*now, *past]})


def seat_names(conn: Connection, game_id: str, player_id: str, email: str) -> list[str]:
    """The names the player's seats of a game go by: those they hold (or that their address was
    offered) and those they held before."""
    now = conn.execute("SELECT name FROM seats WHERE game_id = ? AND (player_id = ? OR email = ? OR invite = ?)",
                       (game_id, player_id, email, email)).fetchall()
    past = conn.execute("SELECT name FROM past_seats WHERE game_id = ? AND player_id = ?", (game_id, player_id)).fetchall()
    return [r[0] for r in [*now, *past] if r[0]]


def everything(conn: Connection, player_id: str, email: str) -> dict[str, list[dict[str, Any]]]:
    """Every row stored about the player (the export), by table; never another player's address."""
    seats = held_seats(conn, player_id, email)
    games = sorted({g for g, _, _ in seats})
    out = {"players": _rows(conn, "SELECT * FROM players WHERE id = ?", (player_id,)),
           "player_tokens": _rows(conn, "SELECT kind, created_at, revoked_at FROM player_tokens WHERE player_id = ?",
                                  (player_id,)),
           "seats": _rows(conn, "SELECT game_id, seat, name, email, webhook, tenure, holder, missed FROM seats "
                          "WHERE player_id = ? OR email = ?", (player_id, email)),
           "past_seats": _rows(conn, "SELECT * FROM past_seats WHERE player_id = ?", (player_id,)),
           "alert_channels": _rows(conn, "SELECT * FROM alert_channels WHERE player_id = ?", (player_id,)),
           "mails": _rows(conn, "SELECT game_id, seat, kind, subject, body, created_at, sent_at FROM outbox "
                          "WHERE recipient = ? ORDER BY id", (email,)),
           "ratings": _rows(conn, "SELECT * FROM ratings WHERE player_id = ?", (player_id,)),
           "rating_history": _rows(conn, "SELECT * FROM rating_history WHERE player_id = ?", (player_id,)),
           "messages": []}
    for g, s, _ in seats:
        out["messages"] += _rows(conn, "SELECT game_id, seq, sender, recipients, note, text, created_at FROM messages "
                                 "WHERE game_id = ? AND sender = ? ORDER BY seq", (g, s))
        out["alert_channels"] += _rows(conn, "SELECT * FROM alert_channels WHERE owner = 'seat' AND game_id = ? "
                                       "AND seat = ?", (g, s))
    out["games"] = [{"game_id": g} for g in games]
    return out


def tombstone(conn: Connection, player_id: str, pseudonym: str) -> None:
    """The player's row without address or name, their tokens, links and own channels gone."""
    email = conn.execute("SELECT email FROM players WHERE id = ?", (player_id,)).fetchone()[0]
    conn.execute("UPDATE players SET email = ?, name = ?, tz = NULL, digest = 0 WHERE id = ?",
                 (f"erased:{player_id}", pseudonym, player_id))
    conn.execute("DELETE FROM player_tokens WHERE player_id = ?", (player_id,))
    conn.execute("DELETE FROM sign_in_links WHERE email = ?", (email,))
    conn.execute("DELETE FROM alert_channels WHERE player_id = ?", (player_id,))
    conn.execute("UPDATE ratings SET name = ? WHERE player_id = ?", (pseudonym, player_id))
    conn.execute("UPDATE archive_seats SET name = ? WHERE player_id = ?", (pseudonym, player_id))
    conn.execute("UPDATE past_seats SET name = ? WHERE player_id = ?", (pseudonym, player_id))
    conn.execute("DELETE FROM outbox WHERE recipient = ?", (email,))


def scrub_seat(conn: Connection, game_id: str, seat: int, tenure: int, pseudonym: str, current: bool) -> None:
    """One seat the player held: its address, webhook and channels gone, its name the pseudonym
    (the seat row only while they still hold it)."""
    if current:
        conn.execute("UPDATE seats SET name = ?, email = NULL, webhook = NULL, invite = NULL "
                     "WHERE game_id = ? AND seat = ?", (pseudonym, game_id, seat))
        conn.execute("UPDATE game_players SET name = ? WHERE game_id = ? AND seat = ?", (pseudonym, game_id, seat))
        conn.execute("UPDATE archive_seats SET name = ? WHERE game_id = ? AND seat = ?", (pseudonym, game_id, seat))
    conn.execute("DELETE FROM alert_channels WHERE owner = 'seat' AND game_id = ? AND seat = ? AND tenure = ?",
                 (game_id, seat, tenure))


def rename_past(conn: Connection, game_id: str, seats: set[int], names: set[str], pseudonym: str) -> None:
    """Earlier tenures of the player's seats that went by one of their names (a seat created for
    their address, before they accepted it) take the pseudonym too."""
    for seat in seats:
        for name in names:
            conn.execute("UPDATE past_seats SET name = ? WHERE game_id = ? AND seat = ? AND name = ?",
                         (pseudonym, game_id, seat, name))


def scrub_game_texts(conn: Connection, game_id: str, names: list[str], email: str, pseudonym: str) -> None:
    """The name and address out of what the game stored as text: mails sent to the others (the
    name as a whole word), cached answers and snapshots (dropped: caches, rebuilt on demand)."""
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in sorted(set(names), key=len, reverse=True)
                                  if n) or r"(?!x)x")
    for oid, subject, body in conn.execute("SELECT id, subject, body FROM outbox WHERE game_id = ?",
                                           (game_id,)).fetchall():
        s, b = pattern.sub(pseudonym, subject).replace(email, ""), pattern.sub(pseudonym, body).replace(email, "")
        if (s, b) != (subject, body):
            conn.execute("UPDATE outbox SET subject = ?, body = ? WHERE id = ?", (s, b, oid))
    conn.execute("DELETE FROM idempotency WHERE game_id = ?", (game_id,))
    conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))


def scrub_tournaments(conn: Connection, email: str, names: list[str], pseudonym: str) -> None:
    """Tournament entries that named the player by address: the address gone, the name replaced."""
    def fix(node: Any) -> Any:
        if isinstance(node, dict):
            if node.get("email") == email:
                node = {k: v for k, v in node.items() if k != "email"}
                if "name" in node:
                    node["name"] = pseudonym
            return {k: fix(v) for k, v in node.items()}
        if isinstance(node, list):
            return [fix(v) for v in node]
        return node
    for tid, spec in conn.execute("SELECT id, spec FROM tournaments").fetchall():
        if email in spec:
            conn.execute("UPDATE tournaments SET spec = ? WHERE id = ?", (json.dumps(fix(json.loads(spec))), tid))
    for tid, rnd, board, players in conn.execute("SELECT tournament_id, round, board, players FROM tournament_games"
                                                 ).fetchall():
        if email in players:
            conn.execute("UPDATE tournament_games SET players = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                         (json.dumps(fix(json.loads(players))), tid, rnd, board))


def compact(conn: Connection) -> None:
    """After an erasure, outside any transaction: the rows' old bytes out of the files too. SQLite
    keeps deleted and overwritten cells in free pages and the write-ahead log until VACUUM and a
    truncating checkpoint; PostgreSQL's dead row versions are not in any dump and VACUUM lets the
    space be reused."""
    if conn.dialect == "sqlite":
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    else:
        for table in ("players", "seats", "past_seats", "seat_names", "game_players", "archive_seats", "ratings",
                      "outbox", "alert_channels", "sign_in_links", "player_tokens", "snapshots", "idempotency",
                      "tournaments", "tournament_games"):
            conn.execute(f"VACUUM {table}")
