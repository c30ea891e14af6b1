"""The change feed: a game's events after a sequence, as one viewer may see them, each with its
narration. The waiting for the next event is done on the event loop (referee/asgi/feed.py,
woken by store/watch.py), where it holds no thread; this is the read it does once woken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.service.play import read
from referee.service.narration_texts import with_text

if TYPE_CHECKING:
    from referee.service.core import Core


def feed(core: "Core", game_id: str, viewer: int | None, after: int, lang: str | None = None) -> list[dict[str, Any]]:
    """Events after `after`, redacted for `viewer` (read.redact_event, as every other path),
    each with `text` in `lang` (English if None); 404 for an unknown game."""
    return with_text(core, game_id, read.events_for(core, game_id, viewer, after), viewer, lang)
