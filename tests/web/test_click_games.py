"""Every game played in Chromium only by clicking what the referee offers (highlighted board
elements, option buttons, "play"; never typing): a whole game at 2 seats, and the largest table
for at least 3 rounds. At every move, the spectator's and every seat's page shows exactly that
viewer's view; screenshots at 1280 and 390 px per game land in tmp/artifacts (REFEREE_ARTIFACTS),
with the 390 px page not scrolling sideways and no board text under 11 px at 1280."""

from __future__ import annotations

import random
import time

import pytest

from referee.engine.registry import rules_for
from tests.web.clicking import Table
from tests.web.conftest import create

# Whole games by clicking exercise the pages and the rules, not the store (the other browser
# tests, test_babel_pages.py among them, run on both databases): one database keeps CI short.
pytestmark = pytest.mark.one_database

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
WHOLE = ["iron_age", "gentes", "khronos", "sands_of_time"]  # Babel's whole game: test_babel_pages.py
MIN_FONT = 11


def _round(web, gid: str) -> int:
    loaded = web.service.load(gid)
    return loaded.rules.facts(loaded.rules.view(loaded.state, None)).get("round") or 0


def play(web, tabs, game: str, seats: int, label: str, until_round: int | None = None, seed: int = 7) -> Table:
    created = create(web, game, NAMES[:seats])
    table = Table(web, tabs, created, game, label, random.Random(seed))
    t0 = time.monotonic()
    while not web.service.load(table.gid).finished:
        if until_round is not None and _round(web, table.gid) > until_round:
            break
        table.check_no_leak()
        table.play_move()
        if table.moves == 6:
            shots(web, tabs, table, label)
        assert table.moves < 3000, "the game did not end"
    table.check_no_leak()
    print(f"\n{label}: {table.moves} moves, {table.clicks} clicks, round {_round(web, table.gid)}, "
          f"{time.monotonic() - t0:.1f}s (clicking {table.playing:.1f}s, leak checks {table.checking:.1f}s)")
    return table


def shots(web, tabs, table: Table, label: str) -> None:
    """Mid-game: each seat and the spectator at 1280 (font check), seat 0 and the spectator at 390."""
    for s, tab in enumerate(table.tabs):
        tab.page.goto(f"{web.url}/g/{table.gid}")
        smallest = table.font_check(tab)
        assert smallest >= MIN_FONT - 0.01, f"{label}: board text of {smallest:.1f}px at 1280 for seat {s}"
        if s < 2:
            tab.shot(f"{label}-seat{s}-1280")
    table.phone_check(tabs, 0, f"{label}-seat0")
    table.phone_check(tabs, None, f"{label}-spectator")


@pytest.mark.parametrize("game", WHOLE)
def test_whole_game_at_two_seats(web, tabs, game):
    table = play(web, tabs, game, 2, f"{game}-2")
    assert web.service.load(table.gid).finished


@pytest.mark.parametrize("game", ["babel", "iron_age", "gentes", "khronos", "sands_of_time"])
def test_largest_table_three_rounds(web, tabs, game):
    seats = rules_for(game).max_players
    table = play(web, tabs, game, seats, f"{game}-{seats}", until_round=3)
    loaded = web.service.load(table.gid)
    assert loaded.finished or _round(web, table.gid) > 3
