"""Moves offered step by step (issue 20) checked against the Babel rules (tests/stepcheck.py):
on positions from random playouts, every move built by steps is accepted by `apply`, every
listed choice (and random discards where the halving lists none) is reachable, and an option
the rules do not offer is refused at its index. Also the sequences themselves: action, then the
board element it uses; the halving discard card by card.
"""

from __future__ import annotations

import os
import random

import pytest

from referee.engine.replay import advance, initial
from referee.engine.steps import StepRefused
from tests.games.babel.builder import RULES, make_state, player
from tests.games.babel.test_playout import Builder, random_discard
from tests.stepcheck import check_prompts

GAMES = int(os.environ.get("BABEL_STEP_GAMES", "4"))


def _positions(seed: int, every: int = 2):
    pick = Builder(seed)
    key = f"babel-steps-{seed}".encode()
    state, seq, n = initial(RULES, key, 2, {}, None).state, 1, 0
    while RULES.result(state) is None:
        prompts = RULES.prompts(state)
        if n % every == 0 or prompts[0].kind == "choose_cards":
            yield state
        n += 1
        p = prompts[0]
        move = pick.choice(p.choices) if p.choices is not None else random_discard(RULES, state, p, pick)
        seq += 1
        state = advance(RULES, key, state, seq, "move", p.seat, {"move": move}).state


def test_turn_and_halving_moves_built_by_steps_are_legal_and_every_move_is_reachable_B_14_B_28():
    seen: set[str] = set()
    types: set[str] = set()
    checked = 0
    for g in range(GAMES):
        pick = random.Random(g)
        for state in _positions(g):
            for p in RULES.prompts(state):
                seen.add(p.kind)
                types |= {m["type"] for m in p.choices or []}
            checked += check_prompts(RULES, state, pick, random_discard, samples=2)
    assert seen == {"turn", "choose_cards"}, seen
    assert {"travel", "settle", "build", "migrate", "ability", "end_turn", "finish_first_turn"} <= types, types
    assert checked > 300


def test_a_turn_starts_with_the_action_then_names_the_board_element_B_17_B_18_B_20():
    state = initial(RULES, b"babel-steps-x", 2, {"first_seat": 0}, None).state
    root = RULES.steps(state, 0, "turn", [])
    assert root.question == "What do you do?"
    ids = [o.id for o in root.options]
    assert "travel" in ids and "finish" in ids and "end" not in ids  # B-15: the start card is due
    travel = RULES.steps(state, 0, "turn", ["travel"])
    hand = state["players"][0]["hand"]
    assert {o.id for o in travel.options} == {p for p, n in hand.items() if n}
    assert all(o.element == f"hand-{o.id}" for o in travel.options)
    x = travel.options[0].id
    assert RULES.steps(state, 0, "turn", ["travel", x]).move == {"type": "travel", "people": x}
    with pytest.raises(StepRefused) as e:
        RULES.steps(state, 0, "turn", ["travel", "no-such"])
    assert e.value.index == 1
    with pytest.raises(StepRefused) as e:  # the other seat has no turn to build
        RULES.steps(state, 1, "turn", [])
    assert e.value.index == 0


def test_migration_names_the_source_column_then_the_location_B_20():
    state = make_state(player(columns={"medes": ["medes", "hittites", "persians"]}), player(), active=0)
    step = RULES.steps(state, 0, "turn", ["migrate"])
    assert [(o.id, o.element) for o in step.options] == [("medes", "col-0-medes")]
    to = RULES.steps(state, 0, "turn", ["migrate", "medes"])
    assert {o.id for o in to.options} == {"sumerians", "hittites", "persians", "assyrians"}  # L1 != L2
    assert all(o.element == f"loc-{o.id}" for o in to.options)


def test_halving_discard_is_chosen_card_by_card_and_refused_beyond_the_hand_B_28():
    state = make_state(player(), player(hand={"medes": 1, "hittites": 3}), active=0, phase="halve_response",
                       pending={"seat": 1, "count": 2})
    first = RULES.steps(state, 1, "choose_cards", [])
    assert [o.id for o in first.options] == ["medes", "hittites"] and first.move is None
    second = RULES.steps(state, 1, "choose_cards", ["medes"])
    assert [o.id for o in second.options] == ["hittites"]  # the only medes card is taken
    with pytest.raises(StepRefused) as e:
        RULES.steps(state, 1, "choose_cards", ["medes", "medes"])
    assert e.value.index == 1 and e.value.rule == "B-28"
    done = RULES.steps(state, 1, "choose_cards", ["hittites", "medes"])
    assert done.move == {"type": "discard", "cards": ["hittites", "medes"]} and not done.options
    with pytest.raises(StepRefused) as e:
        RULES.steps(state, 1, "choose_cards", ["hittites", "medes", "hittites"])
    assert e.value.index == 2
