"""Building iron_age positions for rule tests.

`position(...)` starts from a real setup (every seat chose a port, so the data's prebuilt and
chosen columns are complete), then overrides fields, recomputes the derived ones (owned counts,
locks, skull count, open decisions) and insists that the result validates against
schemas/games/iron_age/state.json and passes check_state, so no test runs on an impossible state.
Dice faces are part of the state, which is how tests fix the dice.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.iron_age.rules import GameRules
from referee.games.iron_age.turn import pending
from tests.games.iron_age.policy import BiasedPick, move_gen

RULES = GameRules()


def rng(tag: str = "t", n: int = 2) -> Rng:
    return Rng(b"iron-age-test-" + tag.encode(), n)


def fresh(seats: int = 2, start: int = 0, length: str = "short", rules: GameRules = RULES) -> dict:
    """A setup position (D0 pending for the start player)."""
    return rules.setup(seats, {"length": length, "start_player": start}, rng("setup", 1))


def set_structures(p: dict, rules: GameRules = RULES, ports: int | None = None, provinces: int | None = None) -> None:
    """Complete exactly the first `ports` port columns / `provinces` province columns."""
    g = rules.data
    if ports is not None:
        for i, (c, spec) in enumerate(zip(p["ports"], g.ports)):
            full = i < ports or spec["prebuilt"]
            c.update(boxes_filled=spec["worker_boxes"] if full else 0,
                     amphoras_filled=spec["amphoras"] if full else 0, complete=full)
    if provinces is not None:
        for i, (c, spec) in enumerate(zip(p["provinces"], g.provinces)):
            full = i < provinces or spec["prebuilt"]
            c.update(boxes_filled=spec["worker_boxes"] if full else 0, complete=full)
    p["ports_owned"] = sum(c["complete"] for c in p["ports"])
    p["provinces_owned"] = sum(c["complete"] for c in p["provinces"])


def position(seats: int = 2, *, phase: str = "roll", active: int = 0, start: int = 0, round: int = 2,
             faces: list[str] | None = None, fate: str = "conquest_1", rolls_used: int = 1,
             players: dict[int, dict[str, Any]] | None = None, turn: dict[str, Any] | None = None,
             length: str = "short", rules: GameRules = RULES, check_valid: bool = True) -> dict:
    """A valid position waiting for `phase`'s decision by `active` (see module doc), in round 2
    by default so that owned developments can have been bought in round 1.

    players: {seat: {field: value, "ports": k, "provinces": m, "developments": [ids]}};
    ports/provinces as ints complete that many columns. turn: fields of the turn record."""
    st = fresh(seats, start, length, rules)
    for s in range(seats):
        seat = (start + s) % seats
        st["players"][seat]["initial_choice"] = "port"
        set_structures(st["players"][seat], rules, ports=2, provinces=1)
    for seat, over in (players or {}).items():
        p = st["players"][seat]
        over = dict(over)
        set_structures(p, rules, ports=over.pop("ports", None), provinces=over.pop("provinces", None))
        devs = over.pop("developments", None)
        if devs is not None:  # bought in earlier rounds
            p["developments"] = [{"id": d, "round": max(1, round - 1)} for d in devs]
        mons = over.pop("monuments", None)
        if mons is not None:
            p["monuments"].update(copy.deepcopy(mons))
        p.update(over)
    st["round"] = round
    st["active_seat"] = active
    st["phase"] = phase
    if phase != "setup":
        g = rules.data
        me = st["players"][active]
        n = min(max(me["ports_owned"], me["provinces_owned"]), g.max_dice)
        faces = faces if faces is not None else ["food"] * n
        t = {
            "dice_count": len(faces), "empire_faces": list(faces), "locked": [f == "skull" for f in faces],
            "fate_face": fate, "rolls_used": rolls_used, "rolling_done": phase != "roll", "omen_used": False,
            "fow_choices": {}, "skulls_rolled": sum(f == "skull" for f in faces), "workers": 0, "inventions": 0,
            "pending_battles": [], "tribute_responses": {}, "development_bought": None, "end_turn": False,
            "disaster": None, "battles": [],
        }
        if phase not in ("roll", "omen", "assign"):
            t["fow_choices"] = {str(i): "food" for i, f in enumerate(faces) if f == "food_or_workers"}
        t.update(turn or {})
        st["turn"] = t
    st["pending_decisions"] = pending(st)
    if check_valid:
        assert_valid(st, rules)
    return st


def assert_valid(st: dict, rules: GameRules = RULES) -> None:
    errors = check("games/iron_age/state.json", st)
    assert not errors, errors[:3]
    problems = rules.check_state(st)
    assert not problems, problems


def play(st: dict, seat: int, move: dict, tag: str = "m", rules: GameRules = RULES) -> dict:
    """Apply a move, then check the result is a valid position; the input must stay unchanged."""
    before = copy.deepcopy(st)
    out = rules.apply(st, seat, move, rng(tag, 5))
    assert st == before, "apply changed its input"
    assert_valid(out, rules)
    return out


def rejected(st: dict, seat: int, move: dict, rule: str, reason: str | None = None,
             rules: GameRules = RULES) -> IllegalMove:
    """The move is refused naming `rule` (and starting with the reason code); the state is unchanged."""
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove) as e:
        rules.apply(st, seat, move, rng("bad"))
    assert e.value.rule == rule, e.value
    if reason:
        assert e.value.message.startswith(reason), e.value.message
    assert st == before
    return e.value


@functools.lru_cache(maxsize=None)
def sample_states(games: int = 6, seats: int = 3) -> list[dict]:
    """Every state of a few biased random games (all decision kinds occur); shared, do not change."""
    out = []
    for i in range(games):
        st = RULES.setup(seats, {}, rng(f"sample{i}", 1))
        pick = BiasedPick(i)
        n = 2
        while not st["game_over"]:
            out.append(st)
            prompt = pick.choice(RULES.prompts(st))
            move = pick.choice(prompt.choices) if prompt.choices is not None else move_gen(RULES, st, prompt, pick)
            st = RULES.apply(st, prompt.seat, move, rng(f"sample{i}", n))
            n += 1
    return out
