"""The application layer: the only place that combines the store, the rules and notifications.

Every state change happens here as one write transaction: the events, the projections (games
list, deadlines), the snapshot, the idempotency record and the outbox land together or not
at all. The rules run outside the write lock on a state read at a known sequence; the append
then states that sequence, so a concurrent writer (another move, a timeout from the
scheduler) makes this one fail with 409 instead of forking the log.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from typing import Any, Callable

from referee import deadlines as clocks_mod
from referee.clock import policy_from_clock
from referee.config import Config
from referee.deadlines import Clocks
from referee.engine.abandon import abandoned_result
from referee.engine.base import ComponentError
from referee.engine.contract import IllegalMove, Rules
from referee.engine.hashing import canonical, commitment
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import STATE_EVENTS, advance, apply_event, initial
from referee.engine.rng import redact_records
from referee.engine.schemas import check, schema_errors, validator_for
from referee import moves_batch
from referee.errors import BadRequest, Conflict, Forbidden, NotFound, ServiceError, Unauthorized, Unprocessable
from referee.notify import preferences
from referee.notify.triggers import Notifier
from referee.store import credentials, deadlines, events, instance, projections, seat_settings, snapshots
from referee.store.db import Database, is_postgres, open_database, open_with_migrations, usable, write_transaction
from referee.store.listener import EventListener
from referee import targets
from referee.loaded import Loaded, cached_size, epoch, iso, kept, status_after
from referee.statecache import StateCache
from referee.web.links import game_url, seat_url

Clock = Callable[[], float]


TOKEN_CACHE = 10_000  # remembered (game, token) -> seat pairs


class Referee:
    """The service. One instance per process; connections are per thread."""

    def __init__(self, database: str, clock: Clock = time.time, config: Config | None = None):
        self.database = database
        self.clock = clock
        self.config = config or Config(database=database)
        self._local = threading.local()
        self._cache: StateCache[Loaded] = StateCache(self.config.state_cache_bytes, cached_size)
        self._rules_cache: dict[tuple[str, str], Rules] = {}
        self._token_seats: dict[tuple[str, str], int] = {}  # (game, token hash) -> seat, oldest first
        self._listening: EventListener | None = None
        self._listener_lock = threading.Lock()
        db = open_database(database)  # creates or migrates the schema, once per process
        with write_transaction(db) as conn:
            stored = instance.secret_key(conn)
        db.conn.close()
        self.secret_key = self.config.secret_key.encode() if self.config.secret_key else stored
        self.notifier = Notifier(self)

    # -- plumbing -------------------------------------------------------------------------

    @property
    def db(self) -> Database:
        """This thread's connection (reopened when a PostgreSQL server dropped it)."""
        db = getattr(self._local, "db", None)
        if db is None or not usable(db):
            db = self._local.db = open_with_migrations(self.database, migrate=False)[0]
        return db

    def rules(self, game: str, components: dict | None, version: str | None = None) -> Rules:
        """The rules for a game's component data, under its recorded rules `version`."""
        key = (game, hashlib.sha256(canonical(components)).hexdigest() if components else "", version)
        r = self._rules_cache.get(key)
        if r is None:
            r = self._rules_cache[key] = rules_for(game, components, version)
        return r

    # -- creating games ---------------------------------------------------------------------

    def create_game(self, body: dict[str, Any]) -> dict[str, Any]:
        errors = check("api/create_game.json", body)
        if errors:
            raise BadRequest("request body does not match the schema", errors=errors)
        # The log keeps JSON with sorted keys, and replay starts from the log: live play starts
        # from the same form, so no game can depend on the key order a client happened to send.
        body = {**body, **{k: json.loads(canonical(body[k])) for k in ("position", "components", "options")
                           if body.get(k) is not None}}
        game = body["game"]
        if game not in GAME_IDS:
            raise Unprocessable(f"unknown game {game!r}; known games: {', '.join(GAME_IDS)}")
        try:
            rules = self.rules(game, body.get("components"))
        except ComponentError as e:
            raise Unprocessable(str(e)) from None
        seats = body["seats"]
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise Unprocessable(f"{rules.title} takes {rules.min_players}-{rules.max_players} seats, got {len(seats)}")
        options = body.get("options", {})
        errs = schema_errors(validator_for(rules.options_schema), options)
        if errs:
            raise BadRequest("options do not match the game's options schema", errors=errs)
        try:
            policy = policy_from_clock(body.get("clock"))
        except ValueError as e:
            raise Unprocessable(f"clock: {e}") from None
        if not self.config.allow_private_targets:
            try:
                targets.check_seats(seats)
            except targets.TargetRefused as e:
                raise Unprocessable(str(e)) from None
        position = body.get("position")
        if position is not None:
            self._check_position(rules, position, len(seats))

        preferences.check_zones(seats)
        seed = secrets.token_bytes(32)
        game_id = secrets.token_hex(8)
        try:
            step = initial(rules, seed, len(seats), options, position)
        except (IllegalMove, ValueError) as e:
            raise Unprocessable(f"cannot set up the game: {e}") from None
        payload = {
            "game": game, "rules_version": rules.rules_version,
            "seats": [{"seat": i, "name": s["name"]} for i, s in enumerate(seats)],
            "options": options, "clock": body.get("clock"),
            "seed_commitment": commitment(seed),
            "components": rules.components,
            "components_sha256": hashlib.sha256(canonical(rules.components)).hexdigest(),
            "position": position,
            "chance": step.chance, "state_hash": step.state_hash,
        }
        tokens = [secrets.token_urlsafe(24) for _ in seats]
        blank = Loaded(game_id, game, rules, seed, kept(payload), "", 0, step.state, "active", policy,
                       clocks_mod.start(policy, len(seats)))
        with write_transaction(self.db) as conn:
            credentials.save_seed(conn, game_id, seed)
            for i, (s, tok) in enumerate(zip(seats, tokens)):
                credentials.add_seat(conn, game_id, i, s["name"], s.get("email"), s.get("webhook"), tok)
            seat_settings.save_new(conn, game_id, seats)
            projections.set_players(conn, game_id, [s["name"] for s in seats])
            after, _ = self._append(conn, blank, [("game_created", None, payload)], step.state)
        self._remember(after)
        out_seats = []
        base = self.config.base_url
        for i, (s, t) in enumerate(zip(seats, tokens)):
            entry = {"seat": i, "name": s["name"], "token": t, "url": seat_url(base, self.secret_key, game_id, i)}
            if s.get("email"):
                entry["reply_address"] = self.notifier.reply_address(game_id, i)
            if s.get("webhook"):
                entry["webhook_secret"] = self.notifier.webhook_secret(game_id, i)
            out_seats.append(entry)
        return {"id": game_id, "game": game, "url": game_url(base, game_id), "seats": out_seats,
                "seed_commitment": payload["seed_commitment"]}

    @staticmethod
    def _check_position(rules: Rules, position: dict, seats: int) -> None:
        errs = schema_errors(validator_for(rules.state_schema), position)
        if errs:
            raise BadRequest("position does not match the game's state schema", errors=errs)
        problems = rules.check_state(position)
        if isinstance(position.get("players"), list) and len(position["players"]) != seats:
            problems = [f"position has {len(position['players'])} players but {seats} seats were given", *problems]
        if problems:
            raise Unprocessable("position breaks the rules' invariants", problems=problems)
        if rules.result(position) is not None:
            raise Unprocessable("position is already finished")

    # -- loading ---------------------------------------------------------------------------

    def load(self, game_id: str) -> Loaded:
        """The game at its latest sequence: from the cache, else snapshot + replay."""
        conn = self.db.conn
        seq, _ = events.head(conn, game_id)
        if seq == 0:
            raise NotFound(f"no game {game_id!r}")
        cached = self._cache.get(game_id)
        if cached is not None and cached.seq == seq:
            return cached
        if cached is None or cached.seq > seq:
            cached = self._load_cold(conn, game_id, seq)
        loaded = cached
        for e in events.read(conn, game_id, after=cached.seq):
            loaded = self._step(loaded, e.seq, e.type, e.seat, e.payload, e.created_at)
        self._remember(loaded)
        return loaded

    def load_at(self, game_id: str, seq: int) -> Loaded:
        """The game as it was right after event `seq` (the web history stepper), by replay from
        the nearest snapshot; the latest state when `seq` is at or past the head."""
        latest = self.load(game_id)
        if seq >= latest.seq:
            return latest
        conn = self.db.conn
        loaded = self._load_cold(conn, game_id, max(seq, 1))
        for e in events.read(conn, game_id, after=loaded.seq):
            if e.seq > seq:
                break
            loaded = self._step(loaded, e.seq, e.type, e.seat, e.payload, e.created_at)
        return loaded

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
            return blank.evolve(seq=snap_seq, state=state, status=meta["status"], ended=meta.get("ended"),
                                clocks=Clocks.from_json(meta["clocks"]))
        state = initial(rules, seed, len(payload["seats"]), payload["options"], payload["position"]).state
        return self._step(blank, 1, "game_created", None, payload, created.created_at, state)

    def _step(self, loaded: Loaded, seq: int, etype: str, seat: int | None, payload: dict, created_at: str,
              state: dict | None = None, at: float | None = None) -> Loaded:
        """The game after one more event (the state and time are given when the caller has them)."""
        if state is None:
            state = loaded.state
            if etype in STATE_EVENTS:
                state = apply_event(loaded.rules, loaded.seed, state, seq, etype, seat, payload)
        ended = payload["result"] if etype == "game_ended" else loaded.ended
        after = loaded.evolve(seq=seq, state=state, status=status_after(loaded.status, etype),
                              created_at=loaded.created_at or created_at, ended=ended)
        # Only a clocked game's decisions have deadlines, so only its replay needs each event's prompts.
        prompted = [p.seat for p in after.prompts] if loaded.policy is not None else ()
        after.__dict__["clocks"] = clocks_mod.after_event(loaded.policy, loaded.clocks, seq, etype, seat,
                                                          at if at is not None else epoch(created_at), payload, prompted)
        return after

    def _remember(self, loaded: Loaded) -> None:
        self._cache.put(loaded.game_id, loaded)

    def forget(self, game_id: str | None = None) -> None:
        """Drop cached states (tests and benchmarks use this to measure cold loads)."""
        if game_id is None:
            self._cache.clear()
        else:
            self._cache.pop(game_id)

    # -- authentication ----------------------------------------------------------------------

    def seat_for(self, game_id: str, token: str | None) -> int | None:
        """The seat a bearer token belongs to; None for no token (a spectator)."""
        if token is None:
            return None
        key = (game_id, credentials.token_hash(token))  # not the token itself: it would outlive the request
        seat = self._token_seats.get(key)
        if seat is not None:
            return seat
        seat = credentials.seat_for_hash(self.db.conn, game_id, key[1])
        if seat is not None:  # a seat's token never changes, so a match stays true
            if len(self._token_seats) >= TOKEN_CACHE:
                self._token_seats.pop(next(iter(self._token_seats)))
            self._token_seats[key] = seat
            return seat
        self.load(game_id)  # 404 for an unknown game before 401
        raise Unauthorized("the token is not valid for this game")

    # -- writing -----------------------------------------------------------------------------

    def _append(self, conn, loaded: Loaded, new: list[tuple[str, int | None, dict]],
                state: dict, states: list[dict] | None = None) -> tuple[Loaded, list[events.Event]]:
        """Append events after loaded.seq with everything derived from them; inside a transaction.
        `states[i]`, when given, is the state after `new[i]` (several moves in one batch)."""
        now = self.clock()
        stamp = iso(now)
        after, appended = loaded, []
        for i, (etype, seat, payload) in enumerate(new):
            e = events.append(conn, loaded.seed, loaded.game_id, after.seq, etype, seat, payload, stamp)
            appended.append(e)
            given = states[i] if states is not None and i < len(states) else \
                state if etype in STATE_EVENTS or etype == "game_created" else None
            after = self._step(after, e.seq, etype, seat, payload, stamp, given, now)
        if after.seq // snapshots.SNAPSHOT_EVERY > loaded.seq // snapshots.SNAPSHOT_EVERY:
            snapshots.save(conn, loaded.game_id, after.seq, after.state,
                           {"status": after.status, "clocks": after.clocks.to_json(), "ended": after.ended})
        self._project(conn, after, stamp)
        self.notifier.on_events(conn, loaded, after, appended, now)
        return after, appended

    def _project(self, conn, loaded: Loaded, stamp: str) -> None:
        active = loaded.status == "active"
        to_move = sorted({p.seat for p in loaded.prompts}) if active else []
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

    def _write(self, loaded: Loaded, new: list[tuple[str, int | None, dict]], state: dict,
               extra: Callable[[Any, Loaded, list[events.Event]], None] | None = None,
               states: list[dict] | None = None) -> tuple[Loaded, list[events.Event]]:
        """One transaction: the events (plus game end and seed reveal when the game is over)."""
        result = loaded.rules.result(state)
        if result is not None and not loaded.finished:
            new = [*new, ("game_ended", None, {"result": result}),
                   ("seed_revealed", None, {"seed": loaded.seed.hex()})]
        try:
            with write_transaction(self.db) as conn:
                after, appended = self._append(conn, loaded, new, state, states)
                if extra is not None:
                    extra(conn, after, appended)
        except events.SequenceConflict as e:
            raise Conflict("another event was appended first; reload and try again",
                           current_seq=e.current_seq) from None
        self._remember(after)
        return after, appended

    def submit_move(self, game_id: str, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Judge and record a move (or several, or one in the text form); returns (HTTP status,
        response body). The use case lives in moves_batch."""
        errors = check("api/submit_move.json", body)
        if errors:
            raise BadRequest("request body does not match the schema", errors=errors)
        return moves_batch.submit(self, game_id, seat, body)

    def _move_response(self, loaded: Loaded, seat: int, appended: list[events.Event]) -> dict[str, Any]:
        body = self.describe(loaded, seat)
        body["events"] = [self.redact_event(loaded, e, seat) for e in appended]
        return body

    @staticmethod
    def _check_expected(loaded: Loaded, expected: int | None) -> None:
        if expected is not None and expected != loaded.seq:
            raise Conflict(f"expected sequence {expected} but the game is at {loaded.seq}",
                           current_seq=loaded.seq)

    @staticmethod
    def _check_active(loaded: Loaded) -> None:
        if loaded.finished:
            raise Conflict("the game is over", current_seq=loaded.seq)
        if loaded.status == "paused":
            raise Conflict("the game is paused; resume it first", current_seq=loaded.seq)

    def play_timeout(self, game_id: str, seat: int, opened_seq: int) -> bool:
        """Play the default move for a seat whose deadline passed. False when there is
        nothing to do any more (the seat moved, the game paused or ended, another scheduler
        got there first): a timeout and a move can never both land for one decision."""
        loaded = self.load(game_id)
        sc = loaded.clocks.seats[seat]
        if (loaded.status != "active" or sc.opened_seq != opened_seq or sc.due_at is None
                or sc.due_at > self.clock()):
            return False
        gone = clocks_mod.abandoned_at(loaded.policy, loaded.clocks)
        if gone is not None and gone <= self.clock():
            return self._end_abandoned(loaded)
        move = loaded.rules.default_move(loaded.state, seat)
        step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "timeout", seat, {"move": move})
        payload = {"move": move, "chance": step.chance, "state_hash": step.state_hash,
                   "deadline": iso(sc.due_at)}
        try:
            self._write(loaded, [("timeout", seat, payload)], step.state)
        except Conflict:
            return False
        return True

    def _end_abandoned(self, loaded: Loaded) -> bool:
        """Every seat has been absent for the clock's `abandon_after`: the game ends, scored as
        its rules score it now, instead of timing out (and mailing its seats) forever."""
        ended = [("game_ended", None, {"result": abandoned_result(loaded.rules, loaded.state)}),
                 ("seed_revealed", None, {"seed": loaded.seed.hex()})]
        try:
            self._write(loaded, ended, loaded.state)
        except Conflict:
            return False
        return True

    def resign(self, game_id: str, seat: int) -> dict[str, Any]:
        loaded = self.load(game_id)
        if loaded.finished:
            raise Conflict("the game is over", current_seq=loaded.seq)
        step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "resigned", seat, {})
        payload = {"reason": "resigned by the player", "state_hash": step.state_hash}
        after, _ = self._write(loaded, [("resigned", seat, payload)], step.state)
        return self.describe(after, seat)

    def pause(self, game_id: str, seat: int, kind: str = "vacation", reason: str = "") -> dict[str, Any]:
        """A seat's vacation pauses the game at once (charged to its yearly allowance); an
        agreed pause takes effect when every seat has asked for it (free)."""
        loaded = self.load(game_id)
        if loaded.finished:
            raise Conflict("the game is over", current_seq=loaded.seq)
        if loaded.status == "paused":
            raise Conflict("the game is already paused", current_seq=loaded.seq)
        now = self.clock()
        new: list[tuple[str, int | None, dict]]
        if kind == "vacation":
            until = clocks_mod.vacation_until(loaded.policy, loaded.clocks, seat, now)
            if until is not None and until <= now:
                raise Conflict(f"seat {seat} has no vacation days left this year", current_seq=loaded.seq)
            pause = {"kind": "vacation", "seat": seat, "until": until}
            new = [("paused", seat, {"reason": reason, "pause": pause})]
        else:
            if seat in loaded.clocks.pause_votes:
                raise Conflict("this seat already asked for a pause", current_seq=loaded.seq)
            new = [("pause_requested", seat, {"reason": reason})]
            if set(loaded.clocks.pause_votes) | {seat} == set(range(loaded.seat_count())):
                new.append(("paused", None, {"reason": "all seats agreed", "pause": {"kind": "agreed"}}))
        after, _ = self._write(loaded, new, loaded.state)
        return self.describe(after, seat)

    def resume(self, game_id: str, seat: int | None, reason: str = "") -> dict[str, Any]:
        """Resume a pause. A vacation is ended by its own seat (or by the scheduler when the
        allowance runs out, seat None); an agreed pause by any seat."""
        loaded = self.load(game_id)
        if loaded.status != "paused":
            raise Conflict("the game is not paused", current_seq=loaded.seq)
        pause = loaded.clocks.pause or {}
        if seat is not None and pause.get("kind") == "vacation" and pause.get("seat") != seat:
            raise Forbidden(f"seat {pause.get('seat')} is on vacation; only that seat can end it early")
        after, _ = self._write(loaded, [("resumed", seat, {"reason": reason})], loaded.state)
        return self.describe(after, seat)

    # -- reading -----------------------------------------------------------------------------

    def deadline_of(self, loaded: Loaded, seat: int) -> float | None:
        sc = loaded.clocks.seats[seat]
        return sc.due_at if loaded.status == "active" else None

    def describe(self, loaded: Loaded, viewer: int | None) -> dict[str, Any]:
        """GET /games/{id}: status, who must move (with deadlines), the caller's view."""
        prompts = loaded.prompts if loaded.status == "active" else ()
        pause = loaded.clocks.pause if loaded.status == "paused" else None
        view = loaded.rules.view(loaded.state, viewer)
        return {
            "id": loaded.game_id, "game": loaded.game, "status": loaded.status, "seq": loaded.seq,
            "seats": [{**s, "absent": loaded.clocks.seats[s["seat"]].absent} for s in loaded.created["seats"]],
            "seed_commitment": loaded.created["seed_commitment"],
            "clock": loaded.created["clock"],
            "prompts": [prompt_json(p, viewer, self.deadline_of(loaded, p.seat)) for p in prompts],
            "pause": {**pause, "until": iso(pause["until"]) if pause.get("until") else None} if pause else None,
            "view": view,
            "facts": loaded.rules.facts(view),
            "result": loaded.result,
        }

    def game(self, game_id: str, viewer: int | None) -> dict[str, Any]:
        return self.describe(self.load(game_id), viewer)

    def prompts(self, game_id: str, viewer: int | None) -> list[dict[str, Any]]:
        loaded = self.load(game_id)
        if loaded.status != "active" or viewer is None:
            return []
        return [prompt_json(p, viewer, self.deadline_of(loaded, p.seat)) for p in loaded.prompts if p.seat == viewer]

    def list_games(self, **filters: Any) -> list[dict[str, Any]]:
        return projections.list_games(self.db.conn, **filters)

    def redact_event(self, loaded: Loaded, e: events.Event, viewer: int | None) -> dict[str, Any]:
        """An event as `viewer` may see it; everything is public once the game is over."""
        out = e.to_json()
        if loaded.finished:
            return out
        payload = e.payload
        if "chance" in payload:
            payload = {**payload, "chance": redact_records(payload["chance"], viewer)}
        if e.type == "game_created" and payload.get("position") is not None:
            payload = {**payload, "position": loaded.rules.view(payload["position"], viewer)}
        if e.type in ("move", "timeout"):
            payload = {**payload, "move": loaded.rules.redact(loaded.state, payload["move"], e.seat, viewer)}
        if payload != e.payload:
            out["payload"] = payload
            out["redacted"] = True
        return out

    def events_for(self, game_id: str, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
        loaded = self.load(game_id)
        return [self.redact_event(loaded, e, viewer) for e in events.read(self.db.conn, game_id, after)
                if e.seq <= loaded.seq]

    def wait_for_events(self, game_id: str, viewer: int | None, after: int, wait: float) -> list[dict[str, Any]]:
        """The change feed: events after `after`, waiting up to `wait` seconds (long poll) for
        the first one. Reads the log's head, so it sees appends by every process and host: on
        PostgreSQL when an append is announced (store/listener.py), on SQLite every 0.2 s."""
        until = time.monotonic() + wait
        while wait > 0 and events.head(self.db.conn, game_id)[0] <= after:
            left = until - time.monotonic()
            if left <= 0:
                break
            listener = self._listener()
            if listener is not None:
                listener.wait(game_id, after, left)
            else:
                time.sleep(min(0.2, left))
        return self.events_for(game_id, viewer, after)

    def _listener(self) -> EventListener | None:
        """This process's listener for announced appends (PostgreSQL only), started on first use."""
        if not is_postgres(self.database):
            return None
        with self._listener_lock:
            if self._listening is None:
                self._listening = EventListener(self.database)
            return self._listening

    def raw_events(self, game_id: str) -> list[events.Event]:
        self.load(game_id)
        return events.read(self.db.conn, game_id)

    # -- scheduler jobs ------------------------------------------------------------------------

    def play_due_timeouts(self) -> int:
        """Every seat whose deadline passed gets its default move (as a timeout event), in
        batches claimed from the deadlines other schedulers are not working on."""
        played = 0
        while True:
            with write_transaction(self.db) as conn:
                claimed = deadlines.claim_due(conn, self.clock())
            if not claimed:
                return played
            for row in claimed:
                played += self.play_timeout(row["game_id"], row["seat"], row["opened_seq"])

    def queue_due_reminders(self) -> int:
        now = self.clock()
        queued = 0
        for row in deadlines.reminders_due(self.db.conn, now):
            loaded = self.load(row["game_id"])
            sc = loaded.clocks.seats[row["seat"]]
            with write_transaction(self.db) as conn:
                if sc.opened_seq == row["opened_seq"] and loaded.status == "active":
                    queued += self.notifier.remind(conn, loaded, row["seat"], now)
                deadlines.drop_reminders(conn, row["game_id"], row["seat"], row["opened_seq"], now)
        return queued

    def resume_ended_vacations(self) -> int:
        resumed = 0
        for gid in projections.due_resumes(self.db.conn, self.clock()):
            try:
                self.resume(gid, None, "vacation allowance used up")
                resumed += 1
            except ServiceError:
                pass  # resumed by its seat meanwhile
        return resumed

    # -- maintenance ---------------------------------------------------------------------------

    def rebuild_projections(self) -> int:
        """Recompute games, game_players and deadlines from events alone (plus seeds to replay)."""
        conn = self.db.conn
        ids = list(events.game_ids(conn))
        self.forget()
        with write_transaction(self.db) as c:
            projections.clear(c)
        for gid in ids:
            loaded = self.load(gid)
            last = events.read(conn, gid, after=loaded.seq - 1)[-1]
            with write_transaction(self.db) as c:
                projections.set_players(c, gid, [s["name"] for s in loaded.created["seats"]])
                self._project(c, loaded, last.created_at)
        return len(ids)


def prompt_json(p, viewer: int | None, deadline: float | None) -> dict[str, Any]:
    """A prompt over HTTP. Another seat's choices and default can reveal its hidden
    information (a hand), so only the prompted seat sees them."""
    own = viewer == p.seat
    return {"seat": p.seat, "kind": p.kind, "text": p.text,
            "choices": p.choices if own else None,
            "default": p.default if own else None,
            "deadline": iso(deadline) if deadline is not None else None}
