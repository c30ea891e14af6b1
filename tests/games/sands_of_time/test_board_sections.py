"""The Sands of Time's board in sections (issue 39), checked without a browser: every section
fits a phone (<= 360 units, shown 1:1), no text under 11, the symbols defined once and drawn
with <use>, and no two texts' measured boxes overlapping or leaving their section: at 2 seats
and at 5, in English and German, with short and long player names, for a seat and a spectator."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from referee.engine.naming import named_svg
from referee.plumbing.i18n import translator
from tests.games.sands_of_time.positions import RULES
from tests.games.sands_of_time.test_steps import playout_positions
from tests.boardcheck import problems, sections

SHORT = ["Ann", "Ben", "Cleo", "Dario", "Eve"]
positions = lru_cache(maxsize=None)(playout_positions)  # one playout per table size for the file
LONG = ["Alexandra-Maximiliane von Hohenzollern", "Search bot 1", "Bartholomäus Weißenfels", "Dmitri", "Éve"]


@pytest.mark.parametrize("seats", [2, 5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_section_fits_a_phone_and_no_text_overlaps(seats: int, lang: str) -> None:
    tr = translator(lang)
    pick = random.Random(seats)
    shown = positions(seats, 1, 40 if seats == 5 else 20)
    for st in pick.sample(shown, 4) + [shown[-1]]:
        for names in (SHORT[:seats], LONG[:seats]):
            for seat in (None, pick.randrange(seats)):
                board = named_svg(RULES.picture(RULES.view(st, seat), seat, names, tr), RULES.id, tr)
                assert problems(board) == []
                keys = [s.attrib["data-section"] for s in sections(board)]
                assert keys[:3] == (["turn", "own-cards", f"player-{seat}"] if seat is not None
                                    else ["turn", "map-west", "map-east"]), keys  # own things first
                assert board.count('<symbol id="st-farmer"') == 1 and '<use href="#st-farmer"' in board


def test_long_names_are_cut_on_the_board_and_whole_in_the_title() -> None:
    st = positions(5, 1, 40)[-1]
    board = RULES.picture(RULES.view(st, 0), 0, LONG)
    assert "Alexandra-Maximiliane von Hohenzollern (you)</title>" in board
    assert ">Alexandra-Maximiliane von Hohenzollern (you)</text>" not in board and "…</text>" in board
