"""Babel moves offered step by step (engine/steps.py; issue 20), with the rules as the only judge.

The turn (DP-1) lists its legal moves, so each move is read as steps here (`turn_path`) and the
engine's `from_moves` builds the tree: first what to do (travel, settle, build, migrate, an
ability, end), then the thing on the board it uses. The halving discard (DP-2) may be too many
to list, so it is walked lazily, card by card from the hand (any order: each card goes to the
discard pile in the order picked, B-28). Board element ids (`data-el` in picture.py):

    hand-<people>            a card of the seat's own hand
    loc-<people>             a location
    col-<seat>-<people>      a seat's column at a location (migration source)
    card-<seat>-<people>-<i> card i of that column (the run an ability uses)
    yard-<seat>, start-<seat> a build yard, a seat's unbuilt start card
"""

from __future__ import annotations

from typing import Any, Sequence

from referee.engine.contract import Move, State
from referee.engine.steps import Option, Step, StepRefused
from referee.plumbing.i18n import Text

from referee.games.babel.board import run_bounds
from referee.games.babel.config import Config
from referee.games.babel.feasibility import start_card_site

ACTION = "What do you do?"

POWER_WORDS = {
    "hittites": "Hittites: take the opponent's top temple level here",
    "assyrians": "Assyrians: collapse the opponent's temple here (its cards go back on the supply)",
    "persians": "Persians: build a temple card two levels above yours, from a yard",
    "medes": "Medes: expel every card of one people from the opponent's column here",
    "sumerians": "Sumerians: take the run at the end of the opponent's column here",
    "halve": "Halving: the opponent discards half of the hand",
}


def name(p: Any) -> str:
    """A people's or location's display name: "hittites" -> "Hittites"."""
    return str(p).replace("_", " ").title()


def turn_path(cfg: Config, state: State, seat: int, move: Move) -> list[tuple[str, Option]]:
    """How one legal turn move reads as steps: the action, then what it uses on the board."""
    me = state["players"][seat]
    at = me["pawn"]
    t = move["type"]
    if t == "travel":
        x = move["people"]
        return [(ACTION, Option("travel", "Travel: discard a card, the pawn goes to its location")),
                ("Travel with which card?", Option(x, f"{name(x)} card: go to the {name(x)}", f"hand-{x}"))]
    if t == "settle":
        x = move["people"]
        return [(ACTION, Option("settle", f"Settle: lay a card in your column at the {name(at)}")),
                ("Settle which card?", Option(x, f"{name(x)} card", f"hand-{x}"))]
    if t == "build":
        if move["source"] == "start":
            card = Option("start", f"Your start card (level {cfg.start_level})", f"start-{seat}")
        else:
            s = move["yard"]
            level = state["yards"][s][-1]
            whose = "your" if s == seat else "the opponent's"
            card = Option(f"yard{s}", f"Level {level} from the top of {whose} yard", f"yard-{s}")
        return [(ACTION, Option("build", f"Build a temple card at the {name(at)}")),
                ("Build which temple card?", card)]
    if t == "migrate":
        a, b = move["from"], move["to"]
        return [(ACTION, Option("migrate", f"Migrate: move the last {cfg.migration_cards} cards of a column")),
                ("Migrate from which column?", Option(a, f"Your column at the {name(a)}", f"col-{seat}-{a}")),
                ("Migrate to which location?", Option(b, f"The {name(b)}", f"loc-{b}"))]
    if t == "ability":
        i, power = move["index"], move["power"]
        column = me["columns"][at]
        lo, hi = run_bounds(column, i)
        out = [(ACTION, Option("ability", f"Use a people's ability (a triple in your column at the {name(at)})")),
               ("Which triple?", Option(f"r{i}", f"The {hi - lo} {name(column[i])} cards from card {i}",
                                        f"card-{seat}-{at}-{i}")),
               ("Which ability?", Option(power, POWER_WORDS.get(power, name(power))))]
        if "target" in move:
            y = move["target"]
            out.append(("Expel which people?", Option(y, f"Every {name(y)} card of the opponent's column here")))
        if "yard" in move:
            s = move["yard"]
            whose = "your" if s == seat else "the opponent's"
            out.append(("From which yard?", Option(f"yard{s}", f"Level {state['yards'][s][-1]} from {whose} yard",
                                                   f"yard-{s}")))
        return out
    if t == "finish_first_turn":
        loc = start_card_site(cfg, state, seat)
        return [(ACTION, Option("finish", f"Finish the turn: build your start card at the {name(loc)} "
                                          "(travelling and settling there as needed), then end the turn"))]
    if t == "end_turn":
        return [(ACTION, Option("end", "End the turn (two temple cards go onto your yard)"))]
    return [(ACTION, Option(t, name(t)))]


def discard_steps(cfg: Config, state: State, seat: int, chosen: Sequence[str]) -> Step:
    """DP-2 card by card: each pick is one card of the hand, until k are picked."""
    hand = dict(state["players"][seat]["hand"])
    k = state["pending"]["count"]
    for i, token in enumerate(chosen):
        if i >= k:
            raise StepRefused(i, Text("step %(step)s: %(k)s cards are already chosen", step=i + 1, k=k), "B-28")
        if hand.get(token, 0) < 1:
            raise StepRefused(i, Text("step %(step)s: %(token)s is not a card left in your hand",
                                      step=i + 1, token=repr(token)),
                              "B-28")
        hand[token] -= 1
    if len(chosen) == k:
        return Step("Ready to play", [], {"type": "discard", "cards": list(chosen)})
    left = k - len(chosen)
    options = [Option(p, f"{name(p)} ({hand[p]} in hand)", f"hand-{p}") for p in cfg.peoples if hand.get(p, 0) > 0]
    return Step(f"Discard which card? ({left} more to choose)", options)
