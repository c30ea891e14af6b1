"""Random playouts: 300 whole games through the engine with replay checks (tests/playout.py).

Every move is taken from the prompt's own choices; the chooser only prefers building and
abilities so that games reach the 15/20 goals and not only the exhausted supply. When a
halving prompt has more than 300 choices (null), a random sub-multiset is discarded.
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter

from referee.engine.rng import Rng
from referee.games.babel.choices import _turn_candidates
from referee.games.babel.moves import is_legal
from tests.games.babel.builder import RULES
from tests.playout import random_playout

GAMES = 300
PREFERRED = ("build", "ability", "finish_first_turn")


class Builder(random.Random):
    """A Random whose `choice` over moves favours progress; any other choice is uniform."""

    def choice(self, seq):  # type: ignore[override]
        if seq and isinstance(seq[0], dict) and "type" in seq[0]:
            strong = [m for m in seq if m["type"] in PREFERRED]
            if strong and self.random() < 0.8:
                return super().choice(strong)
            placing = [m for m in seq if m["type"] in ("settle", "migrate")]
            if placing and self.random() < 0.6:
                return super().choice(placing)
        return super().choice(seq)


def random_discard(rules, state: dict, prompt, pick: random.Random) -> dict:
    """DP-2 with choices null: any k cards of the hand."""
    hand = [p for p, n in state["players"][prompt.seat]["hand"].items() for _ in range(n)]
    return {"type": "discard", "cards": pick.sample(hand, state["pending"]["count"])}


def test_random_playouts_end_and_replay(capsys):
    reasons: Counter[str] = Counter()
    moves = 0
    started = time.perf_counter()
    for i in range(GAMES):
        out = random_playout(RULES, 2, {}, b"babel-playout-%d" % i, Builder(i), move_gen=random_discard)
        result = out["result"]
        assert result is not None and set(result) >= {"winner", "scores", "reason", "hand_sizes"}
        reasons[result["reason"]] += 1
        moves += out["moves"]
    elapsed = time.perf_counter() - started
    with capsys.disabled():
        print(f"\nbabel: {GAMES} playouts, {moves} moves in {elapsed:.1f}s = {GAMES / elapsed:.1f} playouts/s; "
              f"endings {dict(reasons)}")
    assert reasons["supply_exhausted"] and reasons["goal_15"]  # races: see test_end.py


def test_apply_never_mutates_defaults_are_legal_and_pruned_choices_are_all_legal_moves():
    """DP-1: the turn choices, generated without the candidates a necessary condition refuses,
    are exactly the full candidate list's legal moves (pruning drops no legal move)."""
    for g in range(20):
        state = RULES.setup(2, {}, Rng(b"pure%d" % g, 1))
        pick = Builder(g)
        for n in range(2, 400):
            if RULES.result(state) is not None:
                break
            (prompt,) = RULES.prompts(state)
            assert prompt.default == RULES.default_move(state, prompt.seat)
            if prompt.choices is not None:
                assert prompt.default in prompt.choices
            if prompt.kind == "turn":
                full = [m for m in _turn_candidates(RULES.cfg, state, prompt.seat, prune=False)
                        if is_legal(RULES.cfg, state, prompt.seat, m)]
                assert prompt.choices == full
            move = pick.choice([prompt.default] * 3 + (prompt.choices or [prompt.default]))
            before = copy.deepcopy(state)
            new = RULES.apply(state, prompt.seat, move, Rng(b"pure%d" % g, n))
            assert state == before, "apply mutated its input"
            state = new
