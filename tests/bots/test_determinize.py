"""Each game's `determinize(view, rng)`: a state dealt from one seat's view passes the state
schema and `check_state`, and shows that seat exactly the view it was dealt from -- at many
points of games played with random legal moves built through the contract (choices or steps)."""

from __future__ import annotations

import random

import pytest

from referee.bots.moves import random_move
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.rng import Rng
from referee.engine.schemas import schema_errors, validator_for

SEATS = {"babel": [2], "iron_age": [2, 3], "khronos": [2, 4], "sands_of_time": [2, 3], "gentes": [2, 3]}
OPTIONS = {"khronos": [{}, {"holdem": True, "coins_public": False}]}


def configs():
    for game in GAME_IDS:
        for seats in SEATS[game]:
            for options in OPTIONS.get(game, [{}]):
                yield pytest.param(game, seats, options, id=f"{game}-{seats}-{'-'.join(options) or 'plain'}")


def check_dealt(rules, state, seat, rnd, validate):
    view = rules.view(state, seat)
    dealt = rules.determinize(view, Rng(rnd.randbytes(32), 1))
    assert not schema_errors(validate, dealt)
    assert rules.check_state(dealt) == []
    assert rules.view(dealt, seat) == view
    return dealt


@pytest.mark.parametrize("game,seats,options", list(configs()))
def test_dealt_state_matches_the_view(game, seats, options):
    rules = rules_for(game)
    validate = validator_for(rules.state_schema)
    rnd = random.Random(f"det-{game}-{seats}")
    seed = f"det-{game}-{seats}".encode()
    state = initial(rules, seed, seats, options, None).state
    seq, differed = 1, 0
    while rules.result(state) is None and seq < 400:
        for seat in [*range(seats), None]:
            if seq % 3 == 0 or seat == 0:
                dealt = check_dealt(rules, state, seat, rnd, validate)
                differed += dealt != state
        prompt = rnd.choice(rules.prompts(state))
        seq += 1
        state = advance(rules, seed, state, seq, "move", prompt.seat,
                        {"move": random_move(rules, state, prompt, rnd)}).state
    for seat in range(seats):
        check_dealt(rules, state, seat, rnd, validate)
    if game != "iron_age":  # the only game with nothing hidden
        assert differed, "the hidden parts were never dealt differently from the real state"
