"""Setup: B-8…B-11 and the chance records C-1, C-2, C-3 (with Rulings B-R1…B-R3)."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.engine.rng import Rng
from tests.games.babel.builder import CFG, PEOPLES, RULES, labels


def _setup(options: dict | None = None, seed: bytes = b"setup") -> tuple[dict, list[dict]]:
    r = Rng(seed, 1)
    state = RULES.setup(2, options or {}, r)
    assert RULES.check_state(state) == []
    return state, r.records


def test_B_8_first_seat_option_names_the_start_player():
    for seat in (0, 1):
        state, records = _setup({"first_seat": seat})
        assert state["start_seat"] == seat and state["active"] == seat and state["turn"] == 1
        assert "C-1" not in labels(records)


def test_C_1_start_seat_drawn_in_public_when_option_absent():
    starts = set()
    for i in range(16):
        state, records = _setup(seed=b"c1-%d" % i)
        (c1,) = [r for r in records if r["label"] == "C-1"]
        assert c1["visible_to"] == "all" and c1["value"] == state["start_seat"] and c1["n"] == 2
        starts.add(state["start_seat"])
    assert starts == {0, 1}  # B-R1: either seat can start


def test_B_R1_setup_rejects_invalid_options_and_seat_counts():
    for bad in ({"first_seat": 2}, {"first_seat": True}, {"variant": "x"}):
        with pytest.raises(ValueError):
            RULES.setup(2, bad, Rng(b"x", 1))
    with pytest.raises(ValueError):
        RULES.setup(3, {}, Rng(b"x", 1))


def test_B_9_start_player_gets_first_five_then_other_five_rest_is_draw_pile():
    state, records = _setup({"first_seat": 1})
    (deck,) = [r["value"] for r in records if r["label"] == "C-2" and r["kind"] == "shuffle"]
    assert Counter(deck) == Counter(CFG.people_deck()) and len(deck) == CFG.people_total
    n = CFG.starting_hand
    turn1 = deck[2 * n:2 * n + CFG.people_draw]  # B-11: turn 1 begins with its people draw
    assert state["players"][1]["hand"] == {p: (deck[:n] + turn1).count(p) for p in PEOPLES}
    assert state["players"][0]["hand"] == {p: deck[n:2 * n].count(p) for p in PEOPLES}
    assert state["people_draw"] == deck[2 * n + CFG.people_draw:]
    assert state["people_discard"] == []


def test_B_R2_five_cards_each_whoever_starts():
    state, records = _setup({"first_seat": 0})
    deals = [r for r in records if r["label"] == "C-2" and r["kind"] == "note"]
    assert [len(d["value"]) for d in deals] == [CFG.starting_hand, CFG.starting_hand]
    assert sum(state["players"][1]["hand"].values()) == CFG.starting_hand


def test_C_2_shuffle_hidden_and_each_deal_visible_to_its_owner():
    state, records = _setup({"first_seat": 1})
    shuffle, deal_start, deal_other = [r for r in records if r["label"] == "C-2"]
    assert shuffle["kind"] == "shuffle" and shuffle["visible_to"] == []
    assert deal_start["visible_to"] == [1] and deal_other["visible_to"] == [0]
    assert deal_start["value"] == shuffle["value"][:5] and deal_other["value"] == shuffle["value"][5:10]


def test_B_10_B_R3_start_cards_aside_and_supply_of_43_shuffled():
    state, records = _setup()
    assert all(p["start_card"] for p in state["players"])
    assert Counter(state["temple_supply"]) == Counter(CFG.supply_deck())
    assert len(state["temple_supply"]) == 43 and state["temple_supply_known"] == 0  # B-R3
    assert state["yards"] == [[], []]


def test_C_3_supply_shuffle_is_hidden():
    state, records = _setup()
    (c3,) = [r for r in records if r["label"] == "C-3"]
    assert c3["kind"] == "shuffle" and c3["visible_to"] == [] and c3["value"] == state["temple_supply"]


def test_B_11_pawns_off_board_empty_board_and_turn_one_draw():
    state, records = _setup({"first_seat": 0})
    for p in state["players"]:
        assert p["pawn"] is None
        assert all(c == [] for c in p["columns"].values()) and all(s == [] for s in p["sites"].values())
    assert state["phase"] == "actions" and state["pending"] is None and state["mode"] == "normal"
    assert not state["migrated_this_turn"] and state["result"] is None
    assert labels(records) == ["C-2", "C-2", "C-2", "C-3", "C-4"]
    assert records[-1]["visible_to"] == [0] and len(records[-1]["value"]) == CFG.people_draw
    assert sum(state["players"][0]["hand"].values()) == CFG.starting_hand + CFG.people_draw


def test_setup_is_deterministic_for_a_seed():
    assert _setup(seed=b"same") == _setup(seed=b"same")
