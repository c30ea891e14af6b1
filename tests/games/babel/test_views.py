"""Hidden information (§9, Ruling B-R23, B-R24): views never leak, redact keeps moves."""

from __future__ import annotations

import json
import random

from referee.engine.rng import Rng
from tests.games.babel.builder import A, H, M, P, RULES, S, make_state, play, player

SECRET_HAND = {M: 3, S: 0, H: 1, P: 2, A: 0}


def _position() -> dict:
    return make_state(player(hand={S: 2, A: 1}, pawn=M, columns={M: [H, H]}, sites={M: [1]}),
                      player(hand=SECRET_HAND, pawn=A, columns={A: [P]}),
                      draw=[A, A, S, H, M, P, P, S], supply=[4, 2, 6, 1, 5], known=2, yards=[[3], [5, 2]])


def _assert_no_secrets(view: dict, state: dict, seat: int | None) -> None:
    text = json.dumps(view)
    assert "people_draw" not in view and "temple_supply" not in view
    assert view["people_draw_count"] == len(state["people_draw"])
    assert view["temple_supply_count"] == len(state["temple_supply"])
    assert view["temple_supply_top"] == state["temple_supply"][:state["temple_supply_known"]]
    for i, p in enumerate(view["players"]):
        assert p["hand_size"] == sum(state["players"][i]["hand"].values())
        assert ("hand" in p) == (i == seat)
    assert json.dumps(state["people_draw"]) not in text
    assert json.dumps(state["temple_supply"]) not in text


def test_B_R23_seat_sees_own_hand_and_only_the_size_of_the_other():
    state = _position()
    view = RULES.view(state, 0)
    _assert_no_secrets(view, state, 0)
    assert view["players"][0]["hand"] == state["players"][0]["hand"]
    assert view["players"][1]["hand_size"] == 6 and view["hand_sizes"] == [3, 6]
    assert view["people_discard"] == state["people_discard"] and view["yards"] == [[3], state["yards"][1]]
    assert view["players"][1]["columns"][A] == [P] and view["players"][0]["sites"][M] == [1]
    assert view["scores"] == [1, 0] and view["viewer"] == 0
    assert RULES.view(state, 1)["players"][1]["hand"] == SECRET_HAND


def test_B_R23_spectator_sees_no_hand():
    state = _position()
    view = RULES.view(state, None)
    _assert_no_secrets(view, state, None)


def test_B_R24_known_supply_levels_are_public():
    state = make_state(player(pawn=H, columns={H: [A, A, A]}), player(sites={H: [2, 5]}), supply=[3, 1, 6])
    new, _ = play(state, 0, {"type": "ability", "power": "assyrians", "index": 0})
    assert RULES.view(new, 1)["temple_supply_top"] == [2, 5]
    assert RULES.view(new, None)["temple_supply_count"] == 5


def test_view_does_not_alias_the_state():
    state = _position()
    view = RULES.view(state, 0)
    view["players"][0]["columns"][M].append(A)
    view["yards"][0].append(6)
    view["players"][0]["hand"][S] = 9
    assert state == _position()


def test_after_the_end_everything_is_public():
    state = RULES.resign(_position(), 0)
    view = RULES.view(state, None)
    assert view["people_draw"] == state["people_draw"] and view["temple_supply"] == state["temple_supply"]
    assert view["players"][1]["hand"] == SECRET_HAND and view["scores"] == [1, 0]


def test_views_never_leak_during_random_games():
    for g in range(5):
        state = RULES.setup(2, {}, Rng(b"leak%d" % g, 1))
        pick = random.Random(g)
        for n in range(2, 80):
            if state["phase"] == "over":
                break
            for seat in (0, 1, None):
                _assert_no_secrets(RULES.view(state, seat), state, seat)
            (prompt,) = RULES.prompts(state)
            move = pick.choice(prompt.choices) if prompt.choices else prompt.default
            state = RULES.apply(state, prompt.seat, move, Rng(b"leak%d" % g, n))


def test_redact_returns_moves_unchanged():
    state = _position()
    for move in ({"type": "travel", "people": S}, {"type": "discard", "cards": [M, P]}, {"type": "end_turn"}):
        for viewer in (0, 1, None):
            assert RULES.redact(state, move, 0, viewer) == move
