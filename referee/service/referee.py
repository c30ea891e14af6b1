"""The service: the one object the delivery layers (API, pages, mail, scheduler, CLI) hold.

It is the core (service/core.py: database, rules, loading, appending) with one thin method
per use case; each use case lives in a small module of its own, in the folder of its domain:
archive/ (search, statistics), play/ (create, moves, steps, read, feed, timing, pauses, bots), tables/ (tables, join,
replace, rematch, handover), talk/, foresight/ (presets, takebacks, agreement), competition/
(ratings, rating updates, tournaments, pairing), players/, notifier/ (what each change tells
whom, the digest) and notices/ (their words and targets: mails, addresses, alert channels).
New use cases get a module in their domain and a line here.
"""

from __future__ import annotations

import time
from typing import Any

from referee.plumbing.config import Config
from referee.service import language, narration_texts, rebuild
from referee.service.archive import search as archive, stats
from referee.service.competition import acceptance, rating_updates, ratings, tournaments
from referee.service.core import Clock, Core, Head
from referee.service.foresight import agreement, presets, takebacks
from referee.service.loaded import Loaded
from referee.service.notices import alerts, mails
from referee.service.notifier import digest
from referee.service.notifier.triggers import Notifier
from referee.service.play import bots, create, feed, moves, pauses, read, steps, timing
from referee.service.players import accounts as players, erasure, names_out
from referee.service.tables import handover, join, rematch, replace, tables
from referee.service.talk import messages as talk
from referee.store import events

__all__ = ["Clock", "Referee"]


class Referee(Core):
    """The service. One instance per process; connections are per thread."""

    def __init__(self, database: str, clock: Clock = time.time, config: Config | None = None):
        super().__init__(database, clock, config)
        self.notifier = Notifier(self)
        self.follow = lambda conn, before, after, appended: presets.fire(self, conn, before, after, appended)
        self.rate = self._on_game_ended
        alerts.vapid_keys(self)  # Web Push keys: made on the first start, then the same for every process
        self.names_moved = names_out.move_all(self)  # logs recorded before issue 40: names moved out, once

    @staticmethod
    def _on_game_ended(conn: Any, game_id: str) -> None:
        """What a game's end writes beside its events: its rating update and its archive rows."""
        rating_updates.on_game_ended(conn, game_id)
        archive.on_game_ended(conn, game_id)

    # -- a player's data ------------------------------------------------------------------

    def export_player(self, player_id: str) -> bytes:
        return erasure.export(self, player_id)

    def erase_player(self, player_id: str) -> dict[str, Any]:
        return erasure.erase(self, player_id)

    # -- the archive -----------------------------------------------------------------------

    def archive_search(self, args: dict[str, Any], limit: int = 50, cursor: str | None = None,
                       lang: str | None = None) -> dict[str, Any]:
        return archive.search(self, args, limit, cursor, lang)

    def rebuild_archive(self) -> dict[str, int]:
        return archive.rebuild(self)

    def game_stats(self, title: str) -> dict[str, Any]:
        return stats.of_game(self, title)

    def player_stats(self, player_id: str) -> dict[str, Any]:
        return stats.of_player(self, player_id)

    # -- creating and playing ---------------------------------------------------------------

    def create_game(self, body: dict[str, Any], player_id: str | None = None) -> dict[str, Any]:
        return create.create_game(self, body, player_id)

    def submit_move(self, game_id: str, seat: int, body: dict[str, Any],
                    lang: str | None = None, head: Head | None = None,
                    brief: bool = False) -> tuple[int, dict[str, Any]]:
        return moves.submit_move(self, game_id, seat, body, lang, head, brief)

    def steps(self, game_id: str, seat: int, kind: str, chosen: list[str], lang: str | None = None) -> dict[str, Any]:
        return steps.steps(self, game_id, seat, kind, chosen, lang)

    def hand_to_bot(self, game_id: str, seat: int, body: dict[str, Any]) -> dict[str, Any]:
        return handover.hand_to_bot(self, game_id, seat, body)

    def resign(self, game_id: str, seat: int) -> dict[str, Any]:
        return pauses.resign(self, game_id, seat)

    def pause(self, game_id: str, seat: int, kind: str = "vacation", reason: str = "") -> dict[str, Any]:
        return pauses.pause(self, game_id, seat, kind, reason)

    def resume(self, game_id: str, seat: int | None, reason: str = "") -> dict[str, Any]:
        return pauses.resume(self, game_id, seat, reason)

    # -- foresight and agreement (issue 27) ---------------------------------------------------

    def presets(self, game_id: str, seat: int) -> dict[str, Any]:
        return presets.show(self, game_id, seat)

    def queue_presets(self, game_id: str, seat: int, body: Any) -> dict[str, Any]:
        return presets.add(self, game_id, seat, body)

    def clear_presets(self, game_id: str, seat: int) -> dict[str, Any]:
        return presets.clear(self, game_id, seat)

    def preset_history(self, game_id: str) -> list[dict[str, Any]]:
        return presets.full_history(self, game_id)

    def takebacks(self, game_id: str, seat: int | None) -> dict[str, Any]:
        return takebacks.show(self, game_id, seat)

    def request_takeback(self, game_id: str, seat: int, body: Any) -> dict[str, Any]:
        return takebacks.request(self, game_id, seat, body)

    def answer_takeback(self, game_id: str, seat: int, tid: int, accept: bool) -> dict[str, Any]:
        return takebacks.answer(self, game_id, seat, tid, accept)

    def proposals(self, game_id: str) -> dict[str, Any]:
        return agreement.show(self, game_id)

    def propose(self, game_id: str, seat: int, body: Any) -> dict[str, Any]:
        return agreement.propose(self, game_id, seat, body)

    def vote(self, game_id: str, seat: int, pid: int, body: Any) -> dict[str, Any]:
        return agreement.vote(self, game_id, seat, pid, body)

    # -- players, tables, seats changing hands ------------------------------------------------

    def request_sign_in(self, body: Any, lang: str | None = None) -> dict[str, Any]:
        return players.request_sign_in(self, body, lang)

    def confirm_sign_in(self, link: str, kind: str = "api", lang: str | None = None) -> dict[str, Any]:
        return players.confirm(self, link, kind, lang)

    def player_for(self, token: str | None) -> str:
        return players.player_for(self, token)

    def player_or_none(self, token: str | None) -> str | None:
        return players.player_or_none(self, token)

    def revoke_player_token(self, token: str) -> dict[str, Any]:
        return players.revoke(self, token)

    def player_profile(self, player_id: str) -> dict[str, Any]:
        return players.profile(self, player_id)

    def update_player(self, player_id: str, body: Any) -> dict[str, Any]:
        return players.update(self, player_id, body)

    def my_games(self, player_id: str) -> list[dict[str, Any]]:
        return players.my_games(self, player_id)

    def seat_language(self, game_id: str, seat: int) -> str | None:
        return language.of(self, game_id, seat)

    def set_seat_language(self, game_id: str, seat: int, lang: str) -> None:
        language.set_lang(self, game_id, seat, lang)

    def seat_of_session(self, game_id: str, session: str | None) -> int | None:
        return players.seat_of_session(self, game_id, session)

    def holder_tenure(self, game_id: str, seat: int) -> int:
        """The tenure of the seat's holder of the moment (what a reader's credential is for)."""
        return talk.tenure_of(self.db.conn, game_id, seat)

    def lobby(self, **filters: Any) -> dict[str, Any]:
        return tables.lobby(self, **filters)

    def open_table(self, game_id: str, token: str | None) -> dict[str, Any]:
        return tables.open_table(self, game_id, token)

    def start_game(self, game_id: str, token: str | None) -> dict[str, Any]:
        return tables.start(self, game_id, token)

    def cancel_game(self, game_id: str, token: str | None) -> dict[str, Any]:
        return tables.cancel(self, game_id, token)

    def join(self, game_id: str, body: Any, player_id: str | None = None) -> dict[str, Any]:
        return join.join(self, game_id, body, player_id)

    def accept_seat(self, game_id: str, seat: int, player_id: str) -> dict[str, Any]:
        return acceptance.accept(self, game_id, seat, player_id)

    def seat_offers(self, player_id: str) -> list[dict[str, Any]]:
        return acceptance.offers(self, player_id)

    def release_seat(self, game_id: str, seat: int, token: str | None, body: Any = None) -> dict[str, Any]:
        return replace.release(self, game_id, seat, token, body)

    def rematch(self, game_id: str, token: str | None) -> dict[str, Any]:
        return rematch.rematch(self, game_id, token)

    def rematch_seat(self, game_id: str, seat: int, player_id: str | None = None) -> dict[str, Any]:
        return rematch.rematch_seat(self, game_id, seat, player_id)

    # -- table talk ----------------------------------------------------------------------------

    def post_message(self, game_id: str, seat: int, body: Any) -> dict[str, Any]:
        return talk.post(self, game_id, seat, body)

    def messages(self, game_id: str, viewer: int | None, after: int = 0, limit: int = 500,
                 tenure: int | None = None) -> list[dict[str, Any]]:
        return talk.messages_for(self, game_id, viewer, after, limit, tenure)

    def recent_messages(self, loaded: Loaded, viewer: int | None, limit: int = talk.PAGE) -> list[dict[str, Any]]:
        return talk.recent(self, loaded, viewer, limit)

    def message_export(self, game_id: str, viewer: int | None, full: bool = False) -> list[dict[str, Any]]:
        return talk.export_lines(self, game_id, viewer, full)

    def mutes(self, game_id: str, seat: int) -> dict[str, Any]:
        return talk.mutes(self, game_id, seat)

    def set_mute(self, game_id: str, seat: int, other: int, on: bool) -> dict[str, Any]:
        return talk.set_mute(self, game_id, seat, other, on)

    # -- alert channels (chat, push) ---------------------------------------------------------

    def channel_owner(self, game_id: str, token: str | None, scope: str = "seat") -> alerts.Owner:
        return alerts.owner_for(self, game_id, token, scope)

    def channel_owner_of(self, game_id: str, token: str | None, channel_id: str) -> alerts.Owner:
        return alerts.owner_of_channel(self, game_id, token, channel_id)

    def player_channels_owner(self, player_id: str) -> alerts.Owner:
        return alerts.player_owner(player_id)

    def add_channel(self, owner: alerts.Owner, body: Any) -> dict[str, Any]:
        return alerts.add(self, owner, body)

    def channels(self, owner: alerts.Owner) -> list[dict[str, Any]]:
        return alerts.listing(self, owner)

    def remove_channel(self, owner: alerts.Owner, channel_id: str) -> dict[str, Any]:
        return alerts.remove(self, owner, channel_id)

    def enable_channel(self, owner: alerts.Owner, channel_id: str) -> dict[str, Any]:
        return alerts.enable(self, owner, channel_id)

    def test_channel(self, owner: alerts.Owner, channel_id: str) -> dict[str, Any]:
        return alerts.test(self, owner, channel_id)

    def alert_delivered(self, channel_ids: list[str]) -> None:
        alerts.delivered(self, channel_ids)

    def alert_failed(self, channel_ids: list[str], reason: str, gone: bool = False) -> bool:
        return alerts.failed(self, channel_ids, reason, gone)

    def alert_live(self, channel_ids: list[str]) -> bool:
        return alerts.live(self, channel_ids)

    def alert_subscription(self, channel_ids: list[str]) -> dict[str, Any] | None:
        return alerts.subscription(self, channel_ids)

    def vapid_keys(self) -> tuple[str, str]:
        return alerts.vapid_keys(self)

    # -- ratings and tournaments ----------------------------------------------------------------

    def leaderboard(self, game: str, limit: int = 50, cursor: str | None = None) -> dict[str, Any]:
        return ratings.leaderboard(self, game, limit, cursor)

    def public_profile(self, player_id: str) -> dict[str, Any]:
        return ratings.profile(self, player_id)

    def rebuild_ratings(self) -> dict[str, int]:
        return ratings.rebuild(self)

    def create_tournament(self, body: Any) -> dict[str, Any]:
        return tournaments.create_tournament(self, body)

    def tournament(self, tournament_id: str) -> dict[str, Any]:
        return tournaments.overview(self, tournament_id)

    def confirm_tournament(self, tournament_id: str, player_id: str) -> dict[str, Any]:
        return tournaments.confirm(self, tournament_id, player_id)

    def adjudicate(self, tournament_id: str, game_id: str, token: str | None) -> dict[str, Any]:
        return tournaments.adjudicate(self, tournament_id, game_id, token)

    def advance_tournaments(self) -> int:
        return tournaments.advance_tournaments(self)

    # -- reading ----------------------------------------------------------------------------

    def game_mails(self, game_id: str, seat: int | None) -> list[dict[str, Any]]:
        return mails.game_mails(self, game_id, seat)

    def all_mails(self, game_id: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
        return mails.all_mails(self, game_id, limit)

    def one_mail(self, message_id: int) -> dict[str, Any]:
        return mails.one_mail(self, message_id)

    def deadline_of(self, loaded: Loaded, seat: int) -> float | None:
        return read.deadline_of(self, loaded, seat)

    def describe(self, loaded: Loaded, viewer: int | None, lang: str | None = None) -> dict[str, Any]:
        return read.describe(self, loaded, viewer, lang)

    def game(self, game_id: str, viewer: int | None, lang: str | None = None) -> dict[str, Any]:
        return read.game(self, game_id, viewer, lang)

    def prompts(self, game_id: str, viewer: int | None, lang: str | None = None) -> list[dict[str, Any]]:
        return read.prompts(self, game_id, viewer, lang)

    def list_games(self, **filters: Any) -> list[dict[str, Any]]:
        return read.list_games(self, **filters)

    def redact_event(self, loaded: Loaded, e: events.Event, viewer: int | None) -> dict[str, Any]:
        return read.redact_event(self, loaded, e, viewer)

    def narrated(self, loaded: Loaded, events: list[dict[str, Any]], viewer: int | None,
                 lang: str | None = None) -> list[str]:
        return narration_texts.texts(self, loaded, events, viewer, lang)

    def events_for(self, game_id: str, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
        return read.events_for(self, game_id, viewer, after)

    def raw_events(self, game_id: str) -> list[events.Event]:
        return read.raw_events(self, game_id)

    def feed(self, game_id: str, viewer: int | None, after: int, lang: str | None = None) -> list[dict[str, Any]]:
        return feed.feed(self, game_id, viewer, after, lang)

    # -- the scheduler's jobs ---------------------------------------------------------------

    def play_timeout(self, game_id: str, seat: int, opened_seq: int) -> bool:
        return timing.play_timeout(self, game_id, seat, opened_seq)

    def play_due_timeouts(self) -> int:
        return timing.play_due_timeouts(self)

    def queue_due_reminders(self) -> int:
        return timing.queue_due_reminders(self)

    def resume_ended_vacations(self) -> int:
        return timing.resume_ended_vacations(self)

    def expire_open_games(self) -> int:
        return tables.expire_open_games(self)

    def send_digests(self) -> int:
        return digest.send_digests(self)

    def play_bots(self) -> int:
        return bots.play_bots(self)

    def bot_seats(self, game_id: str) -> dict[int, dict[str, Any]]:
        return bots.seats_of(self, game_id)

    def lapse_proposals(self) -> int:
        return agreement.lapse_due(self)

    # -- maintenance ------------------------------------------------------------------------

    def rebuild_projections(self) -> int:
        return rebuild.rebuild_projections(self)
