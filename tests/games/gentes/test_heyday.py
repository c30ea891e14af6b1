"""Turns, the common part of taking a tile, the tax collector and passing (RULES.md 4.1-4.3,
4.9, 4.12)."""

from __future__ import annotations

from tests.games.gentes.positions import TRULES, city, cubes, end_heyday, full, give, heyday, play, rejected

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def test_G_6_turns_go_clockwise_and_skip_seats_that_have_passed():
    st = heyday(3)
    st = play(st, 0, {"type": "tax_collector", "hourglasses": 1})
    assert st["turn_seat"] == 1
    st["passed"][2] = True
    st = play(st, 1, {"type": "tax_collector", "hourglasses": 1})
    assert st["turn_seat"] == 0
    rejected(st, 1, {"type": "tax_collector", "hourglasses": 1}, "G-6")


def test_G_6_the_phase_ends_when_all_have_passed():
    st = end_heyday(heyday(3), 1)
    assert st["round"] == 2 and st["phase"] in ("heyday", "decline")


def test_G_7_one_main_part_with_free_ops_before_and_after():
    st = heyday()
    cubes(st, 0, eye=1)
    st["players"][0]["pop"]["priest"] = 1
    st["training_queue"] = Q
    move = {"type": "take_tile", "tile": "PH4", "params": {"train": ["merchant"]},
            "free_ops": [{"op": "eye_shift", "down": "priest", "up": "scholar", "second": None}]}
    after = play(st, 0, move)
    assert after["players"][0]["pop"]["scholar"] == 1 and after["players"][0]["pop"]["merchant"] == 1
    rejected(st, 0, {"type": "build_pyramid"}, "G-7")
    rejected(st, 0, {"type": "pass", "free_ops_after": []}, "G-45")


def test_G_8_with_an_empty_cell_an_action_is_mandatory_and_the_tax_collector_is_always_possible():
    st = heyday(p0={"track": ["hg1"] * 6 + ["empty"] + ["locked"] * 3})
    rejected(st, 0, {"type": "pass"}, "G-46")
    assert TRULES.default_move(st, 0) == {"type": "tax_collector", "hourglasses": 1, "doubles": 0}
    play(st, 0, TRULES.default_move(st, 0))


def test_G_14_the_tile_must_be_on_the_board_and_in_this_player_count():
    st = heyday()
    rejected(st, 0, {"type": "take_tile", "tile": "PH7", "params": {"train": ["priest"]}}, "G-14")
    rejected(st, 0, {"type": "take_tile", "tile": "XX", "params": {}}, "G-14")
    st = play(st, 0, {"type": "take_tile", "tile": "LD", "params": {}})
    rejected(st, 1, {"type": "take_tile", "tile": "LD", "params": {}}, "G-14")


def test_G_15_pay_place_tile_place_hourglasses_then_the_main_action():
    st = heyday()
    st["training_queue"] = Q
    st = play(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest"]}})
    p = st["players"][0]
    assert p["coins"] == 18 and p["track"][:3] == ["hg1", "tile:PH2", "hg1"] and p["pop"]["priest"] == 1
    poor = heyday(p0={"coins": 7})
    rejected(poor, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["priest"]}}, "G-15")


def test_G_16_the_threshold_is_the_printed_cost_plus_tile_boost():
    st = heyday()
    st["training_queue"] = Q
    city(st, 0, "H1g")  # row 1 modifier: philosopher tile_boost 3
    # PH2 costs 2: column 5 (noble) needs 5 for one person; with the boost X = 5
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["noble"]}}, "G-19")
    st = play(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["noble"]},
                      "modifier": {"hometown_space": "H1g", "option": "b"}})
    assert st["players"][0]["pop"]["noble"] == 1 and st["players"][0]["coins"] == 18


def test_G_35_tax_collector_one_or_two_hourglasses_for_four_or_eight_coins():
    st = heyday()
    assert play(st, 0, {"type": "tax_collector", "hourglasses": 1})["players"][0]["coins"] == 24
    assert play(st, 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 1})["players"][0]["coins"] == 28
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 3}, "G-35")


def test_G_46_pass_only_with_a_full_track_and_no_more_turns_after():
    st = heyday(3)
    rejected(st, 0, {"type": "pass"}, "G-46")
    full(st, 0)
    st = play(st, 0, {"type": "pass"})
    assert st["passed"][0] and st["turn_seat"] == 1
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1}, "G-46")


def test_G_R5_a_full_track_may_still_use_a_cube_ability_without_hourglasses():
    st = heyday()
    give(st, 0, "T-cube-free", to="tableau")
    full(st, 0)
    st = play(st, 0, {"type": "use_ability", "source": {"card": "T-cube-free"}, "params": {"choices": []}})
    assert st["players"][0]["coins"] == 21 and st["turn_seat"] == 1
    give(st, 1, "T-cube-ab", to="tableau")
    full(st, 1)
    rejected(st, 1, {"type": "use_ability", "source": {"card": "T-cube-ab"}, "params": {"choices": []}}, "G-12")


def test_G_R14_a_tile_whose_main_action_is_impossible_cannot_be_chosen():
    st = heyday()
    give(st, 0, "III-01")
    rejected(st, 0, {"type": "take_tile", "tile": "CH1", "params": {"card": "III-01", "temple": {}, "synergy": None}}, "G-31")
    rejected(st, 0, {"type": "take_tile", "tile": "SC3", "params": {"mode": "discard", "cards": []}}, "G-24")
    for sid in ("Y1", "Y2", "Y3", "R1", "R2", "R3", "G1", "G2", "H1g", "H2g", "H3g"):
        city(st, 1, sid) if st["players"][1]["cities_in_supply"] else city(st, 0, sid)
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y1"}}, "G-25")


def test_G_R21_a_discount_does_not_lower_the_threshold():
    st = heyday()
    city(st, 0, "H3g")  # row 3 modifier: navigator tile_discount 3
    st = play(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y1"},
                      "modifier": {"hometown_space": "H3g", "option": "b"}})
    assert st["players"][0]["coins"] == 20 + 3  # NV1 costs 3, discounted to 0; Y1 gives 3
    from referee.games.gentes.effects import modified
    assert modified({"cost": 5, "hourglasses": 1}, {"mod": "tile_discount", "n": 3}) == (2, 5, 1)


def test_the_turn_prompt_lists_pass_when_it_is_the_only_legal_move():
    st = heyday()
    assert TRULES.prompts(st)[0].choices is None
    full(st, 0)
    assert TRULES.prompts(st)[0].choices == [{"type": "pass"}]
    give(st, 0, "T-cube-free", to="tableau")
    assert TRULES.prompts(st)[0].choices is None
    st["players"][0]["tableau"] = []
    st["decks"]["3"].append("T-cube-free")
    cubes(st, 0, eye=1)
    assert TRULES.prompts(st)[0].choices is None
