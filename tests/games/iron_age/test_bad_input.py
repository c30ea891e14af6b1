"""Refused moves: each raises IllegalMove naming the rule, and the input state is unchanged
(the `rejected` helper compares with a deep copy taken before)."""

from __future__ import annotations

import random

from referee.engine.contract import IllegalMove
from tests.games.iron_age.positions import RULES, play, position, rejected, rng, sample_states


def test_wrong_phase_is_refused_with_the_rule_of_the_current_decision():
    st = position(2, faces=["food", "food"])
    rejected(st, 0, {"type": "buy_none"}, "IA-1.4", "wrong_move")
    rejected(st, 0, {"type": "build", "actions": []}, "IA-1.4", "wrong_move")


def test_wrong_seat_is_refused():
    rejected(position(2), 1, {"type": "stop_rolling"}, "IA-1.4", "not_your_decision")
    rejected(position(2), 7, {"type": "stop_rolling"}, "IA-1.4", "not_your_decision")


def test_a_locked_skull_cannot_be_rerolled():
    st = position(2, faces=["skull", "goods"])
    rejected(st, 0, {"type": "reroll", "empire": [0], "fate": False}, "IA-1.3", "die_locked")


def test_paying_too_little_is_refused():
    st = position(2, phase="buy", fate="harvest", turn={"inventions": 2}, players={0: {"goods": 3}})
    rejected(st, 0, {"type": "buy", "development": "agriculture", "payment": {"goods": 3, "inventions": 2}},
             "IA-6.2", "payment_too_low")


def test_buying_a_development_twice_is_refused():
    st = position(2, phase="buy", fate="harvest", players={0: {"goods": 12, "developments": ["fishing"]}})
    rejected(st, 0, {"type": "buy", "development": "fishing", "payment": {"goods": 10}}, "IA-6.1", "already_owned")


def test_building_without_workers_is_refused():
    st = position(2, phase="build", fate="harvest", turn={"workers": 0}, players={0: {"goods": 2}})
    rejected(st, 0, {"type": "build", "actions": [{"kind": "province_box", "province": 2, "count": 1}]},
             "IA-5.2", "action 0: not_enough_workers")


def test_malformed_moves_are_refused():
    st = position(2, phase="build", fate="harvest", turn={"workers": 2})
    rejected(st, 0, {"type": "build"}, "IA-5.1", "bad_move")
    port_with_count = {"kind": "port_box", "port": 3, "count": 1}
    rejected(st, 0, {"type": "build", "actions": [port_with_count]}, "IA-5.2", "action 0: bad_move")
    rejected(st, 0, {"type": "build", "actions": [{"kind": "military", "count": True}]}, "IA-5.2", "action 0: bad_move")
    rejected(st, 0, {"type": "build", "actions": ["military"]}, "IA-5.2", "action 0: bad_move")
    rejected(st, 0, "build", "IA-5.1", "wrong_move")


def test_moves_after_the_game_are_refused():
    st = position(2, active=1, players={0: {"tribute": 40}})
    over = play(st, 1, {"type": "end_turn"})
    assert over["game_over"]
    rejected(over, 0, {"type": "stop_rolling"}, "IA-E1", "game_over")


JUNK = [None, 0, -1, 7, True, "x", "fate", [], [0], [0, 0], ["0"], {}, {"a": 1}, 1.5, [[1]]]


def test_junk_moves_only_ever_raise_illegal_move():
    """Any field value in any move type is refused cleanly (IllegalMove), never a crash."""
    pick = random.Random(3)
    fields = ["choice", "empire", "fate", "die", "face", "choices", "attack", "deny", "actions", "development",
              "payment", "wealth", "kind"]
    types = ["initial_choice", "reroll", "stop_rolling", "omen", "omen_decline", "assign", "conquest",
             "tribute_response", "build", "buy", "buy_none", "convert", "end_turn"]
    for st in sample_states()[::4]:
        for p in RULES.prompts(st):
            for _ in range(25):
                move = {"type": pick.choice(types)}
                for f in pick.sample(fields, pick.randint(0, 3)):
                    move[f] = pick.choice(JUNK)
                if move["type"] == "build" and pick.random() < 0.5:
                    move["actions"] = [{"kind": pick.choice(["military", "ship", "port_box", [1]]),
                                        pick.choice(["count", "port", "monument"]): pick.choice(JUNK)}]
                try:
                    RULES.apply(st, p.seat, move, rng("junk"))
                except IllegalMove:
                    pass
