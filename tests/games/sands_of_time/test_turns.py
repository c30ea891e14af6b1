"""Turns [§4.2] and focus cards [§7.0]: ST-21..ST-26, ST-90, ST-91 and the rulings ST-R4,
ST-R5, ST-R23..ST-R25, ST-R32, ST-R37, ST-R40, ST-R45."""

from __future__ import annotations

from tests.games.sands_of_time.positions import (
    RULES,
    G,
    active,
    choose_all,
    play,
    refresh,
    rejected,
    rng,
    set_player,
    started,
)


def second_turn(cards0: list[str], then0: list[str], edit=None) -> dict:
    """Seat 0 plays `cards0` in turn 1 (executing both if possible), then chooses `then0`."""
    st = active(3, cards0, edit=edit)
    for c in cards0:
        if c in G.actions:
            st = play(st, 0, {"type": "act", "card": c, **ACT[c]})
    if st["phase"] == "EXECUTE" and st["active_player"] == 0:
        st = play(st, 0, {"type": "end_turn"})
    while st["phase"] != "SELECT":
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    assert st["turn_in_generation"] == 2
    return choose_all(st, {0: then0})


ACT = {"chronicle": {"placements": [{"card": 1, "field": "A"}]}, "tribute": {"mode": "colonies"},
       "govern": {"steps": 1}, "muster": {"soldiers": []}}


def test_ST_21_all_seats_choose_at_once_and_choices_are_final():
    st = started(3)
    assert sorted(p.seat for p in RULES.prompts(st)) == [0, 1, 2]
    st = play(st, 1, {"type": "choose_cards", "cards": ["build", "tribute"]})
    assert sorted(p.seat for p in RULES.prompts(st)) == [0, 2]
    rejected(st, 1, {"type": "choose_cards", "cards": ["chronicle", "muster"]}, "ST-21", "ACTION_ALREADY_DONE")
    assert st["phase"] == "SELECT"


def test_ST_21_default_is_the_first_two_unplayed_cards_auto_declined():
    st = started(3)
    assert RULES.default_move(st, 0) == {"type": "choose_cards", "cards": ["chronicle", "muster"], "auto_decline": True}
    for p in RULES.prompts(st):
        assert len(p.choices) == 2 * (14 * 13 // 2 - 3)  # pairs of 14 cards, minus the 3 focus pairs


def test_ST_21_reuse_and_focus_limits():
    st = second_turn(["chronicle", "tribute"], ["build", "raid"])
    assert st["phase"] != "SELECT" or st["players"][0]["selected_cards"]
    st = started(3)
    rejected(st, 0, {"type": "choose_cards", "cards": ["focus_civil", "focus_culture"]}, "ST-21", "FOCUS_ALREADY_USED")


def test_ST_R25_at_most_one_reused_card():
    st = active(3, ["chronicle", "tribute"])
    st = play(st, 0, {"type": "act", "card": "chronicle", **ACT["chronicle"]})
    st = play(st, 0, {"type": "act", "card": "tribute", **ACT["tribute"]})
    st = play(st, 0, {"type": "end_turn"})
    while st["phase"] != "SELECT":
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    rejected(st, 0, {"type": "choose_cards", "cards": ["chronicle", "tribute"]}, "ST-21", "TWO_REUSES")
    st = play(st, 0, {"type": "choose_cards", "cards": ["chronicle", "build"]})
    assert st["players"][0]["selected_cards"] == ["chronicle", "build"]


def test_ST_21_no_reuse_in_the_first_turn():
    st = started(3)
    st["players"][0]["hand_actions"].remove("raid")
    st["players"][0]["played_actions"].append("raid")
    refresh(st)
    rejected(st, 0, {"type": "choose_cards", "cards": ["raid", "build"]}, "ST-21", "REUSE_IN_FIRST_TURN")


def test_ST_R24_one_focus_card_per_generation():
    st = active(3, ["focus_civil", "tribute"])
    st = play(st, 0, {"type": "end_turn"})
    while st["phase"] != "SELECT":
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    rejected(st, 0, {"type": "choose_cards", "cards": ["focus_culture", "build"]}, "ST-90", "FOCUS_ALREADY_USED")


def test_ST_22_reveal_in_turn_order_from_the_start_player():
    st = started(3, start=1)
    st = choose_all(st, {0: ["build", "raid"], 1: ["chronicle", "tribute"], 2: ["govern", "muster"]})
    assert st["active_player"] == 1 and st["turn"]["cards"] == ["chronicle", "tribute"]
    assert st["players"][2]["selected_cards"] == ["govern", "muster"]
    assert RULES.view(st, 0)["players"][2]["selected_cards"] == "hidden"
    assert RULES.view(st, 0)["players"][1]["selected_cards"] == ["chronicle", "tribute"]
    st = play(st, 1, {"type": "end_turn"})
    assert st["active_player"] == 2


def test_ST_22_either_order_and_one_action_at_a_time():
    st = active(3, ["chronicle", "tribute"])
    out = play(st, 0, {"type": "act", "card": "tribute", "mode": "colonies"})
    assert out["turn"]["status"] == {"chronicle": "pending", "tribute": "done"}
    rejected(out, 0, {"type": "act", "card": "tribute", "mode": "colonies"}, "ST-22", "ACTION_ALREADY_DONE")


def test_ST_23_one_bonus_action_per_turn_at_any_moment():
    st = active(3, ["chronicle", "tribute"])
    st = play(st, 0, {"type": "bonus", "bonus": "taxes", "resource": "gold"})
    rejected(st, 0, {"type": "bonus", "bonus": "support", "category": "civil"}, "ST-23", "SECOND_BONUS")
    st = play(st, 0, {"type": "act", "card": "chronicle", **ACT["chronicle"]})
    st = play(st, 0, {"type": "act", "card": "tribute", "mode": "colonies"})
    assert st["active_player"] != 0 and st["turn"] is None or st["turn"]["seat"] != 0  # the turn ended


def test_ST_R23_bonus_before_the_actions():
    st = active(3, ["build", "tribute"])
    hisp = st["players"][0]["capital_region"]
    out = play(st, 0, {"type": "bonus", "bonus": "oppression", "region": hisp})
    assert out["players"][0]["bonus_used_this_turn"] == "oppression"


def test_ST_24_declined_fresh_card_returns_to_hand():
    st = active(3, ["chronicle", "tribute"])
    out = play(st, 0, {"type": "decline", "card": "tribute"})
    assert "tribute" in out["players"][0]["hand_actions"] and "tribute" not in out["players"][0]["played_actions"]
    out = play(out, 0, {"type": "end_turn"})
    assert "chronicle" in out["players"][0]["hand_actions"]


def test_ST_24_end_turn_declines_what_is_pending():
    st = active(3, ["chronicle", "tribute"])
    st = play(st, 0, {"type": "act", "card": "chronicle", **ACT["chronicle"]})
    out = play(st, 0, {"type": "end_turn"})
    p = out["players"][0]
    assert p["played_actions"] == ["chronicle"] and "tribute" in p["hand_actions"] and out["active_player"] != 0


def test_ST_R4_declined_reused_card_stays_played_and_costs_no_unrest():
    st = second_turn(["chronicle", "tribute"], ["tribute", "build"])
    assert st["active_player"] == 0
    unrest = st["players"][0]["unrest"]
    out = play(st, 0, {"type": "end_turn"})
    assert "tribute" in out["players"][0]["played_actions"] and out["players"][0]["unrest"] == unrest


def test_ST_25_reuse_and_first_bonus_cost_unrest_at_the_end_of_the_turn():
    st = second_turn(["chronicle", "tribute"], ["tribute", "build"])
    unrest = st["players"][0]["unrest"]
    st = play(st, 0, {"type": "act", "card": "tribute", "mode": "colonies"})
    assert st["players"][0]["unrest"] == unrest
    st = play(st, 0, {"type": "bonus", "bonus": "taxes", "resource": "gold"})
    out = play(st, 0, {"type": "end_turn"})
    assert out["players"][0]["unrest"] == unrest + 2


def test_ST_R32_a_bonus_already_used_this_generation_is_free():
    st = active(3, ["chronicle", "tribute"])
    set_player(st, 0, bonus_used_this_gen=["taxes"])
    refresh(st)
    unrest = st["players"][0]["unrest"]
    st = play(st, 0, {"type": "bonus", "bonus": "taxes", "resource": "gold"})
    out = play(st, 0, {"type": "end_turn"})
    assert out["players"][0]["unrest"] == unrest


def test_ST_21_auto_decline_ends_the_turn_at_once():
    st = started(3)
    st = play(st, 0, {"type": "choose_cards", "cards": ["focus_civil", "tribute"], "auto_decline": True})
    st = play(st, 1, RULES.default_move(st, 1))
    st = play(st, 2, {"type": "choose_cards", "cards": ["build", "raid"]})
    p = st["players"][0]
    assert st["active_player"] == 2 and p["focus_revealed"] == "focus_civil" and "tribute" in p["hand_actions"]


def test_ST_26_step_c_markers_and_the_generation_die():
    st = started(2)
    for turn in range(1, 5):
        while st["phase"] == "SELECT":
            d = st["pending"][0]
            st = play(st, d["seat"], RULES.default_move(st, d["seat"]), label=f"die{turn}")
        if st["turn_in_generation"] == turn and st["phase"] == "SELECT":
            continue
        break
    assert st["dynasty_space"] >= 2
    rolls = st["last_die_rolls"]
    assert all(r["needed"] == G.generation_spaces[r["after_turn"]]["roll_at_least"] for r in rolls)


def test_ST_R40_after_turn_1_always_continue_after_2_roll():
    st = started(2)
    r = rng("die", 9)
    for seat in (0, 1):
        st = RULES.apply(st, seat, RULES.default_move(st, seat), r)
    assert st["turn_in_generation"] == 2 and st["generation_space"] == 1 and not r.records
    r = rng("die", 10)
    for seat in (0, 1):
        st = RULES.apply(st, seat, RULES.default_move(st, seat), r)
    assert [x["label"] for x in r.records] == ["C4"]
    assert (st["turn_in_generation"] == 3) == (r.records[0]["value"][0] >= 3)


def test_ST_R5_focus_card_first():
    st = active(3, ["focus_political", "muster"])
    p = st["players"][0]
    assert p["focus_revealed"] == "focus_political" and st["turn"]["status"]["focus_political"] == "done"
    # political unlocked for this very action: a conversion is allowed
    hisp = p["capital_region"]
    out = play(st, 0, {"type": "act", "card": "muster", "soldiers": [], "conversions": [{"region": hisp, "to": "soldier"}]})
    assert out["regions"][hisp]["citizens"]["0"]["soldiers"] == 2


def test_ST_90_focus_unlocks_its_category_for_the_generation():
    st = active(3, ["focus_culture", "chronicle"])
    from referee.games.sands_of_time.derived import unlocked
    assert unlocked(G, st, 0, "culture") and not unlocked(G, st, 0, "political")


def test_ST_91_focus_markers_and_the_heritage_on_the_third():
    st = active(3, ["focus_civil", "tribute"])
    st = play(st, 0, {"type": "act", "card": "tribute", "mode": "colonies"})
    assert st["players"][0]["focus_markers"] == 1
    p = st["players"][0]
    p["focus_markers"] = 2
    heritage = p["heritage"]["civil"]
    st = second_turn(["focus_civil", "tribute"], ["build", "caravan_1"])
    st["players"][0]["focus_markers"] = 2
    refresh(st)
    out = play(st, 0, {"type": "decline", "card": "build"})
    assert out["players"][0]["focus_markers"] == 2  # declined: no marker
    gold = {"gold": 5}
    st["players"][0].update(gold)
    refresh(st)
    cap = st["players"][0]["capital_region"]
    out = play(st, 0, {"type": "act", "card": "build", "region": cap, "building": "quarry", "use_labour": False})
    assert out["players"][0]["focus_markers"] == 3 and out["players"][0]["heritage"]["civil"] == heritage + 1


def test_ST_R45_reused_card_after_the_focus_reveal_earns_a_marker():
    st = second_turn(["chronicle", "tribute"], ["tribute", "focus_civil"])
    out = play(st, 0, {"type": "act", "card": "tribute", "mode": "colonies"})
    assert out["players"][0]["focus_markers"] == 1


def test_ST_R37_caravan_2_without_culture_is_refused_and_declined_automatically():
    st = active(3, ["caravan_2", "chronicle"])
    cap = st["players"][0]["capital_region"]
    to = sorted(G.adj[cap])[0]
    rejected(st, 0, {"type": "act", "card": "caravan_2", "border": [cap, to], "pay": "grain", "heritage": None},
             "ST-73", "CATEGORY_LOCKED")
    st = play(st, 0, {"type": "act", "card": "chronicle", **ACT["chronicle"]})
    out = play(st, 0, {"type": "bonus", "bonus": "taxes", "resource": "gold"})
    assert out["active_player"] != 0 and "caravan_2" in out["players"][0]["hand_actions"]
