"""The service's core: the database, the rules, loading a game (cache, snapshot, replay) and
appending to its log with everything derived from the events, in one write transaction.

Every state change happens as one write transaction: the events, the projections (games
list, deadlines), the snapshot, the idempotency record and the outbox land together or not
at all. The rules run outside the write lock on a state read at a known sequence; the append
then states that sequence, so a concurrent writer (another move, a timeout from the
scheduler) makes this one fail with 409 instead of forking the log. The use cases (create,
moves, timing, pauses, read, feed, rebuild) are modules of their own built on this core.
"""

from __future__ import annotations

import hashlib
import threading
import time
from functools import partial
from typing import Any, Callable, Protocol

from referee.engine.contract import Rules
from referee.engine.hashing import canonical
from referee.engine.registry import rules_for
from referee.engine.replay import CHANGING_EVENTS, TAKEBACK, apply_event, initial
from referee.plumbing.alongside import start as start_alongside
from referee.plumbing.config import Config
from referee.plumbing.errors import Conflict, NotFound, Unauthorized
from referee.plumbing.i18n import Text
from referee.service import deadlines as clocks_mod
from referee.service.clock import policy_from_clock
from referee.service.deadlines import Clocks
from referee.service.loaded import Loaded, cached_size, epoch, iso, kept, status_after
from referee.service.statecache import StateCache
from referee.service.links import check_seat_key
from referee.store import (credentials, deadlines, events, instance, players, projections, seat_names, snapshots,
                           tenures)
from referee.store import components as components_store
from referee.store.db import Database, open_database, open_with_migrations, usable, warm_read, write_transaction

Clock = Callable[[], float]
ERASED = "erased_mark"  # instance key, a new random value at each erasure (service/players/erasure.py)
Appended = list[tuple[str, int | None, dict]]
Head = tuple[int, "str | None"]  # a game's last event: (seq, chain hash), read together
# A cached game replaced by its next move is measured again at least every this many moves
# (and at every move once the cache is half full: service/statecache.py).
REMEASURE_EVERY = 16


class NoticeSink(Protocol):
    """What the core tells of every append, in its transaction (service/notifier/triggers.py)."""

    def on_events(self, conn: Any, before: Loaded, after: Loaded, appended: list[events.Event], now: float) -> None: ...

    def remind(self, conn: Any, loaded: Loaded, seat: int, now: float) -> int: ...

    def on_message(self, conn: Any, loaded: Loaded, message: dict, now: float) -> None: ...

    def reply_address(self, game_id: str, seat: int, tenure: int | None = None) -> str: ...

    def reply_tenure(self, game_id: str, seat: int) -> int | None: ...

    def webhook_secret(self, game_id: str, seat: int) -> str: ...


class Core:
    """The service's state: one instance per process; connections are per thread. `notifier`
    is set by the service (referee.py) before the first append."""

    notifier: NoticeSink
    ERASURES_LOOK_EVERY = 1.0  # seconds: how stale a name or address in another process's cache may get
    # Moves that follow in the same transaction from what was appended: pre-set moves whose
    # prompt opened (service/foresight/presets.py); set by the service like the notifier.
    follow: Callable[[Any, Loaded, Loaded, list[events.Event]], tuple[Loaded, list[events.Event]]] | None = None
    # A game's rating update, in the transaction that ends it (service/competition/rating_updates.py);
    # set by the service, so the shared core needs no arrow up to the competition domain.
    rate: Callable[[Any, str], None]

    def __init__(self, database: str, clock: Clock = time.time, config: Config | None = None):
        self.database = database
        self.clock = clock
        self.config = config or Config(database=database)
        self._local = threading.local()
        self._cache: StateCache[Loaded] = StateCache(self.config.state_cache_bytes, cached_size, REMEASURE_EVERY)
        self._rules_cache: dict[tuple[str, str], Rules] = {}
        self.erased_mark: str | None = None  # the instance's ERASED mark as last seen (see `_after_erasures`)
        self._erasures_looked = float("-inf")
        db = open_database(database)  # creates or migrates the schema, once per process
        with write_transaction(db) as conn:
            stored = instance.secret_key(conn)
        db.conn.close()
        self.secret_key = self.config.secret_key.encode() if self.config.secret_key else stored

    @property
    def db(self) -> Database:
        """This thread's connection (reopened when a PostgreSQL server dropped it)."""
        db = getattr(self._local, "db", None)
        if db is None or not usable(db):
            db = self._local.db = open_with_migrations(self.database, migrate=False)[0]
        return db

    def rules(self, game: str, components: dict | None, version: str | None = None) -> Rules:
        """The rules for a game's component data, under its recorded rules `version`."""
        key = (game, (components_store.stored_hash(components) or hashlib.sha256(canonical(components)).hexdigest())
               if components else "", version)
        r = self._rules_cache.get(key)
        if r is None:
            r = self._rules_cache[key] = rules_for(game, components, version)
        return r

    def load(self, game_id: str, head: int | None = None) -> Loaded:
        """The game at its latest sequence: from the cache, else snapshot + replay. `head`: that
        sequence, when the caller has just read it (`seat_and_head`): no second read."""
        db = self.db
        conn = db.conn
        self._after_erasures(conn)
        if head is None:
            with warm_read(db) as warm:
                head, _ = events.head(warm, game_id)
        seq = head
        if seq == 0:
            raise NotFound(Text("no game '%(id)s'", id=game_id))
        cached = self._cache.get(game_id)
        if cached is not None and cached.seq == seq:
            return cached
        if cached is None or cached.seq > seq:
            cached = self._load_cold(conn, game_id, seq)
        loaded = cached
        for e in events.read(conn, game_id, after=cached.seq):
            loaded = self.step(loaded, e.seq, e.type, e.seat, e.payload, e.created_at)
        self.remember(loaded)
        return loaded

    def load_at(self, game_id: str, seq: int) -> Loaded:
        """The game as it was right after event `seq` (the web history stepper), by replay from
        the nearest snapshot; the latest state when `seq` is at or past the head."""
        latest = self.load(game_id)
        if seq >= latest.seq:
            return latest
        return self._replay_to(game_id, seq)

    def _load_cold(self, conn, game_id: str, seq: int) -> Loaded:
        created = events.first(conn, game_id)
        payload = created.payload
        seed = credentials.seed_of(conn, game_id)
        rules = self.rules(payload["game"], payload["components"], payload["rules_version"])
        policy = policy_from_clock(payload["clock"])
        blank = Loaded(game_id, payload["game"], rules, seed, kept(payload), created.created_at, 0, {}, "active",
                       policy, clocks_mod.start(policy, len(payload["seats"])))
        snap = snapshots.latest(conn, game_id, seq)
        if snap is not None and snap[2] is not None:
            snap_seq, state, meta = snap
            created = {**blank.created, "seats": meta["seats"], "holders": meta.get("holders", 0)} \
                if meta.get("seats") else blank.created
            return self._named(blank.evolve(seq=snap_seq, state=state, status=meta["status"], ended=meta.get("ended"),
                                            clocks=Clocks.from_json(meta["clocks"]), created=created),
                               seat_names.latest(conn, game_id))
        state = initial(rules, seed, len(payload["seats"]), payload["options"], payload["position"]).state
        return self.step(blank, 1, "game_created", None, payload, created.created_at, state)

    def step(self, loaded: Loaded, seq: int, etype: str, seat: int | None, payload: dict, created_at: str,
              state: dict | None = None, at: float | None = None) -> Loaded:
        """The game after one more event (the state and time are given when the caller has them)."""
        back = self._replay_to(loaded.game_id, payload["to_seq"]) if etype == TAKEBACK else None
        if state is None:
            state = loaded.state
            if back is not None:
                state = back.state
            elif etype in CHANGING_EVENTS:
                state = apply_event(loaded.rules, loaded.seed, state, seq, etype, seat, payload)
        ended = payload["result"] if etype == "game_ended" else loaded.ended
        after = loaded.evolve(seq=seq, state=state, status=status_after(loaded.status, etype, payload),
                              created_at=loaded.created_at or created_at, ended=ended)
        if etype in ("seat_joined", "seat_replaced", "seat_released", "seat_accepted", "game_started"):
            after = self._seats_after(after, etype, payload)
        elif etype == "game_created":
            after = self._named(after, {s: n for (s, t), n in seat_names.of_game(self.db.conn, loaded.game_id).items()
                                        if t == 0})
        # Only a clocked game's decisions have deadlines, so only its replay needs each event's prompts.
        prompted = after.prompted if loaded.policy is not None else ()
        t = at if at is not None else epoch(created_at)
        if back is not None:  # the clocks as they were then, the time since not counted (as a pause)
            then = events.created_at_of(self.db.conn, loaded.game_id, payload["to_seq"])
            after.__dict__["clocks"] = clocks_mod.restored(after.clocks, back.clocks, epoch(then), t, seq)
            return after
        after.__dict__["clocks"] = clocks_mod.after_event(loaded.policy, after.clocks, seq, etype, seat,
                                                          t, payload, prompted)
        return after

    def _replay_to(self, game_id: str, seq: int) -> Loaded:
        """The game right after event `seq`, replayed from the nearest snapshot and never cached:
        this runs inside write transactions (a takeback), where the latest events are not
        committed yet."""
        conn = self.db.conn
        loaded = self._load_cold(conn, game_id, max(seq, 1))
        for e in events.read(conn, game_id, after=loaded.seq):
            if e.seq > seq:
                break
            loaded = self.step(loaded, e.seq, e.type, e.seat, e.payload, e.created_at)
        return loaded

    @staticmethod
    def _named(loaded: Loaded, names: dict[int, str]) -> Loaded:
        """The seats with their names joined in from the name table (a log names a seat by
        (seat, tenure) only); a log recorded before issue 40 and not moved over yet names them itself."""
        seats = [{**s, "name": names.get(i, s.get("name", ""))} for i, s in enumerate(loaded.created["seats"])]
        return loaded.evolve(created={**loaded.created, "seats": seats})

    def _seats_after(self, loaded: Loaded, etype: str, payload: dict) -> Loaded:
        """Who sits where after a seat event (the new holder's name from the name table); a table
        started early keeps only the seats taken, and its clocks start then."""
        seats = [dict(s) for s in loaded.created["seats"]]
        holders = loaded.created.get("holders", 0) + 1  # what caches of seat addresses are keyed on
        if etype == "game_started":
            seats = seats[:payload.get("seats", len(seats))]
            for s in seats:
                s.pop("open", None)
            return loaded.evolve(created={**loaded.created, "seats": seats, "holders": holders},
                                 clocks=clocks_mod.start(loaded.policy, len(seats)))
        s = seats[payload["seat"]]
        if etype == "seat_released":
            s["vacant"] = True
        else:
            named = seat_names.name(self.db.conn, loaded.game_id, payload["seat"], payload.get("tenure", 0))
            s["name"] = named if named is not None else payload.get("name", "")
            s.pop("open", None)
            s.pop("vacant", None)
        return loaded.evolve(created={**loaded.created, "seats": seats, "holders": holders})

    def _after_erasures(self, conn: Any) -> None:
        """Drop this process's cached games when a player was erased since, by any process: an
        erasure changes no log (the cache's key), only names and addresses, so it moves the
        instance's ERASED mark instead; looked at once per ERASURES_LOOK_EVERY seconds at most.
        The notifier keys its cached addresses on the mark too."""
        now = time.monotonic()
        if now - self._erasures_looked < self.ERASURES_LOOK_EVERY:
            return
        self._erasures_looked = now
        mark = instance.get(conn, ERASED)
        if mark != self.erased_mark:
            self.erased_mark = mark
            self.forget()

    def remember(self, loaded: Loaded) -> None:
        self._cache.put(loaded.game_id, loaded)

    def forget(self, game_id: str | None = None) -> None:
        """Drop cached states (tests and benchmarks use this to measure cold loads)."""
        if game_id is None:
            self._cache.clear()
        else:
            self._cache.pop(game_id)

    def seat_for(self, game_id: str, token: str | None) -> int | None:
        """The seat a bearer token belongs to (a seat token, or the token of a player who holds a
        seat of the game); None for no token (a spectator). Looked up on every request, never
        cached: a seat's token dies the moment the seat changes hands, in every process."""
        if token is None:
            return None
        return self._seat(game_id, token, lambda conn, hashed: (credentials.seat_for_hash(conn, game_id, hashed), None))[0]

    def seat_and_head(self, game_id: str, token: str) -> tuple[int, Head]:
        """`seat_for` (a token is required), and the game's head (seq, chain hash) read in the
        same statement: a move loads the game at that seq without reading it again, and appends
        after that hash (`write`'s `head`)."""
        return self._seat(game_id, token, lambda conn, hashed: credentials.seat_and_head(conn, game_id, hashed))

    def _seat(self, game_id: str, token: str, first: Callable[[Any, str], tuple[int | None, Any]]) -> tuple[int, Any]:
        hashed = credentials.token_hash(token)  # not the token itself: it would outlive the request
        with warm_read(self.db) as conn:
            seat, head = first(conn, hashed)
            if seat is None:
                player = players.player_for_token(conn, hashed)
                if player is not None:
                    seat = tenures.seat_of_player(conn, game_id, player)
        if seat is not None:
            return seat, head
        self.load(game_id)  # 404 for an unknown game before 401
        raise Unauthorized("the token is not valid for this game")

    def seat_link_ok(self, game_id: str, seat: int, key: str) -> bool:
        """Whether a personal link's key is that of the seat's current holder."""
        held = tenures.tenure_of(self.db.conn, game_id, seat)
        if held is None:  # games stored before seats changed hands have a seats row too
            return False
        tenure, holder = held
        return holder == tenures.HELD and check_seat_key(self.secret_key, game_id, seat, key, tenure)

    def append(self, conn, loaded: Loaded, new: list[tuple[str, int | None, dict]],
                state: dict, states: list[dict] | None = None,
                prev: str | None = None) -> tuple[Loaded, list[events.Event]]:
        """Append events after loaded.seq with everything derived from them; inside a transaction.
        `states[i]`, when given, is the state after `new[i]` (several moves in one batch). `prev`:
        the chain hash of event loaded.seq when the caller read it with that seq (then the first
        insert's primary key is the sequence check); each later event follows this transaction's
        own previous one, so none reads the head again."""
        now = self.clock()
        stamp = iso(now)
        after, appended = loaded, []
        for i, (etype, seat, payload) in enumerate(new):
            e = events.append(conn, loaded.seed, loaded.game_id, after.seq, etype, seat, payload, stamp,
                              appended[-1].hash if appended else prev)
            appended.append(e)
            if etype == "timeout" and seat is not None:
                tenures.count_missed(conn, loaded.game_id, seat)  # the holder's record, not the seat's
            elif etype == "game_ended":
                tenures.count_finished(conn, loaded.game_id)
                self.rate(conn, loaded.game_id)
            given = states[i] if states is not None and i < len(states) else \
                state if etype in CHANGING_EVENTS or etype == "game_created" else None
            after = self.step(after, e.seq, etype, seat, payload, stamp, given, now)
        if after.seq // snapshots.SNAPSHOT_EVERY > loaded.seq // snapshots.SNAPSHOT_EVERY:
            snapshots.save(conn, loaded.game_id, after.seq, after.state,
                           {"status": after.status, "clocks": after.clocks.to_json(), "ended": after.ended,
                            "seats": [{k: v for k, v in s.items() if k != "name"} for s in after.created["seats"]],
                            "holders": after.created.get("holders", 0)})  # names: the name table's
        self.project(conn, after, stamp)
        self.notifier.on_events(conn, loaded, after, appended, now)
        return after, appended

    def project(self, conn, loaded: Loaded, stamp: str) -> None:
        active = loaded.status == "active"
        to_move = list(loaded.prompted) if active else []  # the seats only: the choices are the answer's
        pause = loaded.clocks.pause or {}
        projections.upsert_game(conn, loaded.game_id, loaded.game, loaded.status, loaded.seq, to_move,
                                loaded.result, loaded.created_at, stamp,
                                pause.get("until") if loaded.status == "paused" else None)
        rows = []
        if active and loaded.policy is not None:
            for seat, sc in enumerate(loaded.clocks.seats):
                if sc.due_at is not None:
                    rows.append((seat, sc.opened_seq, sc.due_at, loaded.policy.reminder_times(sc.opened_at, sc.due_at)))
        if loaded.policy is not None:  # a game without a clock never has deadline rows
            deadlines.replace_for_game(conn, loaded.game_id, rows)

    def write(self, loaded: Loaded, new: list[tuple[str, int | None, dict]], state: dict,
               extra: Callable[[Any, Loaded, list[events.Event]], None] | None = None,
               states: list[dict] | None = None, head: Head | None = None,
               alongside: Callable[[Loaded, list[events.Event]], Any] | None = None) -> tuple[Loaded, list[events.Event]]:
        """One transaction: the events (plus game end and seed reveal when the game is over), and
        the moves that follow from them (pre-set moves, `follow`). `head`: the game's head as read
        with the caller's seat (`seat_and_head`); its hash is used only when `loaded` is at it.
        `alongside(after, appended)` runs on a helper thread while the COMMIT syncs (a move's
        answer: plumbing/alongside.py), over before this returns; its error is raised once the
        commit held, a failed commit's error instead of it."""
        new = self.with_end(loaded, new, state)
        prev = head[1] if head is not None and head[0] == loaded.seq else None
        pending = None
        try:
            with write_transaction(self.db) as conn:
                after, appended = self.append(conn, loaded, new, state, states, prev)
                if self.follow is not None:
                    after, appended = self.follow(conn, loaded, after, appended)
                if extra is not None:
                    extra(conn, after, appended)
                if alongside is not None:
                    pending = start_alongside(partial(alongside, after, appended))
        except events.SequenceConflict as e:
            raise Conflict(Text("another event was appended first; reload and try again"),
                           current_seq=e.current_seq) from None
        finally:
            if pending is not None:
                pending.wait()  # nothing it made is used when the commit failed
        self.remember(after)
        if pending is not None:
            pending.result()
        return after, appended

    @staticmethod
    def with_end(loaded: Loaded, new: Appended, state: dict) -> Appended:
        """`new`, followed by the game's end and the seed's reveal when `state` ends the game."""
        result = loaded.rules.result(state)
        if result is not None and not loaded.finished:
            return [*new, ("game_ended", None, {"result": result}), ("seed_revealed", None, {"seed": loaded.seed.hex()})]
        return new

    @staticmethod
    def check_expected(loaded: Loaded, expected: int | None) -> None:
        if expected is not None and expected != loaded.seq:
            raise Conflict(Text("expected sequence %(expected)s but the game is at %(seq)s",
                                expected=expected, seq=loaded.seq),
                           current_seq=loaded.seq)

    @staticmethod
    def check_active(loaded: Loaded) -> None:
        if loaded.status == "open":
            raise Conflict(Text("the game has not started: seats are still open"), current_seq=loaded.seq)
        if loaded.status == "cancelled":
            raise Conflict(Text("the game was cancelled"), current_seq=loaded.seq)
        if loaded.finished:
            raise Conflict(Text("the game is over"), current_seq=loaded.seq)
        if loaded.status == "paused":
            raise Conflict(Text("the game is paused; resume it first"), current_seq=loaded.seq)
