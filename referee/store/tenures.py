"""Who holds each seat (table `seats`: player, tenure, holder state, missed deadlines) and the
records of former holders (`past_seats`). A seat's token is minted when its holder takes it;
the tenure number is part of its link, so both die when the seat changes hands."""

from __future__ import annotations

import json
from typing import Any

from referee.store.connection import Connection

HELD, OPEN, INVITED, RESERVED, VACANT = "held", "open", "invited", "reserved", "vacant"
FREE = (OPEN, INVITED, RESERVED, VACANT)


def free_hash(game_id: str, seat: int, tenure: int) -> str:
    """The token_hash of a seat nobody holds: unique, and no token's sha256 hex can equal it."""
    return f"free:{game_id}:{seat}:{tenure}"


def add_free(conn: Connection, game_id: str, seat: int, holder: str, invite: str | None) -> None:
    """A seat nobody holds yet: open, invited (`invite` = the address) or reserved (`invite` =
    "player:<id>" or "seat:<game>:<seat>", the holder of a seat in the game it is a rematch of)."""
    conn.execute("INSERT INTO seats (game_id, seat, name, email, webhook, token_hash, holder, invite) "
                 "VALUES (?,?,?,?,?,?,?,?)", (game_id, seat, "", None, None, free_hash(game_id, seat, 0), holder, invite))


def seat(conn: Connection, game_id: str, seat_no: int) -> dict[str, Any] | None:
    row = conn.execute("SELECT seat, name, email, player_id, tenure, holder, invite, missed FROM seats "
                       "WHERE game_id = ? AND seat = ?", (game_id, seat_no)).fetchone()
    return _row(row) if row else None


def seats(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT seat, name, email, player_id, tenure, holder, invite, missed FROM seats "
                        "WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
    return [_row(r) for r in rows]


def _row(r: tuple) -> dict[str, Any]:
    s, name, email, player, tenure, holder, invite, missed = r
    return {"seat": s, "name": name, "email": email, "player_id": player, "tenure": tenure, "holder": holder,
            "invite": invite, "missed": missed}


def take(conn: Connection, was: dict[str, Any], game_id: str, tenure: int, name: str, email: str | None,
         player_id: str | None, token_hash: str) -> bool:
    """The seat given to a newcomer if it is still as `was` (free, same tenure): a compare and
    swap whose row count decides, inside the join's transaction."""
    cur = conn.execute("UPDATE seats SET name = ?, email = ?, player_id = ?, token_hash = ?, tenure = ?, "
                       "holder = 'held', invite = NULL, missed = 0 WHERE game_id = ? AND seat = ? "
                       "AND holder = ? AND tenure = ?",
                       (name, email, player_id, token_hash, tenure, game_id, was["seat"], was["holder"], was["tenure"]))
    return cur.rowcount == 1


def release(conn: Connection, game_id: str, seat_no: int) -> dict[str, Any] | None:
    """Free a held seat: its holder's record moves to past_seats, its token dies at once."""
    held = seat(conn, game_id, seat_no)
    if held is None or held["holder"] != HELD:
        return None
    conn.execute("INSERT INTO past_seats (game_id, seat, tenure, player_id, name, missed) VALUES (?,?,?,?,?,?)",
                 (game_id, seat_no, held["tenure"], held["player_id"], held["name"], held["missed"]))
    if held["player_id"] is not None:
        conn.execute("UPDATE players SET replaced = replaced + 1 WHERE id = ?", (held["player_id"],))
    conn.execute("UPDATE seats SET holder = 'vacant', token_hash = ?, player_id = NULL, email = NULL, "
                 "webhook = NULL, missed = 0 WHERE game_id = ? AND seat = ?",
                 (free_hash(game_id, seat_no, held["tenure"] + 1), game_id, seat_no))
    # The holder's own plans go with them: their pre-set moves (and the note on a dropped queue)
    # and their mutes are never the next holder's to read or to have played.
    conn.execute("DELETE FROM presets WHERE game_id = ? AND seat = ?", (game_id, seat_no))
    conn.execute("DELETE FROM message_mutes WHERE game_id = ? AND seat = ?", (game_id, seat_no))
    return held


def drop_free(conn: Connection, game_id: str, keep: int) -> None:
    """Seats numbered `keep` and up are dropped (a game started early)."""
    conn.execute("DELETE FROM seats WHERE game_id = ? AND seat >= ?", (game_id, keep))
    conn.execute("DELETE FROM seat_settings WHERE game_id = ? AND seat >= ?", (game_id, keep))


def count_missed(conn: Connection, game_id: str, seat_no: int) -> None:
    """A timeout: on the seat's current holder's record (the seat's and the player's)."""
    conn.execute("UPDATE seats SET missed = missed + 1 WHERE game_id = ? AND seat = ? AND holder = 'held'",
                 (game_id, seat_no))
    conn.execute("UPDATE players SET missed = missed + 1 WHERE id = (SELECT player_id FROM seats "
                 "WHERE game_id = ? AND seat = ? AND holder = 'held')", (game_id, seat_no))


def count_finished(conn: Connection, game_id: str) -> None:
    """The game ended: one more game finished for each player holding a seat at the end."""
    conn.execute("UPDATE players SET finished = finished + 1 WHERE id IN (SELECT player_id FROM seats "
                 "WHERE game_id = ? AND holder = 'held' AND player_id IS NOT NULL)", (game_id,))


def set_player(conn: Connection, game_id: str, seat_no: int, player_id: str) -> None:
    """The seat's player, at creation: only the signed-in creator's own seat (`me`)."""
    conn.execute("UPDATE seats SET player_id = ? WHERE game_id = ? AND seat = ?", (player_id, game_id, seat_no))


def accept(conn: Connection, was: dict[str, Any], game_id: str, player_id: str, token_hash: str) -> bool:
    """The seat's player takes it over from whoever held its token (a compare and swap on the
    tenure, inside the accepting transaction): a new tenure, so the token and link the creator
    was shown die; deadlines missed before count for nobody (the former tenure's row keeps them)."""
    cur = conn.execute("UPDATE seats SET player_id = ?, token_hash = ?, tenure = ?, missed = 0 WHERE game_id = ? "
                       "AND seat = ? AND holder = 'held' AND tenure = ? AND player_id IS NULL",
                       (player_id, token_hash, was["tenure"] + 1, game_id, was["seat"], was["tenure"]))
    if cur.rowcount != 1:
        return False
    conn.execute("INSERT INTO past_seats (game_id, seat, tenure, player_id, name, missed) VALUES (?,?,?,?,?,?)",
                 (game_id, was["seat"], was["tenure"], None, was["name"], was["missed"]))
    return True


def offered_to(conn: Connection, email: str) -> list[dict[str, Any]]:
    """Seats of running games created with this address and not accepted yet (its invitations)."""
    rows = conn.execute("SELECT s.game_id, s.seat, s.name, g.game, g.status FROM seats s JOIN games g ON g.id = s.game_id "
                        "WHERE lower(s.email) = ? AND s.player_id IS NULL AND s.holder = 'held' "
                        "AND g.status IN ('open', 'active', 'paused') ORDER BY s.game_id, s.seat",
                        (email.lower(),)).fetchall()
    return [{"game_id": r[0], "seat": r[1], "name": r[2], "game": r[3], "status": r[4]} for r in rows]


OWN_ACTS = ("seat_joined", "seat_replaced", "seat_accepted")  # events by which a player takes a seat


def own_tenures(conn: Connection, game_id: str) -> dict[tuple[int, int], int]:
    """(seat, tenure) -> seq of the event that began each tenure a player took by their own act
    (a join or an acceptance; the creator's own seat, tenure 0, has none and is judged apart)."""
    rows = conn.execute("SELECT seq, seat, payload FROM events WHERE game_id = ? AND type IN (?, ?, ?)",
                        (game_id, *OWN_ACTS)).fetchall()
    return {(int(seat), int(json.loads(payload).get("tenure", 0))): int(seq) for seq, seat, payload in rows}


def own_act(starts: dict[tuple[int, int], int], creator: str | None, seat_no: int, tenure: int,
            player_id: str | None) -> bool:
    """Whether a tenure's player holds it by their own act: they joined or accepted it, or they
    created the game signed in and this is the seat they kept (tenure 0). A seat bound by an
    address alone (before issue 35) is not."""
    return player_id is not None and ((seat_no, tenure) in starts or (tenure == 0 and player_id == creator))


def unbind_forged(conn: Connection) -> int:
    """`referee ratings rebuild`: every seat and former seat bound to a player not by their own
    act (an address given by someone else, claimed at sign-in) loses its player."""
    rows = conn.execute("SELECT 'seats', s.game_id, s.seat, s.tenure, s.player_id, t.creator_player FROM seats s "
                        "LEFT JOIN tables t ON t.game_id = s.game_id WHERE s.player_id IS NOT NULL UNION ALL "
                        "SELECT 'past_seats', p.game_id, p.seat, p.tenure, p.player_id, t.creator_player "
                        "FROM past_seats p LEFT JOIN tables t ON t.game_id = p.game_id "
                        "WHERE p.player_id IS NOT NULL").fetchall()
    starts: dict[str, dict[tuple[int, int], int]] = {}
    forged = 0
    for table, game_id, seat_no, tenure, player_id, creator in rows:
        if game_id not in starts:
            starts[game_id] = own_tenures(conn, game_id)
        if not own_act(starts[game_id], creator, seat_no, tenure, player_id):
            conn.execute(f"UPDATE {table} SET player_id = NULL WHERE game_id = ? AND seat = ? AND tenure = ?",
                         (game_id, seat_no, tenure))
            forged += 1
    return forged


def recount_records(conn: Connection) -> None:
    """Every player's completion record counted again from the seats they hold and held (the
    same numbers the incremental counts give for seats held by their own act)."""
    conn.execute("UPDATE players SET "
                 "finished = (SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = "
                 "players.id AND s.holder = 'held' AND g.status = 'finished'), "
                 "missed = (SELECT COALESCE(SUM(missed), 0) FROM seats WHERE player_id = players.id) "
                 "+ (SELECT COALESCE(SUM(missed), 0) FROM past_seats WHERE player_id = players.id), "
                 "replaced = (SELECT COUNT(*) FROM past_seats WHERE player_id = players.id)")


def of_player(conn: Connection, player_id: str) -> list[tuple[str, int]]:
    """(game, seat) of every seat the player holds now."""
    return [(g, s) for g, s in conn.execute("SELECT game_id, seat FROM seats WHERE player_id = ? AND holder = 'held'",
                                            (player_id,)).fetchall()]


def seat_of_player(conn: Connection, game_id: str, player_id: str) -> int | None:
    row = conn.execute("SELECT seat FROM seats WHERE game_id = ? AND player_id = ? AND holder = 'held' ORDER BY seat",
                       (game_id, player_id)).fetchone()
    return row[0] if row else None


def tenure_of(conn: Connection, game_id: str, seat_no: int) -> tuple[int, str] | None:
    row = conn.execute("SELECT tenure, holder FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat_no)).fetchone()
    return (row[0], row[1]) if row else None


def holder_tenures(conn: Connection, game_id: str) -> dict[int, int]:
    """The tenure of each seat's holder of the moment: the current holder's, or for a vacant seat
    the next holder's (what is written to a vacant seat is for whoever takes it, never for the
    holder who left). Notes and private messages are tagged and read by it (store/messages.py)."""
    rows = conn.execute("SELECT seat, tenure, holder FROM seats WHERE game_id = ?", (game_id,)).fetchall()
    return {s: t + 1 if h == VACANT else t for s, t, h in rows}


def holder_tenure(conn: Connection, game_id: str, seat_no: int) -> int:
    row = conn.execute("SELECT tenure, holder FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat_no)).fetchone()
    return 0 if row is None else row[0] + 1 if row[1] == VACANT else row[0]


def record(conn: Connection, player_id: str) -> dict[str, int]:
    """A player's completion record: games finished in a seat held to the end, deadlines missed
    in every seat they held (a replaced holder's misses stay theirs), seats lost to a
    replacement. Counted as events are appended, so reading it is one row."""
    row = conn.execute("SELECT finished, missed, replaced FROM players WHERE id = ?", (player_id,)).fetchone()
    finished, missed, replaced = row if row else (0, 0, 0)
    return {"games_finished": int(finished), "timeouts": int(missed), "replaced": int(replaced)}


def games_of_player(conn: Connection, player_id: str) -> list[dict[str, Any]]:
    """Each seat the player holds with its game's row, the seat's deadline and the last event's
    type: one indexed query (seats_player), whatever the number of games."""
    rows = conn.execute(
        "SELECT s.game_id, s.seat, g.game, g.status, g.seq, g.to_move, g.updated_at, d.due_at, e.type "
        "FROM seats s JOIN games g ON g.id = s.game_id "
        "LEFT JOIN deadlines d ON d.game_id = s.game_id AND d.seat = s.seat "
        "LEFT JOIN events e ON e.game_id = s.game_id AND e.seq = g.seq "
        "WHERE s.player_id = ? AND s.holder = 'held'", (player_id,)).fetchall()
    return [{"game_id": r[0], "seat": r[1], "game": r[2], "status": r[3], "seq": r[4], "to_move": r[5],
             "updated_at": r[6], "due_at": r[7], "last_type": r[8]} for r in rows]


def names_of(conn: Connection, game_ids: list[str]) -> dict[str, dict[int, str]]:
    """The seat names of several games (from the games list projection), in one query."""
    out: dict[str, dict[int, str]] = {g: {} for g in game_ids}
    for i in range(0, len(game_ids), 500):
        chunk = game_ids[i:i + 500]
        rows = conn.execute(f"SELECT game_id, seat, name FROM game_players WHERE game_id IN ({','.join('?' * len(chunk))})",
                            chunk).fetchall()
        for g, s, n in rows:
            out[g][s] = n
    return out
