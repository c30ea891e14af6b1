"""Takebacks with consent (issue 27): a seat asks to take back its own last moves, the others
accept or refuse, and on acceptance a `takeback` event returns the game to the state and clocks
right after event `to_seq` (replay computes it: engine/replay.py). Nothing is deleted.

A seat may go back only as far as engine/foresight.py's boundary allows (never across another
seat's action, a chance record, a reveal or a prompt to another seat). A request is pending
until it is decided or anything changes the game (a move by anyone, a timeout): then it lapses.
Who must accept is the game's `takebacks` setting: every other present seat (`all`, default),
any one of them (`one`), or takebacks are `off`. Absent seats and bots never block a request.
Accepting states the sequence it was judged on, so it races the requester's own next move with
one winner (the other gets 409), never a fork.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.foresight import Boundary, changes_game, takeback_boundary
from referee.engine.hashing import state_hash
from referee.engine.replay import CHANGING_EVENTS, apply_event
from referee.engine.schemas import conform
from referee.plumbing.errors import Conflict, Forbidden, NotFound, Refused
from referee.service.play import read
from referee.store import bot_seats, events
from referee.plumbing.i18n import Text
from referee.plumbing.memo import AuditCache

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

WINDOW = 60  # the most events a takeback spans (and replays to find its boundary)


def mode(loaded: "Loaded") -> str:
    return loaded.created.get("takebacks", "all")


# Each boundary by (game, its seed commitment, seq, rules version, seat): every page a seat opens
# shows whether it may take back, and finding that replays up to WINDOW events; the log up to a
# seq never changes.
BOUNDARIES = AuditCache(512)


def boundary(core: "Core", loaded: "Loaded", seat: int) -> Boundary:
    """How far back `seat` may go now (within the last WINDOW events)."""
    key = (loaded.game_id, loaded.created["seed_commitment"], loaded.seq, loaded.rules.rules_version, seat)
    return BOUNDARIES.get(key, lambda: _boundary(core, loaded, seat))


def _boundary(core: "Core", loaded: "Loaded", seat: int) -> Boundary:
    log = [e.__dict__ for e in events.read(core.db.conn, loaded.game_id, after=max(0, loaded.seq - WINDOW))]
    states = _States(core, loaded, log)
    return takeback_boundary(loaded.rules, log, states.at, seat, loaded.seat_count())


class _States:
    """The state after each event near the end of a log, replayed once (a lookup further back
    replays from the nearest snapshot)."""

    def __init__(self, core: "Core", loaded: "Loaded", log: list[dict[str, Any]]):
        self.core, self.loaded, self.log = core, loaded, log
        self.states: dict[int, dict[str, Any]] | None = None  # replayed when first asked (often never)

    def _window(self) -> dict[int, dict[str, Any]]:
        core, loaded = self.core, self.loaded
        start = max(1, loaded.seq - WINDOW)
        state = core._replay_to(loaded.game_id, start).state
        self.states = {start: state}
        for e in self.log:
            if e["seq"] <= start:
                continue
            if e["type"] in CHANGING_EVENTS:
                state = apply_event(loaded.rules, loaded.seed, state, e["seq"], e["type"], e["seat"], e["payload"],
                                    self.at)
            self.states[e["seq"]] = state
        return self.states

    def at(self, seq: int) -> dict[str, Any]:
        if self.states is None:
            self._window()
        assert self.states is not None
        if seq not in self.states:
            self.states[seq] = self.core._replay_to(self.loaded.game_id, seq).state
        return self.states[seq]


def pending(core: "Core", loaded: "Loaded") -> dict[str, Any] | None:
    """The takeback request still open, if any: `{"id", "seat", "to_seq", "accepted"}`."""
    found: dict[str, Any] | None = None
    # Only what follows the last event that changed the game can be pending.
    for e in events.read(core.db.conn, loaded.game_id, after=events.last_of_types(
            core.db.conn, loaded.game_id, (*CHANGING_EVENTS, "game_ended"))):
        if e.type == "takeback_requested":
            found = {"id": e.seq, "seat": e.seat, "to_seq": e.payload["to_seq"], "accepted": []}
        elif found is None:
            continue
        elif e.type == "takeback_accepted" and e.payload.get("request") == found["id"]:
            found["accepted"].append(e.seat)
        elif e.type in ("takeback_refused",) or changes_game(e.type) or e.type == "game_ended":
            found = None  # refused, granted, or lapsed: something changed the game
    return found


def needed(core: "Core", loaded: "Loaded", requester: int) -> set[int]:
    """The seats whose consent counts: the others, not absent, not bots."""
    bots = bot_seats.of_game(core.db.conn, loaded.game_id)
    return {s for s in range(loaded.seat_count())
            if s != requester and s not in bots and not loaded.clocks.seats[s].absent}


def request(core: "Core", game_id: str, seat: int, body: Any) -> dict[str, Any]:
    """POST /games/{id}/takebacks: ask to go back to `to_seq` (default: just before the seat's
    own last move). Granted at once when no seat's consent is needed (every other seat absent
    or a bot)."""
    conform("api/takeback.json", body)
    loaded = core.load(game_id)
    core.check_active(loaded)
    if mode(loaded) == "off":
        raise Refused(Text("this game was created with takebacks off"), rule="takebacks-off")
    if pending(core, loaded) is not None:
        raise Conflict(Text("a takeback request is already open; it must be decided first"), current_seq=loaded.seq)
    b = boundary(core, loaded, seat)
    words = Text("%(what)s at event %(seq)s", what=Text(b.words()), seq=b.seq)
    if not b.own:
        raise Refused(Text("nothing to take back: the seat's last move would cross %(words)s", words=words),
                            rule="takeback-boundary", boundary={"seq": b.seq, "kind": b.kind, "lowest": b.lowest})
    to_seq = body.get("to_seq", b.own[0] - 1)
    if to_seq < b.lowest:
        raise Refused(Text("cannot take back to event %(seq)s: that would cross %(words)s; the earliest allowed is "
                           "%(lowest)s", seq=to_seq, words=words, lowest=b.lowest), rule="takeback-boundary",
                            boundary={"seq": b.seq, "kind": b.kind, "lowest": b.lowest})
    if to_seq >= b.own[0]:
        raise Refused(Text("event %(seq)s is not before the seat's last move (event %(own)s)", seq=to_seq, own=b.own[0]),
                            rule="takeback-boundary", boundary={"seq": b.seq, "kind": b.kind, "lowest": b.lowest})
    new: list[tuple[str, int | None, dict]] = [("takeback_requested", seat, {"to_seq": to_seq})]
    state = loaded.state
    if not needed(core, loaded, seat):
        taken = _takeback(core, loaded, seat, to_seq, loaded.seq + 1, loaded.seq + 2)
        new.append(taken[0])
        state = taken[1]
    after, _ = core.write(loaded, new, state)
    return {**read.describe(core, after, seat), "takeback": pending(core, after)}


def _takeback(core: "Core", loaded: "Loaded", requester: int, to_seq: int, request_id: int,
              at: int | None = None) -> tuple[tuple[str, int | None, dict], dict[str, Any]]:
    """The `takeback` event (at sequence `at`, default the next) and the state it returns to."""
    seq = at if at is not None else loaded.seq + 1
    back = core._replay_to(loaded.game_id, to_seq).state
    payload = {"to_seq": to_seq, "request": request_id, "state_hash": state_hash(loaded.seed, seq, back)}
    return ("takeback", requester, payload), back


def answer(core: "Core", game_id: str, seat: int, tid: int, accept: bool) -> dict[str, Any]:
    """POST /games/{id}/takebacks/{tid}/accept or /refuse."""
    loaded = core.load(game_id)
    core.check_active(loaded)
    open_ = pending(core, loaded)
    if open_ is None or open_["id"] != tid:
        raise NotFound(Text("no open takeback request %(id)s (it was decided, or lapsed when the game moved on)", id=tid))
    if seat == open_["seat"]:
        raise Forbidden(Text("the seat that asked for the takeback does not answer it"))
    if seat in open_["accepted"]:
        raise Conflict(Text("this seat already accepted"), current_seq=loaded.seq)
    if not accept:
        after, _ = core.write(loaded, [("takeback_refused", seat, {"request": tid})], loaded.state)
        return {**read.describe(core, after, seat), "takeback": None}
    new: list[tuple[str, int | None, dict]] = [("takeback_accepted", seat, {"request": tid})]
    must = needed(core, loaded, open_["seat"])
    agreed = {*open_["accepted"], seat}
    state = loaded.state
    if (mode(loaded) == "one" and agreed & must) or must <= agreed:
        taken = _takeback(core, loaded, open_["seat"], open_["to_seq"], tid, loaded.seq + 2)
        new.append(taken[0])
        state = taken[1]
    after, _ = core.write(loaded, new, state)
    return {**read.describe(core, after, seat), "takeback": pending(core, after)}


def show(core: "Core", game_id: str, seat: int | None) -> dict[str, Any]:
    """GET /games/{id}/takebacks: the open request, the setting, and how far the caller may go."""
    loaded = core.load(game_id)
    out: dict[str, Any] = {"setting": mode(loaded), "pending": pending(core, loaded), "allowed": None}
    if seat is not None and loaded.status == "active" and mode(loaded) != "off":
        b = boundary(core, loaded, seat)
        out["allowed"] = {"lowest": b.lowest, "own_moves": list(b.own),
                          "boundary": {"seq": b.seq, "kind": b.kind, "words": b.words()}}
    return out
