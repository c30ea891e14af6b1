"""The picture and the narration of issue 20: every option a step offers with a board element is
an element of the seat's picture, text is at least 11 px in a 760-wide viewBox, players are
named, nothing hidden is drawn, and the history names places, amounts and outcomes."""

from __future__ import annotations

import random
import re

from referee.engine.rng import Rng
from tests.games.sands_of_time.positions import RULES, play, scene
from tests.games.sands_of_time.test_steps import _rare_positions, playout_positions
from tests.picturecheck import check_picture, words_of

NAMES = ["Ann", "Ben", "Cleo", "Dario", "Eve"]
G = RULES.data


def test_every_offered_element_is_drawn_on_the_seats_board_readable_and_named() -> None:
    positions = playout_positions(3, 0, every=6) + list(_rare_positions().values())
    pick = random.Random(1)
    seen = 0
    for st in positions:
        for p in RULES.prompts(st):
            _, els = check_picture(RULES, st, p.seat, p.kind, NAMES[:3], pick)
            seen += len(els)
    assert seen > 500


def test_board_text_is_readable_and_names_players_at_five_seats() -> None:
    pick = random.Random(5)
    for st in playout_positions(5, 1, every=40):
        for p in RULES.prompts(st):
            svg, _ = check_picture(RULES, st, p.seat, p.kind, NAMES, pick)
            assert "Dario" in svg and "Legend" in svg


def test_own_hand_is_drawn_in_words_and_others_are_not() -> None:
    st = RULES.setup(3, {}, Rng(b"hand", 1))
    while st["phase"].startswith("SETUP"):
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    st = play(st, 1, {"type": "choose_cards", "cards": ["build", "focus_civil"], "auto_decline": False})
    mine = RULES.picture(RULES.view(st, 1), 1, NAMES[:3])
    assert 'data-el="card-build"' in mine and "chosen, not yet revealed" in words_of(mine)
    assert "Chronicle card 7 (28 VP" in mine and 'data-el="chron-7"' in mine
    other = RULES.picture(RULES.view(st, 0), 0, NAMES[:3])
    spectator = RULES.picture(RULES.view(st, None), None, NAMES[:3])
    for svg in (words_of(other), words_of(spectator)):
        assert "Ben chose" not in svg and "has chosen two cards (secret)" in svg
        assert "chosen, not yet revealed" not in svg
    assert 'data-el="card-' not in spectator and 'data-el="chron-' not in spectator
    assert "Your cards, Ann" in words_of(other) and "Your cards" not in spectator


def _event(st_before: dict, move: dict, seat: int, viewer: int | None, label: str = "n") -> tuple[dict, dict, str]:
    after = RULES.apply(st_before, seat, move, Rng(label.encode(), 7))
    ev = {"seq": 7, "type": "move", "seat": seat, "payload": {"move": RULES.redact(after, move, seat, viewer)}}
    text = RULES.narrate(ev, NAMES, RULES.view(st_before, viewer), RULES.view(after, viewer))
    return after, ev, text


def test_combat_is_narrated_with_totals_and_winner_st_57() -> None:
    from tests.games.sands_of_time import test_combat as tc
    st = tc.attack(scene(["conquest", "tribute"], tc.board))
    st, _, text = _event(st, {"type": "combat_value", "value": 5}, 0, 2)
    assert text == "Ann chose a secret die value."
    st, _, text = _event(st, {"type": "combat_value", "value": 0}, 1, 2)
    first, result = text.split("\n")[:2]
    assert first == "Ben chose die value 0."
    assert result.startswith("Combat in Gallia: Ann combat value") and "die value 5 x3" in result
    assert result.endswith("Ann wins.")


def test_tribute_and_taxes_name_the_amounts_st_77_st_80() -> None:
    from tests.games.sands_of_time.positions import caravan, citizens, control

    def edit(st):
        control(st, "hispania", 0, "capital")
        citizens(st, "hispania", 0, farmers=1)
        control(st, "italia", 1, "capital")
        citizens(st, "italia", 1, farmers=1)
        caravan(st, "hispania", "gallia", 1)
        caravan(st, "italia", "gallia", 1)
        st["players"][1]["grain"] = st["players"][1]["gold"] = 3
    st = scene(["tribute", "chronicle"], edit)
    res = st["regions"]["hispania"]["resource"]
    st2, _, text = _event(st, {"type": "act", "card": "tribute", "mode": "caravans"}, 0, 2)
    assert text == f"Ann collected tribute from caravans: gained 1 {res} (Ben lost 1 {res})."
    _, _, text = _event(st2, {"type": "bonus", "bonus": "taxes", "resource": "gold"}, 0, 2)
    assert text.startswith("Ann raised taxes in gold: gained nothing")


def test_a_timeout_and_the_generation_change_get_their_own_lines_st_26_st_47() -> None:
    for st in playout_positions(2, 2, every=1):
        if st["phase"] != "EXECUTE" or st["turn_in_generation"] < 2:
            continue
        p = RULES.prompts(st)[0]
        after = RULES.apply(st, p.seat, p.default, Rng(b"n", 9))
        if after["generation_index"] == st["generation_index"]:
            continue
        ev = {"seq": 9, "type": "timeout", "seat": p.seat, "payload": {"move": p.default}}
        lines = RULES.narrate(ev, NAMES, RULES.view(st, 0), RULES.view(after, 0)).split("\n")
        assert "deadline passed" in lines[0]
        assert any(line.startswith("Generation die:") for line in lines) or st["turn_in_generation"] == 4, lines
        assert lines[-1].startswith(f"Generation {after['generation_index'] + 1} begins") or after["result"]
        return
    raise AssertionError("no generation end found")


def test_german_reader_gets_board_prompts_steps_and_summary_in_german_issue_29() -> None:
    """Issue 29: the picture, the prompt, a step's words and the mail summary in the reader's
    language with the rulebook's terms (glossary.de.json); the same elements and ids; English
    exactly as before."""
    import xml.etree.ElementTree as ET

    from referee.engine.wording import localize
    from referee.plumbing.i18n import EN, translator
    from tests.games.sands_of_time.positions import active

    de = translator("de")
    st = active(3, ["build", "focus_culture"], seat=0)
    view = RULES.view(st, 0)
    english, german = RULES.picture(view, 0, NAMES[:3]), RULES.picture(view, 0, NAMES[:3], de)
    assert RULES.picture(view, 0, NAMES[:3], EN) == english and "Legend" in english
    ET.fromstring(german)  # well-formed SVG
    assert re.findall(r'data-el="([^"]+)"', german) == re.findall(r'data-el="([^"]+)"', english)
    words = re.sub(r"<[^>]+>", "\n", german) + words_of(german)
    for term in ("Landkarte", "Regionen", "Chronikplan", "Fortschrittsreihen", "Legende", "Überlieferung",
                 "Hauptstadt von Ann", "Getreide", "Bauern", "Bauen: ein Bauwerk", "Schwerpunktkarte Kultur",
                 "Bonusaktion Unterdrückung", "Deine Karten, Ann", "Warte auf: Ann"):
        assert term in words, term
    for leftover in ("Legend\n", "Regions", "Players", "heritage", "unrest", "Waiting for", "farmers", "soldier",
                     "grain", "in hand", "Your cards", "Border ", "capacity", " the "):
        assert leftover not in words, leftover
    prompt = next(p for p in RULES.prompts(st) if p.seat == 0)
    assert prompt.text.startswith("Your turn: act with a revealed card")
    assert localize(prompt.text, de, RULES.id).startswith("Du bist an der Reihe: führe eine aufgedeckte Karte aus")
    step = RULES.steps(st, 0, prompt.kind, []).to_json()
    shown = localize(step, de, RULES.id)
    assert step["question"] == "What do you do now?" and shown["question"] == "Was tust du jetzt?"
    labels = {o["id"]: o["label"] for o in shown["options"]}
    assert labels["end"].startswith("Spielzug beenden") and labels["act-build"].startswith("Ausführen: Bauen: ")
    assert [o["id"] for o in shown["options"]] == [o["id"] for o in step["options"]]  # ids never change
    groups = {o["group"] for o in shown["options"]}
    assert "Bonusaktion (1 pro Spielzug)" in groups and "Bonus action (one per turn)" not in groups
    deeper = localize(RULES.steps(st, 0, prompt.kind, ["act-build"]).to_json(), de, RULES.id)
    assert deeper["question"] == "In welcher Region baust du?"
    summary = RULES.summary(view, 0, de)
    assert "Platz 0 (du): " in summary and "Überlieferung Bürgertum" in summary and "Deine Aktionskarten" in summary
    assert RULES.summary(view, 0) == RULES.summary(view, 0, EN) and "Seat 0 (you): " in RULES.summary(view, 0)
