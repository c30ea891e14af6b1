"""Soundness of a position (RULES.md §13 and the consistency of §9).

Used for positions submitted by users and after every move in playout tests, so each
message says what is wrong in words a player can act on. The shape is checked first against
schemas/games/babel/state.json; the invariants only run on a well-formed state.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, repeat
from typing import Any

from referee.engine.contract import State

from referee.engine.schemas import check

from referee.games.babel.board import hand_size, other, scores
from referee.games.babel.config import Config


def _people_cards(state: State) -> Counter[str]:
    """Every people card wherever it lies (piles, hands, columns), counted once."""
    players = state["players"]
    return Counter(chain(
        state["people_draw"], state["people_discard"],
        chain.from_iterable(repeat(people, n) for p in players for people, n in p["hand"].items()),
        chain.from_iterable(column for p in players for column in p["columns"].values()),
    ))


def _temple_cards(cfg: Config, state: State) -> Counter[int]:
    """Every temple card (supply, yards, sites, unbuilt start cards), counted once."""
    players = state["players"]
    return Counter(chain(
        state["temple_supply"], chain.from_iterable(state["yards"]),
        chain.from_iterable(site for p in players for site in p["sites"].values()),
        (cfg.start_level for p in players if p["start_card"]),
    ))


def _conservation(cfg: Config, state: State) -> list[str]:
    """§13: every people and temple card is somewhere, exactly once."""
    out = []
    people = _people_cards(state)
    for p in cfg.peoples:
        if people[p] != cfg.people_counts[p]:
            out.append(f"{people[p]} {p} cards in play, expected {cfg.people_counts[p]}")
    temples = _temple_cards(cfg, state)
    for level, count in sorted(cfg.temple_counts.items()):
        if temples[level] != count:
            out.append(f"{temples[level]} level-{level} temple cards in play, expected {count}")
    return out


def _sites(cfg: Config, state: State) -> list[str]:
    """B-5: every site strictly increasing, within the existing levels."""
    out = []
    for seat, p in enumerate(state["players"]):
        for loc, site in p["sites"].items():
            if any(a >= b for a, b in zip(site, site[1:])) or any(lv > cfg.max_level for lv in site):
                out.append(f"seat {seat}'s temple at {loc} is not strictly increasing within 1..{cfg.max_level}")
    return out


def _turn_order(state: State) -> list[str]:
    """B-12, B-27/B-28, B-33: alternation, the pending halving, the phase."""
    out = []
    if state["active"] != (state["start_seat"] + state["turn"] - 1) % 2:
        out.append(f"turn {state['turn']} belongs to the other seat (players alternate, start seat first)")
    if state["temple_supply_known"] > len(state["temple_supply"]):
        out.append("temple_supply_known exceeds the temple supply")
    pending = state["pending"]
    if (state["phase"] == "halve_response") != (pending is not None):
        out.append("phase must be halve_response exactly when a discard is pending")
    if (state["phase"] == "over") != (state["result"] is not None):
        out.append("phase must be over exactly when there is a result")
    if pending is not None:
        if pending["seat"] != other(state["active"]):
            out.append("only the active player's opponent can owe a halving discard")
        elif pending["count"] != hand_size(state["players"][pending["seat"]]) // 2:
            out.append("the pending discard count is not half the opponent's hand (rounded down)")
    return out


def _running(cfg: Config, state: State) -> list[str]:
    """§13 score bounds per mode while the game runs; B-16/B-32: the supply is never empty."""
    out = []
    s = scores(state)
    if not state["temple_supply"]:
        out.append("the temple supply is empty but the game is not over (B-32)")
    if state["mode"] == "normal" and max(s) >= cfg.goal:
        out.append(f"a score of {cfg.goal} or more in mode normal would have ended the game or started the race")
    if state["mode"] == "race" and (min(s) < cfg.threshold or max(s) >= cfg.race_goal):
        out.append(f"in the race both scores must be >= {cfg.threshold} and < {cfg.race_goal}")
    return out


def _finished(state: State) -> list[str]:
    """B-33: the result describes the final position."""
    result = state["result"]
    out = []
    if result["scores"] != scores(state):
        out.append("result scores differ from the temples on the board")
    if result["hand_sizes"] != [hand_size(p) for p in state["players"]]:
        out.append("result hand sizes differ from the hands")
    return out


def shape_errors(state: Any) -> list[str]:
    """Violations of schemas/games/babel/state.json, as "path: message" lines."""
    return [f"{e['path']}: {e['message']}" for e in check("games/babel/state.json", state)]


def violations(cfg: Config, state: Any) -> list[str]:
    """Every invariant a well-formed state breaks; an empty list means the position is sound.

    The shape is the state schema's job (about 2 ms with jsonschema, too slow to run after
    every move of a playout), so callers validating a submitted position run `shape_errors`
    first. A state too malformed for the invariants to be computed is still reported, by
    its schema errors, rather than raising.
    """
    try:
        out = _conservation(cfg, state) + _sites(cfg, state) + _turn_order(state)
        if state["phase"] != "over":
            return out + _running(cfg, state)
        return out + (_finished(state) if state["result"] is not None else [])
    except (KeyError, TypeError, IndexError, AttributeError, ValueError):
        return shape_errors(state) or ["the state is malformed (see schemas/games/babel/state.json)"]
