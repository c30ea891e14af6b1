"""A seat's language (English or German) for its mails and page: set at creation (`lang`), on
the page (the language switch) or by the mail command `lang de`; unset, the seat follows its
player's language, else English (store/seat_settings.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.plumbing.errors import BadRequest
from referee.plumbing.i18n import known
from referee.store import seat_settings
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


def of(core: "Core", game_id: str, seat: int) -> str | None:
    """The seat's language (its own, else its player's), None when neither is set."""
    return known(seat_settings.of(core.db.conn, game_id, seat).get("lang"))


def set_lang(core: "Core", game_id: str, seat: int, lang: str) -> None:
    if known(lang) is None:
        raise BadRequest("lang must be en or de", parameter="lang")
    with write_transaction(core.db) as conn:
        seat_settings.set_lang(conn, game_id, seat, known(lang))
