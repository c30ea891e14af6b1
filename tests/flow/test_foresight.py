"""Issue 27 for every game (on both databases for the Sands of Time, whose log is the richest;
the store path is the same for every game, whose rules the others check on SQLite): pre-set and conditional moves, takebacks with
consent, ending by agreement. Each game is driven by its prompts' defaults (always legal) until
the situation a test needs comes up; every log is checked by `verify` at the end."""

from __future__ import annotations

import random
from typing import Any, Callable

import jsonschema
import pytest

from referee.bots.moves import active_move, candidates
from referee.engine.contract import IllegalMove
from referee.engine.hashing import canonical
from referee.engine.replay import advance
from referee.engine.schemas import schema_errors, validator_for
from referee.engine.verify import verify_events
from referee.plumbing.errors import Conflict, NotFound, Refused
from referee.service.loaded import Loaded
from tests.conftest import per_game
from tests.core.test_result_shape import result_schema
from tests.flow.support import make_service

above_the_store = pytest.mark.one_database  # refusals by the rules; presets and takebacks are stored twice (Sands of Time) in this file

GAMES = ["babel", "iron_age", "khronos", "sands_of_time", "gentes"]
NAMES = ["Ada", "Bo", "Cy"]
FISCHER = {"policy": "fischer", "initial": "2h", "increment": "1h", "max": "5h"}
LIMIT = 600  # decisions played at most looking for a situation


def new_game(svc, game: str, seats: int = 2, **extra: Any) -> str:
    body = {"game": game, "seats": [{"name": n, "email": f"{n.lower()}@example.org"} for n in NAMES[:seats]],
            "options": {"first_seat": 0}, **extra}
    return svc.create_game(body)["id"]


def play_default(svc, gid: str, clock=None, rnd: random.Random | None = None) -> None:
    """The first prompt's default, or with `rnd` a random legal move that acts (bots' policy)."""
    loaded = svc.load(gid)
    p = loaded.prompts[0]
    if clock is not None:
        clock.advance(600)
    move = active_move(loaded.rules, loaded.state, p, rnd) if rnd is not None else p.default
    svc.submit_move(gid, p.seat, {"move": move})


def find(svc, gid: str, want: Callable[[Loaded], Any], clock=None, seed: int = 7) -> tuple[Loaded, Any]:
    """Play (defaults, with some random legal choices so games move on) until `want(loaded)` is
    truthy; its value and the game then."""
    rnd = random.Random(seed)
    for _ in range(LIMIT):
        loaded = svc.load(gid)
        assert not loaded.finished, "the game ended before the situation came up"
        got = want(loaded)
        if got:
            return loaded, got
        play_default(svc, gid, clock, rnd if rnd.random() < 0.5 else None)
    raise AssertionError("the situation never came up")


def opens_for_other(loaded: Loaded):
    """One seat X prompted alone whose default move opens a prompt for another seat Y:
    (X, X's move, Y, the state after X's move)."""
    if loaded.status != "active" or len(loaded.prompts) != 1:
        return None
    p = loaded.prompts[0]
    step = advance(loaded.rules, loaded.seed, loaded.state, loaded.seq + 1, "move", p.seat, {"move": p.default})
    if loaded.rules.result(step.state) is not None:
        return None
    others = [q for q in loaded.rules.prompts(step.state) if q.seat != p.seat]
    if not others:
        return None
    return p.seat, p.default, others[0].seat, step.state, others[0]


def verified(svc, gid: str) -> dict:
    log = [e.to_json() for e in svc.raw_events(gid)]
    report = verify_events(log, svc.load(gid).seed)
    assert report.ok, report.to_json()
    return report.to_json()


def outbox(svc, gid: str) -> list[tuple[int, str, str]]:
    return [tuple(r) for r in svc.db.conn.execute(
        "SELECT seat, kind, body FROM outbox WHERE game_id = ? ORDER BY id", (gid,)).fetchall()]


# -- pre-set moves --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_preset_fires_with_the_triggering_move_and_a_failed_guard_drops_the_queue(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)
    _, (x, xmove, y, after, yprompt) = find(svc, gid, opens_for_other)
    ymove = yprompt.default
    # a guard that fails first (the prompt kind), then the move itself: the second one fires
    svc.queue_presets(gid, y, {"moves": [{"move": ymove, "if": {"prompt": "no-such-prompt"}}, {"move": ymove}]})
    assert svc.presets(gid, y)["queue"][1]["move"] == ymove
    _, answer = svc.submit_move(gid, x, {"move": xmove})
    fired = [e for e in answer["events"] if e["type"] == "move" and e["seat"] == y]
    assert fired and fired[0]["payload"]["by"] == "preset"  # in the same request as X's move
    assert canonical(fired[0]["payload"]["move"]) == canonical(ymove) or fired[0].get("redacted")
    mine = svc.presets(gid, y)
    assert mine["queue"] == [] and mine["note"] is None
    # a guard that fails alone: the queue is dropped and the seat (only) is told why
    loaded, (x, xmove, y, after, yprompt) = find(svc, gid, opens_for_other)
    svc.queue_presets(gid, y, {"moves": [{"move": yprompt.default, "if": {"prompt": "no-such-prompt"}}]})
    before_mail = len(outbox(svc, gid))
    _, answer = svc.submit_move(gid, x, {"move": xmove})
    assert not [e for e in answer["events"] if e["payload"].get("by") == "preset"]
    note = svc.presets(gid, y)
    assert note["queue"] == [] and "no-such-prompt" in note["note"]["reason"]
    told = [r for r in outbox(svc, gid)[before_mail:] if r[1] == "presets"]
    assert [r[0] for r in told] == [y] and "no-such-prompt" in told[0][2]
    verified(svc, gid)


@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_preset_that_became_illegal_is_dropped_never_half_played(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)
    pool: list[dict] = []

    def want(loaded: Loaded):
        """A prompt opening for Y, and a move seen earlier in the game that is illegal for Y then."""
        for p in loaded.prompts:
            pool.extend(candidates(loaded.rules, loaded.state, p, random.Random(loaded.seq), 8)[:40])
        del pool[:-400]
        found = opens_for_other(loaded)
        if not found:
            return None
        schema = validator_for(loaded.rules.move_schema)
        for m in [found[1], *reversed(pool)]:
            if schema_errors(schema, m):
                continue
            try:
                advance(loaded.rules, loaded.seed, found[3], loaded.seq + 2, "move", found[2], {"move": m})
            except IllegalMove:
                return (*found, m)
        return None

    loaded, (x, xmove, y, after, yprompt, illegal) = find(svc, gid, want)
    svc.queue_presets(gid, y, {"moves": [{"move": illegal}]})
    _, answer = svc.submit_move(gid, x, {"move": xmove})
    assert [e["type"] for e in answer["events"]][:1] == ["move"]
    assert not [e for e in answer["events"] if e["payload"].get("by") == "preset"]
    now = svc.load(gid)
    assert now.seq == loaded.seq + 1 and canonical(now.state) == canonical(after)  # nothing of it was played
    assert "no longer legal" in svc.presets(gid, y)["note"]["reason"]
    verified(svc, gid)


@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_queued_moves_leak_nowhere(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)
    _, (x, xmove, y, after, yprompt) = find(svc, gid, opens_for_other)

    def seen_by(viewer):
        return (svc.game(gid, viewer), svc.prompts(gid, viewer), svc.events_for(gid, viewer),
                svc.feed(gid, viewer, 0), svc.takebacks(gid, viewer), svc.proposals(gid))

    before = {v: canonical(seen_by(v)) for v in (x, None)}
    mails = outbox(svc, gid)
    svc.queue_presets(gid, y, {"moves": [{"move": yprompt.default}, {"move": yprompt.default}]})
    assert {v: canonical(seen_by(v)) for v in (x, None)} == before
    assert outbox(svc, gid) == mails
    assert svc.presets(gid, x)["queue"] == []  # another seat's queue is not the caller's
    with pytest.raises(Conflict):
        svc.preset_history(gid)  # every seat's queue is shown only once the game is over


@above_the_store
def test_the_queue_has_a_depth_limit_and_moves_are_read_in_the_text_form(database, clock):
    svc = make_service(database, clock)
    gid = new_game(svc, "babel")
    svc.queue_presets(gid, 1, {"moves": [{"move": "end"}] * 15})
    with pytest.raises(Refused) as refused:
        svc.queue_presets(gid, 1, {"moves": [{"move": {"type": "end_turn"}}] * 6})
    assert refused.value.extra["rule"] == "queue-limit"
    assert svc.presets(gid, 1)["queue"][0] == {"move": {"type": "end_turn"}}
    assert len(svc.clear_presets(gid, 1)["queue"]) == 0


# -- takebacks ------------------------------------------------------------------------------------

def own_tail(loaded: Loaded, svc, gid: str, chance: bool):
    """The last event is a move of a seat X, alone prompted before it, with (or without) chance
    records; X then."""
    last = svc.raw_events(gid)[-1]
    if last.type != "move" or bool(last.payload.get("chance")) != chance or loaded.status != "active":
        return None
    before = svc._replay_to(gid, last.seq - 1)
    if {p.seat for p in before.prompts} != {last.seat}:
        return None
    if not chance and not svc.takebacks(gid, last.seat)["allowed"]["own_moves"]:
        return None  # (it revealed a secret choice)
    return last.seat, last.seq


@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_takeback_restores_the_state_and_clocks_and_verifies(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game, clock=FISCHER)
    loaded, (x, seq) = find(svc, gid, lambda ld: own_tail(ld, svc, gid, chance=False), clock)
    y = 1 - x
    then = svc._replay_to(gid, seq - 1)
    then_at = svc.raw_events(gid)[seq - 2].created_at
    clock.advance(1234)
    # another seat cannot take back X's move: its own last move is behind X's action
    with pytest.raises(Refused) as refused:
        svc.request_takeback(gid, y, {})
    assert refused.value.extra["rule"] == "takeback-boundary"
    assert refused.value.extra["boundary"]["kind"] in ("other_seat", "start")
    asked = svc.request_takeback(gid, x, {})
    tid = asked["takeback"]["id"]
    assert asked["takeback"]["to_seq"] == seq - 1
    with pytest.raises(NotFound):
        svc.answer_takeback(gid, y, tid + 100, True)
    done = svc.answer_takeback(gid, y, tid, True)
    assert done["takeback"] is None
    now = svc.load(gid)
    assert canonical(now.state) == canonical(then.state)
    assert [p.to_json() for p in now.prompts] == [p.to_json() for p in then.prompts]
    from referee.service.loaded import epoch
    gap = clock() - epoch(then_at)
    for a, b in zip(now.clocks.seats, then.clocks.seats):
        assert a.bank == b.bank
        assert (a.due_at is None) == (b.due_at is None)
        if a.due_at is not None:  # exactly the time it had then: the time since is not counted
            assert a.due_at == pytest.approx(b.due_at + gap)
    svc.forget(gid)  # a cold load (snapshot, then replay through the takeback) gives the same game
    cold = svc.load(gid)
    assert canonical(cold.state) == canonical(now.state) and cold.clocks == now.clocks
    types = [e.type for e in svc.raw_events(gid)][-3:]
    assert types == ["takeback_requested", "takeback_accepted", "takeback"]
    # the game goes on from there, and the whole log verifies (the state as of seq N, replayed)
    play_default(svc, gid, clock)
    svc.resign(gid, x)
    assert verified(svc, gid)["level"] == "full"


@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_takeback_across_a_chance_record_is_refused_and_a_refusal_is_recorded(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)
    loaded, (x, seq) = find(svc, gid, lambda ld: own_tail(ld, svc, gid, chance=True))
    with pytest.raises(Refused) as refused:
        svc.request_takeback(gid, x, {})
    problem = refused.value.extra
    assert problem["rule"] == "takeback-boundary" and problem["boundary"]["kind"] == "chance"
    assert problem["boundary"]["seq"] == seq and "chance record" in refused.value.detail
    assert svc.load(gid).seq == loaded.seq  # a refused request changes nothing
    # a takeback before it is refused by the other seat, visibly
    loaded, (x, seq) = find(svc, gid, lambda ld: own_tail(ld, svc, gid, chance=False))
    tid = svc.request_takeback(gid, x, {})["takeback"]["id"]
    svc.answer_takeback(gid, 1 - x, tid, False)
    assert svc.raw_events(gid)[-1].type == "takeback_refused" and svc.takebacks(gid, x)["pending"] is None
    verified(svc, gid)


@above_the_store
@pytest.mark.parametrize("game", ["sands_of_time"])  # (Gentes decides at once only at its end)
def test_a_takeback_never_crosses_a_simultaneous_choice_or_its_reveal(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)

    def simultaneous(loaded: Loaded):
        """Two seats decide at once, and after both the game goes on: (first, second) prompts."""
        if len({p.seat for p in loaded.prompts}) < 2:
            return None
        first = loaded.prompts[0]
        rules, seed = loaded.rules, loaded.seed
        one = advance(rules, seed, loaded.state, loaded.seq + 1, "move", first.seat, {"move": first.default}).state
        second = next((p for p in rules.prompts(one) if p.seat != first.seat), None)
        if second is None:
            return None
        two = advance(rules, seed, one, loaded.seq + 2, "move", second.seat, {"move": second.default}).state
        return (first, second) if rules.result(two) is None else None

    loaded, (first, second) = find(svc, gid, simultaneous)
    svc.submit_move(gid, first.seat, {"move": first.default})
    with pytest.raises(Refused) as refused:  # another seat had to decide at the same time
        svc.request_takeback(gid, first.seat, {})
    assert refused.value.extra["boundary"]["kind"] == "prompt"
    svc.submit_move(gid, second.seat, {"move": second.default})
    with pytest.raises(Refused) as refused:  # the last choice revealed the others'
        svc.request_takeback(gid, second.seat, {})
    assert refused.value.extra["boundary"]["kind"] in ("reveal", "chance", "prompt")
    verified(svc, gid)


@above_the_store
def test_takebacks_off_and_a_target_beyond_the_boundary_are_refused(database, clock):
    svc = make_service(database, clock)
    gid = new_game(svc, "babel", takebacks="off")
    play_default(svc, gid)
    with pytest.raises(Refused) as off:
        svc.request_takeback(gid, 0, {})
    assert off.value.extra["rule"] == "takebacks-off"
    gid = new_game(svc, "babel")
    for _ in range(2):  # two travels: no card is drawn
        svc.submit_move(gid, 0, {"move": svc.load(gid).prompts[0].choices[0]})
    with pytest.raises(Refused) as far:
        svc.request_takeback(gid, 0, {"to_seq": svc.load(gid).seq})
    assert "not before the seat's last move" in far.value.detail
    asked = svc.request_takeback(gid, 0, {"to_seq": 1})  # back to the start: no boundary crossed
    assert asked["takeback"]["to_seq"] == 1
    with pytest.raises(Conflict):
        svc.request_takeback(gid, 0, {})  # one open request at a time
    # the request lapses when anyone moves
    svc.submit_move(gid, 0, {"move": svc.load(gid).prompts[0].choices[0]})
    assert svc.takebacks(gid, 1)["pending"] is None
    with pytest.raises(NotFound):
        svc.answer_takeback(gid, 1, asked["takeback"]["id"], True)


# -- ending by agreement --------------------------------------------------------------------------

@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_vote_passes_lapses_with_notice_and_an_absent_seat_does_not_block_it(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game, clock={"policy": "fixed", "per_decision": "1h", "absent_after": 1})
    # lapses, announced to every seat, and the game goes on
    pid = svc.propose(gid, 0, {"kind": "draw", "hours": 1})["proposal"]["id"]
    assert [k for s, k, _ in outbox(svc, gid) if k == "asked"] == ["asked"]
    clock.advance(3 * 3600)
    mails = len(outbox(svc, gid))
    assert svc.lapse_proposals() == 1
    assert svc.raw_events(gid)[-1].type == "proposal_lapsed" and svc.proposals(gid)["proposal"] is None
    assert sorted(s for s, k, _ in outbox(svc, gid)[mails:] if k == "decided") == [0, 1]
    with pytest.raises(NotFound):
        svc.vote(gid, 1, pid, {"vote": "yes"})
    # a no decides it at once
    pid = svc.propose(gid, 1, {"kind": "standings"})["proposal"]["id"]
    assert svc.vote(gid, 0, pid, {"vote": "no"})["status"] == "active"
    assert svc.raw_events(gid)[-1].type == "proposal_failed"
    # a seat that timed out into absence does not block: seat 0's concession passes alone
    loaded, _ = find(svc, gid, lambda ld: any(p.seat == 1 for p in ld.prompts) and ld.status == "active")
    clock.advance(2 * 3600)
    svc.play_due_timeouts()
    if not svc.load(gid).clocks.seats[1].absent:
        pytest.fail("seat 1 did not turn absent")
    ended = svc.propose(gid, 0, {"kind": "concede", "to": 1})
    assert ended["status"] == "finished"
    result = ended["result"]
    assert result["by"] == "agreement" and result["agreement"]["kind"] == "concede"
    assert result["winner"] == 1 and result["winners"] == [1] and result["ranking"][0] == 1
    jsonschema.validate(result, result_schema(2))
    verified(svc, gid)


@pytest.mark.parametrize("game", per_game(GAMES, both="sands_of_time"))
def test_a_draw_by_agreement_ends_the_game_and_verify_recomputes_it(database, clock, game):
    svc = make_service(database, clock)
    gid = new_game(svc, game)
    play_default(svc, gid)
    pid = svc.propose(gid, 0, {"kind": "draw"})["proposal"]["id"]
    ended = svc.vote(gid, 1, pid, {"vote": "yes"})
    assert ended["status"] == "finished" and ended["result"]["winners"] == [0, 1]
    assert ended["result"]["winner"] is None and ended["result"]["by"] == "agreement"
    jsonschema.validate(ended["result"], result_schema(2))  # the one result shape every game ends with
    log = [e.to_json() for e in svc.raw_events(gid)]
    assert [e["type"] for e in log][-5:] == ["proposal", "vote", "proposal_passed", "game_ended", "seed_revealed"]
    assert verify_events(log).ok


def test_a_draw_by_agreement_is_rated_as_a_tie(database, clock):
    """Issue 28 reads how the game ended from the log: a draw by agreement rates both players
    alike (a tie), a concession ranks the seat conceded to first."""
    from tests.flow.test_ratings import _accept, _expected, _players, _rating
    svc = make_service(database, clock)
    _players(svc, 4)
    for who, proposal in ((["p0", "p1"], {"kind": "draw"}), (["p2", "p3"], {"kind": "concede", "to": 1})):
        gid = svc.create_game({"game": "babel", "options": {"first_seat": 0},
                               "seats": [{"name": p.upper(), "email": f"{p}@example.org"} for p in who]})["id"]
        _accept(svc, gid)  # each seat its player's by their own act (issue 35)
        made = [0, 0]
        while min(made) < 3:
            p = svc.load(gid).prompts[0]
            svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
            made[p.seat] += 1
        pid = svc.propose(gid, 0, proposal)["proposal"]["id"]
        assert svc.vote(gid, 1, pid, {"vote": "yes"})["result"]["by"] == "agreement"
    tie = _expected([None, None], [1, 1])
    assert [_rating(svc, "babel", p)[:2] for p in ("p0", "p1")] == [pytest.approx(t) for t in tie]
    won = _expected([None, None], [2, 1])
    assert [_rating(svc, "babel", p)[:2] for p in ("p2", "p3")] == [pytest.approx(t) for t in won]
