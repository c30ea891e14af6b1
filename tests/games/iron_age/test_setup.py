"""Setup: IA-S1..IA-S5, decision D0 and the start_player chance event."""

from __future__ import annotations

import pytest

from referee.engine.contract import IllegalMove
from tests.games.iron_age.positions import RULES, assert_valid, fresh, play, rng


def choose_all(st: dict, choice: str = "port") -> dict:
    while st["phase"] == "setup":
        st = play(st, st["active_seat"], {"type": "initial_choice", "choice": choice})
    return st


def test_IA_S1_start_player_from_options_is_flagged():
    r = rng("s1", 1)
    st = RULES.setup(3, {"start_player": 2}, r)
    assert [p["start_player"] for p in st["players"]] == [False, False, True]
    assert st["active_seat"] == 2
    assert r.records == []  # configured: no draw


def test_IA_S1_first_seat_is_the_shared_name_of_the_start_option():
    """`first_seat` (every game's start-seat option) and its older name set up the same game;
    both at once are refused, here and by the published options schema."""
    from referee.engine.schemas import check

    assert RULES.setup(3, {"first_seat": 2}, rng("s1", 1)) == RULES.setup(3, {"start_player": 2}, rng("s1", 1))
    with pytest.raises(ValueError):
        RULES.setup(3, {"first_seat": 2, "start_player": 2}, rng("s1", 1))
    assert check("games/iron_age/options.json", {"first_seat": 2, "start_player": 2})
    assert not check("games/iron_age/options.json", {"first_seat": 2})


def test_IA_S1_chance_start_player_is_drawn_and_logged():
    seen = set()
    for k in range(40):
        r = rng(f"draw{k}", 1)
        st = RULES.setup(4, {}, r)
        assert r.records == [{"label": "start_player", "kind": "below", "n": 4,
                              "value": st["active_seat"], "visible_to": "all"}]
        assert st["players"][st["active_seat"]]["start_player"]
        seen.add(st["active_seat"])
    assert seen == {0, 1, 2, 3}


def test_IA_S2_players_start_with_track_values_and_prebuilt_columns():
    st = fresh(2)
    for p in st["players"]:
        assert (p["food"], p["goods"], p["military"], p["ships"], p["wealth"]) == (3, 1, 1, 0, 0)
        assert (p["tribute"], p["conquest_boxes_filled"], p["skulls"]) == (0, 1, 0)
        assert p["developments"] == [] and p["initial_choice"] is None
        assert [c["complete"] for c in p["ports"]] == [True] + [False] * 5
        assert [c["complete"] for c in p["provinces"]] == [True] + [False] * 5
        assert p["ports_owned"] == p["provinces_owned"] == 1
        assert all(not m["complete"] and m["boxes_filled"] == 0 for m in p["monuments"].values())


def test_IA_S3_port_choice_completes_port_column_2_for_free():
    st = play(fresh(2), 0, {"type": "initial_choice", "choice": "port"})
    p = st["players"][0]
    assert p["initial_choice"] == "port"
    assert p["ports"][1] == {"column": 2, "boxes_filled": 1, "amphoras_filled": 2, "complete": True}
    assert p["ports_owned"] == 2
    assert (p["food"], p["goods"], p["military"]) == (3, 1, 1)  # nothing spent


def test_IA_S3_province_choice_gives_military_3_and_tribute_1():
    st = play(fresh(2), 0, {"type": "initial_choice", "choice": "province"})
    p = st["players"][0]
    assert p["provinces"][1] == {"column": 2, "boxes_filled": 2, "complete": True}
    assert (p["provinces_owned"], p["military"], p["tribute"]) == (2, 3, 1)


def test_IA_S3_choices_go_clockwise_from_the_start_player():
    st = RULES.setup(3, {"start_player": 2}, rng("cw", 1))
    order = []
    while st["phase"] == "setup":
        order.append(st["active_seat"])
        with pytest.raises(IllegalMove) as e:  # nobody else may choose now
            RULES.apply(st, (st["active_seat"] + 1) % 3, {"type": "initial_choice", "choice": "port"}, rng())
        assert e.value.rule == "IA-S3"
        st = play(st, st["active_seat"], {"type": "initial_choice", "choice": "port"})
    assert order == [2, 0, 1]


def test_IA_S4_round_1_starts_with_the_start_player_rolling_two_dice():
    st = choose_all(RULES.setup(3, {"start_player": 1}, rng("s4", 1)), "province")
    assert (st["round"], st["active_seat"], st["phase"]) == (1, 1, "roll")
    assert st["turn"]["dice_count"] == 2 and st["turn"]["rolls_used"] == 1


def test_IA_S5_options_length_and_solo():
    assert fresh(2, length="long")["config"] == {"players": [0, 1], "length": "long", "solo": False}
    solo = RULES.setup(1, {"solo": True}, rng("solo", 1))
    assert solo["config"]["solo"] is True and solo["config"]["length"] == "short"
    with pytest.raises(ValueError):
        RULES.setup(2, {"solo": True}, rng())
    with pytest.raises(ValueError):
        RULES.setup(1, {"solo": False}, rng())
    for bad in ({"length": "medium"}, {"start_player": 3}, {"colour": "red"}, {"start_player": "0"}):
        with pytest.raises(ValueError):
            RULES.setup(2, bad, rng())
    for seats in (0, 5):
        with pytest.raises(ValueError):
            RULES.setup(seats, {}, rng())


def test_D0_prompt_lists_port_and_province_with_port_default():
    st = fresh(2)
    (prompt,) = RULES.prompts(st)
    assert (prompt.seat, prompt.kind) == (0, "initial_choice")
    assert prompt.default == {"type": "initial_choice", "choice": "port"} == RULES.default_move(st, 0)
    assert prompt.choices == [prompt.default, {"type": "initial_choice", "choice": "province"}]
    assert st["pending_decisions"] == [{"decision": "D0", "seat": 0, "legal_summary": "choose port or province"}]
    assert_valid(st)


def test_D0_bad_choice_is_rejected():
    st = fresh(2)
    with pytest.raises(IllegalMove) as e:
        RULES.apply(st, 0, {"type": "initial_choice", "choice": "monument"}, rng())
    assert e.value.rule == "IA-S3"
    with pytest.raises(IllegalMove) as e:
        RULES.apply(st, 0, {"type": "stop_rolling"}, rng())
    assert e.value.rule == "IA-S3"


def test_IA_R25_start_player_is_configured_or_drawn_by_the_referee():
    drawn = rng("r25", 1)
    a = RULES.setup(3, {}, drawn)
    again = RULES.setup(3, {}, rng("r25", 1))
    assert a == again  # the same seed and event draw the same start player
    assert drawn.records[0]["label"] == "start_player"
