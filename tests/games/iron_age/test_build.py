"""Phase 5: IA-5.1..IA-5.5, decision D6, rulings IA-R14, IA-R16, IA-R17, IA-R23."""

from __future__ import annotations

from tests.games.iron_age.positions import RULES, play, position, rejected


TEMPLE_DONE = {"temple_of_artemis": {"boxes_filled": 4, "complete": True, "points": 3}}


def prov(column: int, count: int) -> dict:
    return {"kind": "province_box", "province": column, "count": count}


def port(column: int) -> dict:
    return {"kind": "port_box", "port": column}


def amph(column: int, count: int) -> dict:
    return {"kind": "amphora", "port": column, "count": count}


def mon(monument: str, count: int) -> dict:
    return {"kind": "monument_box", "monument": monument, "count": count}


def mil(count: int) -> dict:
    return {"kind": "military", "count": count}


def ship(count: int) -> dict:
    return {"kind": "ship", "count": count}


def at_build(workers: int = 0, seats: int = 2, **players: dict) -> dict:
    """Seat 0 deciding D6 with `workers` (harvest fate, two food faces already collected)."""
    return position(seats, phase="build", fate="harvest", turn={"workers": workers},
                    players={int(k[1:]): v for k, v in players.items()})


def build(st: dict, *actions: dict) -> dict:
    return play(st, st["active_seat"], {"type": "build", "actions": list(actions)})


def bad_build(st: dict, rule: str, reason: str | None, *actions: dict) -> None:
    rejected(st, st["active_seat"], {"type": "build", "actions": list(actions)}, rule, reason)


def test_D6_prompt_has_no_choice_list_and_builds_nothing_by_default():
    st = at_build(3)
    (prompt,) = RULES.prompts(st)
    assert prompt.kind == "build" and prompt.choices is None
    assert prompt.default == {"type": "build", "actions": []} == RULES.default_move(st, 0)


def test_D6_is_skipped_without_workers_and_without_anything_goods_can_buy():
    st = position(2, faces=["food", "food"], fate="harvest", players={0: {"goods": 0}})
    out = play(st, 0, {"type": "stop_rolling"})
    assert out["phase"] != "build"


def test_IA_5_1_one_illegal_action_rejects_the_whole_build():
    st = at_build(3)
    bad_build(st, "IA-5.2", "action 1: not_enough_workers", prov(2, 2), mon("mausoleum", 2))


def test_IA_5_2_building_without_workers_is_rejected():
    st = at_build(0, p0={"goods": 3})
    bad_build(st, "IA-5.2", "action 0: not_enough_workers", port(3))
    bad_build(st, "IA-5.2", "action 0: not_enough_workers", mon("colossus", 1))


def test_IA_5_2_province_boxes_cost_workers_and_cannot_overfill():
    st = at_build(4)
    out = build(st, prov(3, 2))
    assert out["players"][0]["provinces"][2] == {"column": 3, "boxes_filled": 2, "complete": False}
    bad_build(st, "IA-5.2", "action 0: overfill", prov(2, 3))
    bad_build(st, "IA-5.2", "action 0: structure_complete", prov(1, 1))
    bad_build(st, "IA-5.2", None, prov(7, 1))
    bad_build(st, "IA-5.2", None, prov(3, 0))


def test_IA_5_2_port_box_and_amphoras():
    st = at_build(1, p0={"goods": 5})
    out = build(st, port(4), amph(4, 5))
    p = out["players"][0]
    assert p["ports"][3] == {"column": 4, "boxes_filled": 1, "amphoras_filled": 5, "complete": False}
    assert p["goods"] == 0
    bad_build(st, "IA-5.2", "action 0: overfill", amph(3, 6))
    bad_build(st, "IA-5.2", "action 0: not_enough_goods", amph(5, 6))
    bad_build(st, "IA-5.2", "action 1: overfill", port(4), port(4))


def test_IA_5_2_military_costs_a_worker_and_a_food_each():
    st = at_build(3, p0={"food": 2, "military": 1})
    out = build(st, mil(2))
    p = out["players"][0]
    assert (p["military"], p["food"]) == (3, 0)
    bad_build(st, "IA-5.2", "action 0: not_enough_food", mil(3))


def test_IA_R23_military_cannot_pass_the_track_maximum_and_province_bonus_is_truncated():
    st = at_build(9, p0={"food": 9, "military": 14})
    bad_build(st, "IA-R23", "action 0: track_full", mil(2))
    out = build(st, prov(2, 2))
    p = out["players"][0]
    assert (p["military"], p["tribute"], p["provinces_owned"]) == (15, 1, 2)


def test_IA_R17_ships_need_shipbuilding_cost_goods_and_no_workers():
    st = at_build(0, p0={"goods": 5})
    bad_build(st, "IA-R17", "action 0: no_shipbuilding", ship(1))
    st = at_build(0, p0={"goods": 5, "developments": ["shipbuilding"], "ships": 13})
    p = build(st, ship(2))["players"][0]
    assert (p["ships"], p["goods"]) == (15, 1)
    bad_build(st, "IA-5.2", "action 0: not_enough_goods", ship(3))
    st = at_build(0, p0={"goods": 9, "developments": ["shipbuilding"], "ships": 14})
    bad_build(st, "IA-5.2", "action 0: track_full", ship(2))


def test_IA_5_3_progress_persists_and_columns_may_be_built_in_any_order():
    st = at_build(4)
    out = build(st, prov(6, 3), prov(4, 1))
    provs = out["players"][0]["provinces"]
    assert [c["boxes_filled"] for c in provs] == [0, 0, 0, 1, 0, 3]
    out = play(out, 1, {"type": "end_turn"})  # the next turn: progress is still there
    assert [c["boxes_filled"] for c in out["players"][0]["provinces"]] == [0, 0, 0, 1, 0, 3]


def test_IA_5_4_completing_a_port_adds_a_port():
    st = at_build(1, p0={"goods": 4})
    p = build(st, amph(3, 4), port(3))["players"][0]
    assert p["ports"][2]["complete"] and p["ports_owned"] == 3


def test_IA_5_4_completing_a_province_gives_military_and_tribute():
    st = at_build(3, p0={"military": 2})
    p = build(st, prov(3, 3))["players"][0]
    assert (p["provinces_owned"], p["military"], p["tribute"]) == (2, 4, 2)


def test_IA_5_4_and_IA_R16_first_monument_completion_scores_more():
    st = at_build(14)
    out = build(st, mon("temple_of_artemis", 4),
                mon("mausoleum", 3))
    p = out["players"][0]
    assert p["monuments"]["temple_of_artemis"] == {"boxes_filled": 4, "complete": True, "points": 3}
    assert p["monuments"]["mausoleum"] == {"boxes_filled": 3, "complete": False, "points": None}
    assert out["monument_first_by"]["temple_of_artemis"] == 0
    later = position(2, active=1, phase="build", fate="harvest", turn={"workers": 4},
                     players={0: {"monuments": TEMPLE_DONE}},
                     check_valid=False)
    later["monument_first_by"]["temple_of_artemis"] = 0
    out = build(later, mon("temple_of_artemis", 4))
    assert out["players"][1]["monuments"]["temple_of_artemis"]["points"] == 2
    assert out["monument_first_by"]["temple_of_artemis"] == 0


def test_IA_R16_a_player_completes_each_monument_once():
    st = position(2, phase="build", fate="harvest", turn={"workers": 4},
                  players={0: {"monuments": TEMPLE_DONE}},
                  check_valid=False)
    st["monument_first_by"]["temple_of_artemis"] = 0
    bad_build(st, "IA-R16", "action 0: already_completed_monument", mon("temple_of_artemis", 1))
    bad_build(st, "IA-5.2", None, mon("pyramid", 1))


def test_IA_5_5_unspent_workers_are_lost():
    st = at_build(5, p0={"goods": 4})
    out = build(st, prov(2, 1))
    assert out["phase"] == "convert" and out["turn"]["workers"] == 0


def test_IA_R14_actions_apply_in_the_listed_order():
    # a province completed first fills the military track, so military after it no longer fits
    st = at_build(3, p0={"military": 13, "food": 4})
    bad_build(st, "IA-R23", "action 1: track_full", prov(2, 2), mil(1))
    p = build(st, mil(1), prov(2, 2))["players"][0]
    assert (p["military"], p["provinces_owned"], p["food"]) == (15, 2, 3)


def test_IA_R26_gains_stop_at_the_track_end_and_spending_never_goes_negative():
    st = at_build(3, p0={"food": 0, "military": 2})
    bad_build(st, "IA-5.2", "action 0: not_enough_food", mil(1))
    st = at_build(0, p0={"goods": 1})
    bad_build(st, "IA-5.2", "action 0: not_enough_goods", amph(3, 2))
    st = at_build(2, p0={"military": 15})
    p = build(st, prov(2, 2))["players"][0]
    assert p["military"] == 15


def test_D6_is_skipped_when_workers_have_nothing_left_to_build():
    done = {m: {"boxes_filled": RULES.data.monuments[m]["worker_boxes"], "complete": True,
                "points": RULES.data.monuments[m]["points_first"]} for m in RULES.data.monument_ids}
    st = position(2, faces=["workers"] * 6, fate="harvest",
                  players={0: {"ports": 6, "provinces": 6, "military": 15, "goods": 0, "food": 9, "monuments": done}},
                  check_valid=False)
    st["monument_first_by"] = {m: 0 for m in done}
    out = play(st, 0, {"type": "stop_rolling"})
    assert out["active_seat"] == 1  # 18 workers, nothing to spend them on: no build decision
