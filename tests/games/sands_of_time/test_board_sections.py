"""The Sands of Time's board in sections (issue 39), checked without a browser
(tests/boardcheck.py): every section fits a phone (<= 360 units, shown 1:1), no text under 11,
symbols defined once and drawn with <use>, no two texts' measured boxes overlapping or leaving
their box, targets of at least 44x44: at 2 seats and at 5, for every seat and a spectator, in
English and German, with long player names; a seat's own cards and holdings come first."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from tests.boardcheck import board_problems, sections
from tests.games.sands_of_time.positions import RULES
from tests.games.sands_of_time.test_steps import playout_positions
from tests.modes import budget

SAMPLES = budget(1, 8)  # positions besides the last one
positions = lru_cache(maxsize=None)(playout_positions)  # one playout per table size for the file
LONG = ["Alexandra-Maximiliane von Hohenzollern", "Search bot 1", "Bartholomäus Weißenfels", "Dmitri", "Éve"]


@pytest.mark.parametrize("seats", [2, 5])
def test_every_section_fits_a_phone_and_no_text_overlaps(seats: int) -> None:
    shown = positions(seats, 1, 40 if seats == 5 else 20)
    for st in random.Random(seats).sample(shown, SAMPLES) + [shown[-1]]:
        assert board_problems(RULES, st, seats) == []


def test_own_cards_and_holdings_come_first_and_long_names_are_whole_in_the_titles() -> None:
    st = positions(5, 1, 40)[-1]
    board = RULES.picture(RULES.view(st, 3), 3, LONG)
    assert [s.get("data-section") for s in sections(board)][:4] == ["turn", "own-cards", "player-3", "map-west"]
    spectator = RULES.picture(RULES.view(st, None), None, LONG)
    assert [s.get("data-section") for s in sections(spectator)][:3] == ["turn", "map-west", "map-east"]
    assert board.count('<symbol id="sf"') == 1 and board.count('<use href="#sf"') > 1
    assert len(board.encode()) <= 72_000  # the last position of a 5-seat game: its page stays under 100 KB
    assert "Alexandra-Maximiliane von Hohenzollern's public holdings</title>" in board
