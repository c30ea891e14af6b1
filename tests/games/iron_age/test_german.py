"""The Iron Age table picture, prompts, step labels and mail summary in German (issue 29): the
German rulebook's words (glossary: Zivilisationswürfel, Errungenschaften, Marine) and no English
left, while the English stays what it was."""

from __future__ import annotations

from tests.games.engine_texts_check import DE, LEFTOVER, check_german_picture, german_step, german_text
from tests.games.iron_age.positions import position
from tests.games.iron_age.test_steps import RULES, _positions

NAMES = ["Ada", "Bo", "Cy"]
GERMAN = ["Zivilisationswürfel", "Schicksal", "Häfen", "Provinzen", "Errungenschaft", "Marine", "Kampfstärke",
          "Legende", "Runde", "Wertungsbogen", "Katastrophe", "Hungersnot", "Artemistempel", "Schädel"]
ENGLISH = ["Legend", "food", "goods", "workers", "skull", "Round", "Ports", "Provinces", "Navy", "strength",
           "points", "cost", "disaster", "Empire die", "Fate die", "Score", "you", "locked", "built", "worth"]


def test_the_german_table_prompts_steps_and_summary_use_the_rulebook_words():
    kinds: dict[str, dict] = {}
    for state in _positions(3, 11, every=2):
        for p in RULES.prompts(state):
            kinds.setdefault(p.kind, state)
        if {"roll", "build"} <= set(kinds):
            break
    state = kinds["roll"]
    seat = state["active_seat"]
    for viewer in (seat, None):
        svg = check_german_picture(RULES, RULES.view(state, viewer), viewer, NAMES, GERMAN, ENGLISH)
    assert "Eisenzeit-Tisch aus Sicht eines Zuschauers" in svg and f"Würfel von {NAMES[seat]} (Wurf " in svg
    prompt = next(p for p in RULES.prompts(state) if p.seat == seat)
    assert german_text("iron_age", prompt.text).startswith(f"Runde {state['round']}: Wurf ")
    step = german_step(RULES, state, seat, "roll")
    assert step["question"] == "Wähle Würfel zum erneuten Werfen oder beende das Würfeln"
    assert {o["group"] for o in step["options"] if o["group"]} == {"Erneut werfen"}
    assert step["options"][-1]["label"].startswith("Spielzug jetzt beenden")
    build = kinds["build"]
    step = german_step(RULES, build, build["active_seat"], "build")
    assert step["question"].startswith("Was baust du?")
    buy = position(3, phase="buy", players={0: {"goods": 8, "wealth": 10}})
    step = german_step(RULES, buy, 0, "buy")
    assert step["question"] == "Eine Errungenschaft kaufen?"
    labels = [o["label"] for o in step["options"]]
    assert "Keine Errungenschaft kaufen" in labels and "Landwirtschaft (Kosten 10, 2 Punkte)" in labels
    step = german_step(RULES, buy, 0, "buy", ["agriculture"])
    assert step["question"].startswith("Wie viel") and "(Landwirtschaft (Kosten 10, 2 Punkte); bisher bezahlt 0)" \
        in step["question"]
    # the mail's summary: German words, every placeholder filled; English as before
    english = RULES.summary(RULES.view(state, seat), seat)
    german = RULES.summary(RULES.view(state, seat), seat, DE)
    assert english.startswith(f"Round {state['round']}, seat {seat}'s turn") and "Dice: die 0 " in english
    assert german.startswith(f"Runde {state['round']}, Platz {seat} ist an der Reihe, Phase Würfeln.")
    assert "Schicksalswürfel" in german and "Kampfstärke" in german and "Du: Punkte" in german
    assert not LEFTOVER.search(german) and "food" not in german and "skulls" not in german
