"""Decisions forced mid-action (RULES.md §11.2, §11.3): each answer performs exactly the step
its decision stopped at, then `proceed` resumes RESOLVE where the cursor says."""

from __future__ import annotations

from referee.engine.rng import Rng
from referee.plumbing.i18n import Text

from referee.games.khronos.actions import Plan
from referee.games.khronos.data import GameData
from referee.games.khronos.resolve import finish_reduce, proceed, reduce
from referee.games.khronos.shadows import put_hamlet_cube
from referee.games.khronos.state import Move, State, fail, sq_of, tiles

# the move field that names the option, and the rule an option outside the list breaks
ANSWER = {"choose_reduction": ("at", "K-24"), "place_reduced": ("anchor", "K-24"),
          "choose_hamlet_keeper": ("seat", "K-7")}


def check_decision(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """The first pending decision, asked of this seat, answered with one of its options."""
    if st["phase"] == "finished":
        raise fail(Text("the game is over"), "K-26")
    if not st["pending"]:
        raise fail(Text("no decision is pending"), "K-9")
    d = st["pending"][0]
    if seat != d["seat"]:
        raise fail(Text("the pending decision is seat %(seat)s's", seat=d["seat"]), "K-9")
    if move["type"] != d["decision"]:
        raise fail(Text("the pending decision is %(decision)s", decision=d["decision"]), "K-9")
    field, rule = ANSWER[d["decision"]]
    options = d["options"] if "options" in d else d["candidates"]
    answer = move.get(field)
    exact = type(answer) is int if field == "seat" else (
        isinstance(answer, list) and len(answer) == 2 and all(type(v) is int for v in answer))
    if not exact or answer not in options:
        raise fail(Text("%(answer)s is not one of the options offered", answer=repr(answer)), rule)
    return {"decision": d, "answer": answer}


def do_decision(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    d = st["pending"].pop(0)
    kind, answer = d["decision"], plan["answer"]
    if kind == "choose_reduction":
        tid = next(t for t, tile in tiles(st, d["age"]).items() if tile["anchor"] == answer)
        reduce(g, st, d["age"], tid)
    elif kind == "place_reduced":
        finish_reduce(g, st, d, sq_of(answer))
    else:
        put_hamlet_cube(st, d["square"], answer)
    proceed(g, st)


def default_answer(d: dict, n_players: int) -> Move:
    """11.2 defaults: the lowest anchor; for the hamlet keeper the first candidate in turn
    order from the trigger's left neighbour."""
    if d["decision"] == "choose_reduction":
        return {"type": "choose_reduction", "at": min(d["options"])}
    if d["decision"] == "place_reduced":
        return {"type": "place_reduced", "anchor": min(d["options"])}
    order = [(d["seat"] + i) % n_players for i in range(1, n_players + 1)]
    return {"type": "choose_hamlet_keeper", "seat": next(s for s in order if s in d["candidates"])}


def answer_choices(d: dict) -> list[Move]:
    field, _ = ANSWER[d["decision"]]
    options = d["options"] if "options" in d else d["candidates"]
    return [{"type": d["decision"], field: o} for o in options]
