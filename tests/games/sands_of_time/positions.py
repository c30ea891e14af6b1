"""Positions for the rule tests: a game after the default setup, then edited through small
helpers that keep the pieces conserved (check_state holds for every position built here)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.sands_of_time.rules import GameRules
from referee.games.sands_of_time.turn import decisions

RULES = GameRules()
G = RULES.data


def rng(label: str = "t", seq: int = 5) -> Rng:
    return Rng(label.encode(), seq)


def play(st: dict, seat: int, move: dict, label: str = "t") -> dict:
    out = RULES.apply(st, seat, move, rng(label))
    assert not RULES.check_state(out), RULES.check_state(out)
    return out


def rejected(st: dict, seat: int, move: dict, rule: str, code: str | None = None) -> IllegalMove:
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove) as e:
        RULES.apply(st, seat, move, rng("bad"))
    assert e.value.rule == rule, (e.value.rule, e.value.message)
    if code:
        assert e.value.message.startswith(code), e.value.message
    assert st == before
    return e.value


def fresh(seats: int = 3, start: int = 0, label: str = "pos") -> dict:
    return RULES.setup(seats, {"first_seat": start}, rng(label, 1))


def started(seats: int = 3, start: int = 0, label: str = "pos") -> dict:
    """After the default setup: turn 1 of generation 1, every seat to choose."""
    st = fresh(seats, start, label)
    while st["phase"].startswith("SETUP"):
        d = st["pending"][0]
        st = play(st, d["seat"], RULES.default_move(st, d["seat"]))
    return st


def refresh(st: dict) -> dict:
    st["pending"] = decisions(st)
    problems = RULES.check_state(st)
    assert not problems, problems
    assert not check("games/sands_of_time/state.json", st)
    return st


def citizens(st: dict, region: str, seat: int, farmers: int = 0, soldiers: int = 0) -> None:
    """Sets a seat's citizens in a region, moving pieces from/to supply."""
    reg = st["regions"][region]
    old = reg["citizens"].get(str(seat), {"farmers": 0, "soldiers": 0})
    sup = st["players"][seat]["supply"]
    sup["farmers"] -= farmers - old["farmers"]
    sup["soldiers"] -= soldiers - old["soldiers"]
    if farmers or soldiers:
        reg["citizens"][str(seat)] = {"farmers": farmers, "soldiers": soldiers}
    else:
        reg["citizens"].pop(str(seat), None)


def control(st: dict, region: str, seat: int | None, kind: str | None = "colony") -> None:
    reg = st["regions"][region]
    old = reg["controller"]
    if old is not None:
        if reg["control_type"] == "capital":
            st["players"][old]["capital_region"] = None
        else:
            st["players"][old]["supply"]["control_markers"] += 1
    reg["controller"], reg["control_type"] = seat, (kind if seat is not None else None)
    if seat is not None:
        if kind == "capital":
            st["players"][seat]["capital_region"] = region
        else:
            st["players"][seat]["supply"]["control_markers"] -= 1


def clear_board(st: dict) -> None:
    """No citizens, control, caravans or buildings anywhere (supplies refilled)."""
    for r, reg in st["regions"].items():
        for k in list(reg["citizens"]):
            citizens(st, r, int(k))
        control(st, r, None)
        for b in reg["buildings"]:
            if st["building_supply"][b] != "unlimited":
                st["building_supply"][b] += 1
        reg["buildings"] = []
    for owners in st["caravans"].values():
        for o in owners:
            st["players"][o]["supply"]["caravans"] += 1
    st["caravans"] = {}


def building(st: dict, region: str, b: str) -> None:
    st["regions"][region]["buildings"].append(b)
    if st["building_supply"][b] != "unlimited":
        st["building_supply"][b] -= 1


def caravan(st: dict, a: str, b: str, seat: int) -> None:
    st["caravans"].setdefault(G.key(a, b), []).append(seat)
    st["players"][seat]["supply"]["caravans"] -= 1


def progress(st: dict, seat: int, row: str, level: int) -> None:
    p = st["players"][seat]
    if row not in p["progress_markers"]:
        p["supply"]["progress_markers"] -= 1
    p["progress_markers"][row] = level


def put_card(st: dict, row: str, card: str, level: int | None = None) -> None:
    """Puts a progress card at `level` of a row (default: the next free level), swapping it with
    the card there (which goes where `card` was), so that every card stays somewhere once."""
    level = level or len(st["progress_rows"][row]) + 1
    target = st["progress_rows"][row]
    occupant = target[level - 1] if level <= len(target) else None
    places = [cards for levels in st["progress_stacks"].values() for cards in levels.values()]
    places += list(st["progress_rows"].values())
    for cards in places:
        if card in cards:
            i = cards.index(card)
            if occupant is None:
                cards.pop(i)
            else:
                cards[i] = occupant
            break
    if occupant is None:
        target.append(card)
    else:
        target[target.index(occupant) if occupant in target else level - 1] = card


def set_player(st: dict, seat: int, **fields: Any) -> None:
    st["players"][seat].update(fields)


def choose_all(st: dict, mine: dict[int, list[str]], auto_others: bool = True) -> dict:
    """Every seat chooses: the given pairs (not auto-declined), the others their default."""
    for seat in range(len(st["players"])):
        if st["phase"] != "SELECT":
            break
        if st["players"][seat]["selected_cards"] is not None:
            continue
        if seat in mine:
            st = play(st, seat, {"type": "choose_cards", "cards": mine[seat], "auto_decline": False})
        else:
            st = play(st, seat, RULES.default_move(st, seat))
    return st


def active(seats: int = 3, cards: list[str] | None = None, seat: int = 0, edit=None) -> dict:
    """A position where `seat` (the start player) executes `cards` in turn 1, after `edit(st)`
    changed the board at the start of the turn."""
    st = started(seats, start=seat)
    if edit:
        edit(st)
        refresh(st)
    return choose_all(st, {seat: cards or ["chronicle", "muster"]})


def tile(st: dict, region: str, resource: str, capacity: int) -> None:
    st["regions"][region]["resource"] = resource
    st["regions"][region]["capacity"] = capacity


def scene(cards: list[str], edit, seats: int = 3) -> dict:
    """Seat 0 executes `cards` on a cleared board set up by `edit(st)`."""
    def both(st: dict) -> None:
        clear_board(st)
        edit(st)
    return active(seats, cards, edit=both)
