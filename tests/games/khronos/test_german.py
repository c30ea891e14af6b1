"""The Khronos picture, prompts, step labels and mail summary in German (issue 29): the German
rulebook's words (glossary: Zeitalter der Macht, Wachturm, Taler) and no English left, while the
English stays what it was."""

from __future__ import annotations

from tests.games.engine_texts_check import DE, LEFTOVER, check_german_picture, german_step, german_text
from tests.games.khronos.test_steps import _positions

NAMES = ["Ada", "Bo", "Cy"]
GERMAN = ["Zeitalter der Macht", "Zeitalter des Glaubens", "Zeitalter der Vernunft", "Abenteurer", "Taler",
          "Handkarten", "Legende", "Wachturm", "Reihe", "Spalte", "Spielrunde", "Plättchen"]
ENGLISH = ["Legend", "Might", "Faith", "Reason", "coins", "adventurer", "cards", "row", "column", "Round",
           "tiles", "watchtower", "hamlet", "your", "free cubes", "rank", "builds", "Deck"]


def test_the_german_table_prompts_steps_and_summary_use_the_rulebook_words():
    built = pending = None
    for rules, state in _positions(3, True, 7, every=3):
        tiles = sum(len(b["tiles"]) for b in state["boards"].values())
        p = rules.prompts(state)[0]
        if built is None and tiles >= 6 and p.kind == "turn" and state["phase"] == "actions":
            built = state
        if pending is None and p.kind != "turn":
            pending = state
        if built is not None and pending is not None:
            break
    assert built is not None and pending is not None
    seat = built["active_seat"]
    for viewer in (seat, None):
        svg = check_german_picture(rules, rules.view(built, viewer), viewer, NAMES, GERMAN, ENGLISH)
    assert "Khronos, Spielrunde" in svg and "Offen ausliegende Karten" in svg  # the Hold'em display
    prompt = rules.prompts(built)[0]
    assert german_text("khronos", prompt.text) == (f"Spielrunde {built['round']}: du bist an der Reihe (handeln, "
                                                   "dann den Spielzug beenden).")
    step = german_step(rules, built, seat, "turn")
    assert step["question"] == "Was tust du?" and {o["group"] for o in step["options"]} == {"Aktionen"}
    assert step["options"][-1]["label"].startswith("Spielzug beenden (Handkarten abwerfen")
    assert "build" in [o["id"] for o in step["options"]]
    ages = german_step(rules, built, seat, "turn", ["build"])
    assert ages["question"] == "In welchem Zeitalter?"
    assert {o["label"] for o in ages["options"]} <= {"Zeitalter der Macht", "Zeitalter des Glaubens"}
    kinds = german_step(rules, built, seat, "turn", ["build", ages["options"][0]["id"]])
    assert kinds["question"] == "Welches Gebäude?" and all("Rang" in o["label"] for o in kinds["options"])
    # a pending decision (the rank rule's reduction or the hamlet keeper): its prompt and its first step
    p = rules.prompts(pending)[0]
    assert not LEFTOVER.search(german_text("khronos", p.text)) and "Zeitalter" in german_text("khronos", p.text)
    step = german_step(rules, pending, p.seat, p.kind)
    assert step["question"].startswith(("Welches Gebäude im Zeitalter", "Wohin kommt das kleinere Plättchen",
                                        "Wer behält"))
    # the mail's summary: German words, every placeholder filled; English as before
    english = rules.summary(rules.view(built, seat), seat)
    german = rules.summary(rules.view(built, seat), seat, DE)
    assert english.startswith(f"Round {built['round']}, seat {seat} to play (actions).")
    assert german.startswith(f"Spielrunde {built['round']}, Platz {seat} ist an der Reihe (Aktionsphase).")
    assert "Du: " in german and "Taler" in german and "Nachziehstapel" in german
    assert not LEFTOVER.search(german) and "coins" not in german and "might" not in german
