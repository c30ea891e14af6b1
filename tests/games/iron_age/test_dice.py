"""Phase 1: IA-1.1..IA-1.7, decisions D1 and D2, rulings IA-R1..IA-R3, IA-R15, IA-R29, the roll chance event."""

from __future__ import annotations

import copy

import pytest

from referee.engine.contract import IllegalMove
from referee.games.iron_age.turn import DECISIONS
from tests.games.iron_age.positions import RULES, play, position, rejected, rng


def test_IA_1_1_dice_count_is_max_of_ports_and_provinces_at_turn_start():
    st = position(2, active=1, players={0: {"ports": 2, "provinces": 4}})
    st = play(st, 1, {"type": "end_turn"})
    assert (st["round"], st["active_seat"]) == (3, 0)
    assert st["turn"]["dice_count"] == 4 and len(st["turn"]["empire_faces"]) == 4


def test_IA_R15_structures_completed_now_add_dice_next_turn():
    st = position(2, phase="build", fate="harvest", turn={"workers": 5})
    st = play(st, 0, {"type": "build", "actions": [{"kind": "province_box", "province": 2, "count": 2},
                                                   {"kind": "province_box", "province": 3, "count": 3}]})
    assert st["players"][0]["provinces_owned"] == 3
    assert st["active_seat"] == 1  # the turn ended (nothing to buy or convert)
    st = play(st, 1, {"type": "end_turn"})
    assert st["active_seat"] == 0 and st["turn"]["dice_count"] == 3


def test_IA_1_2_roll_1_throws_every_empire_die_and_the_fate_die():
    st = position(2, active=1)
    r = rng("r1", 9)
    st = RULES.apply(st, 1, {"type": "end_turn"}, r)
    t = st["turn"]
    rolls = [x for x in r.records if x["kind"] == "roll"]
    assert [x["value"] for x in rolls] == [t["empire_faces"], [t["fate_face"]]]
    assert rolls[0]["of"] == ["food", "workers", "food_or_workers", "goods", "skull", "invention"]
    assert rolls[1]["of"] == ["conquest_1", "conquest_2", "tribute_1", "tribute_2", "omen", "harvest"]
    assert t["rolls_used"] == 1


def test_chance_roll_record_names_the_dice_rolled():
    st = position(2, faces=["food", "goods", "workers"], players={0: {"ports": 3}})
    r = rng("rec", 3)
    out = RULES.apply(st, 0, {"type": "reroll", "empire": [2, 0], "fate": True}, r)
    labels = [(x["label"], x["kind"]) for x in r.records]
    assert labels[:3] == [("roll", "roll"), ("roll", "roll"), ("roll", "note")]
    note = r.records[2]["value"]
    assert note["roll_no"] == 2 and set(note["empire"]) == {"0", "2"}
    assert note["fate"] == r.records[1]["value"][0]
    assert r.records[0]["value"] == [note["empire"]["0"], note["empire"]["2"]]  # ascending index order
    assert out["turn"]["empire_faces"][1] == "goods"  # not rerolled


def test_IA_1_3_skulls_are_locked():
    st = position(2, faces=["skull", "food"])
    assert st["turn"]["locked"] == [True, False]
    rejected(st, 0, {"type": "reroll", "empire": [0], "fate": False}, "IA-1.3", "die_locked")
    rejected(st, 0, {"type": "reroll", "empire": [1, 0], "fate": True}, "IA-1.3", "die_locked")


def test_IA_1_3_locking_happens_after_every_roll():
    skulls = 0
    for k in range(30):
        st = position(3, faces=["food", "food", "food"], players={0: {"ports": 3}})
        t = RULES.apply(st, 0, {"type": "reroll", "empire": [0, 1, 2], "fate": False}, rng(f"lock{k}"))["turn"]
        assert t["locked"] == [f == "skull" for f in t["empire_faces"]]
        assert t["skulls_rolled"] == t["empire_faces"].count("skull")
        skulls += t["skulls_rolled"]
    assert skulls > 0


def test_IA_1_4_reroll_keeps_the_other_dice_and_counts_rolls():
    st = position(2, faces=["food", "goods"], fate="harvest")
    out = RULES.apply(st, 0, {"type": "reroll", "empire": [1], "fate": False}, rng("k"))
    assert out["turn"]["empire_faces"][0] == "food" and out["turn"]["fate_face"] == "harvest"
    assert out["turn"]["rolls_used"] == 2


def test_IA_1_4_at_most_three_rolls():
    st = position(2, faces=["food", "goods"], fate="harvest", rolls_used=2)
    out = RULES.apply(st, 0, {"type": "reroll", "empire": [], "fate": True}, rng("third"))
    assert out["turn"]["rolls_used"] == 3 and out["turn"]["rolling_done"]
    assert out["phase"] != "roll"
    rejected(out, 0, {"type": "reroll", "empire": [0], "fate": False}, DECISIONS[out["phase"]].rule)


def test_IA_1_4_no_rolls_left_is_refused_by_the_reroll_check():
    from referee.games.iron_age import dice
    t = copy.deepcopy(position(2)["turn"])
    t["rolls_used"] = 3
    with pytest.raises(IllegalMove) as e:
        dice.check_reroll(RULES.data, t, {"type": "reroll", "empire": [0], "fate": False})
    assert e.value.rule == "IA-1.4" and e.value.message.startswith("no_rolls_left")


def test_IA_1_4_reroll_needs_distinct_existing_dice():
    st = position(2, faces=["food", "goods"])
    rejected(st, 0, {"type": "reroll", "empire": [], "fate": False}, "IA-1.4")
    rejected(st, 0, {"type": "reroll", "empire": [1, 1], "fate": False}, "IA-1.4")
    rejected(st, 0, {"type": "reroll", "empire": [2], "fate": False}, "IA-1.2", "bad_die")
    rejected(st, 0, {"type": "reroll", "empire": ["0"], "fate": False}, "IA-1.4")
    rejected(st, 0, {"type": "reroll", "empire": [0], "fate": False, "extra": 1}, "IA-1.4")


def test_IA_1_5_fate_die_is_never_locked_and_d1_is_asked_with_all_skulls():
    st = position(2, faces=["skull", "skull"], fate="omen")
    (prompt,) = RULES.prompts(st)
    assert prompt.kind == "roll"
    assert prompt.choices == [{"type": "stop_rolling"}, {"type": "reroll", "empire": [], "fate": True},
                              {"type": "end_turn"}]


def test_D1_choices_are_every_subset_of_unlocked_dice():
    st = position(3, faces=["skull", "food", "goods"], players={0: {"ports": 3}})
    (prompt,) = RULES.prompts(st)
    rerolls = [m for m in prompt.choices if m["type"] == "reroll"]
    assert len(rerolls) == 7 and prompt.choices[0] == prompt.default == {"type": "stop_rolling"}
    assert all(0 not in m["empire"] for m in rerolls)
    for m in rerolls:
        RULES.apply(st, 0, m, rng("every"))


def test_IA_R2_stop_rolling_before_the_third_roll():
    st = position(2, faces=["food", "food"], fate="harvest")
    out = play(st, 0, {"type": "stop_rolling"})
    assert out["turn"]["rolls_used"] == 1 and out["turn"]["rolling_done"]
    assert out["players"][0]["food"] == 3 + 2 * (3 + 1) - 1


def test_IA_1_6_omen_turns_a_skull_die_to_another_face():
    st = position(2, faces=["skull", "goods"], fate="omen")
    st = play(st, 0, {"type": "stop_rolling"})
    assert st["phase"] == "omen"
    (prompt,) = RULES.prompts(st)
    assert prompt.default == {"type": "omen_decline"} and prompt.choices[0] == prompt.default
    assert len(prompt.choices) == 2 + 2 * 5 + 5  # decline, end_turn, 5 other faces per die
    out = play(st, 0, {"type": "omen", "die": 0, "face": "goods"})
    t = out["turn"]
    assert t["empire_faces"] == ["goods", "goods"] and t["omen_used"] and t["skulls_rolled"] == 0
    assert t["disaster"] is None
    assert out["players"][0]["goods"] == 1 + 2 * 2  # no good from the former skull


def test_IA_1_6_omen_face_must_belong_to_the_die_and_change_it():
    st = play(position(2, faces=["skull", "goods"], fate="omen"), 0, {"type": "stop_rolling"})
    rejected(st, 0, {"type": "omen", "die": 0, "face": "tribute_1"}, "IA-1.6", "bad_face")
    rejected(st, 0, {"type": "omen", "die": "fate", "face": "food"}, "IA-1.6", "bad_face")
    rejected(st, 0, {"type": "omen", "die": 1, "face": "goods"}, "IA-1.6", "bad_face")
    rejected(st, 0, {"type": "omen", "die": 2, "face": "goods"}, "IA-1.6", "bad_die")


def test_IA_1_7_final_faces_after_the_omen_decide_the_disaster():
    st = play(position(2, faces=["food", "goods"], fate="omen"), 0, {"type": "stop_rolling"})
    out = play(st, 0, {"type": "omen", "die": 0, "face": "skull"})
    assert out["turn"]["skulls_rolled"] == 1 and out["turn"]["disaster"] == "unrest"
    assert out["players"][0]["skulls"] == 1


def test_IA_R1_omen_face_is_not_a_skull():
    st = position(2, faces=["food", "goods"], fate="omen")
    assert st["turn"]["skulls_rolled"] == 0
    RULES.apply(st, 0, {"type": "reroll", "empire": [], "fate": True}, rng("omen"))  # rerollable
    out = play(play(st, 0, {"type": "stop_rolling"}), 0, {"type": "omen_decline"})
    assert out["turn"]["disaster"] is None and out["players"][0]["skulls"] == 0


def test_IA_R3_omen_comes_after_the_final_roll_and_is_optional():
    st = position(2, faces=["food", "goods"], fate="omen", rolls_used=1)
    assert st["phase"] == "roll"  # the omen on roll 1 is not used yet
    out = play(play(st, 0, {"type": "stop_rolling"}), 0, {"type": "omen_decline"})
    assert out["turn"]["empire_faces"] == ["food", "goods"] and not out["turn"]["omen_used"]


def test_IA_R29_fate_die_turned_by_the_omen_applies_its_new_face():
    st = play(position(2, faces=["food", "goods"], fate="omen"), 0, {"type": "stop_rolling"})
    out = play(st, 0, {"type": "omen", "die": "fate", "face": "conquest_2"})
    assert out["phase"] == "conquest" and out["turn"]["fate_face"] == "conquest_2"
    out = play(st, 0, {"type": "omen", "die": "fate", "face": "harvest"})
    assert out["players"][0]["food"] == 3 + 3 + 1 - 1


def test_D2_is_only_asked_when_the_final_fate_face_is_the_omen():
    out = play(position(2, faces=["food", "goods"], fate="harvest"), 0, {"type": "stop_rolling"})
    assert out["phase"] != "omen"
    st = play(position(2, faces=["food", "goods"], fate="omen"), 0, {"type": "stop_rolling"})
    (prompt,) = RULES.prompts(st)
    assert prompt.kind == "omen" and prompt.default == RULES.default_move(st, 0) == {"type": "omen_decline"}
