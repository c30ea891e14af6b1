"""Upgrade (K-15, §7.2), demolish (K-16, §7.3) and printed hamlets (K-7, Ruling K-R20)."""

from __future__ import annotations

from tests.games.khronos.positions import Pos, at, kinds

TERRAIN = ["PPPPPPPP", "PPPPPPPP", "PPFPPPPP", "PPPPPPPP", "PPPPPPPP", "PPPPPPPP", "PPPPPPPP", "PPPPPPPP"]


def upgrade(age, at_, rank, anchor, cards):
    return {"type": "upgrade", "age": age, "at": list(at_), "rank": rank, "anchor": list(anchor), "cards": cards}


def test_K_15_upgrade_replaces_the_tile_moves_the_cube_earns_income_and_replaces_the_shadows():
    pos = Pos()
    pos.put("might", "military", 2, (1, 1), 0)
    pos.put("faith", "military", 2, (1, 1), 0)
    pos.put("reason", "military", 2, (1, 1), ruin=True)
    cards = pos.hand(0, "M", "M")
    st = pos.play(0, upgrade("might", (2, 2), 3, (0, 0), cards))
    assert kinds(st, "might") == [("military", 3, (0, 0), 0, False)]
    assert kinds(st, "faith") == [("military", 3, (0, 0), 0, False)]
    assert kinds(st, "reason") == [("military", 3, (0, 0), None, True)]
    assert st["players"][0]["coins"] == 11
    assert st["supply"]["military_2"] == 24 and st["supply"]["military_3"] == 9 - 3  # K-R4


def test_K_15_only_own_military_and_religious_buildings_and_only_upwards():
    pos = Pos()
    pos.put("might", "military", 2, (1, 1), 1)
    pos.put("might", "military", 1, (5, 5), 0)
    cards = pos.hand(0, "M", "M")
    assert pos.refused(0, upgrade("might", (1, 1), 3, (0, 0), cards)).rule == "K-15"
    assert pos.refused(0, upgrade("might", (5, 5), 1, (5, 5), cards[:1])).rule == "K-15"
    assert pos.refused(0, upgrade("might", (4, 4), 2, (4, 4), cards[:1])).rule == "K-15"  # nothing there


def test_K_15_new_footprint_covers_the_old_one_and_only_free_squares():
    pos = Pos()
    pos.put("might", "military", 1, (2, 2), 0)
    pos.put("might", "civil", 1, (3, 4))
    cards = pos.hand(0, "M")
    assert pos.refused(0, upgrade("might", (2, 2), 2, (0, 0), cards)).rule == "K-15"  # misses (2,2)
    assert pos.refused(0, upgrade("might", (2, 2), 2, (2, 3), cards)).rule == "K-15"  # misses (2,2)
    assert pos.refused(0, upgrade("might", (2, 2), 3, (2, 2), pos.hand(0, "M", "M"))).rule == "K-15"  # (3,4)
    st = pos.play(0, upgrade("might", (2, 2), 2, (1, 1), cards))
    assert at(st, "might", (1, 1))["rank"] == 2


def test_K_23_upgrade_may_not_reach_another_domain_but_may_keep_its_own_together():
    pos = Pos()
    x = pos.put("might", "military", 1, (2, 2), 0)
    pos.put("might", "civil", 1, (2, 3))  # X's own domain
    pos.put("might", "civil", 1, (0, 1))  # another domain
    cards = pos.hand(0, "M")
    assert x
    assert pos.refused(0, upgrade("might", (2, 2), 2, (1, 1), cards)).rule == "K-23"
    st = pos.play(0, upgrade("might", (2, 2), 2, (2, 1), cards))
    assert at(st, "might", (2, 1))["rank"] == 2


def test_K_24_upgrade_judged_on_its_domain_without_itself():
    pos = Pos()
    pos.put("might", "military", 2, (1, 0), 0)
    pos.put("might", "civil", 2, (3, 1))
    pos.put("might", "military", 3, (1, 3), 1)  # same domain through the village
    cards = pos.hand(0, "M", "M")
    assert pos.refused(0, upgrade("might", (1, 0), 3, (0, 0), cards)).rule == "K-24"  # would tie the fortress
    alone = Pos()
    alone.put("might", "military", 2, (1, 1), 0)
    alone.put("might", "military", 1, (3, 1), 1)  # below the new top: legal
    assert alone.play(0, upgrade("might", (1, 1), 3, (0, 0), alone.hand(0, "M", "M")))


def test_K_R7_upgrade_surcharge_is_judged_on_the_whole_new_footprint():
    pos = Pos(terrain=TERRAIN)
    pos.put("might", "military", 2, (3, 3), 0)
    cards = pos.hand(0, "M", "M", "C")
    assert pos.refused(0, upgrade("might", (3, 3), 3, (2, 2), cards[:2])).rule == "K-20"
    assert pos.play(0, upgrade("might", (3, 3), 3, (2, 2), cards))


def test_K_7_printed_hamlet_is_a_civil_building_that_can_be_upgraded_and_carries_its_cube_K_R20():
    pos = Pos(hamlets=[[2, 2]])
    pos.hamlet_cubes((2, 2), 1)
    cards = pos.hand(0, "C", "C")
    st = pos.play(0, upgrade("might", (2, 2), 2, (1, 1), cards))  # value 3 - 1 = 2 cards
    for age in ("might", "faith", "reason"):
        assert kinds(st, age) == [("civil", 2, (1, 1), None, False)]
    assert at(st, "reason", (1, 1))["cubes"] == [1]  # the hamlet's cube moved to the copy
    assert st["boards"]["reason"]["hamlet_cubes"] == {}


def test_K_R20_only_the_exact_old_footprint_is_the_predecessor():
    pos = Pos()
    pos.put("might", "civil", 2, (1, 1))
    pos.put("reason", "civil", 2, (1, 1), cubes=[0, 1])  # predecessor
    pos.put("reason", "civil", 1, (3, 3), cubes=[1])  # paradox victim under the new city
    cards = pos.hand(0, "C", "C")
    st = pos.play(0, upgrade("might", (1, 1), 3, (1, 1), cards))
    assert kinds(st, "reason") == [("civil", 3, (1, 1), None, False)]
    assert sorted(at(st, "reason", (1, 1))["cubes"]) == [0, 1]


def test_K_7_printed_hamlet_cannot_be_demolished_nor_rank_two_K_16():
    pos = Pos(hamlets=[[2, 2]])
    pos.put("might", "military", 2, (4, 4), 0)
    card = pos.hand(0, "C")[0]
    assert pos.refused(0, {"type": "demolish", "age": "might", "at": [2, 2], "card": card}).rule == "K-16"
    m = pos.hand(0, "M")[0]
    assert pos.refused(0, {"type": "demolish", "age": "might", "at": [4, 4], "card": m}).rule == "K-16"


def test_K_16_demolish_any_rank_one_tile_for_a_card_of_its_colour_and_a_coin():
    pos = Pos()
    pos.put("might", "military", 1, (2, 2), 1)
    r, m = pos.hand(0, "R", "M")
    assert pos.refused(0, {"type": "demolish", "age": "might", "at": [2, 2], "card": r}).rule == "K-16"
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 2], "card": m})
    assert kinds(st, "might") == [] and st["players"][0]["coins"] == 9 and st["discard"] == [m]
    assert st["supply"]["military_1"] == 20 and st["players"][0]["cards_played"] == [1, 0]
    broke = Pos(coins=0)
    broke.put("might", "military", 1, (2, 2), 1)
    m = broke.hand(0, "M")[0]
    assert broke.refused(0, {"type": "demolish", "age": "might", "at": [2, 2], "card": m}).rule == "K-16"


def test_K_7_printed_hamlet_re_emerges_empty_when_uncovered():
    pos = Pos(hamlets=[[1, 1]])
    pos.put("faith", "civil", 2, (1, 1))  # a Faith village over the printed hamlet
    cards = pos.hand(0, "M", "M")
    st = pos.play(0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [2, 2],
                      "cards": cards})
    assert kinds(st, "faith") == [("military", 2, (2, 2), 0, False)]  # the village was overwritten
    from referee.games.khronos.spatial import Layout
    lay = Layout.of(pos.rules.data, st, "faith")
    assert lay.at((1, 1)) == "h1_1" and lay.blds["h1_1"]["cubes"] == []
