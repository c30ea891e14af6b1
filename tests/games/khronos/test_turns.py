"""The turn (K-8..K-13, K-21, K-42; Rulings K-R5, K-R14, K-R15) and the Hold'em swap."""

from __future__ import annotations

from referee.engine.rng import Rng
from tests.games.khronos.positions import Pos

END = {"type": "end_turn"}


def test_K_8_seats_take_turns_in_order_and_rounds_advance_after_the_last_seat():
    pos = Pos(seats=3, phase="exchange")
    pos.st["start_seat"] = 1
    pos.st["active_seat"] = 1
    st = pos.play(1, END)
    assert (st["round"], st["active_seat"]) == (1, 2)
    assert pos.refused(1, END, st).rule == "K-8"
    st = pos.play(2, END, st)
    assert (st["round"], st["active_seat"]) == (1, 0)
    st = pos.play(0, END, st)
    assert (st["round"], st["active_seat"], st["phase"]) == (2, 1, "exchange")


def test_K_9_K_10_turn_opens_in_exchange_and_counters_reset():
    pos = Pos(phase="actions")
    pos.st["players"][1].update(cards_played=[2, 1], exchanged=True, holdem_swapped=True)
    st = pos.play(0, END)
    p = st["players"][1]
    assert st["phase"] == "exchange" and p["cards_played"] == [0, 0]
    assert p["exchanged"] is False and p["holdem_swapped"] is False


def test_K_11a_exchange_costs_two_coins_once_per_turn_only_in_phase_one():
    pos = Pos(phase="exchange", coins=5)
    cards = pos.hand(0, "M", "M", "C", "R")
    st = pos.play(0, {"type": "exchange_cards", "discard": cards[:2]})
    p = st["players"][0]
    assert p["coins"] == 3 and len(p["hand"]) == 4 and p["hand"][:2] == cards[2:] and st["discard"] == cards[:2]
    assert p["exchanged"] and st["phase"] == "exchange"
    assert pos.refused(0, {"type": "exchange_cards", "discard": p["hand"][:1]}, st).rule == "K-11a"
    poor = Pos(phase="exchange", coins=1)
    c = poor.hand(0, "C")
    assert poor.refused(0, {"type": "exchange_cards", "discard": c}).rule == "K-11a"
    late = Pos(phase="actions")
    c = late.hand(0, "C")
    assert late.refused(0, {"type": "exchange_cards", "discard": c}).rule == "K-11a"


def test_K_11a_the_draw_is_a_private_chance_record_with_a_public_count():
    pos = Pos(phase="exchange")
    cards = pos.hand(0, "M", "M", "C", "R")
    rng = Rng(b"x", 2)
    st = pos.rules.apply(pos.sound(), 0, {"type": "exchange_cards", "discard": cards[:3]}, rng)
    [rec] = rng.records
    assert rec["label"] == "exchange_draw" and rec["visible_to"] == [0] and rec["public"] == {"count": 3, "seat": 0}
    assert rec["value"] == st["players"][0]["hand"][1:]


def test_K_11b_holdem_swap_takes_cards_of_one_colour_and_gives_as_many():
    pos = Pos(phase="exchange", holdem=True)
    display = list(pos.st["display"])
    hand = pos.hand(0, "M", "M", "R", "R")
    civil = display[0]
    st = pos.play(0, {"type": "holdem_swap", "take": [civil], "give": [hand[0]]})
    assert civil in st["players"][0]["hand"] and hand[0] in st["display"] and len(st["display"]) == 3
    assert st["players"][0]["holdem_swapped"] and st["phase"] == "exchange"
    assert pos.refused(0, {"type": "holdem_swap", "take": [display[1]], "give": [hand[1]]}, st).rule == "K-11b"
    # several of one colour, before the exchange, and the exchange after it stays legal
    st = pos.play(0, {"type": "exchange_cards", "discard": [hand[1]]}, st)
    assert st["players"][0]["exchanged"]
    assert pos.refused(0, {"type": "holdem_swap", "take": display[:2], "give": hand[2:]}).rule == "K-11b"
    assert pos.refused(0, {"type": "holdem_swap", "take": display[:1], "give": hand[2:]}).rule == "K-11b"
    plain = Pos(phase="exchange")
    assert plain.refused(0, {"type": "holdem_swap", "take": ["C01"], "give": plain.hand(0, "M")}).rule == "K-11b"


def test_K_11_any_phase_two_move_ends_phase_one():
    pos = Pos(phase="exchange", holdem=True)
    hand = pos.hand(0, "M", "M")
    st = pos.play(0, {"type": "travel", "adventurer": 0, "to": "faith"})
    assert st["phase"] == "actions"
    assert pos.refused(0, {"type": "exchange_cards", "discard": hand[:1]}, st).rule == "K-11a"
    assert pos.refused(0, {"type": "holdem_swap", "take": st["display"][2:], "give": hand[:1]}, st).rule == "K-11b"


def test_K_12_travel_costs_a_coin_to_another_age():
    pos = Pos(coins=1)
    st = pos.play(0, {"type": "travel", "adventurer": 1, "to": "reason"})
    assert st["players"][0]["adventurers"] == ["might", "reason"] and st["players"][0]["coins"] == 0
    assert pos.refused(0, {"type": "travel", "adventurer": 0, "to": "faith"}, st).rule == "K-12"
    assert pos.refused(0, {"type": "travel", "adventurer": 0, "to": "might"}).rule == "K-12"
    assert pos.refused(0, {"type": "travel", "adventurer": 2, "to": "faith"}).rule == "K-12"


def test_K_21_K_R5_refill_discards_the_whole_hand_and_draws_four():
    pos = Pos()
    kept = pos.hand(0, "M", "C")
    top = pos.st["deck"][:4]
    st = pos.play(0, END)
    assert st["players"][0]["hand"] == top and st["discard"] == kept


def test_K_42_empty_deck_reshuffles_the_discard_pile_and_K_R14_draws_what_there_is():
    pos = Pos()
    pos.hand(1, *pos.st["deck"][:4])
    rest = pos.st["deck"][:]
    pos.st["deck"] = rest[:2]
    pos.st["discard"] = rest[2:]
    rng = Rng(b"r", 3)
    st = pos.rules.apply(pos.sound(), 0, END, rng)
    assert len(st["players"][0]["hand"]) == 4
    assert [r["label"] for r in rng.records] == ["reshuffle", "refill_draw"]
    assert rng.records[0]["visible_to"] == [] and rng.records[0]["public"] == {"count": len(rest) - 2}


def test_K_R14_a_draw_with_deck_and_discard_empty_stays_short():
    from referee.games.khronos.cards import draw
    st = {"deck": ["M01"], "discard": [], "players": [{"hand": []}]}
    rng = Rng(b"r", 3)
    assert draw(st, 0, 4, rng, "refill_draw") == ["M01"]
    assert st["players"][0]["hand"] == ["M01"] and rng.records[0]["public"] == {"count": 1, "seat": 0}
