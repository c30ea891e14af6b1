"""The Gentes history (issue 20): every line names the tiles, cards, places and amounts with the
outcome, automatic steps on lines of their own, and nothing a viewer may not see."""

from __future__ import annotations

import random

from referee.engine.replay import advance, initial
from tests.games.gentes.policy import move_gen
from tests.games.gentes.positions import TRULES, city, end_heyday, full, give, heyday, play, valid
from tests.games.gentes.test_steps import RULES, hand

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


def told(st, seat, move, viewer=None, rules=TRULES, names=NAMES):
    after = play(st, seat, move, rules)
    event = {"seq": 5, "type": "move", "seat": seat, "payload": {"move": rules.redact(after, move, seat, viewer)}}
    return rules.narrate(event, names[: len(st["players"])], rules.view(st, viewer), rules.view(after, viewer)), after


def test_G_35_the_tax_collector_says_how_many_coins():
    line, _ = told(heyday(), 0, {"type": "tax_collector", "hourglasses": 2, "doubles": 1})
    assert line == "Ann used the tax collector: 2 hourglasses (as a double) for 8 coins: +8 coins."


def test_G_28_a_build_names_the_space_region_and_each_activated_bonus():
    st = heyday()
    city(st, 0, "Y1")
    line, _ = told(valid(st), 0, {"type": "take_tile", "tile": "NV2", "doubles": 0, "params": {"space": "Y4"}})
    assert line.startswith("Ann took NV2 (Navigator: 4 coins, 1 hourglass) and built a city on Y4 (yellow region, eye), "
                           "activating the yellow region (Y1: gain 3 coins; Y4: gain 1 eye cube)")
    assert line.endswith(": -1 coin, +1 eye cube.")


def test_G_22_G_23_a_scribe_names_the_cards_taken_and_the_refill():
    st = heyday()
    first, second = st["display"][0]["card"], st["display"][2]["card"]
    line, after = told(st, 0, {"type": "take_tile", "tile": "SC2", "doubles": 0,
                               "params": {"mode": "display", "indicator": "D2", "slots": [1, 3]}})
    head, refill = line.split("\n")[:2]
    assert TRULES.data.cards[first]["name"] in head and TRULES.data.cards[second]["name"] in head
    assert "display slots 1 and 3" in head and "-3 coins" in head
    new = [c["card"] for c in after["display"][-2:]]
    assert refill.startswith("The display slides left and refills:") and all(TRULES.data.cards[c]["name"] in refill for c in new)


def test_G_32_a_played_card_names_card_vp_temple_cubes_and_synergy():
    st = heyday()
    hand(st, 0, "T-plain2")
    line, _ = told(valid(st), 0, {"type": "take_tile", "tile": "CH2", "doubles": 0,
                                  "params": {"card": "T-plain2", "temple": {}, "synergy": "laurel"}})
    assert line == ("Ann took CH2 (Chronicler: 2 coins, 1 hourglass) and played test card T-plain2 (T-plain2) (3 VP), "
                    "scoring synergy laurel: -2 coins, +4 VP.")


def test_G_42_extra_options_are_told_before_and_after_the_action():
    st = heyday()
    st["players"][0]["pop"].update(priest=1)
    st["players"][0]["cubes"]["eye"] = 1
    st["supply_cubes"] -= 1
    line, _ = told(valid(st), 0, {"type": "tax_collector", "hourglasses": 1, "doubles": 0,
                                  "free_ops": [{"op": "eye_shift", "down": "priest", "up": "noble", "second": None}]})
    assert line.startswith("Ann first spent an eye cube: priest -1, noble +1, then used the tax collector")


def test_G_49_G_53_G_55_G_62_the_decline_and_the_new_round_get_lines_of_their_own():
    st = heyday()
    give(st, 0, "I-01", "I-02", "I-03", "I-05")  # 6 cards in hand: 3 hourglasses at the hand limit
    st["passed"] = [False, True]
    full(st, 0)
    text, _ = told(valid(st), 0, {"type": "pass"}, viewer=1)
    lines = text.split("\n")
    assert lines[0] == "Ann passed."
    assert lines[1].startswith("Decline: the display cards with a cube go to the box: ")  # G-62, 2 players
    assert lines[2].startswith("Decline of round 1: the action tiles return")
    assert any(l == "Hand limit: Ann holds 6 cards and places 3 hourglasses." for l in lines)
    assert "Round 2 begins; Ann starts." in lines


def test_G_54_a_secret_decline_answer_stays_secret_for_the_others():
    st = heyday()
    city(st, 0, "Y1", "Y2")
    city(st, 1, "R1", "R2")
    st = end_heyday(valid(st), 0)
    move = {"type": "decline_choices", "activate": {"yellow": "Y2"}, "moon": []}
    for viewer, words in ((1, "Ann answered the Decline (cities and moon abilities; secret until all have answered)."),
                          (0, "Ann activated Y2 (yellow) in the Decline.")):
        line, _ = told(st, 0, move, viewer)
        assert line == words


def test_G_57_G_59_final_scoring_and_the_winner_are_told():
    seed = b"gentes-narr"
    pick = random.Random(3)
    st = initial(RULES, seed, 2, {}, None).state
    seq = 1
    lines: list[str] = []
    while RULES.result(st) is None:
        p = pick.choice(RULES.prompts(st))
        move = pick.choice(p.choices) if p.choices is not None else move_gen(RULES, st, p, pick)
        seq += 1
        new = advance(RULES, seed, st, seq, "move", p.seat, {"move": move}).state
        event = {"seq": seq, "type": "move", "seat": p.seat, "payload": {"move": RULES.redact(new, move, p.seat, None)}}
        text = RULES.narrate(event, NAMES[:2], RULES.view(st, None), RULES.view(new, None))
        assert text and all(line.strip() for line in text.split("\n"))
        lines += text.split("\n")
        st = new
    finals = [l for l in lines if l.startswith("Final scoring, ")]
    assert len(finals) == 2 and all(l.endswith(" VP in all.") for l in finals)
    winners = st["result"]["winners"]
    assert lines[-1].startswith(" and ".join(NAMES[w] for w in winners))
    assert any(l.startswith("The draft is over; the display is dealt: 1 ") for l in lines)
    assert any(l.startswith("Epoch 2 begins") for l in lines) and any(l.startswith("Epoch 3 begins") for l in lines)


def test_without_views_the_move_alone_is_told():
    event = {"seq": 3, "type": "timeout", "seat": 1,
             "payload": {"move": {"type": "take_tile", "tile": "PH2", "doubles": 0, "params": {"train": ["artisan"]}}}}
    assert TRULES.narrate(event, NAMES[:2]) == ("Ben took PH2 (Philosopher: 2 coins, 1 hourglass) and trained an artisan "
                                                "(deadline passed).")
