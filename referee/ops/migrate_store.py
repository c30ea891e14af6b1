"""Moving an instance's games from one store to another (`referee migrate-store`), e.g. from
its SQLite file to PostgreSQL when it outgrows one host.

Each game is copied in one target transaction: its events verbatim (same sequence numbers,
timestamps, digests and hashes: never recomputed, so every log verifies as it did and its head
hash is unchanged), and what cannot be derived from events: the seed, the seats (token hashes:
the players' links keep working), their mail settings, the remembered answers of keyed requests,
the outbox (sent and unsent, so nothing is mailed twice), the seats' private queues of pre-set
moves, their table talk and alert channels. The instance's secret key comes along, since reply
addresses and webhook signatures depend on it, and so do the instance-wide tables no log holds:
players with their tokens, sign-in links and alert channels (accounts, sessions and API tokens
keep working), the mail of no game (sign-in links, digests), and tournaments with their rounds.
Projections (games list, players, deadlines, bot seats, ratings) are rebuilt on the target from
its events. Snapshots are not copied: they are a cache, and the target's are made from its own
replay rather than trusted from the source.

Games are streamed one at a time, the instance-wide tables a page at a time: nothing larger is
ever held in memory.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable

from referee.plumbing.config import Config
from referee.engine.verify import verify_events
from referee.service.players import names_out
from referee.service.referee import Referee
from referee.store import (alerts, copying, credentials, events, idempotency, instance, messages, outbox, players,
                           presets, seat_names, seat_settings, tournaments)
from referee.store.db import (Database, IntegrityError, OperationalError, is_empty, is_postgres,
                              open_with_migrations, redacted, sqlite_path, write_transaction)

PAGE = 500  # game ids checked against the target per query
# Instance-wide tables no game's log holds, copied whole before the games
INSTANCE_TABLES = {**players.COPIED, **tournaments.COPIED}


class MigrationRefused(Exception):
    """Nothing was copied: the target is not empty, a game exists on both sides, or the source
    and the target are one database."""


class MigrationFailed(Exception):
    """The copy stopped part-way (the source changed, a row was refused by the target): the
    games copied before stay in the target, which must be emptied before another run."""


class SourceChanged(Exception):
    pass


@dataclass
class Summary:
    games: int = 0
    events: int = 0
    players: int = 0
    tournaments: int = 0
    verified: int = 0
    failures: dict[str, str] = field(default_factory=dict)   # game id -> what failed
    kept_settings: list[str] = field(default_factory=list)   # instance keys left as the target had them
    source_grew: int = 0   # events the source gained while it was copied (it was not stopped)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures and self.verified == self.games and not self.source_grew

    def line(self, source: str, target: str) -> str:
        return (f"copied {self.games} games, {self.events} events, {self.players} players, {self.tournaments} "
                f"tournaments from {redacted(source)} to {redacted(target)}; "
                f"verified {self.verified}/{self.games} at level full ({self.seconds:.1f} s)")


def migrate(source: str, target: str, into_non_empty: bool = False,
            progress: Callable[[str], None] | None = None) -> Summary:
    """Copy every game of `source` into `target` (database URLs or SQLite paths), rebuild the
    target's projections, and verify every copied game there. MigrationRefused before anything
    is written when the copy is not allowed."""
    if _same(source, target):
        raise MigrationRefused("the source and the target are the same database")
    if not is_postgres(source) and not os.path.exists(sqlite_path(source)):
        raise MigrationRefused(f"no database at {sqlite_path(source)}")
    src = _open(source)
    try:
        dst = _open(target)
    except MigrationRefused:
        _close(src)
        raise
    started = time.perf_counter()
    try:
        fresh = is_empty(dst)
        if not fresh and not into_non_empty:
            raise MigrationRefused(f"the target {redacted(target)} already has games, players or tournaments; "
                                   "give --into-non-empty to add these to them")
        if not fresh:
            _refuse_clashes(src, dst)
        summary = Summary()
        offset = outbox.last_id(dst.conn)
        with write_transaction(dst) as conn:
            summary.kept_settings = instance.copy_rows(conn, instance.all_rows(src.conn), replace=fresh)
            # Logs copied from a store not moved over yet still name their seats: the target's
            # next start (the rebuild below) checks every log again and moves those (issue 40).
            instance.drop(conn, names_out.DONE)
            rows = copy_instance_tables(src, conn, offset)
        summary.players, summary.tournaments = rows["players"], rows["tournaments"]
        for game_id in events.game_ids(src.conn):
            try:
                copied, last_hash = copy_game(src, dst, game_id, offset)
            except (SourceChanged, *IntegrityError) as e:
                raise MigrationFailed(f"stopped at game {game_id} after copying {summary.games} games "
                                      f"({_first_line(e)}); "
                                      "the target holds those games: empty it before running again") from e
            summary.games += 1
            summary.events += copied
            problem = verify_copy(dst, game_id, last_hash)
            if problem is None:
                summary.verified += 1
            else:
                summary.failures[game_id] = problem
            if progress is not None and summary.games % 100 == 0:
                progress(f"{summary.games} games copied")
        summary.source_grew = sum(events.count_by_type(src.conn).values()) - summary.events
    finally:
        _close(src)
        _close(dst)
    _rebuild_projections(target)
    summary.seconds = time.perf_counter() - started
    return summary


def copy_game(src: Database, dst: Database, game_id: str, outbox_offset: int = 0) -> tuple[int, str]:
    """One game, in one target transaction; returns (events copied, the last one's hash). The
    source must not change meanwhile (web and scheduler stopped): a game whose log grows during
    its copy is refused (SourceChanged) rather than copied without the rows of its new events."""
    log = events.read(src.conn, game_id)
    rows: dict[str, Any] = {"credentials": credentials.all_rows(src.conn, game_id),
                            "settings": seat_settings.all_rows(src.conn, game_id),
                            "idempotency": idempotency.all_rows(src.conn, game_id),
                            "outbox": outbox.all_rows(src.conn, game_id),
                            "alerts": alerts.all_rows(src.conn, game_id),
                            "presets": presets.all_rows(src.conn, game_id),
"talk": messages.all_rows(src.conn, game_id), "names": seat_names.all_rows(src.conn, game_id)}
    if events.head(src.conn, game_id) != (log[-1].seq, log[-1].hash):
        raise SourceChanged("its log grew during the copy: stop the web and scheduler processes of the source")
    with write_transaction(dst) as conn:
        conn.lock_game(game_id)
        events.copy_in(conn, log)
        credentials.copy_rows(conn, rows["credentials"])
        seat_settings.copy_rows(conn, rows["settings"])
        idempotency.copy_rows(conn, rows["idempotency"])
        outbox.copy_rows(conn, rows["outbox"], outbox_offset)
        alerts.copy_rows(conn, rows["alerts"])
        presets.copy_rows(conn, rows["presets"])
        messages.copy_rows(conn, rows["talk"])
        seat_names.copy_rows(conn, game_id, rows["names"])
    return len(log), log[-1].hash


def copy_instance_tables(src: Database, conn: Any, outbox_offset: int = 0) -> dict[str, int]:
    """Every row of `INSTANCE_TABLES` into the target's open transaction, and the rows of no game
    in the shared tables: players' own alert channels, mail such as sign-in links and digests
    (sent and unsent). Returns the rows copied per table."""
    counts = dict.fromkeys(INSTANCE_TABLES, 0)
    for table, columns in INSTANCE_TABLES.items():
        for page in copying.pages(src.conn, table, columns):
            copying.insert(conn, table, columns, page)
            counts[table] += len(page)
    alerts.copy_rows(conn, alerts.all_rows(src.conn, None))
    outbox.copy_rows(conn, outbox.all_rows(src.conn, ""), outbox_offset)
    return counts


def verify_copy(dst: Database, game_id: str, last_hash: str) -> str | None:
    """What is wrong with the target's copy of a game, or None: the full check (chain, digests,
    every chance record and state hash by replay with the seed) and the source's last hash."""
    log = [e.to_json() for e in events.read(dst.conn, game_id)]
    seed = credentials.seed_of(dst.conn, game_id)
    report = verify_events(log, seed)
    if not report.ok:
        return f"verify failed at seq {report.divergence['seq']}: {report.divergence['what']}"
    if report.level != "full":
        return "only the hash chain could be checked (no seed)"
    if log[-1]["hash"] != last_hash:
        return "the copy's last hash differs from the source's"
    return None


def _refuse_clashes(src: Database, dst: Database) -> None:
    """A game is never merged into one of the same id, nor a player into another account of the
    same id or address, nor a tournament into one of the same id: refuse before copying anything."""
    ids = events.game_ids(src.conn)
    clashes: list[str] = []
    while page := list(islice(ids, PAGE)):
        clashes += sorted(events.present(dst.conn, page))
    _refuse(clashes, "game(s) exist in both databases", "a game's log is never overwritten or merged")
    for table, column, what in (("players", "id", "player id(s)"), ("players", "email", "player address(es)"),
                                ("tournaments", "id", "tournament(s)")):
        found: list[str] = []
        for rows in copying.pages(src.conn, table, column):
            found += sorted(copying.present(dst.conn, table, column, [r[0] for r in rows]))
        _refuse(found, f"{what} exist in both databases", "accounts and tournaments are never merged")


def _refuse(clashes: list[str], what: str, rule: str) -> None:
    if clashes:
        shown = ", ".join(clashes[:5]) + (f" and {len(clashes) - 5} more" if len(clashes) > 5 else "")
        raise MigrationRefused(f"{len(clashes)} {what} ({shown}); {rule}")


def _rebuild_projections(target: str) -> None:
    """Games list, players, deadlines and ratings from the target's events (the service's own rebuilds)."""
    service = Referee(target, config=Config(database=target, state_cache_bytes=0))  # each game is loaded once
    service.rebuild_projections()
    service.rebuild_ratings()
    _close(service.db)


def _open(url: str) -> Database:
    try:
        return open_with_migrations(url)[0]
    except OperationalError as e:
        raise MigrationRefused(f"cannot open {redacted(url)}: {_first_line(e)}") from None


def _first_line(e: Exception) -> str:
    """A driver's message without its DETAIL/HINT lines: errors are one line."""
    return (str(e).strip().splitlines() or [type(e).__name__])[0]


def _same(source: str, target: str) -> bool:
    if is_postgres(source) or is_postgres(target):
        return str(source) == str(target)
    return os.path.realpath(sqlite_path(source)) == os.path.realpath(sqlite_path(target))


def _close(db: Database) -> None:
    db.conn.close()
