"""Phase 4: IA-4.1..IA-4.6, decisions D4 and D5, rulings IA-R7, IA-R9..IA-R13, IA-R24, IA-R27."""

from __future__ import annotations

import pytest

from referee.engine.contract import IllegalMove
from referee.games.iron_age import battles
from tests.games.iron_age.positions import RULES, play, position, rejected


def stop(st: dict) -> dict:
    return play(st, st["active_seat"], {"type": "stop_rolling"})


def test_IA_4_1_strength_is_military_plus_divisions_plus_ships_with_navy():
    g = RULES.data
    p = position(2, players={0: {"military": 4, "ships": 3}})["players"][0]
    assert g.strength(p) == 4
    p = position(2, players={0: {"military": 4, "ships": 3, "developments": ["divisions", "navy"]}})["players"][0]
    assert g.strength(p) == 4 + 2 + 3


def test_IA_4_2_battle_win_gives_tribute_and_costs_one_military():
    out = stop(position(3, faces=["skull", "skull", "food"], fate="harvest", players={0: {"ports": 3, "military": 7}}))
    p = out["players"][0]
    assert (p["tribute"], p["skulls"], p["military"]) == (3, 0, 6)


def test_IA_R9_battle_tie_gives_nothing_but_still_costs_military():
    out = stop(position(3, faces=["skull", "skull", "food"], fate="harvest", players={0: {"ports": 3, "military": 4}}))
    p = out["players"][0]
    assert (p["tribute"], p["skulls"], p["military"]) == (0, 0, 3)
    assert out["turn"]["battles"][0]["outcome"] == "tie"


def test_IA_4_2_battle_loss_gives_skulls_and_military_never_below_zero():
    out = stop(position(3, faces=["skull", "skull", "food"], fate="harvest", players={0: {"ports": 3, "military": 0}}))
    p = out["players"][0]
    assert (p["skulls"], p["military"]) == (4, 0)


def test_IA_R13_navy_owner_loses_a_ship_after_every_battle_but_not_after_tribute():
    st = position(3, faces=["skull", "skull", "food"], fate="harvest",
                  players={0: {"ports": 3, "military": 2, "ships": 3, "developments": ["navy"]}})
    p = stop(st)["players"][0]
    assert (p["tribute"], p["military"], p["ships"]) == (1, 1, 2)  # strength 2 + 3 ships = 5 > 4
    st = position(2, faces=["food", "food"], fate="tribute_1",
                  players={0: {"military": 5, "ships": 3, "developments": ["navy"]}, 1: {"goods": 0}})
    p = stop(st)["players"][0]
    assert (p["tribute"], p["military"], p["ships"]) == (8 - 1, 5, 3)


def test_IA_R12_divisions_is_a_flat_plus_two():
    st = position(3, faces=["skull", "skull", "food"], fate="harvest",
                  players={0: {"ports": 3, "military": 3, "developments": ["divisions"]}})
    p = stop(st)["players"][0]
    assert (p["tribute"], p["military"]) == (1, 2)


def test_IA_4_3_invasion_every_player_fights_ten_from_the_active_player_clockwise():
    st = position(3, active=1, faces=["skull"] * 5 + ["food"], fate="harvest",
                  players={1: {"ports": 6, "military": 12}, 0: {"military": 10}, 2: {"military": 3}})
    out = stop(st)
    assert [(b["seat"], b["outcome"]) for b in out["turn"]["battles"]] == [(1, "win"), (2, "loss"), (0, "tie")]
    assert [(p["tribute"], p["skulls"], p["military"]) for p in out["players"]] == [(0, 0, 9), (2, 0, 11), (0, 7, 2)]


def test_IA_R7_invasion_gives_no_conquest_box():
    out = stop(position(2, faces=["skull"] * 6, fate="harvest", players={0: {"ports": 6, "military": 15}}))
    assert out["players"][0]["conquest_boxes_filled"] == 1 and out["players"][0]["tribute"] == 5


def test_IA_4_4_conquest_example_andre():
    # military 4, no bonuses, 2 conquest boxes filled -> wins, tribute +2, boxes 3, military 3
    st = stop(position(2, faces=["food", "food"], fate="conquest_1",
                       players={0: {"military": 4, "conquest_boxes_filled": 2}}))
    assert st["phase"] == "conquest"
    (prompt,) = RULES.prompts(st)
    assert prompt.default == {"type": "conquest", "attack": False}
    assert prompt.choices == [prompt.default, {"type": "conquest", "attack": True}, {"type": "end_turn"}]
    p = play(st, 0, {"type": "conquest", "attack": True})["players"][0]
    assert (p["tribute"], p["conquest_boxes_filled"], p["military"]) == (2, 3, 3)


def test_D4_declining_the_conquest_changes_nothing():
    st = stop(position(2, faces=["food", "food"], fate="conquest_2", players={0: {"military": 4}}))
    p = play(st, 0, {"type": "conquest", "attack": False})["players"][0]
    assert (p["tribute"], p["conquest_boxes_filled"], p["military"]) == (0, 1, 4)


def test_IA_4_4_conquest_loss_fills_no_box():
    st = stop(position(2, faces=["food", "food"], fate="conquest_1",
                       players={0: {"military": 1, "conquest_boxes_filled": 5}}))
    p = play(st, 0, {"type": "conquest", "attack": True})["players"][0]
    assert (p["skulls"], p["conquest_boxes_filled"], p["military"]) == (4, 5, 0)


def test_IA_R10_conquest_needs_military_on_the_track_and_is_skipped_without():
    out = stop(position(2, faces=["food", "food"], fate="conquest_1",
                        players={0: {"military": 0, "developments": ["divisions"]}}))
    assert out["phase"] != "conquest"
    with pytest.raises(IllegalMove) as e:
        battles.check_conquest(RULES.data, out, {"type": "conquest", "attack": True})
    assert e.value.rule == "IA-R10"


def test_IA_R27_all_conquest_boxes_filled_fights_ten_and_fills_no_more():
    st = stop(position(2, faces=["food", "food"], fate="conquest_1",
                       players={0: {"military": 13, "conquest_boxes_filled": 10}}))
    p = play(st, 0, {"type": "conquest", "attack": True})["players"][0]
    assert (p["tribute"], p["conquest_boxes_filled"]) == (3, 10)


def test_IA_4_5_tribute_example_klaus():
    # strength 6 (4 + Divisions); opponents 3, 7, 0: 3 + 0 + 6 due; the 0-strength player gives 1 good
    st = position(4, faces=["food", "food"], fate="tribute_2",
                  players={0: {"military": 4, "developments": ["divisions"], "goods": 1},
                           1: {"military": 3, "goods": 2}, 2: {"military": 7}, 3: {"military": 0, "goods": 1}})
    st = stop(st)
    assert st["phase"] == "tribute"
    prompts = RULES.prompts(st)
    assert [(p.seat, p.kind) for p in prompts] == [(1, "tribute_response"), (3, "tribute_response")]
    for p in prompts:
        assert p.default == {"type": "tribute_response", "deny": False} == RULES.default_move(st, p.seat)
        assert p.choices == [p.default, {"type": "tribute_response", "deny": True}]
    st = play(st, 3, {"type": "tribute_response", "deny": True})
    assert st["phase"] == "tribute" and [p.seat for p in RULES.prompts(st)] == [1]
    rejected(st, 3, {"type": "tribute_response", "deny": False}, "IA-4.5", "not_your_decision")
    rejected(st, 0, {"type": "tribute_response", "deny": False}, "IA-4.5", "not_your_decision")
    st = play(st, 1, {"type": "tribute_response", "deny": False})
    me = st["players"][0]
    assert (me["tribute"], me["goods"]) == (3, 2)
    assert [p["goods"] for p in st["players"][1:]] == [2, 1, 0]
    assert all(p["military"] == m for p, m in zip(st["players"], (4, 3, 7, 0)))  # nobody loses military


def test_D5_an_opponent_without_goods_is_not_asked_and_pays():
    st = stop(position(3, faces=["food", "food"], fate="tribute_1",
                       players={0: {"military": 5}, 1: {"military": 1, "goods": 0}, 2: {"military": 2, "goods": 0}}))
    assert st["phase"] != "tribute" and st["players"][0]["tribute"] == 4 + 3


def test_D5_deny_needs_a_good():
    st = stop(position(2, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}, 1: {"goods": 1}}))
    poor = {**st, "players": [st["players"][0], {**st["players"][1], "goods": 0}]}
    with pytest.raises(IllegalMove) as e:
        battles.check_tribute_response(RULES.data, poor, 1, {"type": "tribute_response", "deny": True})
    assert e.value.rule == "IA-4.5" and e.value.message.startswith("no_goods")


def test_IA_R11_the_denied_good_above_fifteen_is_lost_but_still_given():
    st = stop(position(2, faces=["food", "food"], fate="tribute_1",
                       players={0: {"military": 5, "goods": 15}, 1: {"goods": 3}}))
    out = play(st, 1, {"type": "tribute_response", "deny": True})
    assert (out["players"][0]["goods"], out["players"][1]["goods"]) == (15, 2)


def test_IA_R24_default_tribute_answer_is_do_not_deny():
    st = stop(position(2, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}, 1: {"goods": 3}}))
    out = play(st, 1, RULES.default_move(st, 1))
    assert out["players"][0]["tribute"] == 4 and out["players"][1]["goods"] == 3


def test_IA_4_5_stronger_or_equal_opponents_owe_nothing():
    out = stop(position(2, faces=["food", "food"], fate="tribute_1", players={0: {"military": 3}, 1: {"military": 3}}))
    assert out["phase"] != "tribute" and out["players"][0]["tribute"] == 0


def test_IA_4_6_solo_tribute_compares_strength_with_the_round():
    out = stop(position(1, round=3, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}}))
    assert out["players"][0]["tribute"] == 2
    out = stop(position(1, round=5, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}}))
    assert out["players"][0]["tribute"] == 0


def test_solo_player_may_conquer():
    st = stop(position(1, faces=["food", "food"], fate="conquest_1", players={0: {"military": 3}}))
    assert st["phase"] == "conquest"
    assert play(st, 0, {"type": "conquest", "attack": True})["players"][0]["tribute"] == 2
