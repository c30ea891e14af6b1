"""Two-player adjustments (RULES.md section 7) and what the piles show (section 9)."""

from __future__ import annotations

from tests.games.gentes.positions import TRULES, drafted, end_heyday, heyday, play, valid


def test_G_60_cubes_on_the_marked_slots_at_every_heyday_start():
    st = drafted(2)
    assert [c["cube"] for c in st["display"]] == [True] * 4 + [False] * 4
    assert st["supply_cubes"] == 36
    st = end_heyday(st, 0)
    assert [c["cube"] for c in st["display"]] == [True] * 4 + [False] * 4
    assert drafted(3)["supply_cubes"] == 40


def test_G_61_a_cube_slides_with_its_card_and_returns_when_taken():
    st = heyday(2)
    third = st["display"][2]["card"]
    after = play(st, 0, {"type": "take_tile", "tile": "SC1", "params": {"mode": "display", "indicator": "D1", "slots": [2]}})
    assert after["display"][1] == {"card": third, "cube": True}
    assert after["supply_cubes"] == st["supply_cubes"] + 1
    valid(after)


def test_G_62_cubed_display_cards_go_to_the_box_before_decline():
    st = heyday(2)
    cubed = [c["card"] for c in st["display"][:4]]
    after = end_heyday(st, 0)
    assert after["box"] == cubed and not set(cubed) & set(after["discard"])
    valid(after)


def test_G_63_two_player_views_hide_the_draw_pile_composition():
    st = heyday(2)
    view = TRULES.view(st, 0)
    assert "decks" not in view and "deck_contents" not in view and view["deck_sizes"]["1"] == len(st["decks"]["1"])


def test_G_R10_three_player_views_show_the_composition_never_the_order_and_the_discard():
    st = heyday(3)
    st["discard"].append(st["decks"]["2"].pop())
    view = TRULES.view(st, None)
    assert view["deck_contents"]["2"] == sorted(st["decks"]["2"]) and "decks" not in view
    assert view["discard"] == st["discard"]
    assert all(p["hand"] is None for p in view["players"]) and view["players"][0]["hand_size"] == 2
    mine = TRULES.view(st, 1)
    assert mine["players"][1]["hand"] == st["players"][1]["hand"] and mine["players"][0]["hand"] is None
