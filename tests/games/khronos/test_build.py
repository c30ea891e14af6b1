"""Build (K-14, §7.1) with geography (K-5, K-6, K-20), cubes (K-4), tiles (K-3), adventurer
capacity (K-13), the domain and rank rules (K-22..K-24) and the check order of §7."""

from __future__ import annotations

from referee.games.khronos.spatial import Layout, footprint, surcharge
from tests.games.khronos.positions import Pos, at, components, kinds

TERRAIN = ["PPPPPPPP", "PPPPPPPP", "PPFPPMPP", "PPPPPPPP", "RRRRRRRR", "PPPPPPPP", "PPPPPPPP", "PPPFMPPP"]


def build(age, building, rank, anchor, cards, **kw):
    return {"type": "build", "age": age, "building": building, "rank": rank, "anchor": list(anchor),
            "cards": cards, **kw}


def test_K_14_build_places_the_tile_with_the_owner_cube_pays_cards_and_earns_income():
    pos = Pos()
    cards = pos.hand(0, "M", "M", "C")
    st = pos.play(0, build("might", "military", 2, (1, 1), cards[:2]))
    tile = at(st, "might", (1, 1))
    assert tile["type"] == "military" and tile["rank"] == 2 and tile["owner"] == 0
    p = st["players"][0]
    assert p["hand"] == cards[2:] and st["discard"] == cards[:2]
    assert p["coins"] == 11 and p["cards_played"] == [2, 0] and st["phase"] == "actions"
    assert st["supply"]["military_2"] == 24 - 3  # Might, its Faith copy and the Reason ruin


def test_K_14_faith_income_is_two_and_rank_one_earns_nothing():
    pos = Pos()
    pos.advs(0, "faith", "faith")
    cards = pos.hand(0, "R", "R", "R")
    st = pos.play(0, build("faith", "religious", 2, (1, 1), cards[:2]))
    assert st["players"][0]["coins"] == 12
    st = pos.play(0, build("faith", "religious", 1, (5, 5), cards[2:]), st)
    assert st["players"][0]["coins"] == 12


def test_K_1_cost_is_the_value_in_cards_of_the_buildings_colour():
    pos = Pos()
    cards = pos.hand(0, "M", "C", "M")
    assert pos.refused(0, build("might", "military", 2, (1, 1), cards[:1])).rule == "K-1"
    assert pos.refused(0, build("might", "military", 2, (1, 1), cards[:2])).rule == "K-1"
    assert pos.play(0, build("might", "military", 2, (1, 1), [cards[0], cards[2]]))


def test_K_3_no_tile_of_the_kind_left_in_the_supply():
    pos = Pos(comp=components(military_2=0))
    cards = pos.hand(0, "M", "M")
    assert pos.refused(0, build("might", "military", 2, (1, 1), cards)).rule == "K-3"


def test_K_4_own_build_needs_a_free_cube():
    comp = components()
    comp["per_player"]["control_cubes"] = 1
    pos = Pos(comp=comp)
    pos.put("might", "military", 1, (0, 0), 0)
    cards = pos.hand(0, "M")
    assert pos.refused(0, build("might", "military", 1, (5, 5), cards)).rule == "K-4"


def test_K_5_footprint_must_lie_on_the_board_and_K_14_on_free_squares():
    pos = Pos()
    pos.put("might", "civil", 1, (3, 3))
    cards = pos.hand(0, "M", "M")
    assert pos.refused(0, build("might", "military", 2, (7, 6), cards)).rule == "K-5"
    assert pos.refused(0, build("might", "military", 2, (2, 2), cards)).rule == "K-14"


def test_K_5_a_corrected_board_of_any_size_plays_from_the_data():
    pos = Pos(rows=3, cols=12)
    cards = pos.hand(0, "M", "M")
    assert pos.refused(0, build("might", "military", 2, (2, 0), cards)).rule == "K-5"
    st = pos.play(0, build("might", "military", 2, (1, 10), cards))
    assert at(st, "might", (1, 10))


def test_K_6_K_20_1_river_only_under_villages_and_cities():
    pos = Pos(terrain=TERRAIN)
    m, c = pos.hand(0, "M"), pos.hand(0, "C", "C", "C")
    assert pos.refused(0, build("might", "military", 1, (4, 0), m)).rule == "K-20.1"
    st = pos.play(0, build("might", "civil", 2, (3, 0), c[:3]))
    assert at(st, "might", (3, 0))["type"] == "civil"


def test_K_20_surcharge_forest_and_mountain_by_player_count():
    pos = Pos(terrain=TERRAIN)  # 2 players: forest 1, mountain 2
    cards = pos.hand(0, "M", "C", "C")
    assert pos.refused(0, build("might", "military", 1, (2, 2), cards[:1])).rule == "K-20"
    st = pos.play(0, build("might", "military", 1, (2, 2), cards[:2]))
    assert at(st, "might", (2, 2))
    four = Pos(seats=4, terrain=TERRAIN)  # 4 players: forest 0, mountain 1
    cards = four.hand(0, "M", "C")
    assert four.play(0, build("might", "military", 1, (2, 2), cards[:1]))
    assert four.refused(0, build("might", "military", 1, (2, 5), cards[:1])).rule == "K-20"
    assert four.play(0, build("might", "military", 1, (2, 5), cards))


def test_K_R6_forest_and_mountain_surcharges_add_up():
    pos = Pos(terrain=TERRAIN)
    g = pos.rules.data
    assert surcharge(g, "might", footprint((6, 3), 2), 2) == 3 and surcharge(g, "might", footprint((6, 3), 2), 4) == 1
    cards = pos.hand(0, "M", "M", "C", "C")
    e = pos.refused(0, build("might", "military", 2, (6, 3), cards))
    assert e.rule == "K-20" and "3 terrain surcharge" in e.message


def test_K_13_cards_are_charged_to_adventurers_in_the_age_at_most_two_each():
    pos = Pos()
    cards = pos.hand(0, "M", "M", "M", "M")
    pos.st["players"][0]["cards_played"] = [1, 0]
    st = pos.play(0, build("might", "military", 1, (0, 0), cards[:1]))
    assert st["players"][0]["cards_played"] == [2, 0]  # the fewest remaining capacity first
    st = pos.play(0, build("might", "military", 1, (0, 0), cards[:1], adventurers=[1]))
    assert st["players"][0]["cards_played"] == [1, 1]
    assert pos.refused(0, build("might", "military", 3, (0, 0), cards)).rule == "K-13"  # 3 left, 4 needed
    pos.advs(0, "might", "faith")
    pos.st["players"][0]["cards_played"] = [0, 0]
    assert pos.refused(0, build("might", "military", 1, (0, 0), cards[:1], adventurers=[1])).rule == "K-13"
    assert pos.refused(0, build("might", "military", 2, (0, 0), cards[:2], adventurers=[0, 0, 0])).rule == "K-13"
    pos.advs(0, "reason", "faith")
    assert pos.refused(0, build("might", "military", 1, (0, 0), cards[:1])).rule == "K-13"


def test_K_13_pooling_both_adventurers_pays_a_fortress_and_charges_stay_after_travel():
    pos = Pos()
    cards = pos.hand(0, "M", "M", "M", "M")
    st = pos.play(0, build("might", "military", 3, (0, 0), cards))
    assert st["players"][0]["cards_played"] == [2, 2]
    st = pos.play(0, {"type": "travel", "adventurer": 0, "to": "faith"}, st)
    assert st["players"][0]["cards_played"] == [2, 2]


def test_K_19_no_building_in_reason():
    pos = Pos()
    pos.advs(0, "reason", "reason")
    cards = pos.hand(0, "M")
    assert pos.refused(0, build("reason", "military", 1, (0, 0), cards)).rule == "K-19"


def test_K_22_domains_are_edge_connected_components():
    pos = Pos()
    pos.put("might", "civil", 1, (0, 0))
    pos.put("might", "civil", 1, (0, 1))
    pos.put("might", "civil", 1, (1, 2))  # diagonal to (0,1): a separate domain
    pos.put("might", "military", 2, (3, 3), 1)
    pos.put("might", "civil", 1, (5, 3))  # below the castle's (4,3)
    lay = Layout.of(pos.rules.data, pos.sound(), "might")
    assert [len(d) for d in lay.domains()] == [2, 1, 2]


def test_K_23_military_or_religious_build_may_not_connect_domains():
    pos = Pos()
    pos.put("might", "civil", 1, (2, 0))
    pos.put("might", "civil", 1, (2, 2))
    m, c = pos.hand(0, "M"), pos.hand(0, "C")
    assert pos.refused(0, build("might", "military", 1, (2, 1), m)).rule == "K-23"
    st = pos.play(0, build("might", "civil", 1, (2, 1), c))
    assert len(Layout.of(pos.rules.data, st, "might").domains()) == 1


def test_K_24_the_top_rank_of_a_type_in_a_domain_must_stay_unique():
    pos = Pos()
    pos.put("might", "military", 2, (0, 0), 1)
    cards = pos.hand(0, "M", "M", "M", "M")
    assert pos.refused(0, build("might", "military", 2, (0, 2), cards[:2])).rule == "K-24"
    assert pos.play(0, build("might", "military", 1, (0, 2), cards[:1]))  # below the top: legal
    assert pos.play(0, build("might", "military", 3, (0, 2), cards))  # above the top: legal
    other = Pos()
    other.put("might", "military", 2, (0, 0), 1)
    assert other.play(0, build("might", "religious", 2, (0, 2), other.hand(0, "R", "R")))  # another type


def test_check_order_reports_the_first_failing_step():
    pos = Pos(terrain=TERRAIN)
    cards = pos.hand(0, "C")
    # off the board (step 4) beats wrong cards (step 8)
    assert pos.refused(0, build("might", "military", 3, (6, 6), cards)).rule == "K-5"
    # river (step 5) beats the missing cards (step 8)
    assert pos.refused(0, build("might", "military", 1, (4, 4), cards)).rule == "K-20.1"
    # the age (step 1) beats everything
    assert pos.refused(0, build("reason", "military", 3, (9, 9), cards)).rule == "K-19"


def test_build_with_copies_lists_the_three_ages():
    pos = Pos()
    cards = pos.hand(0, "C", "C", "C")
    st = pos.play(0, build("might", "civil", 2, (1, 1), cards))
    for age in ("might", "faith", "reason"):
        assert kinds(st, age) == [("civil", 2, (1, 1), None, False)]
