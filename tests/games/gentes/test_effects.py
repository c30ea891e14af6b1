"""The effect vocabulary (RULES.md section 5): one test per op and per mod, each with a card
written for the test (positions.TEST_CARDS), played with the Chronicler tile CH4 (cost 7,
no hourglasses) unless said otherwise."""

from __future__ import annotations

import pytest

from referee.games.gentes.effects import OPS, modified
from tests.games.gentes.positions import city, cubes, give, heyday, play, rejected, to_pile, valid

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def pos(**kw):
    st = heyday(**kw)
    st["training_queue"] = list(Q)
    return st


def chron(cid, choices=None, **params):
    p = {"card": cid, **params}
    if choices is not None:
        p["choices"] = choices
    return {"type": "take_tile", "tile": "CH4", "params": p}


def played(cid, choices=None, st=None, **params):
    st = st or pos()
    if cid not in st["players"][0]["hand"]:
        give(st, 0, cid)
    return valid(play(st, 0, chron(cid, choices, **params)))["players"][0], st


def test_every_op_of_the_vocabulary_has_a_handler():
    assert set(OPS) == {"vp", "coins", "cube", "pop", "pop_any", "hourglass", "remove_hourglass", "unlock",
                        "draw_display", "draw_discard", "action", "vp_per"}


def test_op_vp():
    p, _ = played("T-vp")
    assert p["vp"] == 3


def test_op_coins_gain_and_pay():
    p, _ = played("T-coins")
    assert p["coins"] == 20 - 7 + 4
    p, _ = played("T-coins-pay")
    assert p["coins"] == 20 - 7 - 6
    st = pos(p0={"coins": 12})
    give(st, 0, "T-coins-pay")
    rejected(st, 0, chron("T-coins-pay"), "G-32")


def test_op_cube_gain_and_return():
    p, st = played("T-cube")
    assert p["cubes"]["eye"] == 2
    st = pos()
    give(st, 0, "T-cube-pay")
    rejected(st, 0, chron("T-cube-pay"), "G-32")
    cubes(st, 0, temple=1)
    p, _ = played("T-cube-pay", st=st)
    assert p["cubes"]["temple"] == 0


def test_op_pop_raise_and_lower():
    p, _ = played("T-pop")
    assert p["pop"]["priest"] == 2
    st = pos()
    give(st, 0, "T-pop-neg")
    rejected(st, 0, chron("T-pop-neg"), "G-32")
    st["players"][0]["pop"]["soldier"] = 2
    p, _ = played("T-pop-neg", st=st)
    assert p["pop"]["soldier"] == 1


def test_op_pop_any_takes_the_professions_as_its_choice():
    p, _ = played("T-pop-any", [{"train": ["noble", "artisan"]}])
    assert p["pop"]["noble"] == 1 and p["pop"]["artisan"] == 1
    st = pos()
    give(st, 0, "T-pop-any")
    rejected(st, 0, chron("T-pop-any", [{"train": ["noble"]}]), "G-32")
    rejected(st, 0, chron("T-pop-any", []), "G-32")


def test_op_hourglass_places_with_the_chosen_doubles_and_needs_room():
    p, _ = played("T-hourglass", [{"doubles": 1}])
    assert p["track"][:4] == ["hg1", "tile:CH4", "hg2", "hg1"]
    st = pos(p0={"track": ["hg1"] * 5 + ["empty", "empty", "locked", "locked", "locked"]})
    give(st, 0, "T-hourglass")
    rejected(st, 0, chron("T-hourglass", [{"doubles": 1}]), "G-32")   # 1 cell left after the tile, 2 needed
    rejected(st, 0, chron("T-hourglass", [{"doubles": 2}]), "G-11")


def test_op_remove_hourglass_up_to_n_symbols_from_named_cells():
    st = pos(p0={"track": ["hg2", "hg1", "empty", "empty", "empty", "empty", "empty", "locked", "locked", "locked"]})
    p, _ = played("T-remove-hg", [{"cells": [0, 1]}], st=st)
    assert p["track"][:3] == ["hg1", "empty", "tile:CH4"]
    p, _ = played("T-remove-hg", [{"cells": [0, 0]}], st=st)
    assert p["track"][0] == "empty"
    p, _ = played("T-remove-hg", [{"cells": []}], st=st)
    rejected(st, 0, chron("T-remove-hg", [{"cells": [2]}]), "G-32")
    rejected(st, 0, chron("T-remove-hg", [{"cells": [0, 0, 1]}]), "G-32")


def test_op_unlock_n_locks():
    p, _ = played("T-unlock")
    assert p["track"][-3:] == ["empty", "empty", "locked"]


def test_op_draw_display_free_cards_from_the_first_slots_then_refill():
    st = pos()
    want = [st["display"][0]["card"], st["display"][2]["card"]]
    p, _ = played("T-draw-display", [{"slots": [1, 3]}], st=st)
    assert p["hand"][-2:] == want
    rejected(st, 0, chron("T-draw-display", [{"slots": [4]}]), "G-32")
    rejected(st, 0, chron("T-draw-display", [{"slots": [1, 2, 3]}]), "G-32")
    rejected(st, 0, chron("T-draw-display", [{"slots": []}]), "G-32")


def test_op_draw_discard_up_to_n_cards_of_choice():
    st = pos()
    to_pile(st, "discard", "II-01", "II-02", "II-03")
    p, _ = played("T-draw-discard", [{"cards": ["II-03", "II-01"]}], st=st)
    assert p["hand"][-2:] == ["II-03", "II-01"]
    rejected(st, 0, chron("T-draw-discard", [{"cards": ["II-04"]}]), "G-32")


def test_op_action_philosopher_with_its_as_cost():
    p, _ = played("T-action-phil", [{"train": ["soldier"]}])
    assert p["pop"]["soldier"] == 1


def test_op_action_scribe_with_its_as_cost():
    st = pos()
    cards = [st["display"][i]["card"] for i in (0, 4, 6)]
    p, _ = played("T-action-scribe", [{"mode": "display", "indicator": "D4", "slots": [1, 5, 7]}], st=st)
    assert p["hand"][-3:] == cards


def test_op_action_navigator_with_its_symbol():
    p, st = played("T-action-nav", [{"space": "Y7"}])
    assert p["cubes"]["temple"] == 1 and p["cities_in_supply"] == 5
    rejected(st, 0, chron("T-action-nav", [{"space": "Y1"}]), "G-25")


def test_op_action_chronicler_plays_a_second_card_with_its_own_choices():
    st = pos()
    give(st, 0, "T-pop-any")
    p, _ = played("T-action-chron", [{"card": "T-pop-any", "choices": [{"train": ["priest", "priest"]}]}], st=st)
    assert p["tableau"] == ["T-action-chron", "T-pop-any"] and p["pop"]["priest"] == 2


def test_op_vp_per_counters_with_an_optional_cap():
    st = pos(p0={"pop": {**{q: 0 for q in Q}, "merchant": 3}})
    city(st, 0, "Y1", "R1", "H1g")
    assert played("T-vp-per-map", st=st)[0]["vp"] == 4
    assert played("T-vp-per-home", st=st)[0]["vp"] == 3
    assert played("T-vp-per-prof", st=st)[0]["vp"] == 3
    give(st, 0, "I-01", "I-02", "I-03", to="tableau")
    assert played("T-vp-per-cards", st=st)[0]["vp"] == 2


@pytest.mark.parametrize("mod,n,expected", [("tile_boost", 3, (5, 8, 1)), ("tile_discount", 7, (0, 5, 1)),
                                            ("hourglass_reduce", 2, (5, 5, 0))])
def test_mods_change_cost_threshold_or_hourglasses(mod, n, expected):
    assert modified({"cost": 5, "hourglasses": 1}, {"mod": mod, "n": n}) == expected


def test_mod_tile_boost_opens_columns_the_printed_cost_would_not():
    st = pos()
    city(st, 0, "H1t")
    after = play(st, 0, {"type": "take_tile", "tile": "PH1", "params": {"train": ["soldier"]},
                         "modifier": {"hometown_space": "H1t", "option": "b"}})
    assert after["players"][0]["pop"]["soldier"] == 1 and after["players"][0]["coins"] == 20


def test_mod_tile_discount_pays_less():
    st = pos()
    city(st, 0, "H3t")
    after = play(st, 0, {"type": "take_tile", "tile": "NV3", "params": {"space": "Y7"},
                         "modifier": {"hometown_space": "H3t", "option": "b"}})
    assert after["players"][0]["coins"] == 20 - 1


def test_mod_hourglass_reduce_places_fewer():
    st = pos()
    city(st, 0, "H2t")
    give(st, 0, "T-plain3")
    after = play(st, 0, {"type": "take_tile", "tile": "CH1", "params": {"card": "T-plain3"},
                         "modifier": {"hometown_space": "H2t", "option": "b"}})
    assert after["players"][0]["track"][:4] == ["hg1", "tile:CH1", "hg1", "empty"]


def test_a_surplus_or_missing_choice_is_refused():
    st = pos()
    give(st, 0, "T-vp", "T-pop-any")
    rejected(st, 0, chron("T-vp", [{"train": ["priest"]}]), "G-32")
    rejected(st, 0, chron("T-pop-any"), "G-32")
