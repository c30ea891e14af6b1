"""Gentes' board in sections (issue 39), checked without a browser: every section fits a phone
(<= 360 units, shown 1:1), no text under 11, the symbols defined once and drawn with <use>, no
two texts' measured boxes overlapping or leaving their section, at 2 seats and at 4, in English
and German, with short and long player names; tiles drawn as icons, not codes; long names on
the map cut to fit with the whole name in the <title>."""

from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from referee.engine.naming import named_svg
from referee.plumbing.i18n import translator
from tests.games.gentes.test_steps import RULES, game_positions
from tests.boardcheck import problems, sections

SHORT = ["Alexandra", "Ben", "Carolina", "Dmitri"]
LONG = ["Alexandra-Maximiliane von Hohenzollern", "Search bot 1", "Bartholomäus Weißenfels", "Dmitri"]
positions = lru_cache(maxsize=None)(game_positions)  # one random game per table size for the file


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_section_fits_a_phone_and_no_text_overlaps(seats: int, lang: str) -> None:
    tr = translator(lang)
    pick = random.Random(seats)
    shown = positions(seats, 900 + seats, 15)
    for st in pick.sample(shown, 4) + [shown[-1]]:
        for names in (SHORT[:seats], LONG[:seats]):
            for seat in (None, pick.randrange(seats)):
                board = named_svg(RULES.picture(RULES.view(st, seat), seat, names, tr), RULES.id, tr)
                assert problems(board) == []
                keys = [s.attrib["data-section"] for s in sections(board)]
                assert keys[:2] == ["turn", f"player-{seat}" if seat is not None else "tiles"], keys  # own first
                assert board.count('<symbol id="gt-hourglass"') == 1 and '<use href="#gt-hourglass"' in board


def test_tiles_are_icons_and_numbers_not_codes() -> None:
    st = positions(4, 904, 15)[0]
    board = named_svg(RULES.picture(RULES.view(st, 0), 0, SHORT), RULES.id)
    visible = re.sub(r"<title>.*?</title>", "", board)
    tile = re.search(r'<g data-el="tile-PH5">(.*?)</g>', visible).group(1)
    assert '<use href="#gt-philosopher"' in tile and '<use href="#gt-coin"' in tile
    assert tile.count('<use href="#gt-hourglass"') == RULES.data.tiles["PH5"]["hourglasses"]
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
