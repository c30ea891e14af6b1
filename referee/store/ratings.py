"""Ratings per game title (tables `rating_games`, `ratings`, `rating_history`): a projection of
the finished games' logs that `referee ratings rebuild` recomputes with identical numbers.
mu and sigma are stored as the exact doubles the rating model gave (REAL / DOUBLE PRECISION)."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection

SHOWN_AFTER = 5  # rated games before a player's rating is shown on the leaderboard


def event_stats(conn: Connection, game_id: str) -> dict[tuple[str, int | None], tuple[int, int]]:
    """(how many, the first seq) of each (type, seat) of a game's log: one grouped query."""
    rows = conn.execute("SELECT type, seat, COUNT(*), MIN(seq) FROM events WHERE game_id = ? GROUP BY type, seat",
                        (game_id,)).fetchall()
    return {(t, s): (int(n), int(first)) for t, s, n, first in rows}


def ended_event(conn: Connection, game_id: str) -> tuple[str, dict[str, Any]] | None:
    """(created_at, payload) of a game's `game_ended` event, if it has one."""
    row = conn.execute("SELECT created_at, payload FROM events WHERE game_id = ? AND type = 'game_ended'",
                       (game_id,)).fetchone()
    return (row[0], json.loads(row[1])) if row else None


def finished_games(conn: Connection) -> list[tuple[str, str]]:
    """(ended_at, game_id) of every game whose log has ended, in the order ratings replay them."""
    rows = conn.execute("SELECT created_at, game_id FROM events WHERE type = 'game_ended'").fetchall()
    return sorted((r[0], r[1]) for r in rows)


def holders(conn: Connection, game_id: str) -> list[tuple[str | None, str, str]]:
    """(player id, seat name, holder state) of each seat, in seat order."""
    rows = conn.execute("SELECT player_id, name, holder FROM seats WHERE game_id = ? ORDER BY seat",
                        (game_id,)).fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def put_game(conn: Connection, game_id: str, title: str, ended_at: str, why: str | None,
             players: list[str | None], ranks: list[int]) -> None:
    conn.execute("DELETE FROM rating_games WHERE game_id = ?", (game_id,))
    conn.execute("INSERT INTO rating_games (game_id, title, ended_at, rated, why, players, ranks) VALUES (?,?,?,?,?,?,?)",
                 (game_id, title, ended_at, 0 if why else 1, why, json.dumps(players), json.dumps(ranks)))


def rated_game(conn: Connection, game_id: str) -> dict[str, Any] | None:
    row = conn.execute("SELECT title, ended_at, rated, why, players, ranks FROM rating_games WHERE game_id = ?",
                       (game_id,)).fetchone()
    if row is None:
        return None
    return {"game_id": game_id, "title": row[0], "ended_at": row[1], "rated": bool(row[2]), "why": row[3],
            "players": json.loads(row[4]), "ranks": json.loads(row[5])}


def later_rated(conn: Connection, title: str, ended_at: str, game_id: str) -> bool:
    """Whether a rated game of the title sorts after (ended_at, game_id): then an update must
    replay the title from there to stay equal to a rebuild."""
    row = conn.execute("SELECT 1 FROM rating_games WHERE title = ? AND rated = 1 AND "
                       "(ended_at > ? OR (ended_at = ? AND game_id > ?)) LIMIT 1",
                       (title, ended_at, ended_at, game_id)).fetchone()
    return row is not None


def rated_games_of(conn: Connection, title: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT game_id, ended_at, players, ranks FROM rating_games WHERE title = ? AND rated = 1 "
                        "ORDER BY ended_at, game_id", (title,)).fetchall()
    return [{"game_id": r[0], "ended_at": r[1], "players": json.loads(r[2]), "ranks": json.loads(r[3])} for r in rows]


def current(conn: Connection, title: str, player_ids: list[str]) -> dict[str, tuple[float, float, int]]:
    """player -> (mu, sigma, games) for the players that have a rating in the title."""
    marks = ",".join("?" * len(player_ids))
    rows = conn.execute(f"SELECT player_id, mu, sigma, games FROM ratings WHERE title = ? AND player_id IN ({marks})",
                        (title, *player_ids)).fetchall()
    return {r[0]: (float(r[1]), float(r[2]), int(r[3])) for r in rows}


def put_rating(conn: Connection, title: str, player_id: str, name: str, mu: float, sigma: float, ordinal: float,
               games: int, game_id: str, ended_at: str) -> None:
    conn.execute("DELETE FROM ratings WHERE title = ? AND player_id = ?", (title, player_id))
    conn.execute("INSERT INTO ratings (title, player_id, name, mu, sigma, ordinal, games, shown) VALUES (?,?,?,?,?,?,?,?)",
                 (title, player_id, name, mu, sigma, ordinal, games, 1 if games >= SHOWN_AFTER else 0))
    conn.execute("INSERT INTO rating_history (title, player_id, n, game_id, ended_at, mu, sigma) VALUES (?,?,?,?,?,?,?)",
                 (title, player_id, games, game_id, ended_at, mu, sigma))


def put_ratings(conn: Connection, title: str, rows: list[tuple[str, str, float, float, float, int]],
                history: list[tuple]) -> None:
    """A title's ratings written at once after a replay: (player, name, mu, sigma, ordinal, games)
    rows and (title, player, n, game, ended_at, mu, sigma) history rows."""
    conn.executemany("INSERT INTO ratings (title, player_id, name, mu, sigma, ordinal, games, shown) VALUES (?,?,?,?,?,?,?,?)",
                     [(title, p, name, mu, sigma, o, n, 1 if n >= SHOWN_AFTER else 0) for p, name, mu, sigma, o, n in rows])
    conn.executemany("INSERT INTO rating_history (title, player_id, n, game_id, ended_at, mu, sigma) VALUES (?,?,?,?,?,?,?)",
                     history)


def clear_title(conn: Connection, title: str) -> None:
    conn.execute("DELETE FROM ratings WHERE title = ?", (title,))
    conn.execute("DELETE FROM rating_history WHERE title = ?", (title,))


def clear(conn: Connection) -> None:
    for table in ("rating_games", "ratings", "rating_history"):
        conn.execute(f"DELETE FROM {table}")


def board(conn: Connection, title: str, limit: int, after: tuple[float, str] | None) -> list[dict[str, Any]]:
    """One page of the leaderboard (players shown after SHOWN_AFTER games), best ordinal first (equal
    ones by player id, descending), by keyset: (ordinal, player) of the last row of the previous
    page, one row-value comparison that the index ratings_board serves as a range, so a page costs
    the same wherever it starts."""
    sql = "SELECT player_id, name, mu, sigma, ordinal, games FROM ratings WHERE title = ? AND shown = 1"
    params: list[Any] = [title]
    if after is not None:
        sql += " AND (ordinal, player_id) < (?, ?)"
        params += [after[0], after[1]]
    rows = conn.execute(sql + " ORDER BY ordinal DESC, player_id DESC LIMIT ?", (*params, limit)).fetchall()
    return [{"player_id": r[0], "name": r[1], "mu": float(r[2]), "sigma": float(r[3]), "ordinal": float(r[4]),
             "games": int(r[5])} for r in rows]


def all_ratings(conn: Connection) -> list[tuple]:
    """Every rating row and history row, in a fixed order (tests compare rebuilds with it)."""
    a = conn.execute("SELECT title, player_id, mu, sigma, ordinal, games FROM ratings ORDER BY title, player_id").fetchall()
    b = conn.execute("SELECT title, player_id, n, game_id, mu, sigma FROM rating_history "
                     "ORDER BY title, player_id, n").fetchall()
    return [tuple(r) for r in a] + [tuple(r) for r in b]


def of_player(conn: Connection, player_id: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT title, name, mu, sigma, ordinal, games FROM ratings WHERE player_id = ? ORDER BY title",
                        (player_id,)).fetchall()
    return [{"game": r[0], "name": r[1], "mu": float(r[2]), "sigma": float(r[3]), "ordinal": float(r[4]),
             "games": int(r[5])} for r in rows]


def history(conn: Connection, player_id: str, title: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT n, game_id, ended_at, mu, sigma FROM rating_history WHERE player_id = ? AND title = ? "
                        "ORDER BY n", (player_id, title)).fetchall()
    return [{"n": r[0], "game_id": r[1], "ended_at": r[2], "mu": float(r[3]), "sigma": float(r[4])} for r in rows]


def games_per_title(conn: Connection, player_id: str) -> dict[str, int]:
    """Games the player finished in a seat held to the end, per title (rated or not)."""
    rows = conn.execute("SELECT g.game, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id "
                        "WHERE s.player_id = ? AND s.holder = 'held' AND g.status = 'finished' GROUP BY g.game",
                        (player_id,)).fetchall()
    return {r[0]: int(r[1]) for r in rows}


def resigned_count(conn: Connection, player_id: str) -> int:
    """Games the player resigned (a `resigned` event of a seat they held to the end)."""
    row = conn.execute("SELECT COUNT(*) FROM seats s JOIN events e ON e.game_id = s.game_id AND e.seat = s.seat "
                       "AND e.type = 'resigned' WHERE s.player_id = ? AND s.holder = 'held'", (player_id,)).fetchone()
    return int(row[0]) if row else 0
