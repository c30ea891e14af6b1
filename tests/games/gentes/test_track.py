"""The time track (RULES.md 4.2) and its Decline handling."""

from __future__ import annotations

from referee.games.gentes import track as T
from tests.games.gentes.positions import end_heyday, heyday, play, rejected, track, valid


def test_G_9_cells_and_the_count_of_empty_cells():
    st = heyday()
    t = st["players"][0]["track"]
    assert t.count("empty") == 6 and t[-3:] == ["locked"] * 3
    valid(st)


def test_G_10_the_tile_goes_into_the_leftmost_empty_cell():
    st = heyday(p0={"track": track("hg1", "empty", "hg2")})
    st = play(st, 0, {"type": "take_tile", "tile": "LD", "params": {}})
    assert st["players"][0]["track"][:3] == ["hg1", "tile:LD", "hg2"]


def test_G_11_doubles_first_then_singles_each_leftmost():
    t = ["empty"] * 5
    T.place_hourglasses(t, 3, 1)
    assert t == ["hg2", "hg1", "empty", "empty", "empty"]
    st = heyday()
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 1, "doubles": 1}, "G-11")
    st = play(st, 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 1})
    assert st["players"][0]["track"][:3] == ["hg1", "hg2", "empty"]


def test_G_12_a_tile_with_hourglasses_needs_room_for_both():
    st = heyday(p0={"track": track("hg1", "hg1", "hg1", "hg1", "hg1", "hg1")})
    # one empty cell: PH1 (tile + 2 hourglasses) needs 3 cells, or 2 with a double
    rejected(st, 0, {"type": "take_tile", "tile": "PH1", "doubles": 1, "params": {"train": ["priest"]}}, "G-12")
    rejected(st, 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 0}, "G-12")
    st2 = play(st, 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 1})
    assert st2["players"][0]["track"][6] == "hg2"
    st3 = play(st, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["priest"]}})
    assert st3["players"][0]["track"][6] == "tile:PH4"


def test_G_13_unlock_turns_the_leftmost_lock_into_an_empty_cell():
    t = ["empty", "locked", "locked"]
    T.unlock(t)
    assert t == ["empty", "empty", "locked"]
    T.unlock(t, 5)
    assert t == ["empty"] * 3


def test_G_R3_hourglasses_only_go_into_empty_cells_and_the_mover_only_chooses_doubles():
    st = heyday(p0={"track": track("hg1", "tile:X", "empty")})
    st["players"][0]["track"][1] = "hg2"
    st = play(st, 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 0})
    assert st["players"][0]["track"][:5] == ["hg1", "hg2", "hg1", "hg1", "empty"]


def test_G_R4_hand_limit_hourglasses_are_placed_without_asking():
    st = heyday(p0={"track": ["hg1"] * 7 + ["locked"] * 3})
    from tests.games.gentes.positions import give
    give(st, 0, "I-01", "I-02", "I-03")  # 5 cards in hand, limit 3
    st = end_heyday(st, 0)
    # the decline shift leaves 7 singles... minus one each -> empty, then +2 hand-limit singles
    assert st["phase"] in ("heyday", "decline")
    assert st["players"][0]["track"][:3] == ["hg1", "hg1", "empty"]


def test_G_R9_hourglass_symbols_are_counted_a_double_counts_two():
    assert T.symbols(["hg2", "hg1", "tile:PH1", "empty", "locked"]) == 3
