"""Bonus tiles and the Decline phase (RULES.md 4.13, 4.14)."""

from __future__ import annotations

from referee.games.gentes import track as T
from tests.games.gentes.positions import TRULES, city, cubes, end_heyday, give, heyday, play, rejected, valid

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def test_G_47_top_bonus_tile_once_per_kind_kept_when_the_condition_is_lost():
    st = heyday(3, p0={"pop": {**{p: 0 for p in Q}, "priest": 8, "soldier": 8, "noble": 1}},
                p1={"pop": {**{p: 0 for p in Q}, "priest": 8, "soldier": 8, "noble": 1}})
    st["training_queue"] = list(Q)
    st = play(st, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["noble"]}})
    st = play(st, 1, {"type": "take_tile", "tile": "PH3", "params": {"train": ["artisan"]}})
    assert st["players"][0]["bonus_tiles"] == [{"kind": "population18", "value": 8}]
    assert st["players"][1]["bonus_tiles"] == [{"kind": "population18", "value": 4}]
    assert st["bonus_stacks"]["population18"] == [4]
    st["turn_seat"] = 0
    st["players"][0]["pop"]["priest"] = 2
    st = play(st, 0, {"type": "take_tile", "tile": "PH6", "params": {"train": ["priest"]}})
    assert st["players"][0]["bonus_tiles"] == [{"kind": "population18", "value": 8}]
    st["bonus_stacks"]["eight_cards"] = []
    st["turn_seat"] = 2
    give(st, 2, *[f"I-{i:02d}" for i in range(1, 8)], to="tableau")
    give(st, 2, "T-plain3")
    st = play(st, 2, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-plain3"}})
    assert st["players"][2]["bonus_tiles"] == []


def test_G_48_two_player_decline_starts_with_boxing():
    st = heyday(2)
    cubed = [c["card"] for c in st["display"] if c["cube"]]
    st = end_heyday(st, 0)
    assert sorted(st["box"]) == sorted(cubed) and len(cubed) == 4


def test_G_49_all_action_tiles_return_to_the_board():
    st = heyday(3)
    st = play(st, 0, {"type": "take_tile", "tile": "LD", "params": {}})
    st = end_heyday(st, 1)
    assert "LD" in st["tiles_on_board"] and not any(c.startswith("tile:") for c in st["players"][0]["track"])


def test_G_50_one_hourglass_leaves_every_cell_then_the_rest_shift_left():
    assert T.decline_reset(["hg1", "tile:PH1", "hg2", "hg2", "empty", "locked"]) == \
        ["hg1", "hg1", "empty", "empty", "empty", "locked"]
    st = heyday(3, p0={"track": ["hg2", "hg2", "hg2", "hg1", "hg1", "hg1", "hg1", "locked", "locked", "locked"]})
    st = end_heyday(st, 0)
    assert st["players"][0]["track"][:4] == ["hg1", "hg1", "hg1", "empty"]


def test_G_51_cubes_on_cards_and_hometowns_return_own_board_cubes_stay():
    st = heyday(3)
    give(st, 0, "T-cube-free", to="tableau")
    city(st, 0, "H3g")
    cubes(st, 0, eye=2)
    st = play(st, 0, {"type": "use_ability", "source": {"card": "T-cube-free"}, "params": {"choices": []}})
    st = play(st, 1, {"type": "tax_collector", "hourglasses": 1})
    st = play(st, 2, {"type": "tax_collector", "hourglasses": 1})
    st = play(st, 0, {"type": "use_ability", "source": {"hometown_space": "H3g", "option": "a"}, "params": {"choices": []}})
    supply = st["supply_cubes"]
    st = end_heyday(st, 1)
    assert st["hometown_marked"] == [] and st["players"][0]["cards_marked"] == []
    assert st["supply_cubes"] == supply + 2 and st["players"][0]["cubes"]["eye"] == 2


def test_G_52_the_leader_becomes_start_player_otherwise_it_stays():
    st = heyday(3)
    st = play(st, 0, {"type": "tax_collector", "hourglasses": 1})
    st = play(st, 1, {"type": "take_tile", "tile": "LD", "params": {}})
    after = end_heyday(st, 2)
    assert after["start_player"] == 1 and after["leader_holder"] is None and after["turn_seat"] == 1
    assert end_heyday(heyday(3), 2)["start_player"] == 0


def test_G_53_the_round_advances_a_new_epoch_replaces_the_display_and_unlocks():
    st = heyday(3)
    st["round"] = 2
    old = [c["card"] for c in st["display"]]
    st = end_heyday(st, 0)
    assert st["round"] == 3 and st["epoch"] == 2
    assert all(c["card"].startswith("II-") for c in st["display"]) and set(old) <= set(st["discard"])
    assert all(p["track"][-3:] == ["empty", "locked", "locked"] for p in st["players"])
    st1 = end_heyday(heyday(3), 0)
    assert st1["round"] == 2 and st1["players"][1]["track"][-3:] == ["locked"] * 3


def test_G_54_decline_choices_one_city_per_region_then_moon_abilities():
    st = heyday(3)
    city(st, 0, "Y1", "Y2", "R4")
    give(st, 0, "T-moon", to="tableau")
    st = end_heyday(st, 1)
    assert st["phase"] == "decline" and st["decline_pending"] == [0]
    prompt = TRULES.prompts(st)[0]
    assert prompt.kind == "decline_choices" and prompt.default == {"type": "decline_choices",
                                                                   "activate": {"yellow": "Y1", "red": "R4"}, "moon": []}
    rejected(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y2"}, "moon": []}, "G-54")
    rejected(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y3", "red": "R4"}, "moon": []}, "G-54")
    rejected(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y2", "red": "R4"},
                     "moon": [{"card": "T-moon"}, {"card": "T-moon"}]}, "G-54")
    coins = st["players"][0]["coins"]
    after = play(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y2", "red": "R4"}, "moon": [{"card": "T-moon"}]})
    assert after["players"][0]["coins"] == coins + 4 + 5 and after["players"][0]["cubes"]["eye"] == 1
    assert after["phase"] == "heyday"


def test_G_54_seats_without_a_choice_are_resolved_automatically():
    st = heyday(3)
    city(st, 1, "G1")
    after = end_heyday(st, 0)
    assert after["phase"] == "heyday" and after["players"][1]["coins"] == 23


def test_G_55_hand_limit_hourglasses_for_cards_above_the_limit():
    st = heyday(3)
    give(st, 2, "I-01", "I-03", "I-05")  # 5 in hand
    st = end_heyday(st, 0)
    assert st["players"][2]["track"][:3] == ["hg1", "hg1", "empty"]


def test_G_56_hand_limit_hourglass_fills_empty_then_doubles_a_single_else_is_lost():
    t = ["hg1", "hg2", "locked"]
    T.hand_limit_hourglass(t)
    assert t == ["hg2", "hg2", "locked"]
    T.hand_limit_hourglass(t)
    assert t == ["hg2", "hg2", "locked"]


def test_G_R2_round_six_skips_epoch_steps_but_runs_income_moon_and_hand_limit_then_scores():
    st = heyday(3)
    st["round"], st["epoch"] = 6, 3
    city(st, 0, "Y1")
    give(st, 1, "II-01", "II-03")
    display = [c["card"] for c in st["display"]]
    after = end_heyday(st, 2)
    assert after["round"] == 6 and [c["card"] for c in after["display"]] == display
    assert after["phase"] == "final"
    assert after["players"][0]["coins"] == 23
    assert after["players"][1]["track"][0] == "hg1"  # 4 hand cards: one hand-limit hourglass


def test_G_R11_two_player_boxing_refills_from_the_current_epoch_before_step_3():
    st = heyday(2)
    st["round"] = 2
    top = st["decks"]["1"][:4]
    st = end_heyday(st, 0)
    assert st["round"] == 3 and set(top) <= set(st["discard"])
    assert all(c["card"].startswith("II-") for c in st["display"])


def test_G_R18_cities_first_then_moon_abilities_in_the_listed_order():
    st = heyday(3, p0={"coins": 0})
    city(st, 0, "Y1", "Y2")
    give(st, 0, "T-moon", "T-moon2", to="tableau")
    st = end_heyday(st, 1)
    after = play(st, 0, {"type": "decline_choices", "activate": {"yellow": "Y1"},
                         "moon": [{"card": "T-moon2", "choices": [{"train": ["priest"]}]}, {"card": "T-moon"}]})
    assert after["players"][0]["coins"] == 3 + 5 and after["players"][0]["pop"]["priest"] == 1
    valid(after)
