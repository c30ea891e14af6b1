"""Setup (RULES.md §4), options, chance records (§10.1, §12) and the start of the turn order."""

from __future__ import annotations

import pytest

from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.khronos.rules import GameRules

RULES = GameRules()


def _setup(seats: int, **options):
    rng = Rng(b"setup-seed", 1)
    return RULES.setup(seats, options, rng), rng.records


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_deals_four_cards_four_coins_and_places_adventurers_in_might(seats):
    st, _ = _setup(seats)
    assert check("games/khronos/state.json", st) == [] and RULES.check_state(st) == []
    for p in st["players"]:
        assert len(p["hand"]) == 4 and p["coins"] == 4 and p["adventurers"] == ["might", "might"]
    assert len(st["deck"]) == 55 - 4 * seats and st["display"] == []
    assert st["round"] == 1 and st["phase"] == "exchange" and st["active_seat"] == st["start_seat"]
    assert all(not b["tiles"] for b in st["boards"].values())
    assert st["supply"] == {k.id: k.tiles for k in RULES.data.kinds.values()}


def test_setup_records_a_hidden_shuffle_a_public_start_seat_and_private_deals():
    st, records = _setup(3)
    labels = [r["label"] for r in records]
    assert labels == ["shuffle", "start_seat", "deal", "deal", "deal"]
    shuffle = records[0]
    assert shuffle["visible_to"] == [] and shuffle["public"] == {"count": 55}
    assert records[1]["visible_to"] == "all" and records[1]["value"] == st["start_seat"]
    order = [(st["start_seat"] + i) % 3 for i in range(3)]
    for seat, rec in zip(order, records[2:]):
        assert rec["visible_to"] == [seat] and rec["public"] == {"count": 4, "seat": seat}
        assert rec["value"] == st["players"][seat]["hand"]


def test_K_R15_holdem_display_is_the_first_card_of_each_colour_from_the_top():
    rng = Rng(b"setup-seed", 1)
    shuffled = Rng(b"setup-seed", 1).shuffle(list(RULES.data.cards), label="shuffle")
    st = RULES.setup(2, {"holdem": True}, rng)
    firsts = [next(c for c in shuffled if c[0] == colour) for colour in "CRM"]
    assert st["display"] == firsts
    rest = [c for c in shuffled if c not in firsts]
    dealt = st["players"][st["start_seat"]]["hand"] + st["players"][1 - st["start_seat"]]["hand"]
    assert rest[:8] == dealt and st["deck"] == rest[8:]
    assert RULES.check_state(st) == []


def test_options_are_checked():
    with pytest.raises(ValueError):
        RULES.setup(2, {"bogus": True}, Rng(b"s", 1))
    with pytest.raises(ValueError):
        RULES.setup(2, {"holdem": "yes"}, Rng(b"s", 1))
    with pytest.raises(ValueError):
        RULES.setup(6, {}, Rng(b"s", 1))
    assert check("games/khronos/options.json", {"holdem": True, "coins_public": False}) == []
    assert check("games/khronos/options.json", {"colour": "red"})
    assert RULES.setup(3, {"players": 3}, Rng(b"s", 1))["options"] == {"holdem": False, "coins_public": True}
    with pytest.raises(ValueError):
        RULES.setup(3, {"players": 4}, Rng(b"s", 1))


def test_start_seat_is_uniform_over_seats():
    seen = {RULES.setup(4, {}, Rng(bytes([i]) * 8, 1))["start_seat"] for i in range(40)}
    assert seen == {0, 1, 2, 3}


def test_first_seat_option_sets_the_start_seat_without_a_draw():
    """The start-seat option every game shares (README, "Shared vocabulary")."""
    st, records = _setup(3, first_seat=2)
    assert st["start_seat"] == st["active_seat"] == 2
    assert "start_seat" not in [r["label"] for r in records]
    drawn, records = _setup(3)
    assert "start_seat" in [r["label"] for r in records]
    with pytest.raises(ValueError):
        _setup(3, first_seat=3)
    assert not check("games/khronos/options.json", {"first_seat": 2})
