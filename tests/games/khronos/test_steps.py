"""Khronos moves offered step by step (issue 20) checked against the rules (tests/stepcheck.py):
on positions from random playouts, every path the steps offer ends in a move `apply` accepts,
every legal move (the playout generator's, every listed decision answer) is reachable, and a
path is refused exactly at the first option the rules do not offer."""

from __future__ import annotations

import os
import random

import pytest

from referee.engine.replay import advance, initial
from referee.engine.steps import StepRefused, walk
from referee.games.khronos.rules import GameRules
from tests.games.khronos.policy import move_gen
from tests.games.khronos.positions import Pos
from tests.stepcheck import check_prompts, random_walk, reachable

GAMES = int(os.environ.get("KHRONOS_STEP_GAMES", "2"))


def _positions(seats: int, holdem: bool, seed: int, every: int = 4):
    """States along one random playout (every `every`-th, and every pending decision)."""
    rules = GameRules()
    pick = random.Random(seed)
    key = f"steps-{seats}-{holdem}-{seed}".encode()
    step = initial(rules, key, seats, {"holdem": holdem, "coins_public": seed % 2 == 0}, None)
    state, seq, n = step.state, 1, 0
    while rules.result(state) is None:
        p = rules.prompts(state)[0]
        if n % every == 0 or p.kind != "turn":
            yield rules, state
        n += 1
        move = pick.choice(p.choices) if p.choices is not None else move_gen(rules, state, p, pick)
        seq += 1
        state = advance(rules, key, state, seq, "move", p.seat, {"move": move}).state


@pytest.mark.parametrize("seats,holdem", [(2, True), (3, False), (4, True), (5, False)])
def test_steps_agree_with_the_rules_on_random_positions(seats, holdem):
    kinds: set[str] = set()
    checked = 0
    for g in range(GAMES):
        pick = random.Random(g)
        for rules, state in _positions(seats, holdem, 100 * seats + g):
            kinds |= {p.kind for p in rules.prompts(state)}
            checked += check_prompts(rules, state, pick, move_gen, samples=2)
    assert checked > 20 and "turn" in kinds


def _turn(pos: Pos):
    return pos.rules, pos.st, pos.st["active_seat"]


def test_build_is_offered_as_action_age_building_square_then_cards_one_by_one():
    pos = Pos()
    pos.hand(0, "M01", "M02", "C01", "R01")
    rules, st, seat = _turn(pos)
    first = rules.steps(st, seat, "turn", [])
    assert [o.id for o in first.options] == ["build", "travel", "end"]
    ages = rules.steps(st, seat, "turn", ["build"])
    assert [(o.id, o.element) for o in ages.options] == [("might", "age-might")]
    kinds = rules.steps(st, seat, "turn", ["build", "might"])
    assert {o.id for o in kinds.options} == {"military_1", "military_2", "religious_1", "civil_1"}
    sites = rules.steps(st, seat, "turn", ["build", "might", "military_2"])
    assert "0-0" in [o.id for o in sites.options] and sites.options[0].element == "sq-might-0-0"
    cards = rules.steps(st, seat, "turn", ["build", "might", "military_2", "0-0"])
    assert [(o.id, o.element) for o in cards.options] == [("M01", "card-M01"), ("M02", "card-M02")]
    done = walk(lambda c: rules.steps(st, seat, "turn", list(c)), ["build", "might", "military_2", "0-0", "M02", "M01"])
    assert done.move == {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [0, 0],
                         "cards": ["M02", "M01"]}
    assert rules.move_path(st, seat, "turn", done.move) == ["build", "might", "military_2", "0-0", "M02", "M01"]


def test_K_20_surcharge_cards_of_any_colour_are_offered_only_once_the_colour_is_paid():
    pos = Pos(terrain=["F" + "P" * 7] + ["P" * 8] * 7)
    pos.hand(0, "M01", "C01", "R01")
    rules, st, seat = _turn(pos)
    opts = rules.steps(st, seat, "turn", ["build", "might", "military_1", "0-0"]).options
    assert {o.id for o in opts} == {"M01", "C01", "R01"}  # 2 slots, 1 must be military
    after_c = rules.steps(st, seat, "turn", ["build", "might", "military_1", "0-0", "C01"])
    assert [o.id for o in after_c.options] == ["M01"]  # the last slot must pay the colour (K-1)
    move = walk(lambda c: rules.steps(st, seat, "turn", list(c)), ["build", "might", "military_1", "0-0", "C01", "M01"]).move
    assert move["cards"] == ["C01", "M01"]


def test_K_24_a_site_where_the_rank_rule_forbids_the_building_is_not_offered():
    pos = Pos()
    pos.put("might", "military", 1, (0, 0), owner=1)
    pos.hand(0, "M01", "M02")
    rules, st, seat = _turn(pos)
    sites = [o.id for o in rules.steps(st, seat, "turn", ["build", "might", "military_1"]).options]
    assert "0-1" not in sites and "1-0" not in sites and "0-2" in sites
    with pytest.raises(StepRefused) as e:
        rules.steps(st, seat, "turn", ["build", "might", "military_1", "0-1"])
    assert e.value.index == 3
    refused = pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 1,
                              "anchor": [0, 1], "cards": ["M01"]})
    assert refused.rule == "K-24"


def test_upgrade_offers_the_building_then_the_new_size_then_the_anchor_on_the_board():
    pos = Pos()
    pos.put("might", "military", 1, (3, 3), owner=0)
    pos.hand(0, "M01", "M02")
    rules, st, seat = _turn(pos)
    xs = rules.steps(st, seat, "turn", ["upgrade", "might"]).options
    assert [(o.id, o.element) for o in xs] == [("3-3", "b-might-3-3")]
    ranks = rules.steps(st, seat, "turn", ["upgrade", "might", "3-3"]).options
    assert [o.id for o in ranks] == ["military_2"]
    anchors = rules.steps(st, seat, "turn", ["upgrade", "might", "3-3", "military_2"]).options
    assert {o.id: o.element for o in anchors} == {"2-2": "sq-might-2-2", "2-3": "sq-might-2-3",
                                                 "3-2": "sq-might-3-2", "3-3": "b-might-3-3"}


def test_travel_and_end_and_unknown_paths():
    pos = Pos()
    rules, st, seat = _turn(pos)
    step = walk(lambda c: rules.steps(st, seat, "turn", list(c)), ["travel", "a1", "reason"])
    assert step.move == {"type": "travel", "adventurer": 1, "to": "reason"} and not step.options
    assert rules.steps(st, seat, "turn", ["end"]).move == {"type": "end_turn"}
    for bad, index in ((["fly"], 0), (["travel", "a7"], 1), (["travel", "a0", "might"], 2), (["end", "x"], 1)):
        with pytest.raises(StepRefused) as e:
            rules.steps(st, seat, "turn", bad)
        assert e.value.index == index, bad
    with pytest.raises(StepRefused):
        rules.steps(st, 1, "turn", [])  # not seat 1's turn (K-8)


def test_K_12_travel_is_not_offered_without_a_coin():
    pos = Pos(coins=0)
    rules, st, seat = _turn(pos)
    assert "travel" not in [o.id for o in rules.steps(st, seat, "turn", []).options]


def test_K_11b_swap_takes_display_cards_of_one_colour_then_gives_as_many():
    pos = Pos(holdem=True, phase="exchange")
    pos.hand(0, "M03", "M02", "C02", "R02")
    rules, st, seat = _turn(pos)
    take = rules.steps(st, seat, "turn", ["swap"]).options
    assert {o.element for o in take} == {f"display-{c}" for c in st["display"]}
    c = st["display"][0]
    after = rules.steps(st, seat, "turn", ["swap", c]).options
    assert all(o.group == "Give" for o in after)  # the display holds one card per colour
    step = walk(lambda p: rules.steps(st, seat, "turn", list(p)), ["swap", c, "M02"])
    assert step.move == {"type": "holdem_swap", "take": [c], "give": ["M02"]}
    random_walk(rules, st, seat, "turn", random.Random(1))
    reachable(rules, st, seat, "turn", {"type": "exchange_cards", "discard": ["R02", "M03"]})


def test_K_13_with_both_adventurers_in_the_age_the_charge_may_be_chosen():
    pos = Pos()
    pos.hand(0, "M01", "M02")
    rules, st, seat = _turn(pos)
    step = rules.steps(st, seat, "turn", ["build", "might", "military_2", "0-0", "M01", "M02"])
    assert step.move is not None and "by-01" in [o.id for o in step.options]
    reachable(rules, st, seat, "turn", dict(step.move, adventurers=[1, 1]))


def test_decisions_are_offered_on_the_board_reduction_then_placement_then_hamlet_keeper():
    from tests.games.khronos.test_resolve import split_position
    pos = split_position()
    card = pos.hand(0, "M")[0]
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": card})
    step = pos.rules.steps(st, 0, "choose_reduction", [])
    assert [(o.id, o.element) for o in step.options] == [("0-0", "b-might-0-0"), ("0-2", "b-might-0-2")]
    assert "castle" in step.options[0].label
    check_prompts(pos.rules, st, random.Random(0))
    st = pos.play(0, {"type": "choose_reduction", "at": [0, 0]}, st)
    step = pos.rules.steps(st, 1, "place_reduced", [])
    assert [o.element for o in step.options] == ["anchor-might-0-0", "anchor-might-0-1", "anchor-might-1-0",
                                                 "anchor-might-1-1"]
    assert pos.rules.steps(st, 1, "place_reduced", ["1-1"]).move == {"type": "place_reduced", "anchor": [1, 1]}
    with pytest.raises(StepRefused):
        pos.rules.steps(st, 0, "place_reduced", [])  # seat 1 decides
    check_prompts(pos.rules, st, random.Random(0))

    keep = Pos(seats=4, hamlets=[[2, 2]])
    keep.put("reason", "civil", 2, (1, 1), cubes=[3, 2, 0])
    st = keep.play(0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [0, 0],
                       "cards": keep.hand(0, "M", "M")})
    step = keep.rules.steps(st, 0, "choose_hamlet_keeper", [])
    assert [(o.id, o.element) for o in step.options] == [("s2", "player-2"), ("s3", "player-3")]
    check_prompts(keep.rules, st, random.Random(0))
