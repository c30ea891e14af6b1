"""The main actions: Philosopher, Scribe, Navigator, Chronicler, Leader (RULES.md 4.4-4.8)."""

from __future__ import annotations

from tests.games.gentes.positions import city, cubes, give, heyday, play, rejected, to_pile, valid

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def phil(st, train, tile="PH4", seat=0, **kw):
    return play(st, seat, {"type": "take_tile", "tile": tile, "params": {"train": train}, **kw})


def pos(**kw):
    st = heyday(**kw)
    st["training_queue"] = list(Q)
    return st


def pop(**values):
    base = {p: 0 for p in Q}
    base.update(values)
    return base


# -- Philosopher -------------------------------------------------------------------------------

def test_G_17_a_row_holds_at_most_its_capacity():
    st = pos(p0={"pop": pop(priest=8)})
    rejected(st, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["priest"]}}, "G-18")
    st = phil(pos(p0={"pop": pop(priest=7)}), ["scholar"])
    assert st["players"][0]["pop"]["priest"] + st["players"][0]["pop"]["scholar"] == 8


def test_G_18_raising_into_a_full_row_pushes_the_partner_back():
    st = phil(pos(p0={"pop": pop(priest=3, scholar=5)}), ["priest"])
    assert st["players"][0]["pop"]["priest"] == 4 and st["players"][0]["pop"]["scholar"] == 4


def test_G_19_training_columns_open_by_threshold_one_or_two_persons():
    st = pos()
    phil(st, ["soldier"], tile="PH2")               # column 3 costs 2 for one person
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["merchant"]}}, "G-19")
    phil(st, ["priest", "priest"], tile="PH2")       # column 1 costs 2 per person for two
    rejected(st, 0, {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest", "scholar"]}}, "G-19")
    rejected(st, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": []}}, "G-19")
    rejected(st, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["a", "b", "c"]}}, "G-19")


def test_G_20_used_meeples_reinsert_at_the_right_the_left_one_last():
    st = phil(pos(), ["scholar", "merchant"])
    assert st["training_queue"] == ["priest", "soldier", "noble", "artisan", "merchant", "scholar"]
    st = phil(pos(), ["priest", "priest"])
    assert st["training_queue"] == ["scholar", "soldier", "merchant", "noble", "artisan", "priest"]


def test_G_21_philosopher_ends_with_the_bonus_checkpoint():
    st = phil(pos(p0={"pop": pop(priest=4, scholar=3, soldier=5, noble=5)}), ["merchant"])
    assert st["players"][0]["bonus_tiles"] == [{"kind": "population18", "value": 8}]
    assert st["players"][0]["vp"] == 8


# -- Scribe ------------------------------------------------------------------------------------

def test_G_22_display_indicator_or_discard_pile_by_threshold():
    st = pos()
    slot3 = st["display"][2]["card"]
    rejected(st, 0, {"type": "take_tile", "tile": "SC1", "params": {"mode": "display", "indicator": "D2", "slots": [1]}}, "G-22")
    rejected(st, 0, {"type": "take_tile", "tile": "SC2", "params": {"mode": "display", "indicator": "D2", "slots": [5]}}, "G-22")
    after = play(st, 0, {"type": "take_tile", "tile": "SC2", "params": {"mode": "display", "indicator": "D2", "slots": [3]}})
    assert slot3 in after["players"][0]["hand"]
    to_pile(st, "discard", "II-01", "II-02")
    rejected(st, 0, {"type": "take_tile", "tile": "SC2", "params": {"mode": "discard", "cards": ["II-01"]}}, "G-22")
    rejected(st, 0, {"type": "take_tile", "tile": "SC3", "params": {"mode": "discard", "cards": ["II-01", "II-02"]}}, "G-22")
    after = play(st, 0, {"type": "take_tile", "tile": "SC4", "params": {"mode": "discard", "cards": ["II-01", "II-02"]}})
    assert after["discard"] == [] and after["players"][0]["hand"][-2:] == ["II-01", "II-02"]


def test_G_22_too_many_cards_or_an_empty_slot_is_refused_by_the_limit_g22_states():
    st = pos()
    rejected(st, 0, {"type": "take_tile", "tile": "SC2", "params": {"mode": "display", "indicator": "D2", "slots": [1, 2, 3]}},
             "G-22")  # D2 takes at most 2 cards
    st["decks"]["1"].insert(0, st["display"][7]["card"])
    st["display"][7] = None
    rejected(st, 0, {"type": "take_tile", "tile": "SC4", "params": {"mode": "display", "indicator": "D6", "slots": [8]}},
             "G-22")  # an empty slot
    to_pile(st, "discard", "II-01", "II-02", "II-03")
    rejected(st, 0, {"type": "take_tile", "tile": "SC4", "params": {"mode": "discard", "cards": ["II-01", "II-02", "II-03"]}},
             "G-22")  # cost 10 allows 2 discards


def test_G_23_the_display_slides_left_and_refills_from_the_current_epoch():
    st = pos()
    before = [c["card"] for c in st["display"]]
    top = st["decks"]["1"][:2]
    after = play(st, 0, {"type": "take_tile", "tile": "SC4", "params": {"mode": "display", "indicator": "D4", "slots": [2, 5]}})
    assert [c["card"] for c in after["display"]] == [before[i] for i in (0, 2, 3, 5, 6, 7)] + top
    valid(after)


def test_G_24_at_least_one_card_and_a_two_player_cube_returns():
    st = pos()
    rejected(st, 0, {"type": "take_tile", "tile": "SC2", "params": {"mode": "display", "indicator": "D2", "slots": []}}, "G-24")
    assert st["display"][0]["cube"]  # G-60 put cubes on slots 1-4 in a 2-player game
    supply = st["supply_cubes"]
    after = play(st, 0, {"type": "take_tile", "tile": "SC1", "params": {"mode": "display", "indicator": "D1", "slots": [1]}})
    assert after["supply_cubes"] == supply + 1


# -- Navigator ---------------------------------------------------------------------------------

def nav(st, tile, seat=0, **params):
    return play(st, seat, {"type": "take_tile", "tile": tile, "params": params})


def test_G_25_the_space_matches_the_tile_symbol_spiral_is_any_and_must_be_free():
    st = pos()
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y4"}}, "G-25")
    nav(st, "NV4", space="Y4")
    city(st, 1, "Y1")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y1"}}, "G-25")


def test_G_26_cities_come_from_the_supply_and_the_sixth_earns_the_all_cities_bonus():
    st = pos()
    city(st, 0, "R1", "R2", "R3", "G1", "G2")
    st = nav(st, "NV1", space="Y1")
    p = st["players"][0]
    assert p["cities_in_supply"] == 0 and {"kind": "all_cities", "value": 8} in p["bonus_tiles"]


def test_G_27_after_all_six_a_build_moves_an_own_city():
    st = pos()
    city(st, 0, "R1", "R2", "R3", "G1", "G2", "Y1")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y2"}}, "G-27")
    after = nav(st, "NV1", space="Y2", **{"from": "R1"})
    assert "R1" not in after["city_owner"] and after["city_owner"]["Y2"] == 0
    same = nav(st, "NV1", space="Y1", **{"from": "Y1"})
    assert same["city_owner"]["Y1"] == 0


def test_G_26_while_cities_are_in_supply_a_new_city_is_placed_and_no_city_moves():
    st = pos()
    city(st, 0, "Y1")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y2", "from": "Y1"}}, "G-26")


def test_G_28_a_map_build_activates_all_own_cities_of_the_region_in_order():
    st = pos()
    city(st, 0, "Y1", "Y4", "R1")
    st = nav(st, "NV1", space="Y2")
    p = st["players"][0]
    assert p["coins"] == 20 - 3 + 3 + 4 and p["cubes"]["eye"] == 1  # Y1 + Y2 coins, Y4 eye; not R1


def test_G_29_a_hometown_build_names_the_region_to_activate():
    st = pos()
    city(st, 0, "R1")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "H1g"}}, "G-29")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y1", "region": "red"}}, "G-29")
    after = nav(st, "NV1", space="H1g", region="red")
    assert after["city_owner"]["H1g"] == 0 and after["players"][0]["coins"] == 20 - 3 + 3
    empty_region = nav(st, "NV1", space="H1g", region="green")
    assert empty_region["players"][0]["coins"] == 17


def test_G_30_cities_count_their_symbol_map_and_hometown_alike():
    st = pos(p0={"pop": pop(priest=2, merchant=1)})
    give(st, 0, "T-needs")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs"}}, "G-31")
    city(st, 0, "H2e")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs"}})
    assert "T-needs" in after["players"][0]["tableau"]


# -- Chronicler --------------------------------------------------------------------------------

def test_G_31_requirements_may_use_temple_cubes_for_the_check_only():
    st = pos(p0={"pop": pop(priest=1, merchant=1)})
    city(st, 0, "Y4")
    give(st, 0, "T-needs")
    cubes(st, 0, temple=1)
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs"}}, "G-31")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs", "temple": {"priest": 2}}}, "G-31")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs", "temple": {"priest": 1}}})
    assert after["players"][0]["pop"]["priest"] == 1 and after["players"][0]["cubes"]["temple"] == 0
    assert after["supply_cubes"] == st["supply_cubes"] + 1


def test_G_32_vp_rewards_penalties_synergy_in_order_all_or_nothing():
    st = pos()
    give(st, 0, "T-plain", to="tableau")
    give(st, 0, "T-plain2")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain2", "synergy": "scroll"}})
    assert after["players"][0]["vp"] == 3 + 2 and after["players"][0]["tableau"] == ["T-plain", "T-plain2"]
    give(st, 0, "T-fail-late")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-fail-late"}}, "G-32")


def test_G_33_population_bonus_is_checked_after_the_whole_card():
    st = pos(p0={"pop": pop(priest=4, scholar=4, soldier=4, merchant=4, noble=1)})
    give(st, 0, "T-mixed")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-mixed"}})
    assert after["players"][0]["bonus_tiles"] == []
    cubes(st, 0, temple=1)
    give(st, 0, "T-plain3")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain3", "temple": {"noble": 1}}})
    assert after["players"][0]["bonus_tiles"] == []  # temple cubes never count for bonus tiles


def test_G_34_the_leader_gains_coins_and_becomes_start_player_in_decline():
    st = heyday(3)
    st = play(st, 0, {"type": "tax_collector", "hourglasses": 1})
    st = play(st, 1, {"type": "take_tile", "tile": "LD", "params": {}})
    assert st["players"][1]["coins"] == 22 and st["leader_holder"] == 1
    rejected(heyday(), 0, {"type": "take_tile", "tile": "LD", "params": {"x": 1}}, "G-34")


def test_G_39_an_action_effect_performs_a_main_action_without_a_tile():
    st = pos()
    give(st, 0, "T-action-phil")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4",
                         "params": {"card": "T-action-phil", "choices": [{"train": ["soldier"]}]}})
    assert after["players"][0]["pop"]["soldier"] == 1 and "PH1" in after["tiles_on_board"]
    rejected(st, 0, {"type": "take_tile", "tile": "CH4",
                     "params": {"card": "T-action-phil", "choices": [{"train": ["merchant", "merchant"]}]}}, "G-19")


def test_G_R6_effects_are_checked_one_after_another():
    st = pos(p0={"coins": 7})
    give(st, 0, "T-fail-late")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-fail-late"}}, "G-32")
    st["players"][0]["coins"] = 55
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-fail-late"}})
    assert after["players"][0]["coins"] == 55 - 7 + 2 - 50


def test_G_R13_moving_a_city_is_a_normal_build_with_matching_symbol_and_activation():
    st = pos()
    city(st, 0, "R1", "R2", "R3", "G1", "G2", "Y1")
    rejected(st, 0, {"type": "take_tile", "tile": "NV1", "params": {"space": "Y4", "from": "R1"}}, "G-25")
    after = nav(st, "NV1", space="Y2", **{"from": "R1"})
    assert after["players"][0]["coins"] == 20 - 3 + 3 + 4


def test_G_R20_the_mover_names_the_synergy_symbol():
    st = pos()
    give(st, 0, "T-plain2")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain2"}}, "G-R20")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain2", "synergy": "helmet"}}, "G-R20")
    give(st, 0, "T-plain3")
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain3", "synergy": "scroll"}}, "G-R20")


def test_G_R22_temple_cubes_never_stand_in_for_cities():
    st = pos(p0={"pop": pop(priest=2, merchant=1)})
    give(st, 0, "T-needs")
    cubes(st, 0, temple=3)
    rejected(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-needs", "temple": {"priest": 1}}}, "G-31")
