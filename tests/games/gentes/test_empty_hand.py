"""An empty hand reads as no cards in the picture, for its own seat as for the others (never "Hand: .")."""

from __future__ import annotations

import copy

from referee.engine.registry import rules_for
from referee.engine.replay import initial

SEED = b"empty-hand".ljust(32, b"\0")


def test_an_empty_own_hand_reads_like_anyone_elses():
    rules = rules_for("gentes")
    state = copy.deepcopy(initial(rules, SEED, 2, {"first_seat": 0}, None).state)
    state["players"][0]["hand"] = []
    own = rules.picture(rules.view(state, 0), 0)
    other = rules.picture(rules.view(state, 1), 1)
    assert "Hand: ." not in own and "hand (0)" not in own and "Your hand: no cards." in own
    assert "Hand: 0 cards (hidden)." in other  # seat 0's hand, as seat 1 sees it
