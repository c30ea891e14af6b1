"""Seats held by bots (table `bot_seats`): a projection of `game_created`'s seats and of
`seat_to_bot` events, rebuilt with the others, read by the scheduler's bot job to find the
running games that have bots."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection


def set_bots(conn: Connection, game_id: str, bots: dict[int, dict[str, Any]]) -> None:
    conn.execute("DELETE FROM bot_seats WHERE game_id = ?", (game_id,))
    conn.executemany("INSERT INTO bot_seats (game_id, seat, spec) VALUES (?,?,?)",
                     [(game_id, s, json.dumps(spec, sort_keys=True)) for s, spec in sorted(bots.items())])


def add(conn: Connection, game_id: str, seat: int, spec: dict[str, Any]) -> None:
    """A seat handed to a bot during the game (event `seat_to_bot`)."""
    conn.execute("INSERT INTO bot_seats (game_id, seat, spec) VALUES (?,?,?)",
                 (game_id, seat, json.dumps(spec, sort_keys=True)))


def of_game(conn: Connection, game_id: str) -> dict[int, dict[str, Any]]:
    """Seat -> bot spec of a game's bot seats (at creation, and handed to a bot since)."""
    rows = conn.execute("SELECT seat, spec FROM bot_seats WHERE game_id = ?", (game_id,)).fetchall()
    return {s: json.loads(spec) for s, spec in rows}


def active_games(conn: Connection) -> list[str]:
    """Games still running (or paused) that have a bot seat."""
    rows = conn.execute("SELECT DISTINCT b.game_id FROM bot_seats b JOIN games g ON g.id = b.game_id "
                        "WHERE g.status = 'active' ORDER BY b.game_id").fetchall()
    return [r[0] for r in rows]


def clear(conn: Connection) -> None:
    conn.execute("DELETE FROM bot_seats")
