"""Babel's board picture, prompts and step labels in German (issue 29): the German rulebook's
words (glossary) and no English left, while the English stays what it was."""

from __future__ import annotations

from tests.games.babel.test_steps import RULES, _positions
from tests.games.engine_texts_check import check_german_picture, german_step, german_text

NAMES = ["Ada", "Bo"]
GERMAN = ["Meder", "Sumerer", "Hethiter", "Perser", "Assyrer", "Kolonne", "Baulager", "Tempel", "Legende",
          "Spielzug", "Talon", "Ablagestapel", "Drilling", "Spielfigur"]
ENGLISH = ["Legend", "yard", "column", "temple", "Temple", "Hittites", "Medes", "cards", "Turn", "Scores", "hand",
           "you", "your", "pawn", "level", "board", "discard", "Game over"]


def test_the_german_picture_steps_and_prompts_use_the_rulebook_words():
    halving = turn = None
    for state in _positions(4, every=5):
        kind = RULES.prompts(state)[0].kind
        if kind == "choose_cards" and halving is None:
            halving = state
        if kind == "turn" and state["turn"] > 6 and turn is None:
            turn = state
    state = turn
    seat = state["active"]
    for viewer in (seat, None):
        svg = check_german_picture(RULES, RULES.view(state, viewer), viewer, NAMES, GERMAN, ENGLISH)
    assert "Babel-Spielplan aus Sicht eines Zuschauers" in svg and "Punkte: Ada" in svg
    svg = check_german_picture(RULES, RULES.view(halving, 0), 0, NAMES, GERMAN, ENGLISH)
    assert "(Handkartenhalbierung)" in svg and "Ada (du)" in svg
    # the prompt and the first step of a turn, then of a halving discard
    prompt = RULES.prompts(state)[0]
    assert german_text("babel", prompt.text).startswith(f"Spielzug {state['turn']}: spiele")
    step = german_step(RULES, state, seat, "turn")
    assert step["question"] == "Was tust du?"
    assert any(o["label"].startswith("Spielzug beenden") for o in step["options"])
    discard = next(p for p in RULES.prompts(halving))
    assert german_text("babel", discard.text).startswith("Handkartenhalbierung: lege")
    step = german_step(RULES, halving, discard.seat, "choose_cards")
    assert step["question"].startswith("Welche Karte ablegen? (noch")
    assert all(o["label"].endswith("auf der Hand)") for o in step["options"])
    assert any(o["label"].startswith(("Meder", "Sumerer", "Hethiter", "Perser", "Assyrer")) for o in step["options"])
