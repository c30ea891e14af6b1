"""Bad input from the issue: each is refused with its rule id and changes nothing
(`Pos.refused` compares the state before and after)."""

from __future__ import annotations

from tests.games.khronos.positions import Pos
from tests.games.khronos.test_resolve import split_position

TERRAIN = ["PPPPPPPP", "PPPPPPPP", "PPPPPPPP", "RRRRRRRR", "PPPPPPPP", "PPPPPPPP", "PPPPPPPP", "PPPPPPPP"]


def test_wrong_phase_exchange_after_an_action():
    pos = Pos(phase="actions")
    e = pos.refused(0, {"type": "exchange_cards", "discard": pos.hand(0, "C")})
    assert e.rule == "K-11a"


def test_a_third_card_on_one_adventurer():
    pos = Pos()
    cards = pos.hand(0, "M", "M", "M")
    e = pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 3, "anchor": [0, 0],
                        "cards": cards, "adventurers": [0, 0, 0]})
    assert e.rule in ("K-1", "K-13")
    pos.st["players"][0]["cards_played"] = [2, 2]
    e = pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 1, "anchor": [0, 0],
                        "cards": cards[:1]})
    assert e.rule == "K-13"
    pos.st["players"][0]["cards_played"] = [2, 0]
    e = pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 1, "anchor": [0, 0],
                        "cards": cards[:1], "adventurers": [0]})
    assert e.rule == "K-13" and "2 cards" in e.message


def test_building_on_the_wrong_terrain():
    pos = Pos(terrain=TERRAIN)
    e = pos.refused(0, {"type": "build", "age": "might", "building": "religious", "rank": 2, "anchor": [2, 2],
                        "cards": pos.hand(0, "R", "R")})
    assert e.rule == "K-20.1"


def test_a_footprint_off_the_board():
    pos = Pos()
    e = pos.refused(0, {"type": "build", "age": "might", "building": "civil", "rank": 2, "anchor": [7, 3],
                        "cards": pos.hand(0, "C", "C", "C")})
    assert e.rule == "K-5"


def test_upgrading_another_players_building():
    pos = Pos()
    pos.put("might", "religious", 1, (2, 2), 1)
    e = pos.refused(0, {"type": "upgrade", "age": "might", "at": [2, 2], "rank": 2, "anchor": [2, 2],
                        "cards": pos.hand(0, "R")})
    assert e.rule == "K-15"


def test_an_option_not_offered_and_a_decision_that_is_not_yours():
    pos = split_position()
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": pos.hand(0, "M")[0]})
    assert pos.refused(0, {"type": "choose_reduction", "at": [5, 5]}, st).rule == "K-24"
    assert pos.refused(2, {"type": "choose_reduction", "at": [0, 2]}, st).rule == "K-9"
    assert pos.refused(0, {"type": "place_reduced", "anchor": [0, 0]}, st).rule == "K-9"
    st = pos.play(0, {"type": "choose_reduction", "at": [0, 2]}, st)
    assert st["pending"][0]["seat"] == 2
    assert pos.refused(0, {"type": "place_reduced", "anchor": [0, 2]}, st).rule == "K-9"
    assert pos.refused(2, {"type": "place_reduced", "anchor": [3, 3]}, st).rule == "K-24"


def test_moves_out_of_turn_unknown_moves_and_no_decision_pending():
    pos = Pos()
    assert pos.refused(1, {"type": "end_turn"}).rule == "K-8"
    assert pos.refused(0, {"type": "fly"}).rule == "K-9"
    assert pos.refused(0, {"type": "place_reduced", "anchor": [0, 0]}).rule == "K-9"
    assert pos.refused(0, {"type": "build", "age": "might", "building": "tower", "rank": 1, "anchor": [0, 0],
                           "cards": pos.hand(0, "M")}).rule == "K-14"
    assert pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 1, "anchor": "here",
                           "cards": ["M01"]}).rule == "K-5"


def test_errors_never_name_other_players_cards():
    pos = Pos()
    theirs = pos.hand(1, "M", "M")
    e = pos.refused(0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [0, 0],
                        "cards": theirs})
    assert e.rule == "K-14" and e.message.count("M") <= 2  # names only the cards the mover sent


def test_junk_moves_are_refused_never_crash():
    """Whatever a client sends, apply answers with IllegalMove (the service validates the schema
    first, but the rules do not rely on it); booleans never pass for numbers."""
    import random

    from referee.engine.contract import IllegalMove
    from referee.engine.rng import Rng

    pos = split_position()
    start = pos.sound()
    pending = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": pos.hand(0, "M")[0]})
    pick = random.Random(3)
    values = [None, 0, 1, 2, -1, 99, True, "x", "M01", "might", "reason", [], [0], [0, 0], [True, 0], [1, 2, 3],
              ["M01"], {}, [[0, 0]], ["C01", "C02"], [0, True]]
    fields = ["age", "building", "rank", "anchor", "at", "cards", "card", "adventurers", "adventurer", "to",
              "discard", "take", "give", "seat"]
    types = ["exchange_cards", "holdem_swap", "travel", "build", "upgrade", "demolish", "populate", "restore",
             "end_turn", "choose_reduction", "place_reduced", "choose_hamlet_keeper", "bogus"]
    for st in (start, pending):
        for _ in range(1500):
            move = {"type": pick.choice(types)}
            for f in pick.sample(fields, pick.randint(0, 5)):
                move[f] = pick.choice(values)
            try:
                after = pos.rules.apply(st, pick.randrange(3), move, Rng(b"junk", 2))
            except IllegalMove:
                continue
            assert pos.rules.check_state(after) == [], move
    assert pos.refused(0, {"type": "choose_reduction", "at": [False, False]}, pending).rule == "K-24"
