"""Moves offered step by step (issue 20) checked against the Iron Age rules (tests/stepcheck.py):
on positions from random playouts, every move built by steps is accepted by `apply`, every
listed choice and a sample of generated builds and purchases is reachable, and an option the
rules do not offer is refused at its index. Also the step sequences themselves (dice, sheet
things, developments) and the refusals that name their step.
"""

from __future__ import annotations

import os
import random

import pytest

from referee.engine.replay import advance, initial
from referee.engine.steps import StepRefused, walk
from referee.games.iron_age.rules import GameRules
from tests.games.iron_age.policy import BiasedPick, move_gen
from tests.games.iron_age.positions import position, rng
from tests.stepcheck import check_prompts

RULES = GameRules()
GAMES = int(os.environ.get("IRON_AGE_STEP_GAMES", "3"))
KINDS = {"initial_choice", "roll", "omen", "assign", "conquest", "tribute_response", "build", "buy", "convert"}


def _positions(seats: int, seed: int, every: int = 3):
    """States of one random game: every `every`-th decision and every rarer one."""
    pick = BiasedPick(seed)
    key = f"steps-{seats}-{seed}".encode()
    step = initial(RULES, key, seats, {"length": "short"}, None)
    state, seq, n = step.state, 1, 0
    while RULES.result(state) is None and seq < 3000:
        prompts = RULES.prompts(state)
        if n % every == 0 or any(p.kind not in ("roll", "build") for p in prompts):
            yield state
        n += 1
        p = pick.choice(prompts)
        move = pick.choice(p.choices) if p.choices is not None else move_gen(RULES, state, p, pick)
        seq += 1
        state = advance(RULES, key, state, seq, "move", p.seat, {"move": move}).state


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_prompt_kind_is_built_by_steps_that_apply_accepts_IA_S3_IA_1_4_IA_5_1_IA_6_1(seats):
    seen: set[str] = set()
    checked = 0
    for g in range(GAMES):
        pick = random.Random(g)
        for state in _positions(seats, 100 * seats + g):
            kinds = {p.kind for p in RULES.prompts(state)}
            seen |= kinds
            checked += check_prompts(RULES, state, pick, move_gen, samples=2)
    assert checked > 100
    want = {"initial_choice", "roll", "build"} if seats == 1 else KINDS - {"omen", "buy", "convert"}
    assert want <= seen, seen


def _at(kind: str, seats: int = 2):
    for seed in range(40):
        for state in _positions(seats, seed, every=1):
            for p in RULES.prompts(state):
                if p.kind == kind:
                    return state, p
    raise AssertionError(f"no {kind} prompt found")


def test_roll_steps_are_the_dice_to_reroll_in_any_order_IA_1_3_IA_1_4():
    state, p = _at("roll")
    root = RULES.steps(state, p.seat, "roll", [])
    ids = [o.id for o in root.options]
    assert "stop" in ids and "end" in ids and "fate" in ids
    t = state["turn"]
    for i, locked in enumerate(t["locked"]):
        assert (f"d{i}" in ids) == (not locked)  # a locked skull is never offered (IA-1.3)
        if not locked:
            assert next(o for o in root.options if o.id == f"d{i}").element == f"die-{i}"
    free = [x for x in ids if x.startswith("d")]
    a = RULES.steps(state, p.seat, "roll", ["fate"] + free[:1])
    b = RULES.steps(state, p.seat, "roll", free[:1] + ["fate"])
    assert a.move == b.move == {"type": "reroll", "empire": [int(x[1:]) for x in free[:1]], "fate": True}
    with pytest.raises(StepRefused) as e:
        RULES.steps(state, p.seat, "roll", ["fate", "fate"])
    assert e.value.index == 1


def test_build_steps_name_the_sheet_and_the_count_IA_5_2():
    state, p = _at("build")
    root = RULES.steps(state, p.seat, "build", [])
    assert root.move == {"type": "build", "actions": []}  # building nothing is complete at once
    first = next(o for o in root.options if o.id != "end")
    assert first.element and first.element.startswith(f"s{p.seat}-")
    counts = RULES.steps(state, p.seat, "build", [first.id])
    if counts.options:  # a port box has no count
        top = counts.options[-1].id
        with pytest.raises(StepRefused) as e:
            RULES.steps(state, p.seat, "build", [first.id, str(int(top) + 1)])
        assert e.value.index == 1  # more than the workers/goods/boxes allow is refused at its step
        done = RULES.steps(state, p.seat, "build", [first.id, top])
        assert done.move is not None and len(done.move["actions"]) == 1


CRAFTED = {
    "buy": dict(phase="buy", players={0: {"goods": 12, "wealth": 2}}, turn={"inventions": 2}),
    "convert": dict(phase="convert", players={0: {"goods": 9, "wealth": 14}}),
    "tribute_response": dict(seats=3, phase="tribute", fate="tribute_1", players={0: {"military": 6}, 1: {"goods": 2}},
                             turn={"tribute_responses": {"1": None, "2": False}}),
    "build": dict(phase="build", players={0: {"goods": 6, "food": 4, "developments": ["shipbuilding"]}},
                  turn={"workers": 7}),
}


@pytest.mark.parametrize("kind", sorted(CRAFTED))
def test_crafted_positions_buy_convert_tribute_build_pass_the_step_checks_IA_6_2_IA_7_1_IA_4_5_IA_5_2(kind):
    state = position(**CRAFTED[kind])
    assert kind in {p.kind for p in RULES.prompts(state)}
    pick = random.Random(kind)
    assert check_prompts(RULES, state, pick, move_gen, samples=25) >= 3


def test_buy_steps_only_offer_payments_that_cover_the_cost_IA_6_2_IA_R18():
    state = position(**CRAFTED["buy"])
    p = RULES.prompts(state)[0]
    root = RULES.steps(state, p.seat, "buy", [])
    dev = next(o for o in root.options if o.group == "Developments")
    assert dev.element == f"s{p.seat}-dev-{dev.id}"
    pick = random.Random(5)
    for _ in range(20):
        path = [dev.id]
        step = RULES.steps(state, p.seat, "buy", path)
        while step.move is None:
            path.append(pick.choice(step.options).id)
            step = RULES.steps(state, p.seat, "buy", path)
        g = RULES.data
        pay = step.move["payment"]
        worth = pay["goods"] + pay["inventions"] * g.invention_value(state["players"][0]) + 5 * pay["wealth"]
        assert worth >= g.developments[dev.id]["cost"]
        RULES.apply(state, p.seat, step.move, rng())


def test_tribute_steps_say_the_weaker_player_pays_nothing_IA_4_5():
    state = position(**CRAFTED["tribute_response"])
    p = RULES.prompts(state)[0]
    step = RULES.steps(state, p.seat, "tribute_response", [])
    labels = {o.id: o.label for o in step.options}
    assert "pays" not in labels.get("let", "pays nothing").replace("pay nothing", "")
    assert "nothing" in labels["let"] and "deny" in labels.get("deny", "deny")


def test_a_seat_without_the_decision_is_refused_at_the_first_step_IA_S3():
    state = RULES.setup(2, {"first_seat": 0}, rng())
    with pytest.raises(StepRefused) as e:
        RULES.steps(state, 1, "initial_choice", [])
    assert e.value.index == 0
    assert walk(lambda c: RULES.steps(state, 0, "initial_choice", c), ["province"]).move == \
        {"type": "initial_choice", "choice": "province"}
