"""One vocabulary across games for what they share (README, "Shared vocabulary"): the start-seat
option `first_seat`, and `facts` -- round, active seat, scores -- in every game document."""

from __future__ import annotations

import random

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.schemas import check

# the games' shared words, not the store
pytestmark = pytest.mark.one_database

SEED = b"vocabulary".ljust(32, b"\0")


@pytest.mark.parametrize("game", GAME_IDS)
def test_first_seat_is_every_games_start_seat_option(game):
    rules = rules_for(game)
    seats = max(2, rules.min_players)
    assert not check(f"games/{game}/options.json", {"first_seat": 1})
    assert check(f"games/{game}/options.json", {"first_seat": "one"})
    chosen = initial(rules, SEED, seats, {"first_seat": 1}, None)
    drawn = initial(rules, SEED, seats, {}, None)
    assert len(chosen.chance) < len(drawn.chance)  # the start seat was not drawn
    with pytest.raises(ValueError):
        initial(rules, SEED, seats, {"first_seat": seats}, None)


@pytest.mark.parametrize("game", GAME_IDS)
def test_facts_have_one_shape_in_every_game_for_every_viewer(game):
    rules = rules_for(game)
    seats = max(3, rules.min_players) if rules.max_players >= 3 else 2
    step = initial(rules, SEED, seats, {}, None)
    state, rnd = step.state, random.Random(game)
    for seq in range(2, 60):
        for viewer in (None, *range(seats)):
            facts = rules.facts(rules.view(state, viewer))
            assert set(facts) == {"round", "active_seat", "scores"}
            assert isinstance(facts["round"], int) and facts["round"] >= 1
            assert facts["active_seat"] is None or 0 <= facts["active_seat"] < seats
            assert len(facts["scores"]) == seats
            assert all(s is None or isinstance(s, int) for s in facts["scores"])
        prompts = rules.prompts(state)
        if not prompts:
            break
        prompt = rnd.choice(prompts)
        move = rnd.choice(prompt.choices) if prompt.choices else prompt.default
        state = advance(rules, SEED, state, seq, "move", prompt.seat, {"move": move}).state


def test_hidden_scores_are_none_for_other_seats():
    """Khronos with coins_public false: a seat sees its own coins only (K-45)."""
    rules = rules_for("khronos")
    state = initial(rules, SEED, 3, {"coins_public": False}, None).state
    facts = rules.facts(rules.view(state, 1))
    assert facts["scores"][1] is not None and facts["scores"][0] is None and facts["scores"][2] is None
    assert rules.facts(rules.view(state, None))["scores"] == [None, None, None]


def test_game_documents_carry_the_facts(server):
    created = server.call("POST", "/games", json={"game": "babel", "seats": [{"name": "A"}, {"name": "B"}],
                                                  "options": {"first_seat": 1}}).json()
    doc = server.call("GET", f"/games/{created['id']}").json()
    assert doc["facts"] == {"round": 1, "active_seat": 1, "scores": [0, 0]}
