"""check_state: each invariant of §13 (and the consistency of §9) is reported in words."""

from __future__ import annotations

import copy
from typing import Callable

import pytest

from tests.games.babel.builder import A, H, M, RULES, S, make_state, play, player


def _broken(mutate: Callable[[dict], None], **kw) -> list[str]:
    state = make_state(player(pawn=M, columns={M: [H, H, H]}, sites={M: [1, 2]}), player(hand={S: 3}), **kw)
    state = copy.deepcopy(state)
    mutate(state)
    return RULES.check_state(state)


@pytest.mark.parametrize("mutate,fragment", [
    (lambda s: s["people_draw"].pop(), "cards in play, expected 12"),
    (lambda s: s["players"][1]["hand"].update(medes=1), "medes cards in play"),
    (lambda s: s["temple_supply"].pop(), "temple cards in play"),
    (lambda s: s["players"][0].update(start_card=True), "level-1 temple cards"),
    (lambda s: s["players"][0]["sites"].update(medes=[2, 1]), "strictly increasing"),
    (lambda s: s.update(temple_supply_known=99), "temple_supply_known"),
    (lambda s: s.update(active=1), "other seat"),
    (lambda s: s.update(phase="halve_response", pending={"seat": 1, "count": 3}), "half"),
    (lambda s: s.update(phase="halve_response", pending={"seat": 0, "count": 1}), "opponent"),
    (lambda s: s.update(phase="halve_response"), "pending"),
    (lambda s: s.update(phase="over"), "result"),
    (lambda s: s.update(players="nobody"), "players"),
    (lambda s: s.pop("yards"), "yards"),
])
def test_check_state_reports_each_violation(mutate, fragment):
    problems = _broken(mutate)
    assert problems and any(fragment in p for p in problems), problems


def test_check_state_mode_bounds():
    high = make_state(player(sites={M: [6], S: [6], H: [2]}), player(sites={M: [1]}), check=False)
    assert RULES.check_state(high) == []
    high["players"][0]["sites"][A] = [1]
    assert any("mode normal" in p for p in RULES.check_state(high))
    race = make_state(player(sites={M: [6], S: [6]}), player(sites={M: [5]}), mode="race", check=False)
    assert any("race" in p for p in RULES.check_state(race))


def test_check_state_running_game_needs_a_supply_and_finished_game_a_true_result():
    state = make_state()
    state = copy.deepcopy(state)
    state["yards"][1] = state["temple_supply"] + state["yards"][1]
    state["temple_supply"] = []
    assert any("supply is empty" in p for p in RULES.check_state(state))
    over = RULES.resign(make_state(player(sites={M: [1]})), 0)
    assert RULES.check_state(over) == []
    over = copy.deepcopy(over)
    over["result"]["scores"] = [0, 0]
    over["result"]["hand_sizes"] = [5, 0]
    problems = RULES.check_state(over)
    assert any("scores" in p for p in problems) and any("hand sizes" in p for p in problems)


def test_positions_after_moves_stay_sound():
    state = make_state(player(pawn=M, columns={M: [H, H, H]}, sites={M: [1, 2]}, hand={A: 2}),
                       player(hand={S: 3}, sites={M: [4]}))
    for move in ({"type": "settle", "people": A}, {"type": "ability", "power": "hittites", "index": 0},
                 {"type": "end_turn"}):
        state, _ = play(state, 0, move)  # play() asserts check_state == [] on every result
    assert state["active"] == 1
