"""The Iron Age picture (issue 20): drawn on engine/drawing.py, readable (no text under 11 px in a
viewBox at most 760 wide), players by name, a legend, a title on every element, and every board
element a step offers is there to click (its `data-el`)."""

from __future__ import annotations

import random

import pytest

from tests.boardcheck import NS, board_problems, problems, sections
from tests.games.iron_age.test_steps import RULES, _positions
from tests.picturecheck import check_picture, elements

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("seats", [1, 4])
def test_picture_is_readable_named_and_has_every_offered_element_IA_1_2_IA_5_2_IA_6_1(seats):
    pick = random.Random(seats)
    n = 0
    for state in _positions(seats, 7, every=5):
        for p in RULES.prompts(state):
            svg, _ = check_picture(RULES, state, p.seat, p.kind, NAMES[:seats], pick)
            assert NAMES[p.seat] + " (you)" in svg
            n += 1
    assert n > 5
    assert "Legend" in svg and "Navy (cost 20, 4 points)" in svg  # effects in words from the data


def test_a_spectator_picture_names_every_player_IA_S1():
    state = next(iter(_positions(2, 1)))
    svg = RULES.picture(RULES.view(state, None), None, ["Ada", "Bo"])
    assert "Ada" in svg and "Bo" in svg and "(you)" not in svg


def _states(seats: int, count: int = 3):
    states = list(_positions(seats, 11, every=9))
    return [states[i * (len(states) - 1) // (count - 1)] for i in range(count)]


@pytest.mark.parametrize("seats", [2, 4])
def test_the_board_fits_a_phone_and_no_text_overlaps_in_english_and_german_issue_39(seats):
    """Sections at most 360 wide shown 1:1, text >= 11, each picked thing >= 44x44, symbols defined
    once and drawn with <use>, and (widths estimated) no text overlapping another or leaving its
    box, for every viewer, with long names, from the first turn to the end."""
    for state in _states(seats):
        assert board_problems(RULES, state, seats) == []


def test_dice_are_drawn_faces_and_tracks_filled_slots_issue_39():
    state = next(s for s in _positions(2, 11) if (s.get("turn") or {}).get("empire_faces"))
    svg = RULES.picture(RULES.view(state, 0), 0, NAMES[:2])
    faces = state["turn"]["empire_faces"]
    die = elements(svg)["die-0"]
    assert next(u.get("href") for u in die.iter(f"{NS}use")) == f"#ia-{faces[0]}"
    assert svg.count('<symbol id="ia-food"') == 1 and svg.count('href="#ia-on-') > 0
    assert [s.get("data-section") for s in sections(svg)] == ["turn", "board-0", "board-1", "legend"]


def test_the_checks_find_an_overlap_and_a_wide_section():
    from referee.engine.drawing import board, section, text
    bad = board("t", "d", [section("a", 300, 40, "a", text(10, 20, "Ada Lovelace") + text(30, 22, "Bo")),
                           section("b", 360, 40, "b", text(300, 20, "far too long to fit here"))], "x")
    found = problems(bad)
    assert any("overlaps" in p for p in found) and any("leaves the section" in p for p in found)
