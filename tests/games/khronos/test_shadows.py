"""Copying forward (§9.1 COPY, PLACE_COPY, COPY_ALLOWED_FAITH), time paradoxes and the Reason
village/city special case (9.1.2), with Rulings K-R8, K-R9, K-R10, K-R16, K-R19, K-R21, K-R23."""

from __future__ import annotations

from referee.games.khronos.state import free_cubes
from tests.games.khronos.positions import Pos, at, components, kinds


def build(age, building, rank, anchor, cards):
    return {"type": "build", "age": age, "building": building, "rank": rank, "anchor": list(anchor), "cards": cards}


def test_C0_rank_one_is_never_copied():
    pos = Pos()
    st = pos.play(0, build("might", "civil", 1, (1, 1), pos.hand(0, "C")))
    assert kinds(st, "faith") == [] and kinds(st, "reason") == []


def test_C2_civil_copies_into_every_later_age_and_K_3_a_copy_without_tile_fails():
    pos = Pos()
    pos.advs(0, "faith", "faith")
    st = pos.play(0, build("faith", "civil", 2, (1, 1), pos.hand(0, "C", "C", "C")))
    assert kinds(st, "might") == [] and kinds(st, "reason") == [("civil", 2, (1, 1), None, False)]
    short = Pos(comp=components(civil_2=2))
    st = short.play(0, build("might", "civil", 2, (1, 1), short.hand(0, "C", "C", "C")))
    assert kinds(st, "faith") == [("civil", 2, (1, 1), None, False)] and kinds(st, "reason") == []


def test_C3_military_copy_to_faith_keeps_the_owner_and_reason_gets_a_ruin():
    pos = Pos()
    st = pos.play(0, build("might", "military", 2, (1, 1), pos.hand(0, "M", "M")))
    assert kinds(st, "faith") == [("military", 2, (1, 1), 0, False)]
    assert kinds(st, "reason") == [("military", 2, (1, 1), None, True)]
    assert free_cubes(pos.rules.data, st, 0) == 23


def test_C3_copy_forbidden_by_the_faith_domain_rule_copies_nothing_but_the_build_stands():
    pos = Pos()
    pos.put("faith", "civil", 1, (0, 1))
    pos.put("faith", "civil", 1, (3, 1))  # the castle's Faith footprint (1..2, 1..2) would join both
    st = pos.play(0, build("might", "military", 2, (1, 1), pos.hand(0, "M", "M")))
    assert at(st, "might", (1, 1))["owner"] == 0 and st["players"][0]["coins"] == 11
    assert [k[0] for k in kinds(st, "faith")] == ["civil", "civil"] and kinds(st, "reason") == []


def test_C3_copy_forbidden_by_the_faith_rank_rule():
    pos = Pos()
    pos.put("faith", "military", 2, (3, 1), 1)  # touches the copy's footprint (1..2, 1..2) from below
    st = pos.play(0, build("might", "military", 2, (1, 1), pos.hand(0, "M", "M")))
    assert kinds(st, "reason") == [] and at(st, "faith", (1, 1)) is None


def test_K_R19_faith_copy_without_a_free_owner_cube_fails_as_a_whole():
    comp = components()
    comp["per_player"]["control_cubes"] = 1
    pos = Pos(comp=comp)
    st = pos.play(0, build("might", "military", 2, (1, 1), pos.hand(0, "M", "M")))
    assert at(st, "might", (1, 1)) and kinds(st, "faith") == [] and kinds(st, "reason") == []


def test_C4_faith_copy_into_reason_is_a_ruin_even_over_a_restored_building():
    pos = Pos()
    pos.advs(0, "faith", "faith")
    pos.put("reason", "religious", 2, (1, 1), ruin=False)  # restored
    st = pos.play(0, build("faith", "religious", 2, (1, 1), pos.hand(0, "R", "R")))
    assert kinds(st, "reason") == [("religious", 2, (1, 1), None, True)]
    assert st["supply"]["religious_2"] == 20 - 2


def test_K_R16_paradox_removes_every_overlapped_building_whatever_its_kind_or_owner():
    pos = Pos()
    pos.put("faith", "religious", 1, (1, 1), 1)
    pos.put("faith", "civil", 1, (2, 2))
    pos.put("faith", "military", 1, (3, 3), 1)  # outside the fortress copy? (1..3,1..3): inside
    pos.put("reason", "civil", 2, (2, 2), cubes=[1, 1])
    st = pos.play(0, build("might", "military", 3, (1, 1), pos.hand(0, "M", "M", "M", "M")))
    assert kinds(st, "faith") == [("military", 3, (1, 1), 0, False)]
    assert kinds(st, "reason") == [("military", 3, (1, 1), None, True)]
    assert free_cubes(pos.rules.data, st, 1) == 25  # owner and civil cubes went home
    assert st["supply"]["religious_1"] == 20 and st["supply"]["civil_2"] == 24  # K-R4


def test_K_R8_availability_is_checked_before_any_removal():
    pos = Pos(comp=components(military_3=1))
    pos.put("faith", "civil", 1, (2, 2))
    st = pos.play(0, build("might", "military", 3, (1, 1), pos.hand(0, "M", "M", "M", "M")))
    assert kinds(st, "faith") == [("civil", 1, (2, 2), None, False)]  # the copy failed, nothing removed


def test_K_R9_ruin_copies_into_reason_are_never_forbidden_and_may_join_domains():
    pos = Pos()
    pos.advs(0, "faith", "faith")
    pos.put("reason", "military", 2, (0, 1), ruin=False)
    pos.put("reason", "military", 2, (3, 1), ruin=True)
    st = pos.play(0, build("faith", "military", 2, (1, 1), pos.hand(0, "M", "M")))
    assert at(st, "reason", (1, 1))["ruin"] is True  # three castles in one Reason domain: fine


def test_K_R23_upgrade_copy_may_keep_together_what_its_old_faith_shadow_held_together():
    pos = Pos()
    pos.put("might", "military", 2, (2, 2), 0)
    pos.put("faith", "military", 2, (2, 2), 0)  # its shadow
    pos.put("faith", "civil", 1, (2, 4))
    pos.put("faith", "civil", 1, (4, 2))
    pos.put("reason", "military", 2, (2, 2), ruin=True)
    cards = pos.hand(0, "M", "M")
    st = pos.play(0, {"type": "upgrade", "age": "might", "at": [2, 2], "rank": 3, "anchor": [1, 1], "cards": cards})
    assert at(st, "faith", (1, 1))["rank"] == 3 and at(st, "faith", (2, 4)) and at(st, "faith", (4, 2))
    assert kinds(st, "reason") == [("military", 3, (1, 1), None, True)]
    # the same fortress freshly built (no predecessor) would be forbidden in Faith
    fresh = Pos()
    fresh.put("faith", "civil", 1, (2, 4))
    fresh.put("faith", "civil", 1, (4, 2))
    st = fresh.play(0, build("might", "military", 3, (1, 1), fresh.hand(0, "M", "M", "M", "M")))
    assert at(st, "faith", (1, 1)) is None


def test_9_1_2_the_player_with_most_cubes_keeps_one_on_the_re_emerged_hamlet():
    pos = Pos(seats=3, hamlets=[[2, 2]])
    pos.put("reason", "civil", 2, (1, 1), cubes=[1, 1, 2])
    st = pos.play(0, build("might", "military", 2, (0, 0), pos.hand(0, "M", "M")))
    assert kinds(st, "reason") == [("military", 2, (0, 0), None, True)]
    assert st["boards"]["reason"]["hamlet_cubes"] == {"2,2": [1]}
    assert free_cubes(pos.rules.data, st, 1) == 24 and free_cubes(pos.rules.data, st, 2) == 25


def test_9_1_2_a_tied_trigger_drops_out_and_the_other_keeps():
    pos = Pos(seats=3, hamlets=[[2, 2]])
    pos.put("reason", "civil", 2, (1, 1), cubes=[0, 1])
    st = pos.play(0, build("might", "military", 2, (0, 0), pos.hand(0, "M", "M")))
    assert st["boards"]["reason"]["hamlet_cubes"] == {"2,2": [1]} and st["pending"] == []


def test_9_1_2_K_R21_trigger_chooses_among_tied_others_then_resolve_resumes():
    pos = Pos(seats=4, hamlets=[[2, 2]])
    pos.put("reason", "civil", 2, (1, 1), cubes=[3, 2, 0])
    st = pos.play(0, build("might", "military", 2, (0, 0), pos.hand(0, "M", "M")))
    d = st["pending"][0]
    assert d["decision"] == "choose_hamlet_keeper" and d["seat"] == 0 and d["candidates"] == [2, 3]
    assert d["counts"] == [1, 0, 1, 1] and d["square"] == [2, 2]
    [prompt] = pos.rules.prompts(st)
    assert prompt.seat == 0 and prompt.kind == "choose_hamlet_keeper"
    assert pos.rules.prompted(st) == [0]  # the hook (issue 41): the playouts never reach this decision
    assert prompt.default == {"type": "choose_hamlet_keeper", "seat": 2}  # first from seat 0's left
    assert pos.refused(0, {"type": "choose_hamlet_keeper", "seat": 1}, st).rule == "K-7"
    assert pos.refused(2, {"type": "choose_hamlet_keeper", "seat": 2}, st).rule == "K-9"
    st = pos.play(0, {"type": "choose_hamlet_keeper", "seat": 3}, st)
    assert st["boards"]["reason"]["hamlet_cubes"] == {"2,2": [3]} and st["pending"] == []
    assert st["resolution_cursor"] is None and pos.rules.prompts(st)[0].kind == "turn"


def test_K_R10_several_hamlets_under_a_destroyed_city_keep_one_cube_on_the_lowest():
    pos = Pos(seats=2, hamlets=[[2, 3], [3, 2]])
    pos.put("reason", "civil", 3, (1, 1), cubes=[1, 1, 0])
    st = pos.play(0, build("might", "military", 2, (0, 0), pos.hand(0, "M", "M")))
    assert st["boards"]["reason"]["hamlet_cubes"] == {"2,3": [1]}
