"""Ending a game by agreement (issue 27): any seat proposes a draw, conceding to a seat, or ending
now with the game's current standings; the others vote. It passes once every other present seat
(not absent, as the clock's absence rule defines it; not a bot) voted yes, and the game ends with
a result that says so (engine/foresight.agreed_result: `"by": "agreement"`), which `verify`
recomputes. A no decides it at once. Unanswered, it lapses after its stated lifetime (default 72
h) with an event everyone is told of: a vote never dies silently, whatever the game does meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.foresight import agreed_result
from referee.engine.schemas import conform
from referee.plumbing.errors import Conflict, Forbidden, NotFound, Refused
from referee.service.play import read
from referee.service.loaded import epoch, iso
from referee.store import bot_seats, events, presets
from referee.store.db import write_transaction
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

LIFETIME_HOURS = 72
DECIDED = ("proposal_passed", "proposal_failed", "proposal_lapsed")


def open_proposal(core: "Core", loaded: "Loaded") -> dict[str, Any] | None:
    """The proposal still open, if any: `{"id", "seat", "kind", "to"?, "expires_at", "votes"}`."""
    found: dict[str, Any] | None = None
    for e in events.of_types(core.db.conn, loaded.game_id, ("proposal", "vote", *DECIDED)):
        if e.type == "proposal":
            found = {"id": e.seq, "seat": e.seat, **e.payload, "votes": {str(e.seat): "yes"}}
        elif found is not None and e.type == "vote" and e.payload.get("proposal") == found["id"]:
            found["votes"][str(e.seat)] = e.payload["vote"]
        elif found is not None and e.type in DECIDED and e.payload.get("proposal") == found["id"]:
            found = None
    return None if loaded.finished else found


def voters(core: "Core", loaded: "Loaded", proposer: int) -> set[int]:
    """The seats whose yes is needed: the others, not absent, not bots."""
    bots = bot_seats.of_game(core.db.conn, loaded.game_id)
    return {s for s in range(loaded.seat_count())
            if s != proposer and s not in bots and not loaded.clocks.seats[s].absent}


def propose(core: "Core", game_id: str, seat: int, body: Any) -> dict[str, Any]:
    """POST /games/{id}/proposals."""
    conform("api/proposal.json", body)
    loaded = core.load(game_id)
    core.check_active(loaded)
    if open_proposal(core, loaded) is not None:
        raise Conflict(Text("a proposal is already open; it must be decided first"), current_seq=loaded.seq)
    agreement = {"kind": body["kind"], **({"to": body["to"]} if "to" in body else {})}
    if "to" in body and not 0 <= body["to"] < loaded.seat_count():
        raise Refused(Text("the game has no seat %(seat)s", seat=body["to"]), rule="agreement", field="/to")
    expires = core.clock() + 3600 * body.get("hours", LIFETIME_HOURS)
    pid = loaded.seq + 1
    new: list[tuple[str, int | None, dict]] = [("proposal", seat, {**agreement, "expires_at": iso(expires)})]
    passed = not voters(core, loaded, seat)
    if passed:
        new += _ending(loaded, pid, agreement)

    def due(conn, after, appended) -> None:
        if not passed:
            presets.proposal_opened(conn, game_id, pid, expires)

    after, _ = core.write(loaded, new, loaded.state, due)
    return {**read.describe(core, after, seat), "proposal": open_proposal(core, after)}


def _ending(loaded: "Loaded", pid: int, agreement: dict[str, Any]) -> list[tuple[str, int | None, dict]]:
    result = agreed_result(loaded.rules, loaded.state, {**agreement, "proposal": pid})
    return [("proposal_passed", None, {"proposal": pid}), ("game_ended", None, {"result": result}),
            ("seed_revealed", None, {"seed": loaded.seed.hex()})]


def vote(core: "Core", game_id: str, seat: int, pid: int, body: Any) -> dict[str, Any]:
    """POST /games/{id}/proposals/{pid}/vote."""
    conform("api/vote.json", body)
    loaded = core.load(game_id)
    core.check_active(loaded)
    p = open_proposal(core, loaded)
    if p is None or p["id"] != pid:
        raise NotFound(Text("no open proposal %(id)s (it was decided or lapsed)", id=pid))
    if str(seat) in p["votes"]:
        raise Forbidden(Text("this seat has voted on this proposal already")) if seat != p["seat"] else \
            Forbidden(Text("the seat that proposed it does not vote on it"))
    new: list[tuple[str, int | None, dict]] = [("vote", seat, {"proposal": pid, "vote": body["vote"]})]
    decided = True
    if body["vote"] == "no":
        new.append(("proposal_failed", None, {"proposal": pid, "reason": f"seat {seat} voted no"}))
    elif voters(core, loaded, p["seat"]) <= {int(s) for s, v in p["votes"].items() if v == "yes"} | {seat}:
        new += _ending(loaded, pid, {k: p[k] for k in ("kind", "to") if k in p})
    else:
        decided = False

    def close(conn, after, appended) -> None:
        if decided:
            presets.proposal_closed(conn, game_id, pid)

    after, _ = core.write(loaded, new, loaded.state, close)
    return {**read.describe(core, after, seat), "proposal": open_proposal(core, after)}


def show(core: "Core", game_id: str) -> dict[str, Any]:
    """GET /games/{id}/proposals: the open proposal (votes are public) and who still must vote."""
    loaded = core.load(game_id)
    p = open_proposal(core, loaded)
    if p is not None:
        p = {**p, "waiting_for": sorted(voters(core, loaded, p["seat"]) - {int(s) for s in p["votes"]})}
    return {"proposal": p, "lifetime_hours": LIFETIME_HOURS}


def lapse_due(core: "Core") -> int:
    """The scheduler's job: each proposal past its lifetime lapses, announced (an event every seat
    is told of). Also absent seats that stopped blocking: a proposal whose remaining voters all
    became absent passes."""
    lapsed = 0
    for game_id, pid in presets.proposals_due(core.db.conn, core.clock()):
        loaded = core.load(game_id)
        p = open_proposal(core, loaded)
        try:
            if p is None or p["id"] != pid:
                with write_transaction(core.db) as conn:
                    presets.proposal_closed(conn, game_id, pid)
                continue
            if epoch(p["expires_at"]) > core.clock():
                continue

            def close(conn, after, appended) -> None:
                presets.proposal_closed(conn, game_id, pid)

            core.write(loaded, [("proposal_lapsed", None, {"proposal": pid, "expired_at": p["expires_at"]})],
                       loaded.state, close)
            lapsed += 1
        except Conflict:
            pass  # the game moved meanwhile: the next pass sees it
    return lapsed
