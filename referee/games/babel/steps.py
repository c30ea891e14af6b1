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

# Questions, labels and the powers' words are `Text`s: English as ever, and written in the
# reader's language where they are shown (the peoples through the game's glossary).
ACTION = Text("What do you do?")

POWER_WORDS = {
    "hittites": Text("Hittites: take the opponent's top temple level here"),
    "assyrians": Text("Assyrians: collapse the opponent's temple here (its cards go back on the supply)"),
    "persians": Text("Persians: build a temple card two levels above yours, from a yard"),
    "medes": Text("Medes: expel every card of one people from the opponent's column here"),
    "sumerians": Text("Sumerians: take the run at the end of the opponent's column here"),
    "halve": Text("Halving: the opponent discards half of the hand"),
}


def name(p: Any) -> str:
    """A people's or location's display name: "hittites" -> "Hittites"."""
    return str(p).replace("_", " ").title()


def _yard(level: int, s: int, seat: int, top: bool) -> Text:
    """A build yard's top card, the seat's own or the opponent's."""
    if top:
        return (Text("Level %(level)s from the top of your yard", level=level) if s == seat
                else Text("Level %(level)s from the top of the opponent's yard", level=level))
    return (Text("Level %(level)s from your yard", level=level) if s == seat
            else Text("Level %(level)s from the opponent's yard", level=level))


def turn_path(cfg: Config, state: State, seat: int, move: Move) -> list[tuple[str, Option]]:
    """How one legal turn move reads as steps: the action, then what it uses on the board."""
    me = state["players"][seat]
    at = me["pawn"]
    t = move["type"]
    if t == "travel":
        x = move["people"]
        return [(ACTION, Option("travel", Text("Travel: discard a card, the pawn goes to its location"))),
                (Text("Travel with which card?"),
                 Option(x, Text("%(people)s card: go to the %(location)s", people=name(x), location=name(x)),
                        f"hand-{x}"))]
    if t == "settle":
        x = move["people"]
        return [(ACTION, Option("settle", Text("Settle: lay a card in your column at the %(location)s",
                                               location=name(at)))),
                (Text("Settle which card?"), Option(x, Text("%(people)s card", people=name(x)), f"hand-{x}"))]
    if t == "build":
        if move["source"] == "start":
            card = Option("start", Text("Your start card (level %(level)s)", level=cfg.start_level), f"start-{seat}")
        else:
            s = move["yard"]
            card = Option(f"yard{s}", _yard(state["yards"][s][-1], s, seat, True), f"yard-{s}")
        return [(ACTION, Option("build", Text("Build a temple card at the %(location)s", location=name(at)))),
                (Text("Build which temple card?"), card)]
    if t == "migrate":
        a, b = move["from"], move["to"]
        return [(ACTION, Option("migrate", Text("Migrate: move the last %(n)s cards of a column",
                                                n=cfg.migration_cards))),
                (Text("Migrate from which column?"),
                 Option(a, Text("Your column at the %(location)s", location=name(a)), f"col-{seat}-{a}")),
                (Text("Migrate to which location?"),
                 Option(b, Text("The %(location)s", location=name(b)), f"loc-{b}"))]
    if t == "ability":
        i, power = move["index"], move["power"]
        column = me["columns"][at]
        lo, hi = run_bounds(column, i)
        out = [(ACTION, Option("ability", Text("Use a people's ability (a triple in your column at the %(location)s)",
                                               location=name(at)))),
               (Text("Which triple?"), Option(f"r{i}", Text("The %(n)s %(people)s cards from card %(i)s", n=hi - lo,
                                                            people=name(column[i]), i=i),
                                              f"card-{seat}-{at}-{i}")),
               (Text("Which ability?"), Option(power, POWER_WORDS.get(power, name(power))))]
        if "target" in move:
            y = move["target"]
            out.append((Text("Expel which people?"),
                        Option(y, Text("Every %(people)s card of the opponent's column here", people=name(y)))))
        if "yard" in move:
            s = move["yard"]
            out.append((Text("From which yard?"), Option(f"yard{s}", _yard(state["yards"][s][-1], s, seat, False),
                                                         f"yard-{s}")))
        return out
    if t == "finish_first_turn":
        loc = start_card_site(cfg, state, seat)
        return [(ACTION, Option("finish", Text("Finish the turn: build your start card at the %(location)s "
                                               "(travelling and settling there as needed), then end the turn",
                                               location=name(loc))))]
    if t == "end_turn":
        return [(ACTION, Option("end", Text("End the turn (two temple cards go onto your yard)")))]
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
        return Step(Text("Ready to play"), [], {"type": "discard", "cards": list(chosen)})
    left = k - len(chosen)
    options = [Option(p, Text("%(people)s (%(n)s in hand)", people=name(p), n=hand[p]), f"hand-{p}")
               for p in cfg.peoples if hand.get(p, 0) > 0]
    return Step(Text("Discard which card? (%(n)s more to choose)", n=left), options)
