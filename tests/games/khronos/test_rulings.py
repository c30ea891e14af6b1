"""Rulings on component data (K-R1, K-R2) and the tile supply (K-R4); the other rulings are
tested beside the rules they qualify (see the test names)."""

from __future__ import annotations

from tests.games.khronos.positions import Pos, components


def test_K_R1_assumed_values_come_from_the_data_and_a_correction_changes_the_cost():
    g = Pos().rules.data
    assert [g.value("military", 3), g.value("religious", 1), g.value("religious", 2), g.value("religious", 3)] == \
        [4, 1, 2, 4]
    comp = components()
    next(b for b in comp["buildings"] if b["id"] == "military_3")["value"] = 3
    pos = Pos(comp=comp)
    st = pos.play(0, {"type": "build", "age": "might", "building": "military", "rank": 3, "anchor": [0, 0],
                      "cards": pos.hand(0, "M", "M", "M")})
    assert st["boards"]["might"]["tiles"]


def test_K_R2_eighteen_military_eighteen_religious_nineteen_civil_cards():
    g = Pos().rules.data
    colours = [g.colour(c) for c in g.cards]
    assert (colours.count("military"), colours.count("religious"), colours.count("civil")) == (18, 18, 19)
    assert g.cards[0] == "M01" and g.cards[-1] == "C19"


def test_K_R4_tiles_removed_by_demolition_paradox_or_upgrade_return_to_the_supply():
    pos = Pos()
    pos.put("might", "military", 1, (5, 5), 1)
    pos.put("faith", "religious", 1, (1, 1), 1)
    pos.put("might", "military", 1, (7, 7), 0)
    before = dict(pos.st["supply"])
    m = pos.hand(0, "M", "M", "M", "M")
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [5, 5], "card": m[0]})
    assert st["supply"]["military_1"] == before["military_1"] + 1
    st = pos.play(0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [0, 0],
                      "cards": m[1:3]}, st)
    assert st["supply"]["religious_1"] == before["religious_1"] + 1  # the Faith church under the copy
    st["players"][0]["cards_played"] = [0, 0]  # as if in a later turn
    st = pos.play(0, {"type": "upgrade", "age": "might", "at": [7, 7], "rank": 2, "anchor": [6, 6],
                      "cards": m[3:]}, st)
    assert st["supply"]["military_1"] == before["military_1"] + 2


