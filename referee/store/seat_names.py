"""Seat names outside the hash chain (table `seat_names`): the name each holder of a seat goes by,
per tenure (issue 40). A log names a seat by (seat, tenure) only, so a name can be replaced (an
erasure) without touching any chain; the service joins the names in where people read them."""

from __future__ import annotations

from typing import Any, Iterable

from referee.store.connection import Connection

_UPSERT = ("INSERT INTO seat_names (game_id, seat, tenure, name) VALUES (?,?,?,?) "
           "ON CONFLICT (game_id, seat, tenure) DO UPDATE SET name = excluded.name")


def put(conn: Connection, game_id: str, names: Iterable[tuple[int, int, str]]) -> None:
    """(seat, tenure, name) rows of a game, written (or replaced) before the event that refers to them."""
    conn.executemany(_UPSERT, [(game_id, s, t, n) for s, t, n in names])


def name(conn: Connection, game_id: str, seat: int, tenure: int) -> str | None:
    row = conn.execute("SELECT name FROM seat_names WHERE game_id = ? AND seat = ? AND tenure = ?",
                       (game_id, seat, tenure)).fetchone()
    return row[0] if row else None


def of_game(conn: Connection, game_id: str) -> dict[tuple[int, int], str]:
    """(seat, tenure) -> name of every tenure of the game."""
    return {(int(s), int(t)): n for s, t, n in conn.execute(
        "SELECT seat, tenure, name FROM seat_names WHERE game_id = ?", (game_id,)).fetchall()}


def latest(conn: Connection, game_id: str) -> dict[int, str]:
    """Each seat's name under its latest tenure."""
    out: dict[int, tuple[int, str]] = {}
    for (s, t), n in of_game(conn, game_id).items():
        if s not in out or t > out[s][0]:
            out[s] = (t, n)
    return {s: n for s, (_, n) in out.items()}


def rename(conn: Connection, game_id: str, tenures: Iterable[tuple[int, int]], names: set[str],
           pseudonym: str) -> list[str]:
    """The given tenures, and any tenure of the same seats that went by one of `names` (a seat
    created for a player's address before they accepted it), named `pseudonym`; returns the names
    replaced."""
    held = set(tenures)
    seats = {s for s, _ in held}
    replaced = []
    for (s, t), n in of_game(conn, game_id).items():
        if (s, t) in held or (s in seats and n in names):
            replaced.append(n)
            conn.execute("UPDATE seat_names SET name = ? WHERE game_id = ? AND seat = ? AND tenure = ?",
                         (pseudonym, game_id, s, t))
    return replaced


# -- copying a game to another store (`referee migrate-store`) ----------------------------------

def all_rows(conn: Connection, game_id: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in conn.execute("SELECT seat, tenure, name FROM seat_names WHERE game_id = ?",
                                           (game_id,)).fetchall()]


def copy_rows(conn: Connection, game_id: str, rows: list[tuple[Any, ...]]) -> None:
    put(conn, game_id, [(int(s), int(t), n) for s, t, n in rows])
