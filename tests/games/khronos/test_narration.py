"""Khronos narration (issue 20): each line names the places, cards, coins and outcome; the
rules' own consequences (time shadows, paradox removals, reductions, income, refill, taxes, the
next turn) get lines of their own; nothing the viewer may not see is named."""

from __future__ import annotations

from tests.games.khronos.positions import Pos

NAMES = ["Ada", "Ben", "Cy"]


def _say(pos: Pos, seat: int, move: dict, viewer: int | None = 0, st: dict | None = None) -> tuple[str, dict]:
    before_state = pos.sound() if st is None else st
    after_state = pos.play(seat, move, before_state)
    event = {"seq": 5, "type": "move", "seat": seat, "payload": {"move": move, "chance": []}}
    text = pos.rules.narrate(event, NAMES, pos.rules.view(before_state, viewer), pos.rules.view(after_state, viewer))
    return text, after_state


def test_K_14_a_build_names_the_building_place_cards_income_and_its_time_shadows():
    pos = Pos(seats=3)
    cards = pos.hand(0, "M", "M")
    text, _ = _say(pos, 0, {"type": "build", "age": "might", "building": "military", "rank": 2, "anchor": [1, 1],
                            "cards": cards})
    lines = text.splitlines()
    assert lines[0] == f"Ada built a castle in Might at row 1, column 1 with {cards[0]}, {cards[1]}."
    assert "Time shadow: a castle appeared in Faith at row 1, column 1 (Ada's)." in lines
    assert "Time shadow: a ruined castle appeared in Reason at row 1, column 1." in lines
    assert "Ada earned 1 coin of income in Might." in lines


def test_K_12_travel_names_both_ages_and_the_cost_and_K_R24_hides_it_from_others():
    pos = Pos(seats=3, coins_public=False)
    text, _ = _say(pos, 0, {"type": "travel", "adventurer": 1, "to": "reason"})
    assert text == "Ada sent adventurer 2 from Might to Reason for 1 coin."  # people count adventurers from 1
    text, _ = _say(pos, 0, {"type": "travel", "adventurer": 1, "to": "reason"}, viewer=1)
    assert text == "Ada sent adventurer 2 from Might to Reason."


def test_K_16_a_demolition_names_the_owner_and_the_rank_rule_decision_that_follows():
    from tests.games.khronos.test_resolve import split_position
    pos = split_position()
    card = pos.hand(0, "M")[0]
    text, st = _say(pos, 0, {"type": "demolish", "age": "might", "at": [2, 1], "card": card})
    lines = text.splitlines()
    assert lines[0] == f"Ada demolished Ada's watchtower at row 2, column 1 in Might with {card} and 1 coin."
    assert lines[-1] == "Ada must choose which building is reduced (in Might)."
    text, st = _say(pos, 0, {"type": "choose_reduction", "at": [0, 0]}, st=st)
    assert text.splitlines()[0] == "Ada chose to reduce Ben's castle at row 0, column 0 in Might."
    text, st = _say(pos, 1, {"type": "place_reduced", "anchor": [1, 1]}, st=st)
    lines = text.splitlines()
    assert lines[0] == "Ben placed the reduced building with its north-west corner at row 1, column 1."
    assert "In Might, Ben's castle at row 0, column 0 was reduced to a watchtower at row 1, column 1." in lines
    assert any(line.startswith("In Faith, Ben's castle at row 0, column 0 was removed") for line in lines)


def test_K_21_K_25_end_of_turn_lines_refill_taxes_and_the_next_turn():
    pos = Pos(seats=3, round=4, coins_public=False)
    pos.put("might", "military", 1, (0, 0), owner=0)
    pos.put("might", "civil", 2, (0, 1))
    text, _ = _say(pos, 0, {"type": "end_turn"})
    lines = text.splitlines()
    assert lines[0] == "Ada ended the turn."
    assert lines[1].startswith("Ada discarded the rest of the hand and drew")
    assert "Ada collected taxes: Might 3 (3 coins)." in lines
    assert lines[-1] == "Ben's turn."
    hidden, _ = _say(pos, 0, {"type": "end_turn"}, viewer=1)
    assert "Ada collected taxes (amount hidden)." in hidden.splitlines() and "3 coins" not in hidden


def test_K_17_K_18_populate_and_restore_name_the_building_and_the_result():
    pos = Pos(seats=2, hamlets=[[4, 4]])
    pos.advs(0, "reason", "reason")
    cards = pos.hand(0, "C")
    text, _ = _say(pos, 0, {"type": "populate", "at": [4, 4], "cards": cards})
    assert text == f"Ada put 1 cube on the printed hamlet at row 4, column 4 in Reason with {cards[0]}."
    pos.put("reason", "military", 3, (0, 0), ruin=True)
    m = pos.hand(0, "M")
    text, _ = _say(pos, 0, {"type": "restore", "at": [1, 1], "cards": m})
    assert text.splitlines() == [f"Ada worked on the ruined fortress at row 1, column 1 in Reason with {m[0]}.",
                                 "It is half restored; Ada's cube marks it."]


def test_without_views_the_sentence_still_names_the_move():
    pos = Pos()
    event = {"seq": 3, "type": "timeout", "seat": 1, "payload": {"move": {"type": "end_turn"}}}
    assert pos.rules.narrate(event, NAMES).startswith("Ben ran out of time; the referee ended the turn for them.")
