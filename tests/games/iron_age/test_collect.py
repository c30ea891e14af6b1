"""Phase 2: IA-2.1..IA-2.5, decision D3, ruling IA-R5."""

from __future__ import annotations

from tests.games.iron_age.positions import RULES, play, position, rejected


def stop(st: dict) -> dict:
    return play(st, st["active_seat"], {"type": "stop_rolling"})


def test_IA_2_1_goods_per_goods_face_times_ports_plus_skulls():
    # seed example (Ben): 2 goods faces with 3 ports -> 6 goods; plus 1 for the skull (IA-R5)
    st = position(2, faces=["goods", "goods", "skull"], fate="harvest", players={0: {"ports": 3, "goods": 0}})
    out = stop(st)
    assert out["players"][0]["goods"] == 6 + 1


def test_IA_2_1_goods_above_the_track_maximum_are_lost():
    st = position(2, faces=["goods", "goods", "goods"], fate="harvest", players={0: {"ports": 3, "goods": 12}})
    assert stop(st)["players"][0]["goods"] == 15


def test_IA_R5_each_final_skull_gives_one_good():
    st = position(2, faces=["skull", "skull", "food"], fate="harvest", players={0: {"ports": 3, "goods": 0,
                                                                                      "military": 9}})
    out = stop(st)
    assert out["players"][0]["goods"] == 2 and out["turn"]["disaster"] == "barbarians"


def test_IA_2_2_food_or_workers_asks_d3_with_one_choice_per_die():
    st = stop(position(3, faces=["food_or_workers", "food", "food_or_workers"], fate="harvest",
                       players={0: {"ports": 3}}))
    assert st["phase"] == "assign"
    (prompt,) = RULES.prompts(st)
    assert prompt.default == {"type": "assign", "choices": {"0": "food", "2": "food"}}
    assert prompt.choices[0] == prompt.default and prompt.choices[-1] == {"type": "end_turn"}
    assert len(prompt.choices) == 4 + 1
    rejected(st, 0, {"type": "assign", "choices": {"0": "food"}}, "IA-2.2", "missing_choice")
    rejected(st, 0, {"type": "assign", "choices": {"0": "food", "1": "food", "2": "food"}}, "IA-2.2", "missing_choice")
    rejected(st, 0, {"type": "assign", "choices": {"0": "food", "2": "goods"}}, "IA-2.2", "bad_choice")
    rejected(st, 0, {"type": "assign"}, "IA-2.2", "bad_move")


def test_IA_2_2_no_food_or_workers_die_skips_d3():
    assert stop(position(2, faces=["food", "goods"], fate="harvest"))["phase"] != "assign"


def test_IA_2_3_food_with_harvest_agriculture_and_fishing():
    # food face: 3 + harvest 1 + agriculture 1; fow as food: 2 + harvest 1 + fishing 1; minus 1 province
    st = stop(position(2, faces=["food", "food_or_workers"], fate="harvest",
                       players={0: {"food": 0, "developments": ["agriculture", "fishing"]}}))
    out = play(st, 0, {"type": "assign", "choices": {"1": "food"}})
    assert out["players"][0]["food"] == 5 + 4 - 1


def test_IA_2_3_food_or_workers_taken_as_workers_gets_no_food_modifier():
    st = stop(position(2, faces=["food", "food_or_workers"], fate="harvest",
                       players={0: {"food": 0, "developments": ["agriculture", "fishing"]}}))
    out = play(st, 0, {"type": "assign", "choices": {"1": "workers"}})
    assert out["players"][0]["food"] == 5 - 1
    assert out["turn"]["workers"] == 2


def test_IA_2_3_food_above_the_track_maximum_is_lost():
    st = position(3, faces=["food", "food", "food"], fate="harvest", players={0: {"ports": 3, "food": 10}})
    assert stop(st)["players"][0]["food"] == 15 - 1  # truncated at 15, then 1 province fed


def test_IA_2_4_workers_with_masonry():
    st = stop(position(3, faces=["workers", "workers", "food_or_workers"], fate="harvest",
                       players={0: {"ports": 3, "developments": ["masonry"]}}))
    out = play(st, 0, {"type": "assign", "choices": {"2": "workers"}})
    assert out["phase"] == "build" and out["turn"]["workers"] == 2 * (3 + 1) + 2


def test_IA_2_5_inventions_are_held_for_the_development_phase():
    st = position(3, faces=["invention", "invention", "food"], fate="harvest", players={0: {"ports": 3}})
    out = stop(st)
    assert out["turn"]["inventions"] == 2


def test_D3_default_takes_every_die_as_food():
    st = stop(position(2, faces=["food_or_workers", "food_or_workers"], fate="harvest", players={0: {"food": 0}}))
    out = play(st, 0, RULES.default_move(st, 0))
    assert out["players"][0]["food"] == 2 * (2 + 1) - 1 and out["turn"]["workers"] == 0
