"""Setup [§3.0]: ST-1..ST-12 and the rulings ST-R1, ST-R21, ST-R22, ST-R44."""

from __future__ import annotations

from collections import Counter

from tests.games.sands_of_time.positions import (
    RULES,
    G,
    clear_board,
    control,
    fresh,
    play,
    refresh,
    rejected,
    rng,
    started,
)


def draft_until(st: dict, picks: int) -> dict:
    for _ in range(picks):
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    return st


def test_ST_1_tiles_by_player_count_on_the_regions_in_play():
    for seats in (2, 3, 4, 5):
        st = fresh(seats)
        in_play = [r for r in st["region_order"] if st["regions"][r]["in_play"]]
        assert len(in_play) == G.region_count[seats]
        used = sorted(st["regions"][r]["tile"] for r in in_play)
        assert used == sorted(G.tiles_for(seats))
        assert all(st["regions"][r]["tile"] is None for r in st["region_order"] if r not in in_play)


def test_ST_1_the_layout_is_a_chance_record():
    r = rng("layout", 1)
    RULES.setup(3, {}, r)
    labels = [x["label"] for x in r.records]
    assert labels[0] == "C1" and "C2" in labels and "C3" in labels


def test_ST_2_markers_start_at_start_and_space_1():
    st = fresh(3)
    assert st["generation_space"] == 0 and st["dynasty_space"] == G.dynasty_start == 1


def test_ST_3_player_tracks():
    for p in fresh(4)["players"]:
        assert (p["unrest"], p["vp"], p["grain"], p["gold"]) == (3, 0, 0, 0)
        assert p["heritage"] == {"civil": 0, "political": 0, "culture": 0}


def test_ST_4_building_supply_per_player_count():
    assert fresh(2)["building_supply"]["temple"] == 4
    assert fresh(3)["building_supply"]["temple"] == 5
    assert fresh(5)["building_supply"]["temple"] == 6
    assert fresh(5)["building_supply"]["city"] == "unlimited"


def test_ST_5_start_player_random_or_given():
    assert fresh(3, start=2)["start_player"] == 2
    starts = Counter(RULES.setup(4, {}, rng(f"s{i}", 1))["start_player"] for i in range(40))
    assert len(starts) > 1


def test_ST_6_snake_order_and_adjacent_picks():
    st = fresh(3, start=1)
    assert st["setup"]["order"] == [1, 2, 0, 0, 2, 1, 1, 2, 0]
    st = draft_until(st, 3)
    first = {s: [r for r in st["region_order"] if st["regions"][r]["controller"] == s][0] for s in range(3)}
    opts = [m["region"] for m in RULES.prompts(st)[0].choices]
    assert all(r in G.adj[first[0]] for r in opts)
    far = next(r for r in st["region_order"] if st["regions"][r]["in_play"] and r not in G.adj[first[0]]
               and st["regions"][r]["controller"] is None)
    rejected(st, 0, {"type": "setup_region", "region": far}, "ST-6")


def test_ST_R22_fallback_when_no_adjacent_region_is_empty():
    st = draft_until(fresh(3, start=0), 3)
    mine = [r for r in st["region_order"] if st["regions"][r]["controller"] == 2][0]
    for r in G.adj[mine]:
        if st["regions"][r]["in_play"] and st["regions"][r]["controller"] is None:
            control(st, r, 1, "province")
    refresh(st)
    opts = [m["region"] for m in RULES.prompts(st)[0].choices]
    assert RULES.prompts(st)[0].seat == 2 and opts
    assert all(st["regions"][r]["controller"] is None and st["regions"][r]["in_play"] for r in opts)


def test_ST_7_two_farmers_and_a_soldier_per_province():
    st = draft_until(fresh(2), 6)
    for r in st["region_order"]:
        reg = st["regions"][r]
        if reg["controller"] is not None:
            assert reg["citizens"] == {str(reg["controller"]): {"farmers": 2, "soldiers": 1}}


def test_ST_8_capital_replaces_the_province_marker():
    st = draft_until(fresh(2, start=0), 6)
    assert st["phase"] == "SETUP_CAPITAL"
    move = RULES.default_move(st, 0)
    out = play(st, 0, move)
    assert out["regions"][move["region"]]["control_type"] == "capital"
    assert out["players"][0]["capital_region"] == move["region"]
    assert out["players"][0]["supply"]["control_markers"] == G.pieces["control_markers"] - 2


def test_ST_9_first_caravan_from_the_capital_and_a_heritage_point():
    st = draft_until(fresh(2, start=0), 8)
    assert st["phase"] == "SETUP_CARAVAN"
    cap = st["players"][0]["capital_region"]
    move = next(m for m in RULES.prompts(st)[0].choices if m["heritage"] == "culture")
    out = play(st, 0, move)
    assert cap in move["border"] and out["caravans"][G.key(*move["border"])] == [0]
    assert out["players"][0]["heritage"]["culture"] == 1


def test_ST_R21_the_setup_caravan_gives_only_the_fixed_point():
    st = draft_until(fresh(2, start=0), 8)
    for m in RULES.prompts(st)[0].choices:
        out = play(st, 0, m)
        assert sum(out["players"][0]["heritage"].values()) == 1


def test_ST_R44_no_adjacent_own_province_means_no_caravan_but_heritage():
    st = draft_until(fresh(2, start=0), 8)
    cap = st["players"][0]["capital_region"]
    for r in st["region_order"]:
        if st["regions"][r]["controller"] == 0 and r != cap and r in G.adj[cap]:
            control(st, r, None)
            control(st, next(x for x in st["region_order"] if st["regions"][x]["in_play"] and x not in G.adj[cap]
                             and x != cap and st["regions"][x]["controller"] is None), 0, "province")
    refresh(st)
    choices = RULES.prompts(st)[0].choices
    assert all(m["border"] is None for m in choices)
    out = play(st, 0, {"type": "setup_caravan", "border": None, "heritage": "political"})
    assert out["players"][0]["heritage"]["political"] == 1 and out["players"][0]["supply"]["caravans"] == G.pieces["caravans"]


def test_ST_10_one_farmer_in_an_own_province():
    st = draft_until(fresh(2, start=0), 10)
    assert st["phase"] == "SETUP_FARMER"
    cap = st["players"][0]["capital_region"]
    out = play(st, 0, RULES.default_move(st, 0))
    assert out["regions"][cap]["citizens"]["0"]["farmers"] == 3


def test_ST_11_level_2_cards_dealt_and_stacks_shuffled():
    st = fresh(3)
    for cat in G.categories:
        rows = [r for r in G.rows if G.row_category(r) == cat]
        assert sorted(st["progress_rows"][r][1] for r in rows) == sorted(G.cards_by[(cat, 2)])
        for level in (3, 4):
            assert sorted(st["progress_stacks"][cat][str(level)]) == sorted(G.cards_by[(cat, level)])


def test_ST_R1_level_1_progresses_are_printed():
    st = fresh(3)
    for row in G.rows:
        assert st["progress_rows"][row][0] == G.level1[row]
        assert G.progress[G.level1[row]]["level"] == 1


def test_ST_12_a_first_progress_marker_then_income():
    st = draft_until(fresh(2, start=0), 12)
    assert st["phase"] == "SETUP_PROGRESS"
    st = play(st, 0, {"type": "setup_progress", "row": "culture_2"})
    assert st["players"][0]["progress_markers"] == {"culture_2": 1}
    st = play(st, 1, {"type": "setup_progress", "row": "civil_1"})
    assert st["phase"] == "SELECT" and st["turn_in_generation"] == 1
    assert st["players"][1]["grain"] >= 2  # ST-20 income, Agriculture +2


def test_started_positions_are_sound():
    for seats in (2, 3, 4, 5):
        st = started(seats)
        assert not RULES.check_state(st)
        clear_board(st)
        assert not RULES.check_state(st)


def test_ST_9_the_border_must_start_at_the_capital_either_order():
    st = draft_until(fresh(2, start=0), 8)
    cap = st["players"][0]["capital_region"]
    legal = RULES.prompts(st)[0].choices[0]
    other = legal["border"][1]
    out = play(st, 0, {"type": "setup_caravan", "border": [other, cap], "heritage": "civil"})
    assert out["caravans"][G.key(cap, other)] == [0]
    far = next(r for r in G.adj[other] if r != cap)
    rejected(st, 0, {"type": "setup_caravan", "border": [other, far], "heritage": "civil"}, "ST-9")
