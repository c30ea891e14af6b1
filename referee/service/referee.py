"""The service: the one object the delivery layers (API, pages, mail, scheduler, CLI) hold.

It is the core (service/core.py: database, rules, loading, appending) with one thin method
per use case; each use case lives in a small module of its own, named for what it does:
create.py, moves.py, steps.py, pauses.py, timing.py, bots.py, handover.py, read.py, mails.py,
feed.py, rebuild.py. New use cases get a module of their own and a line here.
"""

from __future__ import annotations

import time
from typing import Any

from referee.plumbing.config import Config
from referee.service import bots, create, feed, handover, mails, moves, narration, pauses, read, rebuild, steps, timing
from referee.service.core import Clock, Core
from referee.service.loaded import Loaded
from referee.service.notices.triggers import Notifier
from referee.store import events

__all__ = ["Clock", "Referee"]


class Referee(Core):
    """The service. One instance per process; connections are per thread."""

    def __init__(self, database: str, clock: Clock = time.time, config: Config | None = None):
        super().__init__(database, clock, config)
        self.notifier = Notifier(self)

    # -- creating and playing ---------------------------------------------------------------

    def create_game(self, body: dict[str, Any]) -> dict[str, Any]:
        return create.create_game(self, body)

    def submit_move(self, game_id: str, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return moves.submit_move(self, game_id, seat, body)

    def steps(self, game_id: str, seat: int, kind: str, chosen: list[str]) -> dict[str, Any]:
        return steps.steps(self, game_id, seat, kind, chosen)

    def hand_to_bot(self, game_id: str, seat: int, body: dict[str, Any]) -> dict[str, Any]:
        return handover.hand_to_bot(self, game_id, seat, body)

    def resign(self, game_id: str, seat: int) -> dict[str, Any]:
        return pauses.resign(self, game_id, seat)

    def pause(self, game_id: str, seat: int, kind: str = "vacation", reason: str = "") -> dict[str, Any]:
        return pauses.pause(self, game_id, seat, kind, reason)

    def resume(self, game_id: str, seat: int | None, reason: str = "") -> dict[str, Any]:
        return pauses.resume(self, game_id, seat, reason)

    # -- reading ----------------------------------------------------------------------------

    def game_mails(self, game_id: str, seat: int | None) -> list[dict[str, Any]]:
        return mails.game_mails(self, game_id, seat)

    def all_mails(self, game_id: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
        return mails.all_mails(self, game_id, limit)

    def one_mail(self, message_id: int) -> dict[str, Any]:
        return mails.one_mail(self, message_id)

    def deadline_of(self, loaded: Loaded, seat: int) -> float | None:
        return read.deadline_of(self, loaded, seat)

    def describe(self, loaded: Loaded, viewer: int | None) -> dict[str, Any]:
        return read.describe(self, loaded, viewer)

    def game(self, game_id: str, viewer: int | None) -> dict[str, Any]:
        return read.game(self, game_id, viewer)

    def prompts(self, game_id: str, viewer: int | None) -> list[dict[str, Any]]:
        return read.prompts(self, game_id, viewer)

    def list_games(self, **filters: Any) -> list[dict[str, Any]]:
        return read.list_games(self, **filters)

    def redact_event(self, loaded: Loaded, e: events.Event, viewer: int | None) -> dict[str, Any]:
        return read.redact_event(self, loaded, e, viewer)

    def narrated(self, loaded: Loaded, events: list[dict[str, Any]], viewer: int | None) -> list[str]:
        return narration.texts(self, loaded, events, viewer)

    def events_for(self, game_id: str, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
        return read.events_for(self, game_id, viewer, after)

    def raw_events(self, game_id: str) -> list[events.Event]:
        return read.raw_events(self, game_id)

    def feed(self, game_id: str, viewer: int | None, after: int) -> list[dict[str, Any]]:
        return feed.feed(self, game_id, viewer, after)

    # -- the scheduler's jobs ---------------------------------------------------------------

    def play_timeout(self, game_id: str, seat: int, opened_seq: int) -> bool:
        return timing.play_timeout(self, game_id, seat, opened_seq)

    def play_due_timeouts(self) -> int:
        return timing.play_due_timeouts(self)

    def queue_due_reminders(self) -> int:
        return timing.queue_due_reminders(self)

    def resume_ended_vacations(self) -> int:
        return timing.resume_ended_vacations(self)

    def play_bots(self) -> int:
        return bots.play_bots(self)

    # -- maintenance ------------------------------------------------------------------------

    def rebuild_projections(self) -> int:
        return rebuild.rebuild_projections(self)
