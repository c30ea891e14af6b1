"""A level bounds the search by work, not by the clock (issue 41): moves applied plus steps
walked, scaled by the game's `search_pace` (engine/contract.py), so a game whose moves are built
by costly walks of steps (Khronos, Gentes) thinks about as long as Babel and the load does not
change its play."""

from __future__ import annotations

import random

from referee.bots.moves import Work, random_move
from referee.bots.players import decide
from referee.bots.search import LEVEL_NODES, Budget
from referee.engine.contract import REFERENCE_PACE, search_pace
from referee.engine.registry import GAME_IDS, rules_for
from tests.bots.test_decisions import midgame


def test_a_levels_work_scales_by_the_games_pace():
    babel, gentes = rules_for("babel"), rules_for("gentes")
    assert search_pace(babel) == REFERENCE_PACE and Budget.level(2, babel).nodes == LEVEL_NODES[2]
    assert search_pace(gentes) < search_pace(rules_for("khronos")) < REFERENCE_PACE
    assert Budget.level(2, gentes).nodes < Budget.level(2, babel).nodes
    for game in GAME_IDS:  # every level keeps its CPU seconds as the ceiling, and more work than the one below
        rules = rules_for(game)
        assert Budget.level(1, rules).nodes < Budget.level(2, rules).nodes < Budget.level(3, rules).nodes
        assert Budget.level(2, rules).seconds == 1.0


def test_steps_walked_count_as_work():
    rules = rules_for("khronos")  # its turn prompt lists no choices: moves are built by steps
    state = midgame("khronos", 6, b"work-steps")
    prompt = next(p for p in rules.prompts(state) if p.choices is None)
    work = Work()
    for i in range(5):
        random_move(rules, state, prompt, random.Random(i), work)
    assert work.done >= 5


def test_a_decision_stops_at_its_work():
    rules = rules_for("khronos")
    state = midgame("khronos", 6, b"work-bound")
    prompt = next(p for p in rules.prompts(state) if p.choices is None)
    trace: dict = {}
    decide(rules, rules.view(state, prompt.seat), prompt.seat, prompt.kind, {"bot": "search"}, random.Random(3),
           Budget(nodes=150, depth=6), trace=trace)
    # it stops once 150 units are done: the last playout (6 moves, each maybe built by a walk) passes it a little
    assert 150 <= trace["nodes"] <= 150 + 7 * 200
    assert sum(trace["playouts"].values()) >= 1
