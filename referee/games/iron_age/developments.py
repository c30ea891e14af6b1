"""Phase 6: buying one development (D7), and Phase 7: goods to wealth (D8). IA-6.1..IA-6.3, IA-7.1."""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active, count_arg, fail, only_keys, own

PAY_KEYS = ("goods", "inventions", "wealth")


def holdings(st: State) -> dict[str, int]:
    """What the active player can pay with: goods and wealth on the board, this turn's inventions."""
    p = active(st)
    return {"goods": p["goods"], "inventions": st["turn"]["inventions"], "wealth": p["wealth"]}


def value(g: GameData, st: State, pay: dict[str, int]) -> int:
    """IA-6.2: goods 1, inventions 3 (or the invention_value effect), wealth 5 each."""
    return (pay["goods"] * g.pay_goods + pay["inventions"] * g.invention_value(active(st))
            + pay["wealth"] * g.pay_wealth)


def affordable(g: GameData, st: State) -> list[str]:
    """Unowned developments whose cost the player's whole holdings cover (D7 skip test)."""
    p = active(st)
    power = value(g, st, holdings(st))
    return [d for d in g.development_ids if g.developments[d]["cost"] <= power and not g.owns(p, d)]


def check_buy(g: GameData, st: State, move: Move) -> tuple[str, dict[str, int]]:
    """IA-6.1 / IA-6.2 / IA-R18 (D7): an unowned development, paid within holdings, value >= cost."""
    only_keys(move, ("development", "payment"), "IA-6.2")
    dev = move.get("development")
    if not isinstance(dev, str) or dev not in g.developments:
        raise fail("bad_move", Text("unknown development %(development)s", development=repr(dev)), "IA-6.1")
    if g.owns(active(st), dev):
        raise fail("already_owned", Text("you own %(development)s already; each development once",
                                         development=dev), "IA-6.1")
    raw = move.get("payment")
    if not isinstance(raw, dict) or set(raw) - set(PAY_KEYS):
        raise fail("bad_move", Text("'payment' has only goods, inventions and wealth"), "IA-6.2")
    pay = {k: count_arg(raw, k, "IA-6.2", minimum=0) if k in raw else 0 for k in PAY_KEYS}
    have = holdings(st)
    for k in PAY_KEYS:
        if pay[k] > have[k]:
            raise fail("payment_exceeds_holdings", Text("you pay %(paid)s %(what)s but have %(have)s",
                                                        paid=pay[k], what=k,
                                                             have=have[k]), "IA-R18")
    cost = g.developments[dev]["cost"]
    if value(g, st, pay) < cost:
        raise fail("payment_too_low", Text("%(development)s costs %(cost)s; the payment is worth %(worth)s",
                                           development=dev,
                                                cost=cost, worth=value(g, st, pay)), "IA-6.2")
    return dev, pay


def buy(g: GameData, st: State, dev: str, pay: dict[str, int]) -> None:
    """IA-6.2: pay (overpayment is lost) and own the development from now on."""
    p, t = active(st), st["turn"]
    p["goods"] -= pay["goods"]
    p["wealth"] -= pay["wealth"]
    t["inventions"] -= pay["inventions"]
    own(p, "developments").append({"id": dev, "round": st["round"]})
    t["development_bought"] = dev


def simple_payment(g: GameData, st: State, dev: str) -> dict[str, int]:
    """A payment that covers `dev`: inventions first (they expire), then goods, then wealth.

    Not a rule, a convenience for clients and move generators; it may overpay."""
    have = holdings(st)
    left = g.developments[dev]["cost"]
    pay = {k: 0 for k in PAY_KEYS}
    for k, each in (("inventions", g.invention_value(active(st))), ("goods", g.pay_goods), ("wealth", g.pay_wealth)):
        while left > 0 and pay[k] < have[k] and each > 0:
            pay[k] += 1
            left -= each
    return pay


def max_convert(g: GameData, st: State) -> int:
    """IA-7.1: the most wealth the goods buy without passing the wealth track maximum."""
    p = active(st)
    return min(p["goods"] // g.goods_per_wealth, g.track_max["wealth"] - p["wealth"])


def check_convert(g: GameData, st: State, move: Move) -> int:
    """IA-7.1 / IA-R19 (D8): k >= 0 with 4k <= goods and wealth + k <= maximum."""
    only_keys(move, ("wealth",), "IA-7.1")
    k = count_arg(move, "wealth", "IA-7.1", minimum=0)
    p = active(st)
    if k * g.goods_per_wealth > p["goods"]:
        need = k * g.goods_per_wealth
        raise fail("not_enough_goods", Text("%(k)s wealth need %(need)s goods, you have %(have)s", k=k, need=need,
                                                 have=p["goods"]), "IA-7.1")
    if p["wealth"] + k > g.track_max["wealth"]:
        raise fail("track_full", Text("wealth cannot exceed %(max)s", max=g.track_max["wealth"]), "IA-7.1")
    return k


def convert(g: GameData, st: State, k: int) -> None:
    p = active(st)
    p["goods"] -= k * g.goods_per_wealth
    p["wealth"] += k
