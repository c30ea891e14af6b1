"""Bot against bot in process (`referee bots match`, `referee bench`): whole games through the
engine, each bot deciding from its seat's view only. Seats alternate between bot a and bot b
and the first seat rotates, so neither side always starts."""

from __future__ import annotations

import hashlib
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.registry import rules_for
from referee.engine.replay import advance, initial

from referee.bots.turns import plan
from referee.bots.search import winners_of

MAX_DECISIONS = 5000


@dataclass
class Tally:
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    a_scores: list[float] = field(default_factory=list)
    b_scores: list[float] = field(default_factory=list)
    seconds: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    playouts: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": []})  # search bots'

    def playouts_p50(self, side: str) -> float | None:
        """The median playouts of `side`'s weighed decisions (a search bot's; None for others)."""
        return statistics.median(self.playouts[side]) if self.playouts[side] else None

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
                "a_mean_score": round(statistics.fmean(self.a_scores), 2) if self.a_scores else None,
                "b_mean_score": round(statistics.fmean(self.b_scores), 2) if self.b_scores else None}


def spec_of(name: str, level: int) -> dict[str, Any]:
    return {"bot": "search", "level": level} if name == "search" else {"bot": name}


def sides(g: int, seats: int) -> tuple[list[str], int]:
    """Which bot holds each seat in game `g`, and its first seat."""
    return ["a" if (i + g) % 2 == 0 else "b" for i in range(seats)], (g // 2) % seats


def play_game(game: str, specs: dict[str, dict[str, Any]], g: int, seats: int, seed: str,
              tally: Tally) -> dict[str, Any]:
    """One game; adds its outcome and each answer's CPU seconds to `tally`: a bot plans its
    turn as far as it foresees it (bots/turns.py), as a bot seat in the service does."""
    rules = rules_for(game)
    side, first = sides(g, seats)
    game_seed = hashlib.sha256(f"{seed}:{g}:game".encode()).digest()
    bots = [random.Random(f"{seed}:{g}:bot:{i}") for i in range(seats)]
    state = initial(rules, game_seed, seats, {"first_seat": first}, None).state
    seq = 1
    while rules.result(state) is None:
        if seq > MAX_DECISIONS:
            raise RuntimeError(f"{game} game {g} did not end in {MAX_DECISIONS} decisions")
        prompt = rules.prompts(state)[0]
        s = prompt.seat
        started = time.process_time()
        trace: dict[str, Any] = {}
        moves = plan(rules, rules.view(state, s), s, prompt.kind, specs[side[s]], bots[s], trace=trace)
        tally.seconds[side[s]].append(time.process_time() - started)
        if trace:
            tally.playouts[side[s]].append(sum(trace["playouts"].values()))
        for i, move in enumerate(moves):  # as the service plays a plan: in order, until one is refused
            if i and [p.seat for p in rules.prompts(state)] != [s]:
                break
            try:
                state = advance(rules, game_seed, state, seq + 1, "move", s, {"move": move}).state
            except IllegalMove:
                if not i:
                    raise
                break
            seq += 1
    result = rules.result(state)
    winners = {side[w] for w in winners_of(result)}
    tally.games += 1
    if winners == {"a"}:
        tally.a_wins += 1
    elif winners == {"b"}:
        tally.b_wins += 1
    else:
        tally.draws += 1
    scores = result.get("scores") or [0] * seats
    for name, out in (("a", tally.a_scores), ("b", tally.b_scores)):
        mine = [scores[i] for i in range(seats) if side[i] == name and isinstance(scores[i], (int, float))]
        if mine:
            out.append(statistics.fmean(mine))
    return result


def match(game: str, a: str, b: str, games: int, level: int = 2, seats: int = 2, seed: str = "match",
          progress: Any = None) -> Tally:
    """`games` games of bot `a` against bot `b` (random, search or default)."""
    specs = {"a": spec_of(a, level), "b": spec_of(b, level)}
    tally = Tally()
    for g in range(games):
        play_game(game, specs, g, seats, seed, tally)
        if progress:
            progress(g, tally)
    return tally


def percentiles(values: list[float]) -> tuple[float, float]:
    """p50 and p99 of decision times, in milliseconds."""
    if not values:
        return (0.0, 0.0)
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return round(pick(0.5) * 1000, 1), round(pick(0.99) * 1000, 1)
