"""The archive (tables `archive_games`, `archive_seats`): one row per finished public game and one
per seat of it, a projection of the logs written when a game ends and rebuilt by `referee archive
rebuild`. The search reads pages by keyset; the statistics aggregate these rows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from referee.store.connection import Connection

# Sorts and the columns of their keyset, the page's order (all descending except "oldest").
SORTS = {"newest": ("ended_at", "game_id"), "oldest": ("ended_at", "game_id"),
         "longest": ("moves", "ended_at", "game_id")}
_COLUMNS = "a.game_id, a.title, a.started_at, a.ended_at, a.seats, a.moves, a.timeouts, a.reason, a.result"


@dataclass(frozen=True)
class Filters:
    """What a search asks for; None is "any"."""
    title: str | None = None
    player: str | None = None
    result: str | None = None     # win | draw (a game's), or win | loss | draw (the player's)
    ended_from: str | None = None  # ISO date, inclusive
    ended_before: str | None = None  # ISO date, exclusive
    seats: int | None = None
    min_moves: int | None = None
    sort: str = "newest"


# -- writing ----------------------------------------------------------------------------------

def facts(conn: Connection, game_id: str) -> dict[str, Any] | None:
    """What the archive keeps of a finished game, read from its log and seats (None unless the log
    has ended, or when its table is unlisted)."""
    listed = conn.execute("SELECT listed FROM tables WHERE game_id = ?", (game_id,)).fetchone()
    if listed is not None and not listed[0]:
        return None
    ended = conn.execute("SELECT created_at, payload FROM events WHERE game_id = ? AND type = 'game_ended'",
                         (game_id,)).fetchone()
    game = conn.execute("SELECT game, created_at FROM games WHERE id = ?", (game_id,)).fetchone()
    if ended is None or game is None:
        return None
    counts = conn.execute("SELECT type, seat, COUNT(*) FROM events WHERE game_id = ? AND type IN ('move', 'timeout') "
                          "GROUP BY type, seat", (game_id,)).fetchall()
    names = conn.execute("SELECT seat, name FROM game_players WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
    owners = dict(conn.execute("SELECT seat, player_id FROM seats WHERE game_id = ? AND holder = 'held'",
                               (game_id,)).fetchall())
    timeouts = {int(s): int(n) for t, s, n in counts if t == "timeout" and s is not None}
    return {"game_id": game_id, "title": game[0], "started_at": game[1], "ended_at": ended[0],
            "result": json.loads(ended[1])["result"], "moves": sum(int(n) for _, _, n in counts),
            "timeouts": timeouts, "seats": [(int(s), n, owners.get(s)) for s, n in names]}


def outcome(result: dict[str, Any], seat: int) -> str:
    """A seat's outcome: win (the only winner), draw (a shared win, or no winner) or loss."""
    winners = result.get("winners")
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    if seat in winners:
        return "win" if len(winners) == 1 else "draw"
    return "draw" if not winners else "loss"


def put(conn: Connection, f: dict[str, Any]) -> None:
    """The game's rows (replacing any it had)."""
    gid, result, n = f["game_id"], f["result"], len(f["seats"])
    delete(conn, gid)
    decided = int(any(outcome(result, s) == "win" for s, _, _ in f["seats"]))
    conn.execute("INSERT INTO archive_games (game_id, title, started_at, ended_at, seats, moves, timeouts, decided, "
                 "reason, result) VALUES (?,?,?,?,?,?,?,?,?,?)",
                 (gid, f["title"], f["started_at"], f["ended_at"], n, f["moves"], sum(f["timeouts"].values()),
                  decided, str(result.get("reason") or ""), json.dumps(result)))
    conn.executemany("INSERT INTO archive_seats (game_id, seat, name, player_id, title, seats, ended_at, outcome, "
                     "timeouts) VALUES (?,?,?,?,?,?,?,?,?)",
                     [(gid, s, name, pid, f["title"], n, f["ended_at"], outcome(result, s), f["timeouts"].get(s, 0))
                      for s, name, pid in f["seats"]])


def delete(conn: Connection, game_id: str) -> None:
    conn.execute("DELETE FROM archive_games WHERE game_id = ?", (game_id,))
    conn.execute("DELETE FROM archive_seats WHERE game_id = ?", (game_id,))


def clear(conn: Connection) -> None:
    conn.execute("DELETE FROM archive_games")
    conn.execute("DELETE FROM archive_seats")


def ended_games(conn: Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT game_id FROM events WHERE type = 'game_ended' ORDER BY game_id")]


# -- searching --------------------------------------------------------------------------------

def search_sql(f: Filters, limit: int, after: tuple | None) -> tuple[str, list[Any]]:
    """One page's query: every filter a condition on the row, the keyset a row-value comparison
    on the sort's columns, so the index that leads with the filters' columns serves it as a range."""
    by_player = f.player is not None
    t = "s" if by_player else "a"  # the table whose ended_at orders the page
    sql = f"SELECT {_COLUMNS} FROM " + ("archive_seats s JOIN archive_games a ON a.game_id = s.game_id"
                                        if by_player else "archive_games a")
    where: list[str] = []
    args: list[Any] = []
    if by_player:
        where.append("s.name = ?"); args.append(f.player)
    if f.title:
        where.append(f"{t}.title = ?"); args.append(f.title)
    if f.seats is not None:
        where.append(f"{t}.seats = ?"); args.append(f.seats)
    if f.result is not None:
        if by_player:
            where.append("s.outcome = ?"); args.append(f.result)
        else:
            where.append("a.decided = ?"); args.append(1 if f.result == "win" else 0)
    if f.ended_from:
        where.append(f"{t}.ended_at >= ?"); args.append(f.ended_from)
    if f.ended_before:
        where.append(f"{t}.ended_at < ?"); args.append(f.ended_before)
    if f.min_moves is not None:
        where.append("a.moves >= ?"); args.append(f.min_moves)
    keys = [("a.moves" if c == "moves" else f"{t}.{c}") for c in SORTS[f.sort]]
    down = f.sort != "oldest"
    if after is not None:
        where.append(f"({', '.join(keys)}) {'<' if down else '>'} ({', '.join('?' * len(keys))})")
        args += list(after)
    order = ", ".join(f"{k} {'DESC' if down else 'ASC'}" for k in keys)
    sql += (" WHERE " + " AND ".join(where) if where else "") + f" ORDER BY {order} LIMIT ?"
    return sql, [*args, limit]


def search(conn: Connection, f: Filters, limit: int, after: tuple | None) -> list[dict[str, Any]]:
    sql, args = search_sql(f, limit, after)
    rows = [{"id": r[0], "game": r[1], "started_at": r[2], "ended_at": r[3], "seats": int(r[4]), "moves": int(r[5]),
             "timeouts": int(r[6]), "reason": r[7], "result": json.loads(r[8])} for r in conn.execute(sql, args)]
    names = seat_names(conn, [r["id"] for r in rows])
    for r in rows:
        r["players"] = names.get(r["id"], [])
    return rows


def seat_names(conn: Connection, ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Each game's seats (name, player id, outcome), in seat order: one query per page."""
    if not ids:
        return {}
    out: dict[str, list[dict[str, Any]]] = {gid: [] for gid in ids}
    marks = ",".join("?" * len(ids))
    for gid, name, pid, oc in conn.execute(f"SELECT game_id, name, player_id, outcome FROM archive_seats "
                                           f"WHERE game_id IN ({marks}) ORDER BY game_id, seat", ids):
        out[gid].append({"name": name, "player_id": pid, "outcome": oc})
    return out


def explain(conn: Connection, f: Filters, limit: int, after: tuple | None) -> list[str]:
    """The database's plan for a page's query (the benchmark quotes it)."""
    sql, args = search_sql(f, limit, after)
    if conn.dialect == "postgresql":
        return [r[0] for r in conn.execute("EXPLAIN " + sql, args)]
    return [r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql, args)]


# -- statistics -------------------------------------------------------------------------------

def version(conn: Connection, title: str | None = None) -> tuple:
    """Changes whenever a game of the title joins the archive (the statistics' cache key)."""
    where, args = ("WHERE title = ?", [title]) if title else ("", [])
    row = conn.execute(f"SELECT COUNT(*), MAX(ended_at) FROM archive_games {where}", args).fetchone()
    return (int(row[0]), row[1])


def title_rows(conn: Connection, title: str) -> list[tuple]:
    """(started_at, ended_at, moves, timeouts, reason) of every archived game of the title."""
    return [tuple(r) for r in conn.execute("SELECT started_at, ended_at, moves, timeouts, reason FROM archive_games "
                                           "WHERE title = ?", (title,))]


def seat_outcomes(conn: Connection, title: str) -> list[tuple[int, int, str, int]]:
    """(seats, seat, outcome, games) of the title, counted by the database."""
    return [(int(a), int(b), c, int(d)) for a, b, c, d in conn.execute(
        "SELECT seats, seat, outcome, COUNT(*) FROM archive_seats WHERE title = ? GROUP BY seats, seat, outcome",
        (title,))]


def player_outcomes(conn: Connection, player_id: str) -> list[tuple[str, int, int, str, int, int]]:
    """(title, seats, seat, outcome, games, timeouts) of the player's archived seats."""
    return [(a, int(b), int(c), d, int(e), int(t or 0)) for a, b, c, d, e, t in conn.execute(
        "SELECT title, seats, seat, outcome, COUNT(*), SUM(timeouts) FROM archive_seats WHERE player_id = ? "
        "GROUP BY title, seats, seat, outcome", (player_id,))]
