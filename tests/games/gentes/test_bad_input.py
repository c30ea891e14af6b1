"""Refused moves (the issue's bad-input list): each names the rule and changes nothing."""

from __future__ import annotations

from tests.games.gentes.positions import TRULES, city, end_heyday, full, give, heyday, play, rejected


def test_an_action_tile_without_the_time_for_it_is_refused():
    st = heyday(p0={"track": ["hg1"] * 6 + ["empty"] + ["locked"] * 3})
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest"]}}, "G-12")
    full(st, 0)
    rejected(st, 0, {"type": "take_tile", "tile": "LD", "params": {}}, "G-12")
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1}, "G-12")


def test_a_card_whose_requirements_are_not_met_is_refused():
    st = heyday()
    give(st, 0, "III-01")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "III-01", "temple": {}}}, "G-31")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "II-05"}}, "G-31")


def test_a_move_after_passing_is_refused():
    st = heyday(3)
    full(st, 0)
    st = play(st, 0, {"type": "pass"})
    rejected(st, 0, {"type": "pass"}, "G-46")
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1}, "G-46")


def test_an_effect_choice_not_offered_is_refused():
    st = heyday(3)
    city(st, 0, "Y1", "Y2")
    give(st, 0, "T-moon", to="tableau")
    st = end_heyday(st, 1)
    rejected(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y1"}, "moon": [{"card": "T-moon2"}]}, "G-54")
    rejected(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y1"},
                     "moon": [{"card": "T-moon", "choices": [{"doubles": 0}]}]}, "G-54")
    rejected(st, 1, {"type": "decline_choices", "activate": {}, "moon": []}, "G-54")
    st2 = heyday()
    give(st2, 0, "T-draw-display")
    rejected(st2, 0, {"type": "take_tile", "tile": "CH4",
                      "params": {"card": "T-draw-display", "choices": [{"slots": [8]}]}}, "G-32")


def test_wrong_phase_wrong_seat_and_malformed_moves_are_refused():
    st = heyday()
    rejected(st, 1, {"type": "tax_collector", "hourglasses": 1}, "G-6")
    rejected(st, 0, {"type": "draft_pick", "card": "I-01"}, "G-7")
    rejected(st, 0, "pass", "G-7")
    rejected(st, 7, {"type": "pass"}, "G-1")
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": "priest"}, "G-15")
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest"]}, "free_ops": "x"}, "G-45")
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1, "free_ops": [{"op": "magic"}]}, "G-45")
    rejected(st, 0, {"type": "use_ability", "source": {"card": "I-01"}}, "G-36")


def test_moves_after_the_game_are_refused():
    st = heyday(2)
    over = TRULES.resign(st, 1)
    assert over["result"]["reason"] == "resigned" and over["result"]["ranking"][-1] == 1
    rejected(over, 0, {"type": "pass"}, "G-59")
