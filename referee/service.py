"""The application layer: the only place that combines the store, the rules and notifications.

Every state change happens here as one write transaction: the events, the projections, the
snapshot, the idempotency record (and the outbox) land together or not at all. The rules
run outside the write lock on a state read at a known sequence; the append then states that
sequence, so a concurrent writer makes this one fail with 409 instead of forking the log.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterator

import sqlite_utils

from referee.engine.contract import IllegalMove, Rules
from referee.engine.hashing import canonical, commitment
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import Step, advance, initial
from referee.engine.rng import redact_records
from referee.engine.base import ComponentError
from referee.engine.schemas import check, schema_errors, validator_for
from referee.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized, Unprocessable
from referee.store import credentials, events, idempotency, projections, snapshots
from referee.store.db import open_database, write_transaction

Clock = Callable[[], float]


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class Loaded:
    """A game as of `seq`: everything needed to judge the next move."""

    game_id: str
    game: str
    rules: Rules
    seed: bytes
    created: dict[str, Any]      # the game_created payload
    created_at: str
    seq: int
    state: dict[str, Any]
    status: str                  # active | paused | finished

    @property
    def finished(self) -> bool:
        return self.status == "finished"


class Referee:
    """The service. One instance per process; connections are per thread."""

    def __init__(self, database: str, clock: Clock = time.time):
        self.database = database
        self.clock = clock
        self._local = threading.local()
        self._cache: dict[str, Loaded] = {}
        self._cache_lock = threading.Lock()
        self._rules_cache: dict[tuple[str, str], Rules] = {}
        open_database(database).conn.close()

    # -- plumbing -------------------------------------------------------------------------

    @property
    def db(self) -> sqlite_utils.Database:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = open_database(self.database)
        return db

    def now(self) -> str:
        return iso(self.clock())

    def rules(self, game: str, components: dict | None) -> Rules:
        key = (game, hashlib.sha256(canonical(components)).hexdigest() if components else "")
        r = self._rules_cache.get(key)
        if r is None:
            r = self._rules_cache[key] = rules_for(game, components)
        return r

    # -- creating games ---------------------------------------------------------------------

    def create_game(self, body: dict[str, Any]) -> dict[str, Any]:
        errors = check("api/create_game.json", body)
        if errors:
            raise BadRequest("request body does not match the schema", errors=errors)
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
        position = body.get("position")
        if position is not None:
            self._check_position(rules, position, len(seats))

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
        now = self.now()
        with write_transaction(self.db) as conn:
            credentials.save_seed(conn, game_id, seed)
            for i, (s, tok) in enumerate(zip(seats, tokens)):
                credentials.add_seat(conn, game_id, i, s["name"], s.get("email"), s.get("webhook"), tok)
            projections.set_players(conn, game_id, [s["name"] for s in seats])
            loaded = Loaded(game_id, game, rules, seed, payload, now, 0, step.state, "active")
            after, _ = self._append(conn, loaded, [("game_created", None, payload)], step.state, now)
        with self._cache_lock:
            self._cache[game_id] = after
        return {"id": game_id, "game": game,
                "seats": [{"seat": i, "name": s["name"], "token": t} for i, (s, t) in enumerate(zip(seats, tokens))],
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
        with self._cache_lock:
            cached = self._cache.get(game_id)
        if cached is not None and cached.seq == seq:
            return cached
        if cached is None or cached.seq > seq:
            cached = self._load_cold(conn, game_id, seq)
        loaded = self._fold(cached, events.read(conn, game_id, after=cached.seq))
        with self._cache_lock:
            self._cache[game_id] = loaded
        return loaded

    def _load_cold(self, conn, game_id: str, seq: int) -> Loaded:
        first = events.read(conn, game_id, after=0)[:1]
        created = first[0]
        payload = created.payload
        seed = credentials.seed_of(conn, game_id)
        rules = self.rules(payload["game"], payload["components"])
        snap = snapshots.latest(conn, game_id, seq)
        if snap is not None:
            snap_seq, state = snap
        else:
            snap_seq = 1
            state = initial(rules, seed, len(payload["seats"]), payload["options"], payload["position"]).state
        base = Loaded(game_id, payload["game"], rules, seed, payload, created.created_at, 1, state, "active")
        # Status events before the snapshot still matter; fold them without re-applying moves.
        status = _status_after("active", [e.type for e in events.read(conn, game_id, after=1) if e.seq <= snap_seq])
        return replace(base, seq=snap_seq, status=status)

    def _fold(self, loaded: Loaded, new_events: list[events.Event]) -> Loaded:
        state, status, seq = loaded.state, loaded.status, loaded.seq
        for e in new_events:
            if e.type in ("move", "timeout", "resigned"):
                state = advance(loaded.rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload).state
            status = _status_after(status, [e.type])
            seq = e.seq
        return replace(loaded, state=state, status=status, seq=seq)

    def forget(self, game_id: str | None = None) -> None:
        """Drop cached states (tests and benchmarks use this to measure cold loads)."""
        with self._cache_lock:
            if game_id is None:
                self._cache.clear()
            else:
                self._cache.pop(game_id, None)

    # -- authentication ----------------------------------------------------------------------

    def seat_for(self, game_id: str, token: str | None) -> int | None:
        """The seat a bearer token belongs to; None for no token (a spectator)."""
        if token is None:
            return None
        seat = credentials.seat_for_token(self.db.conn, game_id, token)
        if seat is None:
            self.load(game_id)  # 404 for an unknown game before 401
            raise Unauthorized("the token is not valid for this game")
        return seat

    # -- writing -----------------------------------------------------------------------------

    def _append(self, conn, loaded: Loaded, new: list[tuple[str, int | None, dict]], state: dict,
                now: str) -> tuple[Loaded, list[events.Event]]:
        """Append events after loaded.seq, plus projections and snapshot; inside a transaction."""
        seq, status = loaded.seq, loaded.status
        appended = []
        for etype, seat, payload in new:
            appended.append(events.append(conn, loaded.seed, loaded.game_id, seq, etype, seat, payload, now))
            seq += 1
            status = _status_after(status, [etype])
        if seq // snapshots.SNAPSHOT_EVERY > loaded.seq // snapshots.SNAPSHOT_EVERY:
            snapshots.save(conn, loaded.game_id, seq, state)
        after = replace(loaded, seq=seq, state=state, status=status)
        to_move = sorted({p.seat for p in loaded.rules.prompts(state)}) if status == "active" else []
        projections.upsert_game(conn, loaded.game_id, loaded.game, status, seq, to_move,
                                loaded.rules.result(state), loaded.created_at, now)
        return after, appended

    def _write(self, loaded: Loaded, new: list[tuple[str, int | None, dict]], state: dict,
               extra: Callable[[Any, Loaded, list[events.Event]], None] | None = None,
               ) -> tuple[Loaded, list[events.Event]]:
        """One transaction: the events (plus game end and seed reveal when the game is over)."""
        result = loaded.rules.result(state)
        if result is not None and not loaded.finished:
            new = [*new, ("game_ended", None, {"result": result}),
                   ("seed_revealed", None, {"seed": loaded.seed.hex()})]
        now = self.now()
        try:
            with write_transaction(self.db) as conn:
                after, appended = self._append(conn, loaded, new, state, now)
                if extra is not None:
                    extra(conn, after, appended)
        except events.SequenceConflict as e:
            raise Conflict("another event was appended first; reload and try again",
                           current_seq=e.current_seq) from None
        with self._cache_lock:
            self._cache[after.game_id] = after
        return after, appended

    def submit_move(self, game_id: str, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Judge and record one move; returns (HTTP status, response body)."""
        errors = check("api/submit_move.json", body)
        if errors:
            raise BadRequest("request body does not match the schema", errors=errors)
        key = body.get("idempotency_key")
        if key is not None:
            earlier = idempotency.recall(self.db.conn, game_id, seat, key)
            if earlier is not None:
                return earlier
        loaded = self.load(game_id)
        move = body["move"]
        errs = schema_errors(validator_for(loaded.rules.move_schema), move)
        if errs:
            raise BadRequest("move does not match the game's move schema", errors=errs)
        self._check_expected(loaded, body.get("expected_seq"))
        self._check_active(loaded)
        seq = loaded.seq + 1
        try:
            step = advance(loaded.rules, loaded.seed, loaded.state, seq, "move", seat, {"move": move})
        except IllegalMove as e:
            raise Unprocessable(e.message, rule=e.rule, current_seq=loaded.seq) from None
        payload = {"move": move, "chance": step.chance, "state_hash": step.state_hash}

        def remember(conn, after: Loaded, appended: list[events.Event]) -> None:
            if key is not None:
                idempotency.remember(conn, game_id, seat, key, 201, self._move_response(after, seat, appended))

        after, appended = self._write(loaded, [("move", seat, payload)], step.state, remember)
        return 201, self._move_response(after, seat, appended)

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

    def resign(self, game_id: str, seat: int) -> dict[str, Any]:
        loaded = self.load(game_id)
        if loaded.finished:
            raise Conflict("the game is over", current_seq=loaded.seq)
        step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "resigned", seat, {})
        payload = {"reason": "resigned by the player", "state_hash": step.state_hash}
        after, _ = self._write(loaded, [("resigned", seat, payload)], step.state)
        return self.describe(after, seat)

    def set_paused(self, game_id: str, seat: int, paused: bool, reason: str = "") -> dict[str, Any]:
        loaded = self.load(game_id)
        if loaded.finished:
            raise Conflict("the game is over", current_seq=loaded.seq)
        if (loaded.status == "paused") == paused:
            raise Conflict(f"the game is already {'paused' if paused else 'running'}", current_seq=loaded.seq)
        etype = "paused" if paused else "resumed"
        after, _ = self._write(loaded, [(etype, seat, {"reason": reason})], loaded.state)
        return self.describe(after, seat)

    # -- reading -----------------------------------------------------------------------------

    def describe(self, loaded: Loaded, viewer: int | None) -> dict[str, Any]:
        """GET /games/{id}: status, who must move, the caller's view."""
        prompts = [] if loaded.status != "active" else loaded.rules.prompts(loaded.state)
        return {
            "id": loaded.game_id, "game": loaded.game, "status": loaded.status, "seq": loaded.seq,
            "seats": loaded.created["seats"],
            "seed_commitment": loaded.created["seed_commitment"],
            "prompts": [prompt_json(p, viewer) for p in prompts],
            "view": loaded.rules.view(loaded.state, viewer),
            "result": loaded.rules.result(loaded.state),
        }

    def game(self, game_id: str, viewer: int | None) -> dict[str, Any]:
        return self.describe(self.load(game_id), viewer)

    def prompts(self, game_id: str, viewer: int | None) -> list[dict[str, Any]]:
        loaded = self.load(game_id)
        if loaded.status != "active" or viewer is None:
            return []
        return [prompt_json(p, viewer) for p in loaded.rules.prompts(loaded.state) if p.seat == viewer]

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

    def raw_events(self, game_id: str) -> list[events.Event]:
        self.load(game_id)
        return events.read(self.db.conn, game_id)

    # -- maintenance ---------------------------------------------------------------------------

    def rebuild_projections(self) -> int:
        """Recompute games/game_players from events alone (plus seeds to replay states)."""
        conn = self.db.conn
        ids = list(events.game_ids(conn))
        self.forget()
        with write_transaction(self.db) as c:
            projections.clear(c)
        for gid in ids:
            loaded = self.load(gid)
            created = loaded.created
            last = events.read(conn, gid, after=loaded.seq - 1)[-1]
            to_move = sorted({p.seat for p in loaded.rules.prompts(loaded.state)}) if loaded.status == "active" else []
            with write_transaction(self.db) as c:
                projections.set_players(c, gid, [s["name"] for s in created["seats"]])
                projections.upsert_game(c, gid, loaded.game, loaded.status, loaded.seq, to_move,
                                        loaded.rules.result(loaded.state), loaded.created_at, last.created_at)
        return len(ids)


def _status_after(status: str, types: list[str]) -> str:
    for t in types:
        if t == "paused":
            status = "paused"
        elif t == "resumed":
            status = "active"
        elif t == "game_ended":
            status = "finished"
    return status


def prompt_json(p, viewer: int | None) -> dict[str, Any]:
    """A prompt over HTTP. Another seat's choices and default can reveal its hidden
    information (a hand), so only the prompted seat sees them."""
    own = viewer == p.seat
    return {"seat": p.seat, "kind": p.kind, "text": p.text,
            "choices": copy.deepcopy(p.choices) if own else None,
            "default": p.default if own else None, "deadline": None}
