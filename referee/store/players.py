"""Players (a verified e-mail address), their tokens and sessions (hashes only), and one-time
sign-in links. Credentials and settings: not derivable from any log, never served to others."""

from __future__ import annotations

from typing import Any

from referee.store.connection import Connection

_COLUMNS = ("id, email, name, tz, lang, digest, digest_sent_on, digest_every, digest_hour, digest_only, "
            "digest_next_at, digest_last_at")


def _player(row: tuple | None) -> dict[str, Any] | None:
    if row is None:
        return None
    pid, email, name, tz, lang, digest, sent_on, every, hour, only, next_at, last_at = row
    return {"id": pid, "email": email, "name": name, "tz": tz, "lang": lang, "digest": bool(digest),
            "digest_sent_on": sent_on, "digest_every": every, "digest_hour": hour, "digest_only": bool(only),
            "digest_next_at": next_at, "digest_last_at": last_at}


def by_id(conn: Connection, player_id: str) -> dict[str, Any] | None:
    return _player(conn.execute(f"SELECT {_COLUMNS} FROM players WHERE id = ?", (player_id,)).fetchone())


def by_email(conn: Connection, email: str) -> dict[str, Any] | None:
    return _player(conn.execute(f"SELECT {_COLUMNS} FROM players WHERE email = ?", (email,)).fetchone())


def add(conn: Connection, player_id: str, email: str, now: float) -> None:
    conn.execute("INSERT INTO players (id, email, created_at) VALUES (?,?,?) ON CONFLICT DO NOTHING",
                 (player_id, email, now))


def update(conn: Connection, player_id: str, changes: dict[str, Any]) -> None:
    for column in ("name", "tz", "lang", "digest", "digest_every", "digest_hour", "digest_only"):  # never a
        if column in changes:                                                                    # client's name
            value = int(changes[column]) if column in ("digest", "digest_only") else changes[column]
            conn.execute(f"UPDATE players SET {column} = ? WHERE id = ?", (value, player_id))


def digest_due(conn: Connection, now: float, limit: int = 100) -> list[dict[str, Any]]:
    """Players who want a digest whose next send time has come."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM players WHERE digest = 1 AND digest_next_at <= ? "
                        "ORDER BY digest_next_at, id LIMIT ?", (now, limit))
    return [_player(r) for r in rows.fetchall()]


def digest_unscheduled(conn: Connection, limit: int = 100) -> list[dict[str, Any]]:
    """Players who want a digest and have no send time yet (set before digests had one)."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM players WHERE digest = 1 AND digest_next_at IS NULL LIMIT ?",
                        (limit,))
    return [_player(r) for r in rows.fetchall()]


def set_digest_next(conn: Connection, player_id: str, at: float | None) -> None:
    conn.execute("UPDATE players SET digest_next_at = ? WHERE id = ?", (at, player_id))


def digest_sent(conn: Connection, player_id: str, now: float, next_at: float) -> None:
    conn.execute("UPDATE players SET digest_last_at = ?, digest_next_at = ? WHERE id = ?", (now, next_at, player_id))


def digest_only_seats(conn: Connection, game_id: str) -> set[int]:
    """Seats of a game whose players take the digest instead of single mails."""
    rows = conn.execute("SELECT s.seat FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? "
                        "AND s.holder = 'held' AND p.digest = 1 AND p.digest_only = 1", (game_id,)).fetchall()
    return {r[0] for r in rows}


# -- tokens and sessions ---------------------------------------------------------------------------

def add_token(conn: Connection, token_hash: str, player_id: str, kind: str, now: float) -> None:
    conn.execute("INSERT INTO player_tokens (token_hash, player_id, kind, created_at) VALUES (?,?,?,?)",
                 (token_hash, player_id, kind, now))


def player_for_token(conn: Connection, token_hash: str) -> str | None:
    row = conn.execute("SELECT player_id FROM player_tokens WHERE token_hash = ? AND revoked_at IS NULL",
                       (token_hash,)).fetchone()
    return row[0] if row else None


def revoke(conn: Connection, token_hash: str, now: float) -> bool:
    cur = conn.execute("UPDATE player_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                       (now, token_hash))
    return cur.rowcount == 1


# -- sign-in links ---------------------------------------------------------------------------------

def add_link(conn: Connection, token_hash: str, email: str, expires_at: float) -> None:
    conn.execute("INSERT INTO sign_in_links (token_hash, email, expires_at) VALUES (?,?,?)",
                 (token_hash, email, expires_at))


def use_link(conn: Connection, token_hash: str, now: float) -> str | None:
    """The address a valid link proves, marking it used (single use); None when the link is
    unknown, used or expired. The UPDATE's row count decides, so two racing uses give one winner."""
    row = conn.execute("SELECT email FROM sign_in_links WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
                       (token_hash, now)).fetchone()
    if row is None:
        return None
    cur = conn.execute("UPDATE sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", (now, token_hash))
    return row[0] if cur.rowcount == 1 else None


def forget_old_links(conn: Connection, before: float) -> int:
    return conn.execute("DELETE FROM sign_in_links WHERE expires_at < ?", (before,)).rowcount


# -- copying to another store (`referee migrate-store`) ------------------------------------------

# Every column of the instance's player tables, as stored (hashes of tokens, never tokens).
COPIED = {"players": "id, email, name, tz, lang, digest, digest_sent_on, created_at, finished, missed, replaced, "
                     "digest_every, digest_hour, digest_only, digest_next_at, digest_last_at",
          "player_tokens": "token_hash, player_id, kind, created_at, revoked_at",
          "sign_in_links": "token_hash, email, expires_at, used_at"}
