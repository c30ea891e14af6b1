"""The per-move checks that replaced the browser's (httpplay.py) still catch what they are for:
run against a deliberately broken copy of the game page (a fault planted for the test's length
with monkeypatch, in the server this test starts), the same driver the suite plays every game
with fails, naming the fault. If a refactoring of the checks lets either fault through, this
test says so before a real leak or a real broken link does."""

from __future__ import annotations

import random

import pytest

from referee.web import gamepage
from tests.web.conftest import create
from tests.web.httpplay import HttpTable, private_words


def _play(web, game: str, moves: int) -> None:
    created = create(web, game, ["Ada", "Bo"], {"first_seat": 0})
    table = HttpTable(web, created, game, random.Random(3))
    for _ in range(moves):
        table.check_all()
        table.play_move()


def test_a_hand_leaked_into_the_decision_fragment_fails_the_checks(web, monkeypatch):
    """Babel: the decision panel of the step fragment (`part=step`, what the page's script swaps
    in) also names the other seat's hand, worded as that seat's board words it (the card titles
    "2 Sumerians cards in your hand" of its own picture)."""
    real = gamepage.build

    def leaky(svc, game_id, seat, *args, **kw):
        gp = real(svc, game_id, seat, *args, **kw)
        if kw.get("part") and seat is not None:
            hand = [w for w in private_words(svc.load(game_id), seat) if "in your hand" in w]
            words = ", ".join(sorted(hand))
            for p in gp.prompts:
                if p.own:
                    p.text += f" (the other hand: {words})"
        return gp

    _play(web, "babel", 3)  # the real pages pass
    monkeypatch.setattr(gamepage, "build", leaky)
    with pytest.raises(AssertionError, match="step fragment: another seat's words"):
        _play(web, "babel", 30)


@pytest.mark.parametrize("game", ["iron_age", "gentes"])
def test_a_step_link_to_a_wrong_option_fails_the_checks(web, monkeypatch, game):
    """One game's step links: the first option's link leads to the second option (its label and
    the rest unchanged), as a slip in building the links would."""
    real = gamepage._step_box

    def crossed(svc, loaded, *args, **kw):
        box = real(svc, loaded, *args, **kw)
        if box is not None and loaded.game == game and len(box.options) > 1:
            first, second = box.options[0], box.options[1]
            first.href = second.href
        return box

    _play(web, game, 3)
    monkeypatch.setattr(gamepage, "_step_box", crossed)
    with pytest.raises(AssertionError, match="leads to option"):
        _play(web, game, 10)
