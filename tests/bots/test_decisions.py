"""A bot decides from its seat's view alone: fed two states whose hidden parts differ (another
deal of what that seat cannot see), every bot, given the same stream of its own, makes the same
decision -- and the search bot's move is legal in the real state."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from referee.bots.moves import MAX_STEPS, random_move
from referee.bots.players import decide
from referee.bots.search import DEPTH, EVAL_DEPTH, PASSIVE_DEPTH, WIDTH, Budget, best_move
from referee.engine.registry import rules_for
from referee.engine.replay import advance, initial
from referee.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
HIDDEN = ["babel", "khronos", "sands_of_time", "gentes"]  # iron_age hides nothing


def midgame(game: str, moves: int, seed: bytes) -> dict:
    rules = rules_for(game)
    rnd = random.Random(seed)
    state = initial(rules, seed, 2, {"coins_public": False} if game == "khronos" else {}, None).state
    for seq in range(2, moves + 2):
        if rules.result(state) is not None:
            break
        prompt = rnd.choice(rules.prompts(state))
        state = advance(rules, seed, state, seq, "move", prompt.seat,
                        {"move": random_move(rules, state, prompt, rnd)}).state
    return state


@pytest.mark.parametrize("game", HIDDEN)
def test_same_view_same_decision(game):
    rules = rules_for(game)
    checked = 0
    for n in range(6, 60, 3):
        if checked >= 3:
            break
        state = midgame(game, n, f"{game}-{n}".encode())
        for prompt in rules.prompts(state):
            seat = prompt.seat
            view = rules.view(state, seat)
            other = rules.determinize(view, Rng(f"other-{n}".encode(), 0))
            if other == state:
                continue  # nothing hidden differs here
            assert rules.view(other, seat) == view
            for spec in ({"bot": "random"}, {"bot": "search", "level": 1}, {"bot": "default"}):
                moves = [decide(rules, rules.view(s, seat), seat, prompt.kind, spec, random.Random(7),
                                Budget(iterations=3, depth=8)) for s in (state, other)]
                assert moves[0] == moves[1], (spec, moves)
                rules.apply(state, seat, moves[0], Rng(b"check", 1))  # legal in the real state
            checked += 1
    assert checked >= 3


def test_bots_match_command_prints_the_totals():
    out = subprocess.run([sys.executable, "-m", "referee.ops.cli", "bots", "match", "babel", "--a", "random",
                          "--b", "default", "--games", "2", "--json"], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert out.returncode == 0, out.stderr
    totals = json.loads(out.stdout.strip().splitlines()[-1])
    assert set(totals) == {"games", "a_wins", "b_wins", "draws", "a_mean_score", "b_mean_score"}
    assert totals["games"] == 2 == totals["a_wins"] + totals["b_wins"] + totals["draws"]
    bad = subprocess.run([sys.executable, "-m", "referee.ops.cli", "bots", "match", "chess"], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=60)
    assert bad.returncode != 0 and "unknown game" in bad.stderr


@pytest.mark.parametrize("game", ["babel", "iron_age", "khronos", "sands_of_time", "gentes"])
def test_level_one_thinks_within_its_cpu_budget(game):
    """Level 1 may use 0.2 s of CPU a decision; a playout stops at the deadline too, so only one
    step of a playout may run over (generous slack: a step is milliseconds). It may stop sooner
    (a settled answer), never later."""
    import time
    rules = rules_for(game)
    for n in range(12, 60):
        state = midgame(game, n, f"budget-{game}".encode())
        open_ = [p for p in rules.prompts(state) if p.choices is None or len(p.choices) > 1]
        if open_:
            prompt = open_[0]
            break
    started = time.process_time()
    move = decide(rules, rules.view(state, prompt.seat), prompt.seat, prompt.kind, {"bot": "search", "level": 1},
                  random.Random(3))
    spent = time.process_time() - started
    assert spent <= 0.5, spent
    rules.apply(state, prompt.seat, move, Rng(b"check", 1))


def test_the_policy_that_tells_moves_apart_decides():
    """Where the playouts of defaults score every move alike, the active playouts pick the move;
    where they set one move clearly apart, it is played whatever the active ones say."""
    flat = {"visits": [4, 4, 4], "totals": [2.0, 2.0, 2.0], "squares": [1.0, 1.0, 1.0]}
    noisy = {"visits": [4, 4, 4], "totals": [1.0, 3.0, 2.0], "squares": [0.5, 2.5, 1.5]}
    parts = lambda d, e: tuple({"default": d[k], "active": e[k]} for k in ("visits", "totals", "squares"))
    assert best_move(*parts(flat, noisy)) == 1
    clear = {"visits": [4, 4, 4], "totals": [0.4, 0.4, 3.6], "squares": [0.04, 0.04, 3.24]}
    assert best_move(*parts(clear, noisy)) == 2
    assert best_move(*parts({"visits": [0, 0], "totals": [0.0, 0.0], "squares": [0.0, 0.0]},
                            {"visits": [0, 0], "totals": [0.0, 0.0], "squares": [0.0, 0.0]})) == 0


@pytest.mark.parametrize("game", ["iron_age", "babel"])
def test_the_search_reports_how_it_thought(game):
    """`trace` receives the candidates weighed, the playouts per policy (all the iterations
    of an iteration budget), their depths (shorter where the game evaluates positions, as Iron
    Age does) and the moves applied: what `bots match` and `bench` report."""
    rules = rules_for(game)
    for n in range(8, 60):
        state = midgame(game, n, f"trace-{game}".encode())
        open_ = [p for p in rules.prompts(state) if p.choices is None or len(p.choices) > 1]
        if open_:
            break
    prompt = open_[0]
    trace: dict = {}
    decide(rules, rules.view(state, prompt.seat), prompt.seat, prompt.kind, {"bot": "search"}, random.Random(5),
           Budget(iterations=8), trace=trace)
    if game == "iron_age":
        assert trace["depths"] == {"default": EVAL_DEPTH, "active": EVAL_DEPTH}
    else:
        assert trace["depths"] == {"default": PASSIVE_DEPTH, "active": DEPTH}
    assert sum(trace["playouts"].values()) == 8 and trace["candidates"] > 1
    # work: the 8 playouts' moves, plus the steps walked building candidates and active moves
    walk = MAX_STEPS + 1
    assert 8 <= trace["nodes"] <= 8 * (max(trace["depths"].values()) + 1) * (1 + 3 * walk) + 3 * WIDTH * walk
