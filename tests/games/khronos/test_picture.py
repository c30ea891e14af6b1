"""The Khronos picture (issue 20): drawn with engine/drawing.py, readable at 1280 px (viewBox at
most 760 wide, no text below 11), names instead of seat numbers, a <title> on every element,
every board element a step can name present, and nothing another seat holds."""

from __future__ import annotations

import random
import re

import pytest

from referee.engine.naming import named
from referee.plumbing.i18n import EN
from tests.boardcheck import NS, board_problems, problems, sections
from tests.games.khronos.test_steps import _positions
from tests.picturecheck import check_picture, elements


def _words(svg: str) -> str:
    """A picture's texts and titles, without attributes (a path's "M10 22" is no card)."""
    return re.sub(r'\s[\w:-]+="[^"]*"', "", svg)

NAMES = ["Alexandra", "Ben", "Carolina", "Dmitri", "Eve"]


@pytest.mark.parametrize("seats,holdem", [(2, True), (5, False)])
def test_picture_is_readable_names_players_and_draws_every_element_a_step_names(seats, holdem):
    pick = random.Random(seats)
    names = NAMES[:seats]
    seen = 0
    for n, (rules, state) in enumerate(_positions(seats, holdem, 40 + seats, every=6)):
        for p in rules.prompts(state):
            svg, els = check_picture(rules, state, p.seat, p.kind, names, pick)
            for other, q in enumerate(state["players"]):
                if other != p.seat:
                    for card in q["hand"]:
                        assert f"card-{card}" not in els and card not in _words(svg), card
                        assert not re.search(rf"\b{named(card, 'khronos', EN, short=True)}\b", svg), card
            seen += 1
    assert seen > 10


def test_a_spectator_sees_no_hand_and_the_picture_is_pure():
    for rules, state in _positions(3, True, 5, every=20):
        view = rules.view(state, None)
        svg = rules.picture(view, None, NAMES[:3])
        assert svg == rules.picture(view, None, NAMES[:3])
        assert "Your hand" not in svg and not any(k.startswith("card-") for k in elements(svg))
        for p in state["players"]:
            assert not any(c in _words(svg) for c in p["hand"] if c not in state["display"])


def test_the_squares_a_reduced_tile_may_take_are_drawn_while_its_owner_decides():
    from tests.games.khronos.test_resolve import split_position
    pos = split_position()
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": pos.hand(0, "M")[0]})
    st = pos.play(0, {"type": "choose_reduction", "at": [0, 0]}, st)
    svg = pos.rules.picture(pos.rules.view(st, 1), 1, NAMES[:3])
    els = elements(svg)
    assert {"anchor-might-0-0", "anchor-might-1-1", "b-might-0-0"} <= set(els)
    assert "Waiting for Ben to place a reduced building in Might" in svg
    assert els["b-might-3-0"][0].text.startswith("fortress (military, rank 3) at row 3, column 0 in Might, Ben's")


RULES_OF = {n: next(iter(_positions(n, False, 1, every=50)))[0] for n in (2, 5)}
MAP = ("sq-", "b-", "anchor-", "player-", "adv-")  # a map square is 30 units (11 fit a phone; each
# is also a button beside the board); players and adventurers are never picked


@pytest.mark.parametrize("seats", [2, 5])
def test_the_board_fits_a_phone_and_no_text_overlaps_in_english_and_german_issue_39(seats):
    """Sections at most 360 wide shown 1:1, text >= 11, cards >= 44x44, symbols defined once and
    drawn with <use>, no text overlapping another or leaving its box (an adventurer's pill, a
    card), with long names, in both languages, for every viewer, as buildings go up."""
    states = [st for _, st in _positions(seats, False, 40 + seats, every=12)]
    for state in (states[len(states) // 2], states[-1]):
        assert board_problems(RULES_OF[seats], state, seats, MAP) == []


def test_an_adventurer_pill_holds_its_words_and_each_age_is_a_section_issue_39():
    rules, state = next((r, s) for r, s in _positions(3, False, 43, every=2)
                        if any(s["players"][s["active_seat"]]["cards_played"]))
    svg = rules.picture(rules.view(state, 0), 0, NAMES[:3])
    pills = [g for g in sections(svg)[0].iter(f"{NS}g") if (g.get("data-el") or "").startswith("adv-")]
    played = [g for g in pills if "played" in "".join("".join(t.itertext()) for t in g.iter(f"{NS}text"))]
    assert played and problems(svg, MAP) == []
    assert [s.get("data-section") for s in sections(svg)] == ["turn", "cards", "age-might", "age-faith",
                                                              "age-reason", "legend"]
