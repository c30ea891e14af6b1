"""The Gentes picture (issue 20): drawn with engine/drawing.py, readable at 1280 px (viewBox at
most 760 wide, no text below 11), names instead of seat numbers, a <title> on every element,
every board element a step can name present, the own hand in words, and nothing another seat
holds."""

from __future__ import annotations

import random
import re

from referee.games.gentes.texts import card_line
from tests.games.gentes.test_steps import RULES, game_positions
from tests.picturecheck import check_picture, elements

NAMES = ["Alexandra", "Ben", "Carolina", "Dmitri"]


def shows(svg: str, cid: str) -> bool:
    """The card id appears as a word (I-01 is not inside II-01)."""
    return re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w])", svg) is not None


def test_picture_is_readable_names_players_and_draws_every_element_a_step_names():
    seen = 0
    for seats in (2, 4):
        pick = random.Random(seats)
        names = NAMES[:seats]
        for state in game_positions(seats, 900 + seats, every=9):
            for p in RULES.prompts(state):
                svg, els = check_picture(RULES, state, p.seat, p.kind, names, pick)
                for cid in state["players"][p.seat]["hand"]:  # own hand in words: name, needs, VP, effects
                    assert els[f"card-{cid}"][0].text == card_line(RULES.data, cid)
                for other, q in enumerate(state["players"]):
                    if other != p.seat:
                        for cid in q["hand"]:
                            assert f"card-{cid}" not in els and not shows(svg, cid), cid
                seen += 1
    assert seen > 10


def test_a_spectator_sees_no_hand_and_the_picture_is_pure():
    for state in game_positions(3, 77, every=25):
        view = RULES.view(state, None)
        svg = RULES.picture(view, None, NAMES[:3])
        assert svg == RULES.picture(view, None, NAMES[:3])
        assert "Your hand" not in svg and not any(k.startswith(("pop-", "track-")) for k in elements(svg))
        for p in state["players"]:
            assert not any(shows(svg, c) for c in p["hand"])


def test_german_reader_gets_board_prompts_steps_and_summary_in_german_issue_29():
    """Issue 29: the picture, the prompt, a step's words and the mail summary in the reader's
    language with the rulebook's terms (glossary.de.json); the same elements and ids; English
    exactly as before."""
    import xml.etree.ElementTree as ET

    from referee.engine.wording import localize
    from referee.plumbing.i18n import EN, translator

    de = translator("de")
    state = next(s for s in game_positions(2, 902, every=5) if s["phase"] == "heyday" and s["round"] >= 2
                 and any(p["hand"] for p in s["players"]))
    seat = state["turn_seat"]
    view = RULES.view(state, seat)
    english, german = RULES.picture(view, seat, NAMES[:2]), RULES.picture(view, seat, NAMES[:2], de)
    assert RULES.picture(view, seat, NAMES[:2], EN) == english and "Legend" in english
    ET.fromstring(german)  # well-formed SVG
    assert re.findall(r'data-el="([^"]+)"', german) == re.findall(r'data-el="([^"]+)"', english)
    words = re.sub(r"<[^>]+>", "\n", german)
    for term in ("Blüte-Phase", "Aktionssteine im Angebot", "Philosoph (Bevölkerung ausbilden)", "Steuereinnahmer",
                 "Kartenauslage", "Kostenindikatoren", "Landkarte", "Heimatstadt", "Ablagestapel", "Legende",
                 "Münzen", "Sanduhr", "Priester", "Deine Handkarten", "braucht", f"{NAMES[seat]} (du)"):
        assert term in words, term
    hand = state["players"][seat]["hand"][0]
    assert RULES.data.cards[hand]["name"] not in words or RULES.data.cards[hand]["name"] in (
        "Amphitheatre", "Mausoleum", "Pantheon")  # card names in German where the glossary has them
    for leftover in ("Legend\n", "Action tiles", "Tax collector", "Card display", "Hometown", "Discard pile",
                     "coins", "hourglass", "priest", "needs", "Your hand", "region", " the "):
        assert leftover not in words, leftover
    prompt = next(p for p in RULES.prompts(state) if p.seat == seat)
    assert prompt.text.startswith(f"Round {state['round']}: ")
    assert localize(prompt.text, de, RULES.id).startswith(f"Runde {state['round']}: ")
    step = RULES.steps(state, seat, prompt.kind, []).to_json()
    shown = localize(step, de, RULES.id)
    assert step["question"] == "What do you do this turn?" and shown["question"] == "Was tust du in diesem Zug?"
    assert [o["id"] for o in shown["options"]] == [o["id"] for o in step["options"]]  # ids never change
    labels = {o["id"]: o["label"] for o in shown["options"]}
    assert labels["tax"].startswith("Steuereinnahmer: 1 Sanduhr für ")
    assert {o["group"] for o in shown["options"]} >= {"Sonstiges", "Aktionssteine Philosoph"}
    summary = RULES.summary(view, seat, de)
    assert ": Platz 0 " in summary and "Blüte-Phase" in summary and "Münzen" in summary and "seat" not in summary
    assert RULES.summary(view, seat) == RULES.summary(view, seat, EN) and "Scores: seat 0 " in RULES.summary(view, seat)
