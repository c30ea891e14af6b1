"""Setup and the starting-hand draft (RULES.md section 3)."""

from __future__ import annotations

from referee.engine.rng import Rng
from referee.games.gentes.setup import draft_order
from tests.games.gentes.positions import RULES, TRULES, drafted, fresh, play, rejected, valid


def test_G_1_tiles_and_bonus_tiles_above_the_player_count_are_removed():
    for seats in (2, 3, 4):
        st = RULES.setup(seats, {}, Rng(b"s" * 32, 1))
        want = [t["id"] for t in RULES.components["action_tiles"] if t["min_players"] <= seats]
        assert st["tiles_on_board"] == want
        assert all(len(stack) == seats for stack in st["bonus_stacks"].values())
        assert st["bonus_stacks"]["population18"][0] == 8
    assert "PH7" not in RULES.setup(3, {}, Rng(b"s" * 32, 1))["tiles_on_board"]


def test_G_2_chance_records_decks_secret_meeples_and_start_player_public():
    r = Rng(b"c" * 32, 1)
    st = RULES.setup(3, {}, r)
    labels = {rec["label"]: rec for rec in r.records}
    assert labels["start_player"]["visible_to"] == "all" and labels["start_player"]["value"] == st["start_player"]
    for e in ("1", "2", "3"):
        rec = labels[f"deck_{e}"]
        assert rec["visible_to"] == [] and rec["public"] == {"count": 18}
    assert labels["meeples"]["visible_to"] == "all" and labels["meeples"]["value"] == st["training_queue"]
    assert sorted(st["training_queue"]) == sorted(RULES.data.professions)
    assert labels["draft_pool"]["value"]["cards"] == st["draft_pool"]


def test_G_3_players_start_with_coins_cities_population_track_and_nothing_else():
    st = fresh(4)
    for p in st["players"]:
        assert p["coins"] == 20 and p["cities_in_supply"] == 6 and p["vp"] == 0
        assert set(p["pop"].values()) == {0} and p["cubes"] == {"eye": 0, "temple": 0}
        assert p["track"] == ["hg1"] + ["empty"] * 6 + ["locked"] * 3
    valid(st)


def test_G_4_snake_draft_from_the_last_seat_back_then_forwards_leftover_reshuffled():
    assert draft_order(3, 1, 2) == [0, 2, 1, 1, 2, 0]
    st = fresh(3, start=1)
    assert len(st["draft_pool"]) == 7 and st["turn_seat"] == 0
    rejected(st, 1, {"type": "draft_pick", "card": st["draft_pool"][0]}, "G-4")
    rejected(st, 0, {"type": "draft_pick", "card": "II-01"}, "G-4")
    order = []
    r = None
    while st["phase"] == "draft":
        order.append(st["turn_seat"])
        seat = st["turn_seat"]
        r = Rng(b"d" * 32, 5)
        st = TRULES.apply(st, seat, TRULES.default_move(st, seat), r)
    assert order == [0, 2, 1, 1, 2, 0]
    assert all(len(p["hand"]) == 2 for p in st["players"])
    assert st["draft_pool"] == [] and any(rec["label"] == "deck_1" and rec["visible_to"] == [] for rec in r.records)
    valid(st)


def test_G_5_display_dealt_round_one_and_the_start_player_begins():
    st = drafted(3, start=2)
    assert st["phase"] == "heyday" and st["round"] == 1 and st["turn_seat"] == 2
    assert all(c is not None and c["card"].startswith("I-") for c in st["display"])
    assert len(st["display"]) == 8


def test_G_R15_start_position_single_hourglass_on_space_one_locks_at_the_end():
    st = fresh(2)
    assert st["players"][0]["track"][0] == "hg1" and st["players"][0]["track"][-3:] == ["locked"] * 3


def test_G_R23_two_cards_each_from_a_pool_of_2N_plus_1():
    for seats in (2, 4):
        st = fresh(seats)
        assert len(st["draft_pool"]) == 2 * seats + 1
        st = drafted(seats)
        assert [len(p["hand"]) for p in st["players"]] == [2] * seats
        valid(st)
    st = fresh(2)
    st = play(st, st["turn_seat"], {"type": "draft_pick", "card": st["draft_pool"][3]})
    assert st["draft_pool"][3] is None
