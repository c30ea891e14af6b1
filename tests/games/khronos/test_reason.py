"""Reason: populate (K-17, §7.4), restore (K-18, §7.5), ruins (K-2), cubes (K-4), K-19."""

from __future__ import annotations

from referee.games.khronos.state import free_cubes
from tests.games.khronos.positions import Pos, at, components


def reason_pos(**kw) -> Pos:
    pos = Pos(**kw)
    pos.advs(0, "reason", "reason")
    return pos


def test_K_17_populate_puts_one_cube_per_civil_card_up_to_the_value():
    pos = reason_pos(hamlets=[[5, 5]])
    pos.put("reason", "civil", 2, (1, 1), cubes=[1])
    cards = pos.hand(0, "C", "C", "C")
    st = pos.play(0, {"type": "populate", "at": [2, 2], "cards": cards[:2]})
    assert at(st, "reason", (1, 1))["cubes"] == [1, 0, 0]  # shared with seat 1
    assert pos.refused(0, {"type": "populate", "at": [1, 1], "cards": cards[2:]}, st).rule == "K-1"
    st = pos.play(0, {"type": "populate", "at": [5, 5], "cards": cards[2:]}, st)
    assert st["boards"]["reason"]["hamlet_cubes"] == {"5,5": [0]}
    assert st["players"][0]["cards_played"] == [2, 1]


def test_K_17_only_civil_buildings_civil_cards_and_only_in_reason():
    pos = reason_pos()
    pos.put("reason", "military", 2, (1, 1), ruin=True)
    pos.put("reason", "civil", 2, (4, 4))
    c, m = pos.hand(0, "C", "M")
    assert pos.refused(0, {"type": "populate", "at": [1, 1], "cards": [c]}).rule == "K-17"
    assert pos.refused(0, {"type": "populate", "at": [4, 4], "cards": [m]}).rule == "K-17"
    assert pos.refused(0, {"type": "populate", "at": [0, 7], "cards": [c]}).rule == "K-17"
    pos.advs(0, "might", "faith")
    assert pos.refused(0, {"type": "populate", "at": [4, 4], "cards": [c]}).rule == "K-13"


def test_K_4_populate_needs_free_cubes():
    comp = components()
    comp["per_player"]["control_cubes"] = 1
    pos = reason_pos(comp=comp)
    pos.put("reason", "civil", 2, (4, 4), cubes=[0])
    c = pos.hand(0, "C")
    assert pos.refused(0, {"type": "populate", "at": [4, 4], "cards": c}).rule == "K-4"


def test_K_18_restore_a_medium_ruin_with_one_card_of_its_colour():
    pos = reason_pos()
    pos.put("reason", "religious", 2, (1, 1), ruin=True)
    r, m = pos.hand(0, "R", "M")
    assert pos.refused(0, {"type": "restore", "at": [1, 1], "cards": [m]}).rule == "K-18"
    assert pos.refused(0, {"type": "restore", "at": [1, 1], "cards": [r, m]}).rule == "K-18"
    st = pos.play(0, {"type": "restore", "at": [1, 1], "cards": [r]})
    tile = at(st, "reason", (1, 1))
    assert tile["ruin"] is False and tile["owner"] is None
    assert pos.refused(0, {"type": "restore", "at": [1, 1], "cards": [m]}, st).rule == "K-18"  # not a ruin


def test_K_18_large_ruin_in_two_steps_by_any_players_with_a_restoration_cube():
    pos = reason_pos()
    pos.advs(1, "reason", "reason")
    pos.put("reason", "military", 3, (1, 1), ruin=True)
    m0 = pos.hand(0, "M")
    m1 = pos.hand(1, "M", "M")
    st = pos.play(0, {"type": "restore", "at": [1, 1], "cards": m0})
    tile = at(st, "reason", (1, 1))
    assert tile["ruin"] is True and tile["restore_cube"] == 0
    assert free_cubes(pos.rules.data, st, 0) == 24
    st["active_seat"] = 1
    assert pos.refused(1, {"type": "restore", "at": [1, 1], "cards": m1}, st).rule == "K-18"
    st = pos.play(1, {"type": "restore", "at": [1, 1], "cards": m1[:1]}, st)
    tile = at(st, "reason", (1, 1))
    assert tile["ruin"] is False and tile["restore_cube"] is None
    assert free_cubes(pos.rules.data, st, 0) == 25  # the restoration cube went home


def test_K_18_large_ruin_at_once_with_two_cards_and_K_4_cube_for_the_half_step():
    pos = reason_pos()
    pos.put("reason", "military", 3, (1, 1), ruin=True)
    cards = pos.hand(0, "M", "M")
    st = pos.play(0, {"type": "restore", "at": [1, 1], "cards": cards})
    assert at(st, "reason", (1, 1))["ruin"] is False
    comp = components()
    comp["per_player"]["control_cubes"] = 1
    poor = reason_pos(comp=comp)
    poor.put("reason", "military", 3, (1, 1), ruin=True)
    poor.put("reason", "civil", 1, (5, 5), cubes=[0])
    assert poor.refused(0, {"type": "restore", "at": [1, 1], "cards": poor.hand(0, "M")}).rule == "K-4"


def test_K_2_ruin_value_is_the_restoration_cost_and_building_costs_the_front_value():
    g = Pos().rules.data
    for kid in ("military_2", "military_3", "religious_2", "religious_3"):
        kind = g.kinds[kid]
        assert kind.ruin_value < kind.value
    pos = Pos()
    assert pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [0, 0],
                           "cards": pos.hand(0, "M")}).rule == "K-1"


def test_K_19_nothing_is_populated_or_restored_outside_reason_and_no_upgrade_in_reason():
    pos = reason_pos()
    pos.put("reason", "civil", 2, (4, 4))
    cards = pos.hand(0, "C", "C")
    e = pos.refused(0, {"type": "upgrade", "age": "reason", "at": [4, 4], "rank": 3, "anchor": [3, 3],
                        "cards": cards})
    assert e.rule == "K-19"
    e = pos.refused(0, {"type": "demolish", "age": "reason", "at": [4, 4], "card": cards[0]})
    assert e.rule == "K-19"
