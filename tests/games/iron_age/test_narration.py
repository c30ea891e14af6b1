"""Iron Age history lines (issue 20): the decision with its outcome, then one line per automatic
step (collecting, feeding, famine, disaster, battles, tribute, the next roll), from the event
replayed on the view before it; the tribute answer is told as IA-4.5 has it (the weaker player
pays nothing)."""

from __future__ import annotations

from referee.engine.replay import advance, initial
from referee.games.iron_age import narration
from tests.games.iron_age.policy import BiasedPick, move_gen
from tests.games.iron_age.positions import RULES, position, rng

NAMES = ["Ada", "Bo", "Cy"]


def _told(state: dict, seat: int, move: dict, with_views: bool = True) -> str:
    r = rng("narr", 3)
    new = RULES.apply(state, seat, move, r)
    event = {"seq": 3, "type": "move", "seat": seat, "payload": {"move": move, "chance": r.records}}
    if not with_views:
        return RULES.narrate(event, NAMES)
    return RULES.narrate(event, NAMES, RULES.view(state, None), RULES.view(new, None))


def test_IA_4_5_letting_the_tribute_through_is_not_paying_it():
    state = position(3, phase="tribute", fate="tribute_1", players={0: {"military": 6}, 1: {"goods": 2}},
                     turn={"tribute_responses": {"1": None, "2": False}})
    text = _told(state, 1, {"type": "tribute_response", "deny": False})
    assert "paid" not in text and "pay" not in text
    assert text.splitlines()[0] == "Bo let Ada collect the tribute."
    # strengths 6 against Bo's 1 and Cy's 1: 5 + 5 tribute (IA-4.5)
    assert "Tribute: Ada collected 10 tribute." in text.splitlines()


def test_IA_4_5_denying_costs_the_weaker_player_one_good():
    state = position(3, phase="tribute", fate="tribute_1", players={0: {"military": 6}, 1: {"goods": 2}},
                     turn={"tribute_responses": {"1": None, "2": False}})
    lines = _told(state, 1, {"type": "tribute_response", "deny": True}).splitlines()
    assert lines[0] == "Bo gave 1 good to Ada to deny the tribute."
    assert "Tribute: Ada collected 5 tribute; Bo gave 1 good to deny it." in lines


def test_IA_4_4_a_conquest_names_strengths_result_and_box():
    # the seed's André: military 4, 2 boxes filled -> wins, tribute +2, 3 boxes, military 3
    state = position(2, phase="conquest", players={0: {"military": 4, "conquest_boxes_filled": 2}})
    first = _told(state, 0, {"type": "conquest", "attack": True}).splitlines()[0]
    assert first == ("Ada attacked in a conquest with strength 4 against 2 and won: +2 tribute, "
                     "conquest box 3 filled.")


def test_IA_2_1_IA_3_1_IA_3_2_IA_4_3_collecting_feeding_disaster_and_battle_get_lines_of_their_own():
    state = position(2, phase="roll", faces=["skull", "skull"], fate="harvest", rolls_used=1,
                     players={0: {"food": 0, "military": 1, "provinces": 2}})
    lines = _told(state, 0, {"type": "stop_rolling"}).splitlines()
    assert lines[0] == "Ada stopped rolling."
    assert "Ada collected 2 goods." in lines  # IA-R5: a good per skull
    assert "Famine: Ada fed only 0 of 2 provinces and took 2 skulls." in lines
    assert "Disaster, barbarians (2 skulls rolled): Ada must fight." in lines
    assert "Barbarians: Ada (strength 1) fought strength 4 and lost: 3 skulls; military now 0." in lines


def test_IA_1_2_the_next_players_first_roll_is_its_own_line():
    state = position(2, phase="convert", players={0: {"goods": 8}})
    lines = _told(state, 0, {"type": "convert", "wealth": 2}).splitlines()
    assert lines[0] == "Ada converted 8 goods into 2 wealth."
    assert lines[-1].startswith("Bo rolled ") and "fate" in lines[-1]


def test_IA_1_4_without_views_the_dice_still_come_from_the_records():
    state = position(2, phase="roll", faces=["food", "goods"], rolls_used=1)
    text = _told(state, 0, {"type": "reroll", "empire": [1], "fate": False}, with_views=False)
    assert text.startswith("Ada rerolled die 1: ") and "\n" not in text


def test_every_event_of_random_games_replays_on_the_view_before_it_IA_E1():
    for seats in (1, 3):
        pick, key = BiasedPick(seats), f"narr-{seats}".encode()
        state, seq, traced = initial(RULES, key, seats, {}, None).state, 1, 0
        while RULES.result(state) is None and seq < 400:
            p = pick.choice(RULES.prompts(state))
            move = pick.choice(p.choices) if p.choices is not None else move_gen(RULES, state, p, pick)
            seq += 1
            r = advance(RULES, key, state, seq, "move", p.seat, {"move": move})
            before, after = RULES.view(state, None), RULES.view(r.state, None)
            steps = narration.trace(RULES.data, before, p.seat, move, r.chance, after)
            assert steps is not None, (seq, move)
            text = RULES.narrate({"seq": seq, "type": "move", "seat": p.seat,
                                  "payload": {"move": move, "chance": r.chance}}, NAMES[:seats] or ["Ada"], before, after)
            assert text and "{" not in text and "None" not in text
            traced += 1
            state = r.state
        assert traced > 20


def test_IA_6_2_the_mail_summary_lists_owned_developments_by_name():
    state = position(2, phase="build", players={0: {"developments": ["navy"]}}, turn={"workers": 2})
    text = RULES.summary(RULES.view(state, 0), 0)
    assert "developments: Navy;" in text and "die 0 food" in text
