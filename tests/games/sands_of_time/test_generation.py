"""The generation loop and scoring [§4, §6, §8-§10]: ST-20, ST-30..ST-32, ST-40..ST-47, ST-85,
ST-86, ST-95, ST-100, ST-101, ST-110, ST-111 and the rulings ST-R11, ST-R13..ST-R16, ST-R18,
ST-R26..ST-R28, ST-R34, ST-R35, ST-R38."""

from __future__ import annotations

from referee.games.sands_of_time import generation, scoring
from referee.games.sands_of_time.state import add_heritage, add_unrest
from tests.games.sands_of_time.positions import (
    RULES,
    G,
    building,
    caravan,
    citizens,
    clear_board,
    control,
    play,
    progress,
    put_card,
    refresh,
    scene,
    set_player,
    started,
    tile,
)


def board() -> dict:
    st = started(3)
    clear_board(st)
    control(st, "hispania", 0, "capital")
    control(st, "mauretania", 0, "colony")
    tile(st, "hispania", "gold", 4)
    tile(st, "mauretania", "grain", 3)
    citizens(st, "hispania", 0, farmers=5, soldiers=1)
    citizens(st, "mauretania", 0, farmers=1)
    control(st, "gallia", 1, "capital")
    tile(st, "gallia", "grain", 3)
    citizens(st, "gallia", 1, farmers=2)
    citizens(st, "gallia", 0, farmers=2)
    control(st, "italia", 2, "capital")
    citizens(st, "italia", 2, farmers=1)
    for s in range(3):
        set_player(st, s, grain=0, gold=0)
    return refresh(st)


def finish_generation(st: dict, last_turn: bool = True) -> dict:
    """Every seat plays its default until the generation's turns end (turn 4 = the last)."""
    if last_turn:
        st["generation_space"], st["turn_in_generation"] = 3, 4
    start_gen = st["generation_index"]
    while not st["game_over"] and st["generation_index"] == start_gen:
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    return st


def test_ST_20_income_per_controlled_region_up_to_capacity():
    st = board()
    generation.income(G, st)
    p0, p1 = st["players"][0], st["players"][1]
    assert p0["gold"] == 4 and p0["grain"] == 1 + 2  # capped at 4; Mauretania 1; Agriculture +2
    assert p1["grain"] == 2 + 2  # seat 0's farmers in Gallia produce nothing for anybody


def test_ST_R35_income_is_automatic():
    st = finish_generation(board())
    assert st["phase"] == "SELECT" and st["players"][0]["gold"] == 4


def test_ST_R18_resources_reset_at_the_generation_end():
    st = board()
    set_player(st, 0, grain=9, gold=9)
    st = finish_generation(refresh(st))
    assert st["players"][0]["gold"] == 4 and st["players"][0]["grain"] == 3


def test_ST_30_growth_after_a_farmer_space():
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 3
    out = finish_generation(refresh(st))
    assert out["dynasty_space"] == 4
    assert out["regions"]["mauretania"]["citizens"]["0"]["farmers"] == 2
    assert out["regions"]["italia"]["citizens"]["2"]["farmers"] == 2


def test_ST_30_growth_allocation_when_supply_is_short():
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 3
    p = st["players"][0]
    citizens(st, "aethiopia", 0, farmers=p["supply"]["farmers"] - 1)
    st = refresh(st)
    st["generation_space"], st["turn_in_generation"] = 3, 4
    while st["phase"] != "GROWTH":
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    prompt = RULES.prompts(st)[0]
    assert (prompt.seat, prompt.kind) == (0, "growth_allocation") and prompt.default["regions"] == ["hispania"]
    out = play(st, 0, {"type": "growth_allocation", "regions": ["mauretania"]})
    assert out["regions"]["mauretania"]["citizens"]["0"]["farmers"] == 2


def test_ST_R14_growth_once_per_generation():
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 3
    st["growth_done"] = True
    out = finish_generation(refresh(st))
    assert out["regions"]["mauretania"]["citizens"]["0"]["farmers"] == 1


def test_ST_31_overpopulation_unrest_once():
    st = board()
    citizens(st, "gallia", 0, farmers=2, soldiers=1)  # 5 citizens > capacity 3
    citizens(st, "hispania", 0, farmers=5, soldiers=1)
    set_player(st, 1, unrest=2)
    set_player(st, 0, unrest=2)
    out = finish_generation(refresh(st))
    assert out["players"][1]["unrest"] == 3 and out["players"][0]["unrest"] == 3  # Hispania 6 > 4


def test_ST_R28_aqueduct_and_city_only_raise_the_unrest_limit():
    st = board()
    building(st, "hispania", "aqueduct")
    set_player(st, 0, unrest=2)
    out = finish_generation(refresh(st))
    assert out["players"][0]["unrest"] == 2 and out["regions"]["hispania"]["citizens"]["0"]["farmers"] == 5


def test_ST_32_removal_above_twice_the_capacity_in_complete_rounds():
    st = board()
    citizens(st, "gallia", 0, farmers=4)
    citizens(st, "gallia", 1, farmers=3)  # 7 > 6
    st = refresh(st)
    st["generation_space"], st["turn_in_generation"] = 3, 4
    while st["phase"] not in ("OVERPOP",) and st["generation_index"] == 0:
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    assert st["regions"]["gallia"]["citizens"] == {"0": {"farmers": 3, "soldiers": 0}, "1": {"farmers": 2, "soldiers": 0}}


def test_ST_R13_everybody_removes_the_same_number_and_choices_when_mixed():
    st = board()
    citizens(st, "gallia", 0, farmers=4, soldiers=1)
    citizens(st, "gallia", 1, farmers=3)  # 8 > 6: one round brings it to 6
    st = refresh(st)
    st["generation_space"], st["turn_in_generation"] = 3, 4
    while st["phase"] != "OVERPOP":
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind) == (0, "overpop_remove")
    st = play(st, 0, {"type": "overpop_remove", "kind": "soldier"})
    assert st["regions"]["gallia"]["citizens"] == {"0": {"farmers": 4, "soldiers": 0}, "1": {"farmers": 2, "soldiers": 0}}


def scored(edit) -> dict:
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 9
    edit(st)
    return finish_generation(refresh(st))


def test_ST_40_dynasty_ends_at_the_next_dynasty_space():
    out = scored(lambda st: None)
    assert out["dynasties_scored"] == [1] and out["dynasty_space"] == 10
    st = board()
    st["dynasty_space"] = 5
    assert finish_generation(refresh(st))["dynasties_scored"] == []


def test_ST_R34_overrun_counts_toward_the_next_dynasty():
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 20  # overran the boundary at 19
    st["dynasties_scored"] = [1]
    out = finish_generation(refresh(st))
    assert out["dynasties_scored"] == [1, 2] and out["dynasty_space"] == 21  # scored in 4.5 of this generation
    assert G.dynasty_end_space[3] == 28  # dynasty 3 is shorter by the overrun


def test_ST_41_wonder_and_vision_at_dynasty_end():
    def edit(st):
        building(st, "hispania", "wonder")
        put_card(st, "civil_1", "vision", 3)
        progress(st, 0, "civil_1", 3)
    assert scored(edit)["players"][0]["vp"] == 1 + 2


def test_ST_R27_buildings_benefit_the_current_controller():
    def edit(st):
        building(st, "gallia", "wonder")
    out = scored(edit)
    assert out["players"][1]["vp"] == 1 and out["players"][0]["vp"] == 0


def test_ST_42_and_ST_43_chronicle_scoring_with_heritage_limits():
    def edit(st):
        p = st["players"][0]
        p["heritage"] = {"civil": 3, "political": 5, "culture": 0}
        for f, v in (("C", 1), ("D", 2)):
            p["chronicle_board"][f] = v
            p["chronicle_hand"].remove(v)
    out = scored(edit)
    p = out["players"][0]
    # C: 3 regions? card 1 needs 4 controlled regions -> not met; D: card 2 needs 15 citizens -> not met
    assert p["chronicle_vp_by_dynasty"]["1"] == 0 and p["chronicle_hand"] == list(range(1, 8))


def test_ST_R26_field_D_counts_citizens_anywhere():
    def edit(st):
        p = st["players"][0]
        p["heritage"]["political"] = 2
        citizens(st, "aegyptus", 0, farmers=6)  # 5+1+1+2+6 = 15 on the board
        p["chronicle_board"]["D"] = 2
        p["chronicle_hand"].remove(2)
    out = scored(edit)
    p = out["players"][0]
    assert p["chronicle_vp_by_dynasty"]["1"] == 3 and p["heritage"]["political"] == 3  # ST-43 +1


def test_ST_R15_best_subset_when_the_sum_exceeds_heritage():
    def edit(st):
        p = st["players"][0]
        p["heritage"]["political"] = 3
        citizens(st, "aegyptus", 0, farmers=9)
        for r in ("syria", "cyprus"):
            control(st, r, 0, "colony")
        for f, v in (("C", 1), ("D", 2)):
            p["chronicle_board"][f] = v
            p["chronicle_hand"].remove(v)
    out = scored(edit)
    assert out["players"][0]["chronicle_vp_by_dynasty"]["1"] == 1 + 3  # 1 + 2 <= 3: both

    def tight(st):
        edit(st)
        st["players"][0]["heritage"]["political"] = 2
    out = scored(tight)
    assert out["players"][0]["chronicle_vp_by_dynasty"]["1"] == 3  # only the better one


def test_ST_44_cards_return_and_ST_45_the_score_is_recorded():
    out = scored(lambda st: None)
    assert all(v is None for v in out["players"][0]["chronicle_board"].values())
    assert all("1" in p["chronicle_vp_by_dynasty"] for p in out["players"])


def test_ST_46_dynasty_3_ends_the_game_and_ST_110_awards():
    st = board()
    st["dynasty_space"] = st["dynasty_space_at_generation_start"] = 27
    st["dynasties_scored"] = [1, 2]
    set_player(st, 1, unrest=0)
    out = finish_generation(refresh(st))
    assert out["game_over"] and out["phase"] == "GAME_OVER"
    assert out["awards"]["most_controlled_regions"] == [0] and out["awards"]["lowest_unrest"] == [1]
    assert out["players"][0]["vp"] >= 3 and out["players"][1]["vp"] >= 3
    assert RULES.result(out)["reason"] == "end"


def test_ST_111_and_ST_R16_tie_break_then_shared_win():
    st = board()
    for s, (vp, d3) in enumerate([(10, 4), (10, 6), (9, 9)]):
        st["players"][s]["vp"] = vp
        st["players"][s]["chronicle_vp_by_dynasty"] = {"3": d3}
    scoring.finish(G, st, "end")
    assert st["result"]["winner"] == 1 and st["result"]["ranking"] == [1, 0, 2]
    st["players"][0]["chronicle_vp_by_dynasty"]["3"] = 6
    scoring.finish(G, st, "end")
    assert st["result"]["winner"] is None and st["result"]["winners"] == [0, 1]


def test_ST_47_new_generation():
    st = board()
    st["players"][0]["played_actions"] = ["chronicle"]
    st["players"][0]["hand_actions"].remove("chronicle")
    st["players"][0]["bonus_used_this_gen"] = ["taxes"]
    out = finish_generation(refresh(st))
    p = out["players"][0]
    assert out["start_player"] == 1 and out["generation_space"] == 0 and out["turn_in_generation"] == 1
    assert p["played_actions"] == [] and p["bonus_used_this_gen"] == [] and p["focus_revealed"] is None


def test_ST_85_86_locked_ability_once_per_turn_however_many_sources():
    def edit(st):
        citizens(st, "hispania", 0, farmers=5, soldiers=1)
        control(st, "hispania", 0, "capital")
        put_card(st, "political_2", "democracy", 3)
        progress(st, 0, "political_2", 3)
        set_player(st, 0, unrest=3, grain=0)
    st = scene(["focus_culture", "govern"], edit)
    out = play(st, 0, {"type": "act", "card": "govern", "steps": 0})
    assert out["players"][0]["unrest"] == 2  # one free step, not two


def test_ST_95_and_ST_R38_heritage_never_above_the_maximum():
    st = board()
    add_heritage(st, 0, "civil", 99, G.heritage_max)
    assert st["players"][0]["heritage"]["civil"] == G.heritage_max


def test_ST_100_101_unrest_above_the_maximum_costs_VP():
    st = board()
    set_player(st, 0, unrest=6, vp=5)
    add_unrest(st, 0, 3, 7)
    assert st["players"][0]["unrest"] == 7 and st["players"][0]["vp"] == 3


def test_ST_R11_VP_never_below_zero():
    st = board()
    set_player(st, 0, unrest=7, vp=1)
    add_unrest(st, 0, 3, 7)
    assert st["players"][0]["vp"] == 0 and st["players"][0]["vp_lost"] == 1


def test_taxes_use_caravans_on_the_board():
    st = board()
    caravan(st, "aegyptus", "libya", 0)
    from referee.games.sands_of_time.derived import trade_goods
    assert trade_goods(G, st, 0) == 1


def test_a_whole_game_from_the_start():
    st = started(2)
    while not st["game_over"]:
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    assert RULES.result(st)["reason"] == "end" and st["dynasties_scored"] == [1, 2, 3]


def test_standings_of_a_running_game_follow_ST_111():
    st = board()
    for s, vp in enumerate([4, 9, 9]):
        st["players"][s]["vp"] = vp
    out = RULES.standings(st)
    assert out["ranking"] == [1, 2, 0] and out["winners"] == [1, 2] and out["scores"] == [4, 9, 9]
    assert st["result"] is None
