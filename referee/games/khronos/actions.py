"""The active player's moves (RULES.md §5, §7): a `check_*` / `do_*` pair per rulebook action.

A check reads the state only and raises IllegalMove naming the rule of the first failing step
(§7 check order); it returns a plan that its `do_*` carries out on the caller's private copy.
"""

from __future__ import annotations

from typing import Any

from referee.engine.rng import Rng
from referee.plumbing.i18n import Text

from referee.games.khronos import cards as cardlib
from referee.games.khronos.data import GameData, Square
from referee.games.khronos.resolve import proceed, start_resolve
from referee.games.khronos.shadows import copy_forward, old_of, tag_domains
from referee.games.khronos.spatial import (MIL_REL, Layout, build_domain_violation, footprint, on_board,
                                           rank_violation, river_blocked, surcharge, upgrade_domain_violation)
from referee.games.khronos.state import (REASON, Move, State, fail, free_cubes, has_tile, key, new_tile,
                                         remove_tile, tiles)

CARD_AGES = ("might", "faith")  # K-19: build, upgrade and demolish never happen in Reason
Plan = dict[str, Any]


# -- shared guards -------------------------------------------------------------------------

def guard_turn(st: State, seat: int) -> None:
    """Turn moves: the game runs (K-26), no decision is pending (11.1), it is the seat's turn (K-8)."""
    if st["phase"] == "finished":
        raise fail(Text("the game is over"), "K-26")
    if st["pending"]:
        d = st["pending"][0]
        raise fail(Text("a decision (%(decision)s) by seat %(seat)s is pending",
                        decision=d["decision"], seat=d["seat"]),
                   "K-9")
    if seat != st["active_seat"]:
        raise fail(Text("it is seat %(seat)s's turn", seat=st["active_seat"]), "K-8")


def guard_exchange(st: State, seat: int, rule: str) -> None:
    guard_turn(st, seat)
    if st["phase"] != "exchange":
        raise fail(Text("exchanges are possible only before your first action of the turn"), rule)


def guard_age(g: GameData, st: State, seat: int, age: Any, allowed: tuple[str, ...], rule: str) -> str:
    """K-19 (the age suits the action), then K-13 (an own adventurer is there)."""
    if age not in g.ages:
        raise fail(Text("no age %(age)s", age=repr(age)), rule)
    if age not in allowed:
        raise fail(Text("this action is not possible in %(age)s", age=age), "K-19")
    if age not in st["players"][seat]["adventurers"]:
        raise fail(Text("you have no adventurer in %(age)s", age=age), "K-13")
    return age


def _square(value: Any, rule: str) -> Square:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise fail(Text("a square is written [row, col]"), rule)
    return (value[0], value[1])


def _building_at(g: GameData, st: State, age: str, move: Move, rule: str) -> tuple[Layout, str]:
    """The age's layout and the building (tile or printed hamlet) on the move's `at` square."""
    lay = Layout.of(g, st, age)
    x = lay.at(_square(move.get("at"), rule))
    if x is None:
        raise fail(Text("no building there"), rule)
    return lay, x


def _cards(move: Move, rule: str) -> list[str]:
    cards = move.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise fail(Text("name the cards to play"), rule)
    return cards


def _colour_count(g: GameData, cards: list[str], colour: str) -> int:
    return sum(1 for c in cards if g.colour(c) == colour)


def _check_payment(g: GameData, st: State, seat: int, cards: list[str], btype: str, cost: int, extra: int,
                   rule: str) -> None:
    """§7.1 step 8 / 7.2 step 7: cost cards of the building's colour plus the surcharge (K-1, K-20)."""
    cardlib.check_in_hand(st, seat, cards, rule)
    if len(cards) != cost + extra:
        if extra:
            raise fail(Text("this costs exactly %(cost)s card(s) of colour %(btype)s plus %(extra)s terrain surcharge "
                            "card(s)", cost=cost, btype=btype, extra=extra), "K-20")
        raise fail(Text("this costs exactly %(cost)s card(s) of colour %(btype)s", cost=cost, btype=btype), "K-1")
    if _colour_count(g, cards, btype) < cost:
        raise fail(Text("at least %(cost)s of the cards must be %(btype)s", cost=cost, btype=btype), "K-1")


def _enter_actions(st: State) -> None:
    """K-11: any phase-II move ends phase I."""
    st["phase"] = "actions"


def _pay_cards(st: State, seat: int, cards: list[str], advs: list[int]) -> None:
    cardlib.discard(st, seat, cards)
    cardlib.charge(st, seat, advs)


# -- phase I ---------------------------------------------------------------------------------

def check_exchange(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-11a: once per turn, 2 coins, discard >= 1 chosen cards, draw back up to 4."""
    guard_exchange(st, seat, "K-11a")
    p = st["players"][seat]
    if p["exchanged"]:
        raise fail(Text("you already exchanged cards this turn"), "K-11a")
    if p["coins"] < g.exchange_cost:
        raise fail(Text("an exchange costs %(n)s coins", n=g.exchange_cost), "K-11a")
    discard = move.get("discard")
    if not isinstance(discard, list) or not discard:
        raise fail(Text("discard at least one card"), "K-11a")
    cardlib.check_in_hand(st, seat, discard, "K-11a")
    return {"discard": discard}


def do_exchange(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    p = st["players"][seat]
    p["coins"] -= g.exchange_cost
    p["exchanged"] = True
    cardlib.discard(st, seat, plan["discard"])
    cardlib.draw(st, seat, g.hand_size - len(p["hand"]), rng, "exchange_draw")


def check_holdem_swap(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-11b (Ruling K-R15): take k >= 1 display cards of one colour, give k hand cards."""
    if not st["options"]["holdem"]:
        raise fail(Text("this game is played without the Hold'em option"), "K-11b")
    guard_exchange(st, seat, "K-11b")
    if st["players"][seat]["holdem_swapped"]:
        raise fail(Text("you already swapped with the display this turn"), "K-11b")
    take, give = move.get("take"), move.get("give")
    if not isinstance(take, list) or not isinstance(give, list) or not take or len(take) != len(give):
        raise fail(Text("take and give the same number (at least 1) of cards"), "K-11b")
    if not all(isinstance(c, str) for c in take) or len(set(take)) != len(take) \
            or any(c not in st["display"] for c in take):
        raise fail(Text("take only cards lying in the display"), "K-11b")
    if len({g.colour(c) for c in take}) != 1:
        raise fail(Text("the cards taken must all be of one colour"), "K-11b")
    cardlib.check_in_hand(st, seat, give, "K-11b")
    return {"take": take, "give": give}


def do_holdem_swap(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    p = st["players"][seat]
    for c in plan["give"]:
        p["hand"].remove(c)
    for c in plan["take"]:
        st["display"].remove(c)
    p["hand"].extend(plan["take"])
    st["display"].extend(plan["give"])
    p["holdem_swapped"] = True


# -- phase II: travel --------------------------------------------------------------------------

def check_travel(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-12: one adventurer to another age for 1 coin."""
    guard_turn(st, seat)
    p = st["players"][seat]
    adv, to = move.get("adventurer"), move.get("to")
    if type(adv) is not int or not 0 <= adv < len(p["adventurers"]):
        raise fail(Text("name adventurer 0 or 1"), "K-12")
    if to not in g.ages or to == p["adventurers"][adv]:
        raise fail(Text("adventurer %(adventurer)s must travel to one of the other ages", adventurer=adv), "K-12")
    if p["coins"] < g.travel_cost:
        raise fail(Text("travelling costs %(n)s coin", n=g.travel_cost), "K-12")
    return {"adventurer": adv, "to": to}


def do_travel(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    p = st["players"][seat]
    p["coins"] -= g.travel_cost
    p["adventurers"][plan["adventurer"]] = plan["to"]


# -- phase II: build (7.1) ---------------------------------------------------------------------

def check_build(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-14, §7.1 steps 1-9."""
    guard_turn(st, seat)
    age = guard_age(g, st, seat, move.get("age"), CARD_AGES, "K-14")
    btype, rank = move.get("building"), move.get("rank")
    kind = g.kind(btype, rank) if isinstance(btype, str) and type(rank) is int else None
    if kind is None:
        raise fail(Text("no building %(btype)s of rank %(rank)s", btype=repr(btype), rank=repr(rank)), "K-14")
    if not has_tile(st, btype, rank):
        raise fail(Text("no %(btype)s rank-%(rank)s tile is left in the supply", btype=btype, rank=rank), "K-3")
    sqs = footprint(_square(move.get("anchor"), "K-5"), kind.size)
    if not on_board(g, age, sqs):
        raise fail(Text("the footprint leaves the board"), "K-5")
    lay = Layout.of(g, st, age)
    if lay.overlapping(sqs):
        raise fail(Text("a square of the footprint is occupied"), "K-14")
    if river_blocked(g, age, btype, rank, sqs):
        raise fail(Text("a %(btype)s rank-%(rank)s building may not stand on the river",
                        btype=btype, rank=rank), "K-20.1")
    if btype in MIL_REL:
        if build_domain_violation(lay, sqs):
            raise fail(Text("a military or religious building may not connect domains"), "K-23")
        adjacent = lay.domains_adjacent_to(sqs)
        if adjacent and rank_violation(lay, adjacent[0], btype, rank):
            raise fail(Text("the domain's highest %(btype)s building already has rank %(rank)s",
                            btype=btype, rank=rank),
                           "K-24")
        if free_cubes(g, st, seat) < 1:
            raise fail(Text("you have no free cube"), "K-4")
    cards = _cards(move, "K-14")
    _check_payment(g, st, seat, cards, btype, kind.value, surcharge(g, age, sqs, len(st["players"])), "K-14")
    advs = cardlib.charges(g, st, seat, age, len(cards), move.get("adventurers"))
    return {"age": age, "type": btype, "rank": rank, "squares": sqs, "anchor": sqs[0], "cards": cards,
            "advs": advs, "merge": btype == "civil" and len(lay.domains_adjacent_to(sqs)) >= 2, "layout": lay}


def do_build(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    age = plan["age"]
    _pay_cards(st, seat, plan["cards"], plan["advs"])  # E1
    if plan["merge"]:  # E2
        tag_domains(st, age, plan["layout"].domains_adjacent_to(plan["squares"]))
    owner = seat if plan["type"] in MIL_REL else None
    tile = new_tile(g, st, age, plan["type"], plan["rank"], plan["anchor"], owner=owner)  # E3
    _income(g, st, seat, age, plan["rank"])  # E4
    copy_forward(g, st, tile, age, None, None, seat)  # E5
    start_resolve(st, age, seat)  # E6, E7
    proceed(g, st)


def _income(g: GameData, st: State, seat: int, age: str, rank: int) -> None:
    """E4: rank >= 2 earns the age's income (Might 1, Faith 2)."""
    if rank >= 2:
        st["players"][seat]["coins"] += g.income.get(age, 0)


# -- phase II: upgrade (7.2) ---------------------------------------------------------------------

def check_upgrade(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-15, §7.2 steps 1-8."""
    guard_turn(st, seat)
    age = guard_age(g, st, seat, move.get("age"), CARD_AGES, "K-15")
    lay, x = _building_at(g, st, age, move, "K-15")
    xb = lay.blds[x]
    btype = xb["type"]
    if btype in MIL_REL and xb["owner"] != seat:
        raise fail(Text("you can upgrade only your own military and religious buildings"), "K-15")
    rank = move.get("rank")
    if type(rank) is not int or rank <= xb["rank"] or g.kind(btype, rank) is None:
        raise fail(Text("the new rank must be higher than %(rank)s", rank=xb["rank"]), "K-15")
    if not has_tile(st, btype, rank):
        raise fail(Text("no %(btype)s rank-%(rank)s tile is left in the supply", btype=btype, rank=rank), "K-3")
    sqs = footprint(_square(move.get("anchor"), "K-5"), g.size(btype, rank))
    if not on_board(g, age, sqs):
        raise fail(Text("the footprint leaves the board"), "K-5")
    old = set(lay.squares[x])
    if not old <= set(sqs):
        raise fail(Text("the new tile must cover the whole old building"), "K-15")
    if any(b != x for b in lay.overlapping(sqs)):
        raise fail(Text("a new square of the footprint is occupied"), "K-15")
    if river_blocked(g, age, btype, rank, sqs):
        raise fail(Text("a %(btype)s rank-%(rank)s building may not stand on the river",
                        btype=btype, rank=rank), "K-20.1")
    if btype in MIL_REL:
        if upgrade_domain_violation(lay, x, sqs):
            raise fail(Text("a military or religious upgrade may not connect domains"), "K-23")
        if rank_violation(lay, [b for b in lay.domain_of(x) if b != x], btype, rank):
            raise fail(Text("the domain's highest %(btype)s building already has rank %(rank)s",
                            btype=btype, rank=rank),
                           "K-24")
    cards = _cards(move, "K-15")
    cost = g.value(btype, rank) - g.value(btype, xb["rank"])
    _check_payment(g, st, seat, cards, btype, cost, surcharge(g, age, sqs, len(st["players"])), "K-15")
    advs = cardlib.charges(g, st, seat, age, len(cards), move.get("adventurers"))
    merge = []
    if btype == "civil":
        touch = lay.touching(sqs) | {x}
        merge = [d for d in lay.domains() if touch.intersection(d)]
    return {"age": age, "x": x, "rank": rank, "squares": sqs, "anchor": sqs[0], "cards": cards, "advs": advs,
            "merge": merge if len(merge) >= 2 else [], "old_squares": sorted(old), "printed": bool(xb.get("printed")),
            "old": old_of(xb)}


def do_upgrade(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    age = plan["age"]
    _pay_cards(st, seat, plan["cards"], plan["advs"])  # E1
    if plan["merge"]:  # E2
        tag_domains(st, age, plan["merge"])
    old = plan["old"]
    tag = None
    if not plan["printed"]:  # E3: a printed hamlet simply becomes covered
        tag = remove_tile(st, age, plan["x"])["merge_tag"]
    tile = new_tile(g, st, age, old["type"], plan["rank"], plan["anchor"], owner=old["owner"], tag=tag)
    _income(g, st, seat, age, plan["rank"])  # E4
    copy_forward(g, st, tile, age, plan["old_squares"], old, seat)  # E5
    start_resolve(st, age, seat)  # E6, E7
    proceed(g, st)


# -- phase II: demolish (7.3) --------------------------------------------------------------------

def check_demolish(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-16, §7.3: a rank-1 tile (never a printed hamlet), 1 card of its colour and 1 coin."""
    guard_turn(st, seat)
    age = guard_age(g, st, seat, move.get("age"), CARD_AGES, "K-16")
    lay, x = _building_at(g, st, age, move, "K-16")
    xb = lay.blds[x]
    if xb.get("printed") or xb["rank"] != 1:
        raise fail(Text("only rank-1 tiles can be demolished (never a printed hamlet)"), "K-16")
    card = move.get("card")
    cardlib.check_in_hand(st, seat, [card], "K-16")
    if g.colour(card) != xb["type"]:
        raise fail(Text("demolishing this building takes a %(btype)s card", btype=xb["type"]), "K-16")
    if st["players"][seat]["coins"] < g.demolish_coins:
        raise fail(Text("demolishing costs %(n)s coin", n=g.demolish_coins), "K-16")
    advs = cardlib.charges(g, st, seat, age, g.demolish_cards, move.get("adventurers"))
    return {"age": age, "x": x, "cards": [card], "advs": advs}


def do_demolish(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    _pay_cards(st, seat, plan["cards"], plan["advs"])
    st["players"][seat]["coins"] -= g.demolish_coins
    remove_tile(st, plan["age"], plan["x"])
    start_resolve(st, plan["age"], seat)  # split rule (9.3)
    proceed(g, st)


# -- phase II: populate (7.4) and restore (7.5) ----------------------------------------------------

def _reason_target(g: GameData, st: State, seat: int, move: Move, rule: str) -> tuple[Layout, str]:
    guard_turn(st, seat)
    if REASON not in st["players"][seat]["adventurers"]:
        raise fail(Text("you have no adventurer in reason"), "K-13")
    return _building_at(g, st, REASON, move, rule)


def check_populate(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-17, §7.4: n civil cards put n cubes on a civil building, up to its capacity (K-1)."""
    lay, x = _reason_target(g, st, seat, move, "K-17")
    xb = lay.blds[x]
    if xb["type"] != "civil":
        raise fail(Text("only civil buildings can be populated"), "K-17")
    cards = _cards(move, "K-17")
    cardlib.check_in_hand(st, seat, cards, "K-17")
    if _colour_count(g, cards, "civil") != len(cards):
        raise fail(Text("populating takes civil cards only"), "K-17")
    cap = g.kinds[f"civil_{xb['rank']}"].capacity
    if len(xb["cubes"]) + len(cards) > cap:
        raise fail(Text("this building holds at most %(cap)s cube(s); %(n)s are on it",
                        cap=cap, n=len(xb["cubes"])), "K-1")
    if free_cubes(g, st, seat) < len(cards):
        raise fail(Text("you have too few free cubes"), "K-4")
    advs = cardlib.charges(g, st, seat, REASON, len(cards), move.get("adventurers"))
    return {"x": x, "printed": bool(xb.get("printed")), "anchor": lay.anchor(x), "cards": cards, "advs": advs}


def do_populate(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    _pay_cards(st, seat, plan["cards"], plan["advs"])
    n = len(plan["cards"])
    if plan["printed"]:
        st["boards"][REASON].setdefault("hamlet_cubes", {}).setdefault(key(plan["anchor"]), []).extend([seat] * n)
    else:
        tiles(st, REASON)[plan["x"]]["cubes"].extend([seat] * n)


def restore_counts(g: GameData, tile: dict) -> tuple[int, ...]:
    """K-18: allowed card counts: the ruin value; or, on a fresh ruin worth 2+, 1 (half-restored);
    with a restoration cube on it, the rest."""
    cost = g.kinds[f"{tile['type']}_{tile['rank']}"].ruin_value or 1
    if tile["restore_cube"] is not None:
        return (cost - 1,)
    return (1, cost) if cost > 1 else (cost,)


def check_restore(g: GameData, st: State, seat: int, move: Move) -> Plan:
    """K-18, §7.5."""
    lay, x = _reason_target(g, st, seat, move, "K-18")
    xb = lay.blds[x]
    if xb["type"] not in MIL_REL or not xb["ruin"]:
        raise fail(Text("only ruins can be restored"), "K-18")
    cards = _cards(move, "K-18")
    cardlib.check_in_hand(st, seat, cards, "K-18")
    if _colour_count(g, cards, xb["type"]) != len(cards):
        raise fail(Text("restoring this ruin takes %(btype)s cards only", btype=xb["type"]), "K-18")
    allowed = restore_counts(g, xb)
    if len(cards) not in allowed:
        raise fail(Text("this ruin takes %(n)s card(s)", n=allowed[0]) if len(allowed) == 1
                   else Text("this ruin takes %(n)s or %(m)s card(s)", n=allowed[0], m=allowed[1]), "K-18")
    full = xb["restore_cube"] is not None or len(cards) == max(allowed)
    if not full and free_cubes(g, st, seat) < 1:
        raise fail(Text("you have no free cube to mark the restoration"), "K-4")
    advs = cardlib.charges(g, st, seat, REASON, len(cards), move.get("adventurers"))
    return {"x": x, "cards": cards, "advs": advs, "full": full}


def do_restore(g: GameData, st: State, seat: int, plan: Plan, rng: Rng) -> None:
    _enter_actions(st)
    _pay_cards(st, seat, plan["cards"], plan["advs"])
    tile = tiles(st, REASON)[plan["x"]]
    if plan["full"]:
        tile["ruin"] = False
        tile["restore_cube"] = None
    else:
        tile["restore_cube"] = seat
