"""Cards: draws with chance records (§12, K-42), hands, and charging cards to adventurers (K-13).

A draw is one `note` record whose card ids only the drawer sees, with the count public
(RULES.md §10.1); a reshuffle of the discard pile is a hidden shuffle with a public count.
"""

from __future__ import annotations

from referee.engine.rng import Rng
from referee.plumbing.i18n import Text

from referee.games.khronos.data import GameData
from referee.games.khronos.state import State, fail


def draw(st: State, seat: int, n: int, rng: Rng, label: str) -> list[str]:
    """Draw up to n cards from the top of the deck into `seat`'s hand (K-42, Ruling K-R14)."""
    got: list[str] = []
    for _ in range(n):
        if not st["deck"]:
            if not st["discard"]:
                break
            st["deck"] = rng.shuffle(sorted(st["discard"]), label="reshuffle", public={"count": len(st["discard"])})
            st["discard"] = []
        got.append(st["deck"].pop(0))
    st["players"][seat]["hand"].extend(got)
    rng.note(label, got, visible_to=[seat], public={"count": len(got), "seat": seat})
    return got


def check_in_hand(st: State, seat: int, cards: list[str], rule: str) -> None:
    """Every card distinct and in the seat's hand (messages name only the seat's own cards)."""
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise fail(Text("cards are named by their ids, like M01"), rule)
    if len(set(cards)) != len(cards):
        raise fail(Text("a card is named twice"), rule)
    hand = st["players"][seat]["hand"]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise fail(Text("not in your hand: %(cards)s", cards=", ".join(missing)), rule)


def discard(st: State, seat: int, cards: list[str]) -> None:
    hand = st["players"][seat]["hand"]
    for c in cards:
        hand.remove(c)
    st["discard"].extend(cards)


def charges(g: GameData, st: State, seat: int, age: str, n: int, given: list[int] | None) -> list[int]:
    """K-13: the adventurer charged with each of n cards played in `age`.

    Given explicitly: one index per card, each adventurer in `age` and within its 2 cards.
    Otherwise each card goes to the present adventurer with the fewest remaining capacity but
    at least 1 (ties: lower index)."""
    p = st["players"][seat]
    left = [g.per_adventurer - p["cards_played"][i] if p["adventurers"][i] == age else 0
            for i in range(len(p["adventurers"]))]
    if given is not None:
        if not isinstance(given, list) or not all(type(i) is int for i in given) or len(given) != n:
            raise fail(Text("name one adventurer per card (%(n)s)", n=n), "K-13")
        for i in given:
            if not 0 <= i < len(left) or p["adventurers"][i] != age:
                raise fail(Text("adventurer %(adventurer)s is not in %(age)s", adventurer=i, age=age), "K-13")
            left[i] -= 1
            if left[i] < 0:
                raise fail(Text("adventurer %(adventurer)s cannot be charged more than %(n)s cards this turn",
                                adventurer=i, n=g.per_adventurer), "K-13")
        return list(given)
    if sum(left) < n:
        raise fail(Text("your adventurers in %(age)s can play only %(n)s more card(s) this turn", age=age, n=sum(left)),
                   "K-13")
    out = []
    for _ in range(n):
        i = min((i for i in range(len(left)) if left[i] >= 1), key=lambda i: (left[i], i))
        left[i] -= 1
        out.append(i)
    return out


def charge(st: State, seat: int, advs: list[int]) -> None:
    for i in advs:
        st["players"][seat]["cards_played"][i] += 1
