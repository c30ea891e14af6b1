"""Gentes' board in sections (issue 39), checked without a browser (tests/boardcheck.py): every
section fits a phone (<= 360 units, shown 1:1), no text under 11, symbols defined once and drawn
with <use>, no two texts' measured boxes overlapping or leaving their box, targets of at least
44x44: at 2 seats and at 4, for every seat and a spectator, in English and German, with long
player names; the own board first; tiles drawn as icons, not codes; long names on the map cut to
fit with the whole name in the <title>."""

from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from referee.engine.naming import named_svg
from tests.games.gentes.test_steps import RULES, game_positions
from tests.boardcheck import board_problems, sections
from tests.modes import budget

SHORT = ["Alexandra", "Ben", "Carolina", "Dmitri"]
LONG = ["Alexandra-Maximiliane von Hohenzollern", "Search bot 1", "Bartholomäus Weißenfels", "Dmitri"]
SAMPLES = budget(1, 8)  # positions besides the last one
positions = lru_cache(maxsize=None)(game_positions)  # one random game per table size for the file


@pytest.mark.parametrize("seats", [2, 4])
def test_every_section_fits_a_phone_and_no_text_overlaps(seats: int) -> None:
    shown = positions(seats, 900 + seats, 15)
    for st in random.Random(seats).sample(shown, SAMPLES) + [shown[-1]]:
        assert board_problems(RULES, st, seats) == []


def test_own_board_comes_first_and_symbols_are_defined_once() -> None:
    st = positions(4, 904, 15)[-1]
    board = RULES.picture(RULES.view(st, 2), 2, SHORT)
    assert [s.get("data-section") for s in sections(board)][:3] == ["turn", "player-2", "tiles"]
    spectator = RULES.picture(RULES.view(st, None), None, SHORT)
    assert [s.get("data-section") for s in sections(spectator)][:2] == ["turn", "tiles"]
    assert board.count('<symbol id="gh"') == 1 and board.count('<use href="#gh"') > 1
    assert len(board.encode()) <= 80_000  # the last position of a 4-seat game: its page stays under 100 KB


def test_tiles_are_icons_and_numbers_not_codes() -> None:
    st = positions(4, 904, 15)[0]
    board = named_svg(RULES.picture(RULES.view(st, 0), 0, SHORT), RULES.id)
    visible = re.sub(r"<title>.*?</title>", "", board)
    tile = re.search(r'<g data-el="tile-PH5">(.*?)</g>', visible).group(1)
    assert '<use href="#gph"' in tile and '<use href="#gc"' in tile
    assert tile.count('<use href="#gh"') == RULES.data.tiles["PH5"]["hourglasses"]
    assert not re.search(r">[^<]*(PH\d|\d+c \d+h|Philo\.)[^<]*<", visible)
    assert "Philosopher tile 5" in board  # the name, in the tile's <title>


def test_long_names_on_the_final_map_are_cut_to_fit_and_whole_in_the_title() -> None:
    st = positions(4, 904, 15)[-1]
    owners = set(st["city_owner"].values())
    board = RULES.picture(RULES.view(st, None), None, LONG)
    for seat in owners:
        assert f"{LONG[seat]}</title>" in board
    spaces = re.findall(r'<g data-el="space-[^"]+"><title>[^<]*</title>(.*?)</g>', board)
    shown = {t for body in spaces for t in re.findall(r">([^<]+)</text>", body)}
    assert "Search bot 1" in shown or 1 not in owners
    assert any(t.endswith("…") for t in shown) and "Search bot 1," not in shown
