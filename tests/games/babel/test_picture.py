"""The Babel picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, every board
element a step offers is there to click (its `data-el`), and the opponent's hand never shows."""

from __future__ import annotations

import random

from referee.engine.glossary import term
from referee.engine.naming import named_svg
from referee.plumbing.i18n import translator
from tests.boardcheck import NS, board_problems, sections, text_box
from tests.games.babel.test_steps import RULES, _positions
from tests.picturecheck import check_picture

DE = translator("de")

NAMES = ["Ada", "Bo"]


def test_picture_is_readable_named_and_has_every_offered_element_B_17_B_19_B_20_B_21():
    pick = random.Random(3)
    n = 0
    for g in range(2):
        for state in _positions(g, every=3):
            for p in RULES.prompts(state):
                svg, _ = check_picture(RULES, state, p.seat, p.kind, NAMES, pick)
                assert NAMES[p.seat] + " (you)" in svg
                n += 1
    assert n > 20 and "Legend" in svg


def test_the_picture_shows_only_the_own_hand_B_7_B_R23():
    state = next(iter(_positions(0)))
    mine = RULES.picture(RULES.view(state, 0), 0, NAMES)
    theirs = RULES.picture(RULES.view(state, 1), 1, NAMES)
    spectator = RULES.picture(RULES.view(state, None), None, NAMES)
    assert 'data-el="hand-' in mine and 'data-el="hand-' in theirs and 'data-el="hand-' not in spectator
    hand0 = state["players"][0]["hand"]
    for people, n in hand0.items():
        if n:
            assert f'data-el="hand-{people}"' in mine
    assert "Bo holds" in mine and "Ada holds" in theirs and "Ada holds" in spectator and "Bo holds" in spectator


def test_the_board_fits_a_phone_and_no_text_overlaps_in_english_and_german_issue_39():
    """Sections at most 360 wide shown 1:1, text >= 11, cards >= 44x44, symbols defined once and
    drawn with <use>, no text overlapping another or leaving its card, with long names, in both
    languages, for both seats and a spectator, from the deal to the end."""
    states = list(_positions(1, every=4))
    widest_hand = max(_positions(0, every=2), key=lambda s: sum(1 for n in s["players"][0]["hand"].values() if n))
    for state in states[:: max(1, len(states) // 4)] + [states[-1], widest_hand]:
        assert board_problems(RULES, state, 2) == []


def test_the_hand_heading_sits_above_its_cards_and_each_card_names_its_people_issue_39():
    state = max(_positions(0, every=2), key=lambda s: sum(s["players"][0]["hand"].values()))
    svg = named_svg(RULES.picture(RULES.view(state, 0), 0, NAMES, DE), "babel", DE)
    hand = next(s for s in sections(svg) if s.get("data-section") == "hand")
    heading = next(text_box(t) for t in hand.iter(f"{NS}text") if "Handkarten" in "".join(t.itertext()))
    cards = [g for g in hand.iter(f"{NS}g") if (g.get("data-el") or "").startswith("hand-")]
    assert cards and all(heading.y1 <= float(next(g.iter(f"{NS}rect")).get("y")) for g in cards)
    people = {g.get("data-el")[5:] for g in cards}
    assert {"".join(t.itertext()) for g in cards for t in g.iter(f"{NS}text")} >= {
        term("babel", p.title(), "de") for p in people}
    assert [s.get("data-section") for s in sections(svg)][:2] == ["hand", "yards"]
