"""Pre-set moves (table `presets`, issue 27): each seat's private queue for its next prompts, the
note that tells the seat why its queue was dropped, and every entry's fate. Private to the seat:
nothing here is in the public log until a queued move fires (then it is a `move` event marked
`by: "preset"`); the history is shown in the full export once the game is over. Also the
projection `proposals_due`: open proposals to end a game by agreement, by when they lapse."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection


def queue_of(conn: Connection, game_id: str, seat: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The seat's queue (entries `{"move", "if"?}`, first first) and the last note (why a queue
    was dropped), or ([], None)."""
    row = conn.execute("SELECT queue, note FROM presets WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
    if row is None:
        return [], None
    return json.loads(row[0]), json.loads(row[1]) if row[1] else None


def queued_seats(conn: Connection, game_id: str) -> set[int]:
    """Seats of a game with a non-empty queue (one cheap read per append)."""
    rows = conn.execute("SELECT seat FROM presets WHERE game_id = ? AND queue <> '[]'", (game_id,)).fetchall()
    return {r[0] for r in rows}


def history_of(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """Every entry ever queued in the game with its fate, by seat (for the full export)."""
    rows = conn.execute("SELECT seat, history FROM presets WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
    return [{**h, "seat": seat} for seat, hist in rows for h in json.loads(hist)]


def save(conn: Connection, game_id: str, seat: int, queue: list[dict[str, Any]], note: dict[str, Any] | None,
         fates: list[dict[str, Any]] = ()) -> None:
    """Set the seat's queue and note, appending `fates` to its history."""
    row = conn.execute("SELECT history FROM presets WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
    history = [*(json.loads(row[0]) if row else []), *fates]
    args = (json.dumps(queue, sort_keys=True), json.dumps(note, sort_keys=True) if note else None,
            json.dumps(history, sort_keys=True))
    if row is None:
        conn.execute("INSERT INTO presets (game_id, seat, queue, note, history) VALUES (?,?,?,?,?)",
                     (game_id, seat, *args))
    else:
        conn.execute("UPDATE presets SET queue = ?, note = ?, history = ? WHERE game_id = ? AND seat = ?",
                     (*args, game_id, seat))


def proposal_opened(conn: Connection, game_id: str, proposal: int, expires_at: float) -> None:
    conn.execute("INSERT INTO proposals_due (game_id, proposal, expires_at) VALUES (?,?,?)",
                 (game_id, proposal, expires_at))


def proposal_closed(conn: Connection, game_id: str, proposal: int | None = None) -> None:
    """A proposal decided (or every proposal of a game that ended)."""
    if proposal is None:
        conn.execute("DELETE FROM proposals_due WHERE game_id = ?", (game_id,))
    else:
        conn.execute("DELETE FROM proposals_due WHERE game_id = ? AND proposal = ?", (game_id, proposal))


def proposals_due(conn: Connection, now: float) -> list[tuple[str, int]]:
    rows = conn.execute("SELECT game_id, proposal FROM proposals_due WHERE expires_at <= ? "
                        "ORDER BY expires_at LIMIT 500", (now,)).fetchall()
    return [(r[0], r[1]) for r in rows]


def all_rows(conn: Connection, game_id: str) -> list[tuple]:
    """A game's queues as stored (`referee migrate-store`: not derivable from its log)."""
    return [tuple(r) for r in conn.execute("SELECT game_id, seat, queue, note, history FROM presets "
                                           "WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()]


def copy_rows(conn: Connection, rows: list[tuple]) -> None:
    conn.executemany("INSERT INTO presets (game_id, seat, queue, note, history) VALUES (?,?,?,?,?)", rows)
