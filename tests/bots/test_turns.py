"""A turn of several decisions is planned once (bots/turns.py, issue 41): the plan holds the
seat's moves as far as it can foresee them from its view, each legal in turn in the real
state; it stops where chance or another seat comes in. The service plays such a plan in one
pass, as one batch, and the bots' job starts on a commit rather than at its next tick."""

from __future__ import annotations

import random
import threading
import time

from referee.bots.search import Budget
from referee.bots.turns import foresee, plan
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.ops.scheduler import start_bots_thread
from referee.plumbing.config import Config
from referee.service.referee import Referee
from tests.bots.test_decisions import midgame


def test_a_foreseeable_turn_is_planned_once_and_each_move_is_legal():
    """Babel's opening (a seat's several settling moves) and Iron Age's phases after the dice:
    plans longer than one move, played one after the other in the real state by the same seat."""
    long_plans = 0
    for game, seed in (("babel", b"plan-babel"), ("iron_age", b"plan-iron")):
        rules = rules_for(game)
        for n in range(0, 40, 3):
            state = midgame(game, n, seed + bytes([n]))
            prompts = rules.prompts(state)
            if rules.result(state) is not None or len(prompts) != 1:
                continue
            seat = prompts[0].seat
            for spec, budget in (({"bot": "random"}, None), ({"bot": "search", "level": 1}, Budget(iterations=4, depth=6))):
                moves = plan(rules, rules.view(state, seat), seat, prompts[0].kind, spec, random.Random(n), budget)
                real = state
                for i, move in enumerate(moves):
                    if i:  # the seat decides again: the plan never passes another seat's turn
                        assert [p.seat for p in rules.prompts(real)] == [seat], (game, n, i)
                    real = rules.apply(real, seat, move, Rng(b"real", i + 1))
                long_plans += len(moves) > 1
    assert long_plans >= 4


def test_the_plan_stops_where_chance_comes_in():
    """Iron Age's roll: the dice differ between two deals, so nothing after a reroll is foreseen."""
    rules = rules_for("iron_age")
    for n in range(2, 60):
        state = midgame("iron_age", n, b"plan-roll")
        prompt = rules.prompts(state)[0]
        if prompt.kind == "roll" and prompt.choices:
            reroll = next((m for m in prompt.choices if m["type"] == "reroll"), None)
            if reroll is not None:
                break
    else:
        raise AssertionError("no reroll found")
    assert foresee(rules, rules.view(state, prompt.seat), prompt.seat, reroll, random.Random(1)) is None


def test_one_pass_plays_the_whole_turn_and_a_commit_wakes_the_job(database):
    """A bot's whole turn lands in one pass; with the job's tick at a minute, the person's
    move alone wakes the job, and the bot answers within seconds (the old job, on its tick,
    did not answer)."""
    service = Referee(database, config=Config(database=database, bot_delay=0.0))
    gid = service.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}],
                               "options": {"first_seat": 1}})["id"]
    assert service.play_bots() >= 1
    moved = [e for e in service.raw_events(gid) if e.type == "move"]
    # every decision of the bot's turn in one pass: planned ones as a batch, the ones after a
    # card drawn planned anew at once (which of them a random bot meets varies)
    assert moved and {e.seat for e in moved} == {1}
    assert not [p for p in service.load(gid).prompts if p.seat == 1]
    stop = threading.Event()
    thread = start_bots_thread(service, stop, interval=60.0)
    try:
        time.sleep(0.2)  # the job's first pass (nothing due)
        while True:
            loaded = service.load(gid)
            mine = [p for p in loaded.prompts if p.seat == 0]
            assert mine, "the person has a decision"
            service.submit_move(gid, 0, {"move": mine[0].default, "expected_seq": loaded.seq})
            if any(p.seat == 1 for p in service.load(gid).prompts):
                break
        opened, head = time.monotonic(), service.load(gid).seq
        while service.load(gid).seq == head and time.monotonic() - opened < 20:
            time.sleep(0.02)
        assert service.load(gid).seq > head and time.monotonic() - opened < 20
    finally:
        stop.set()
        thread.join(timeout=30)
