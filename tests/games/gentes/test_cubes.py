"""Indicator-cube abilities and the extra options with own-board cubes (RULES.md 4.10, 4.11)."""

from __future__ import annotations

from tests.games.gentes.positions import city, cubes, give, heyday, play, rejected

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def pos(seats=2, **kw):
    st = heyday(seats, **kw)
    st["training_queue"] = list(Q)
    return st


def ability(src, **kw):
    return {"type": "use_ability", "source": src, "params": {"choices": kw.pop("choices", [])}, **kw}


def test_G_36_each_card_or_hometown_city_once_per_round():
    st = pos(3)
    give(st, 0, "T-cube-ab", to="tableau")
    city(st, 0, "H3g")
    st = play(st, 0, ability({"card": "T-cube-ab"}))
    assert st["players"][0]["cards_marked"] == ["T-cube-ab"]
    st["turn_seat"] = 0
    rejected(st, 0, ability({"card": "T-cube-ab"}), "G-36")
    st = play(st, 0, ability({"hometown_space": "H3g", "option": "a"}))
    assert st["hometown_marked"] == ["H3g"] and st["players"][0]["coins"] == 20 - 2 + 5
    st["turn_seat"] = 0
    rejected(st, 0, ability({"hometown_space": "H3g", "option": "a"}), "G-36")
    give(st, 1, "T-cube-free", to="hand")
    rejected(st, 0, ability({"card": "T-cube-free"}), "G-36")
    rejected(st, 0, ability({"hometown_space": "H1g", "option": "a"}), "G-36")


def test_G_37_at_most_one_cube_per_turn():
    st = pos()
    give(st, 0, "T-cube-free", to="tableau")
    city(st, 0, "H1g")
    rejected(st, 0, {**ability({"card": "T-cube-free"}), "modifier": {"hometown_space": "H1g", "option": "b"}}, "G-37")
    supply = st["supply_cubes"]
    after = play(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["noble"]},
                         "modifier": {"hometown_space": "H1g", "option": "b"}})
    assert after["supply_cubes"] == supply - 1


def test_G_38_pay_coins_place_hourglasses_apply_effects_then_checkpoint():
    st = pos()
    give(st, 0, "T-cube-ab", to="tableau")
    after = play(st, 0, ability({"card": "T-cube-ab"}))
    p = after["players"][0]
    assert p["coins"] == 18 and p["vp"] == 2 and p["track"][:2] == ["hg1", "hg1"]
    st["players"][0]["coins"] = 1
    rejected(st, 0, ability({"card": "T-cube-ab"}), "G-38")


def test_G_40_a_modifier_rides_with_a_tile_of_its_kind_and_places_a_cube():
    st = pos()
    city(st, 0, "H2g")  # row 2 modifier: chronicler hourglass_reduce 1
    give(st, 0, "T-plain3")
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest"]},
                     "modifier": {"hometown_space": "H2g", "option": "b"}}, "G-40")
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest"]},
                     "modifier": {"hometown_space": "H2g", "option": "a"}}, "G-40")
    after = play(st, 0, {"type": "take_tile", "tile": "CH2", "params": {"card": "T-plain3"},
                         "modifier": {"hometown_space": "H2g", "option": "b"}})
    assert after["players"][0]["track"][:3] == ["hg1", "tile:CH2", "empty"] and after["hometown_marked"] == ["H2g"]


def test_G_41_no_cube_in_the_supply_no_cube_ability():
    st = pos()
    give(st, 0, "T-cube-free", to="tableau")
    cubes(st, 1, eye=st["supply_cubes"])
    assert st["supply_cubes"] == 0
    rejected(st, 0, ability({"card": "T-cube-free"}), "G-41")


def test_G_42_eye_shift_lowers_one_raises_another_with_an_optional_second_pair():
    st = pos(p0={"pop": {**{p: 0 for p in Q}, "priest": 2}})
    cubes(st, 0, eye=1)
    move = {"type": "tax_collector", "hourglasses": 1, "free_ops": [
        {"op": "eye_shift", "down": "priest", "up": "noble", "second": {"down": "priest", "up": "artisan"}}]}
    after = play(st, 0, move)
    p = after["players"][0]
    assert p["pop"]["priest"] == 0 and p["pop"]["noble"] == 1 and p["pop"]["artisan"] == 1 and p["cubes"]["eye"] == 0
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1,
                     "free_ops": [{"op": "eye_shift", "down": "priest", "up": "priest"}]}, "G-42")


def test_G_43_convert_three_cubes_into_one_person():
    st = pos()
    cubes(st, 0, eye=1, temple=2)
    after = play(st, 0, {"type": "tax_collector", "hourglasses": 1,
                         "free_ops": [{"op": "convert_cubes", "eye": 1, "temple": 2, "up": "merchant"}]})
    assert after["players"][0]["pop"]["merchant"] == 1 and after["players"][0]["cubes"] == {"eye": 0, "temple": 0}
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1,
                     "free_ops": [{"op": "convert_cubes", "eye": 2, "temple": 1, "up": "merchant"}]}, "G-43")
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1,
                     "free_ops": [{"op": "convert_cubes", "eye": 1, "temple": 1, "up": "merchant"}]}, "G-43")


def test_G_44_temple_cubes_are_not_eye_cubes():
    st = pos(p0={"pop": {**{p: 0 for p in Q}, "priest": 1}})
    cubes(st, 0, temple=2)
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1,
                     "free_ops": [{"op": "eye_shift", "down": "priest", "up": "noble"}]}, "G-42")


def test_G_45_free_ops_after_the_action_can_spend_what_it_gained():
    st = pos(p0={"pop": {**{p: 0 for p in Q}, "priest": 1}})
    shift = [{"op": "eye_shift", "down": "priest", "up": "noble", "second": None}]
    rejected(st, 0, {"type": "take_tile", "tile": "NV2", "params": {"space": "Y4"}, "free_ops": shift}, "G-42")
    after = play(st, 0, {"type": "take_tile", "tile": "NV2", "params": {"space": "Y4"}, "free_ops_after": shift})
    assert after["players"][0]["pop"]["noble"] == 1 and after["players"][0]["cubes"]["eye"] == 0


def test_G_R1_a_hometown_action_is_a_whole_turn_one_city_per_turn():
    st = pos(3)
    city(st, 0, "H3g", "H3e")
    st = play(st, 0, ability({"hometown_space": "H3g", "option": "a"}))
    assert st["turn_seat"] == 1 and st["players"][0]["coins"] == 25
    st["turn_seat"] = 0
    st = play(st, 0, ability({"hometown_space": "H3e", "option": "a"}))
    assert st["players"][0]["coins"] == 30


def test_G_R7_eye_shift_down_must_be_possible_up_may_push():
    st = pos(p0={"pop": {**{p: 0 for p in Q}, "priest": 1, "noble": 3, "artisan": 5}})
    cubes(st, 0, eye=1)
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1,
                     "free_ops": [{"op": "eye_shift", "down": "scholar", "up": "noble"}]}, "G-42")
    after = play(st, 0, {"type": "tax_collector", "hourglasses": 1,
                         "free_ops": [{"op": "eye_shift", "down": "priest", "up": "noble"}]})
    assert after["players"][0]["pop"]["noble"] == 4 and after["players"][0]["pop"]["artisan"] == 4


def test_G_R12_a_mark_belongs_to_the_hometown_space_for_the_round():
    st = pos(3)
    city(st, 0, "H3g", "R1", "R2", "R3", "G1", "G2")
    st = play(st, 0, ability({"hometown_space": "H3g", "option": "a"}))
    st["turn_seat"] = 0
    st = play(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y1", "from": "H3g"}})
    st["turn_seat"] = 0
    st = play(st, 0, {"type": "take_tile", "tile": "NV4", "params": {"space": "H3g", "from": "R1", "region": "red"}})
    st["turn_seat"] = 0
    rejected(st, 0, ability({"hometown_space": "H3g", "option": "a"}), "G-36")


def test_G_R19_with_an_empty_supply_cube_gains_are_lost():
    st = pos()
    cubes(st, 1, eye=st["supply_cubes"])
    after = play(st, 0, {"type": "take_tile", "tile": "NV2", "params": {"space": "Y4"}})
    assert after["players"][0]["cubes"]["eye"] == 0
