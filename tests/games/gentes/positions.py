"""Building Gentes positions for rule tests.

`heyday(...)` starts from a real setup whose draft is done (start player 0), then moves cards,
cities and numbers with small helpers that keep every invariant (cards are taken from wherever
they are, cities from the supply). `valid` insists the position matches
schemas/games/gentes/state.json and passes check_state, so no test runs on an impossible state.
Test cards (`T-...`) are written for the tests and added to the component data of `TRULES`.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.schemas import check
from referee.games.gentes.rules import GameRules
from referee.games.gentes.state import clone

RULES = GameRules()


def card(cid: str, rewards: list | None = None, penalties: list | None = None, *, vp: int = 0, epoch: int = 3,
         requires: dict | None = None, synergy: list | None = None, ability: dict | None = None) -> dict[str, Any]:
    c = {"id": cid, "name": f"test card {cid}", "epoch": epoch,
         "requires": {"professions": {}, "city_symbols": {}, **(requires or {})}, "vp": vp,
         "rewards": rewards or [], "penalties": penalties or [], "synergy": synergy or []}
    if ability is not None:
        c["ability"] = ability
    return c


TEST_CARDS = [
    card("T-vp", [{"op": "vp", "n": 3}]),
    card("T-vp-neg", [{"op": "vp", "n": -5}]),
    card("T-coins", [{"op": "coins", "n": 4}]),
    card("T-coins-pay", [{"op": "coins", "n": -6}]),
    card("T-cube", [{"op": "cube", "kind": "eye", "n": 2}]),
    card("T-cube-pay", [{"op": "cube", "kind": "temple", "n": -1}]),
    card("T-pop", [{"op": "pop", "prof": "priest", "n": 2}]),
    card("T-pop-neg", [{"op": "pop", "prof": "soldier", "n": -1}]),
    card("T-pop-any", [{"op": "pop_any", "n": 2}]),
    card("T-hourglass", [{"op": "hourglass", "n": 3}]),
    card("T-remove-hg", [{"op": "remove_hourglass", "n": 2}]),
    card("T-unlock", [{"op": "unlock", "n": 2}]),
    card("T-draw-display", [{"op": "draw_display", "n": 2, "max_slot": 3}]),
    card("T-draw-discard", [{"op": "draw_discard", "n": 2}]),
    card("T-action-phil", [{"op": "action", "kind": "philosopher", "as_cost": 3}]),
    card("T-action-scribe", [{"op": "action", "kind": "scribe", "as_cost": 10}]),
    card("T-action-nav", [{"op": "action", "kind": "navigator", "symbol": "temple"}]),
    card("T-action-chron", [{"op": "action", "kind": "chronicler"}]),
    card("T-vp-per-map", [{"op": "vp_per", "what": "own_cities_map", "n": 2}]),
    card("T-vp-per-home", [{"op": "vp_per", "what": "own_hometowns", "n": 3}]),
    card("T-vp-per-cards", [{"op": "vp_per", "what": "cards_played", "n": 1, "max": 2}]),
    card("T-vp-per-prof", [{"op": "vp_per", "what": "profession:merchant", "n": 1}]),
    card("T-plain", vp=2, synergy=["scroll"]),
    card("T-plain2", vp=3, synergy=["scroll", "laurel"]),
    card("T-plain3", vp=1),
    card("T-needs", vp=5, requires={"professions": {"priest": 2, "merchant": 1}, "city_symbols": {"eye": 1}}),
    card("T-mixed", [{"op": "pop", "prof": "priest", "n": 1}], [{"op": "pop", "prof": "priest", "n": -1}], vp=1),
    card("T-fail-late", [{"op": "coins", "n": 2}], [{"op": "coins", "n": -50}], vp=4),
    card("T-cube-ab", vp=1, ability={"kind": "cube", "coins": 2, "hourglasses": 1, "effects": [{"op": "vp", "n": 2}]}),
    card("T-cube-free", vp=1, ability={"kind": "cube", "coins": 0, "hourglasses": 0, "effects": [{"op": "coins", "n": 1}]}),
    card("T-moon", vp=1, ability={"kind": "moon", "effects": [{"op": "coins", "n": 5}]}),
    card("T-moon2", vp=1, ability={"kind": "moon", "effects": [{"op": "pop_any", "n": 1}]}),
]


def test_components() -> dict[str, Any]:
    c = copy.deepcopy(GameRules.bundled_components())
    c["cards"] = c["cards"] + copy.deepcopy(TEST_CARDS)
    return c


TRULES = GameRules(test_components())


def rng(tag: str = "t", n: int = 2) -> Rng:
    return Rng(b"gentes-test-" + tag.encode(), n)


def fresh(seats: int = 2, start: int = 0, rules: GameRules = TRULES) -> dict:
    return rules.setup(seats, {"first_seat": start}, rng("setup", 1))


def play(st: dict, seat: int, move: dict, rules: GameRules = TRULES, tag: str = "m") -> dict:
    """`move` applied to a position that must be valid (schema and invariants)."""
    valid(st, rules)
    return rules.apply(st, seat, move, rng(tag))


def drafted(seats: int = 2, start: int = 0, rules: GameRules = TRULES) -> dict:
    """Heyday of round 1 after the default draft."""
    st = fresh(seats, start, rules)
    while st["phase"] == "draft":
        st = play(st, st["turn_seat"], rules.default_move(st, st["turn_seat"]), rules)
    return st


def remove_card(st: dict, cid: str) -> None:
    for deck in st["decks"].values():
        if cid in deck:
            deck.remove(cid)
            return
    for i, cell in enumerate(st["display"]):
        if cell is not None and cell["card"] == cid:
            if cell["cube"]:
                st["supply_cubes"] += 1
            st["display"][i] = None
            return
    for pile in ("discard", "box"):
        if cid in st[pile]:
            st[pile].remove(cid)
            return
    for p in st["players"]:
        for part in ("hand", "tableau"):
            if cid in p[part]:
                p[part].remove(cid)
                return
    raise AssertionError(f"{cid} not found")


def give(st: dict, seat: int, *cids: str, to: str = "hand") -> None:
    for cid in cids:
        remove_card(st, cid)
        st["players"][seat][to].append(cid)


def to_pile(st: dict, pile: str, *cids: str) -> None:
    for cid in cids:
        remove_card(st, cid)
        st[pile].append(cid)


def set_display(st: dict, slot: int, cid: str | None, cube: bool = False) -> None:
    old = st["display"][slot - 1]
    if old is not None:
        st["display"][slot - 1] = None
        st["decks"][str(st["epoch"])].insert(0, old["card"])
        if old["cube"]:
            st["supply_cubes"] += 1
    if cid is not None:
        remove_card(st, cid)
        st["display"][slot - 1] = {"card": cid, "cube": cube}
        if cube:
            st["supply_cubes"] -= 1


def city(st: dict, seat: int, *spaces: str) -> None:
    for s in spaces:
        st["city_owner"][s] = seat
        st["players"][seat]["cities_in_supply"] -= 1


def cubes(st: dict, seat: int, eye: int = 0, temple: int = 0) -> None:
    p = st["players"][seat]
    st["supply_cubes"] -= eye - p["cubes"]["eye"] + temple - p["cubes"]["temple"]
    p["cubes"] = {"eye": eye, "temple": temple}


def heyday(seats: int = 2, turn: int = 0, rules: GameRules = TRULES, **players: dict[str, Any]) -> dict:
    """Round-1 Heyday with `turn` to move; `p0={...}` etc. override player fields."""
    st = drafted(seats, 0, rules)
    st["turn_seat"] = turn
    for key, fields in players.items():
        st["players"][int(key[1:])].update(clone(fields))
    return st


def valid(st: dict, rules: GameRules = TRULES) -> dict:
    errors = check("games/gentes/state.json", st)
    assert not errors, errors[:3]
    problems = rules.check_state(st)
    assert not problems, problems
    return st


def rejected(st: dict, seat: int, move: Any, rule: str, rules: GameRules = TRULES) -> IllegalMove:
    valid(st, rules)
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove) as e:
        rules.apply(st, seat, move, rng("rej"))
    assert e.value.rule == rule, (e.value.rule, e.value.message)
    assert st == before, "a refused move changed the state"
    return e.value


def track(*cells: str, length: int = 10) -> list[str]:
    """A track from the given leading cells, the rest empty (locks on the last 3 by default)."""
    out = list(cells) + ["empty"] * (length - 3 - len(cells)) + ["locked"] * 3
    return out[:length]


def full(st: dict, seat: int) -> None:
    """Fill every empty cell of `seat`'s track with a single hourglass."""
    t = st["players"][seat]["track"]
    st["players"][seat]["track"] = ["hg1" if c == "empty" else c for c in t]


def end_heyday(st: dict, seat: int | None = None, rules: GameRules = TRULES, tag: str = "end") -> dict:
    """Everyone else has passed; `seat` (default: the seat to move) fills its track and passes,
    which runs the Decline's automatic steps."""
    seat = st["turn_seat"] if seat is None else seat
    st = clone(st)
    st["turn_seat"] = seat
    st["passed"] = [s != seat for s in range(len(st["players"]))]
    full(st, seat)
    return play(st, seat, {"type": "pass"}, rules, tag)
