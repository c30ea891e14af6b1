"""What the referee does by itself: draws, the turn change and the end of the game.

People draw with reshuffle (B-13, chances C-4/C-5), temple draw into the active player's
yard (B-16, C-6), the next turn (B-12), and the end conditions (B-29…B-33).
"""

from __future__ import annotations

from typing import Any

from referee.engine.rng import Rng

from referee.games.babel.board import hand_sizes, other, scores
from referee.games.babel.config import Config
from referee.games.babel.draft import Draft


def draw_people(cfg: Config, draft: Draft, seat: int, rng: Rng) -> None:
    """B-13: draw one card at a time; reshuffle the discard pile only when a card is needed
    from an empty draw pile (B-R8); with both piles empty the remaining draws are skipped."""
    drawn: list[str] = []
    for _ in range(cfg.people_draw):
        if not draft.state["people_draw"]:
            if not draft.state["people_discard"]:
                break
            # a copy: the chance record keeps the shuffled order, the pile is drawn from
            draft.replace("people_draw", list(rng.shuffle(draft.state["people_discard"], label="C-5")))
            draft.replace("people_discard", [])
        drawn.append(draft.pile("people_draw").pop(0))  # index 0 is the top (B-7)
    hand = draft.hand(seat)
    for card in drawn:
        hand[card] += 1
    rng.note("C-4", drawn, visible_to=[seat], public=cfg.hand_draw_public(drawn))


def begin_turn(cfg: Config, draft: Draft, seat: int, rng: Rng) -> None:
    """B-12: a new turn for `seat`, starting with its people draw."""
    draft.replace("active", seat)
    draft.replace("migrated_this_turn", False)
    draw_people(cfg, draft, seat, rng)


def end_turn(cfg: Config, draft: Draft, rng: Rng) -> None:
    """B-16 temple draw (higher level pushed first, the lower on top, B-R6), then either the
    end by exhaustion (B-32, B-R7) or the other player's turn (B-12)."""
    state = draft.state
    supply = state["temple_supply"]
    n = min(cfg.temple_draw, len(supply))
    drawn = supply[:n]
    draft.replace("temple_supply", supply[n:])
    draft.replace("temple_supply_known", max(0, state["temple_supply_known"] - n))
    rng.note("C-6", drawn, visible_to="all")
    draft.yard(state["active"]).extend(sorted(drawn, reverse=True))
    if not draft.state["temple_supply"]:
        _end_by_exhaustion(draft)
        return
    draft.replace("turn", state["turn"] + 1)
    begin_turn(cfg, draft, other(state["active"]), rng)


def _end_by_exhaustion(draft: Draft) -> None:
    """B-32: higher score, then more cards in hand, else a draw (B-R22, B-R26)."""
    s = scores(draft.state)
    h = hand_sizes(draft.state)
    if s[0] != s[1]:
        finish(draft, 0 if s[0] > s[1] else 1, "supply_exhausted", "score")
    elif h[0] != h[1]:
        finish(draft, 0 if h[0] > h[1] else 1, "supply_exhausted", "hand_size")
    else:
        finish(draft, None, "supply_exhausted", "draw")


def check_end(cfg: Config, draft: Draft) -> None:
    """B-29: after every action, B-30 (normal goal) and B-31 (race goal) for the active player."""
    state = draft.state
    a = state["active"]
    s = scores(state)
    if state["mode"] == "normal":
        if s[a] < cfg.goal:
            return
        if s[other(a)] < cfg.threshold:
            finish(draft, a, "goal_15")
            return
        draft.replace("mode", "race")  # permanent (B-R20); checked at once (B-R21)
    if s[a] >= cfg.race_goal:
        finish(draft, a, "race_20")
    elif s[other(a)] < cfg.threshold:
        finish(draft, a, "race_below_10")


def finish(draft: Draft, winner: int | None, reason: str, decided_by: str | None = None) -> None:
    """Game over with the B-33 result; nothing of the turn happens afterwards (B-R19)."""
    result: dict[str, Any] = {"winner": winner, "reason": reason}
    if decided_by is not None:
        result["decided_by"] = decided_by
    result["scores"] = scores(draft.state)
    result["hand_sizes"] = hand_sizes(draft.state)
    draft.replace("result", result)
    draft.replace("phase", "over")
    draft.replace("pending", None)
