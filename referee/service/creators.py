"""Who created a table: its creator token (shown once by POST /games) or the signed-in player
who opened it. Kept among the shared modules because tables, alert channels and seat
replacement all ask it, and alerts lie below the tables domain."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.store import credentials, players

if TYPE_CHECKING:
    from referee.service.core import Core


def is_creator(core: "Core", table: dict[str, Any] | None, token: str | None) -> bool:
    """The creator's token from POST /games, or the token of the player who created the game."""
    if table is None or token is None:
        return False
    hashed = credentials.token_hash(token)
    if hashed == table["creator_hash"]:
        return True
    return table["creator_player"] is not None and players.player_for_token(core.db.conn, hashed) == table["creator_player"]
