"""Moves offered step by step: the active player's turn (engine/steps.py; issue 20), for the `turn`
prompt, whose legal moves are too many to list (RULES.md §11.4).

A move is built as: action → (age) → a thing on the board → (new size) → cards one at a time →
(optionally) which adventurer pays each card. Each step offers only options from which at least
one legal move follows: the sites and buildings are filtered with the same spatial checks the
rules use (spatial.py: K-5, K-20, K-23, K-24), the cards with the payment rules (K-1, K-13,
K-17, K-18), and a complete path is judged once more by the rules' own `check` before it is
offered as a move. Pure: the same state and path give the same answer.

Board element ids (the picture's `data-el`, picture.py): `age-<age>`, `sq-<age>-<r>-<c>` (a free
square), `b-<age>-<r>-<c>` (the building anchored there, printed hamlets included),
`card-<id>` (own hand), `display-<id>` (Hold'em display), `adv-<seat>-<i>` (an adventurer).
"""

from __future__ import annotations

from itertools import product
from typing import Callable, Iterator

from referee.engine.contract import IllegalMove
from referee.engine.steps import Option, Step, StepRefused
from referee.plumbing.i18n import N_, Text

from referee.games.khronos import moves as movelib
from referee.games.khronos.actions import CARD_AGES, restore_counts
from referee.games.khronos.data import NAMES, GameData, Square
from referee.games.khronos.spatial import (MIL_REL, Layout, footprint, on_board, rank_violation, river_blocked,
                                           surcharge, upgrade_domain_violation)
from referee.games.khronos.state import REASON, Move, State, free_cubes, has_tile

# Questions, labels and groups are `Text`s: English as ever, the reader's language where they are
# shown (an age's or building's name through the game's glossary).
AGE_NAME = {"might": "Might", "faith": "Faith", "reason": "Reason"}
ACTIONS = {
    "build": Text("Build a building (Might or Faith)"),
    "upgrade": Text("Upgrade a building (Might or Faith)"),
    "demolish": Text("Demolish a rank-1 building (Might or Faith; 1 card and 1 coin)"),
    "populate": Text("Populate a civil building in Reason (1 cube per civil card)"),
    "restore": Text("Restore a ruin in Reason"),
    "travel": Text("Send an adventurer to another age (1 coin)"),
    "exchange": Text("Exchange cards (2 coins; discard, then draw back to 4)"),
    "swap": Text("Swap cards with the Hold'em display"),
    "end": Text("End your turn (discard your hand, draw 4; taxes in rounds 4 and 7)"),
}
TYPE_GROUP = {"military": Text("Military"), "religious": Text("Religious"), "civil": Text("Civil")}
CARDS, TAKE, GIVE = Text("Cards"), Text("Take"), Text("Give")


class _Ask(Exception):
    """The path ends at this step: the answer is `step`."""

    def __init__(self, step: Step):
        self.step = step


class _Walk:
    """Follows `chosen` through the steps of one move, one `take` per step."""

    def __init__(self, chosen: list[str]):
        self.chosen = chosen
        self.i = 0

    def take(self, question: str, options: list[Option], move: Move | None = None) -> Option | None:
        """The option the path chose here; asks (raises _Ask) when the path ends here. With `move`,
        the path may also stop here (returns None) with that move complete."""
        if self.i == len(self.chosen):
            raise _Ask(Step(question, options, move))
        token = self.chosen[self.i]
        for o in options:
            if o.id == token:
                self.i += 1
                return o
        raise StepRefused(self.i, Text("step %(step)s: %(token)s is not one of the options offered here",
                                         step=self.i + 1, token=repr(token)))

    def done(self, step: Step) -> Step:
        if self.i < len(self.chosen):
            raise StepRefused(self.i, Text("step %(step)s: the move is already complete", step=self.i + 1))
        return step


def _joined(items: list[str]) -> str:
    """"a, b, c" as one Text whose parts each render in the reader's language."""
    out: str = items[-1]
    for item in reversed(items[:-1]):
        out = Text("%(first)s, %(rest)s", first=item, rest=out)
    return out


def sq_id(r: int, c: int) -> str:
    return f"{r}-{c}"


def at_words(sq: Square | list[int]) -> str:
    return Text("row %(row)s, column %(column)s", row=sq[0], column=sq[1])


def building_words(b: dict, seat: int | None = None) -> str:
    """A building in words: its name, ruin state, owner as seen by `seat`."""
    name: str = NAMES.get((b["type"], b["rank"]), b["type"])
    if b.get("printed"):
        name = "printed hamlet"
    if b.get("ruin"):
        name = (Text("ruined %(building)s (half restored)", building=name) if b.get("restore_cube") is not None
                else Text("ruined %(building)s", building=name))
    if b.get("owner") is not None and seat is not None and b["owner"] == seat:
        name = Text("your %(building)s", building=name)
    return Text("%(building)s at %(at)s", building=name, at=at_words(b["anchor"]))


def card_words(g: GameData, card: str) -> str:
    """A card as a step names it: its id, which every text people read names ("military card
    14", engine/naming.py; names.json), while the text form keeps "M14"."""
    return card


# One whole phrase per colour and kind of building (a translator words each its own way).
_COST_WORDS = {
    ("military", True): N_("to a %(building)s (rank %(rank)s, costs %(n)s military card(s))"),
    ("religious", True): N_("to a %(building)s (rank %(rank)s, costs %(n)s religious card(s))"),
    ("civil", True): N_("to a %(building)s (rank %(rank)s, costs %(n)s civil card(s))"),
    ("military", False): N_("%(building)s (military, rank %(rank)s, costs %(n)s military card(s))"),
    ("religious", False): N_("%(building)s (religious, rank %(rank)s, costs %(n)s religious card(s))"),
    ("civil", False): N_("%(building)s (civil, rank %(rank)s, costs %(n)s civil card(s))"),
}


def cost_words(btype: str, name: str, rank: int, cost: int, upgrade: bool) -> str:
    """A building kind and its price in cards of its colour ("castle (military, rank 2, costs 2
    military card(s))"; an upgrade: "to a castle (...)")."""
    colour = btype if btype in ("military", "religious") else "civil"
    return Text(_COST_WORDS[(colour, upgrade)], building=name, rank=rank, n=cost)


def _surcharge(label: str, extra: int) -> str:
    """A site's label with its terrain surcharge, if any."""
    return Text("%(site)s, +%(n)s terrain surcharge card(s)", site=label, n=extra) if extra else label


class TurnSteps:
    """The step tree of one seat's turn in one state (built per call, never stored)."""

    def __init__(self, g: GameData, st: State, seat: int):
        self.g, self.st, self.seat = g, st, seat
        self.p = st["players"][seat]
        self.hand: list[str] = list(self.p["hand"])
        self.n = len(st["players"])
        self._lay: dict[str, Layout] = {}

    # -- shared facts ------------------------------------------------------------------------

    def lay(self, age: str) -> Layout:
        if age not in self._lay:
            self._lay[age] = Layout.of(self.g, self.st, age)
        return self._lay[age]

    def left(self, age: str) -> list[int]:
        """K-13: cards each adventurer may still be charged in `age` (0 when it is elsewhere)."""
        return [self.g.per_adventurer - self.p["cards_played"][i] if a == age else 0
                for i, a in enumerate(self.p["adventurers"])]

    def colour_count(self, colour: str) -> int:
        return sum(1 for c in self.hand if self.g.colour(c) == colour)

    def payable(self, age: str, colour: str, cost: int, extra: int) -> bool:
        """K-1/K-20 payment and K-13 capacity can be met from this hand."""
        n = cost + extra
        return self.colour_count(colour) >= cost and len(self.hand) >= n and sum(self.left(age)) >= n

    def card_ages(self) -> list[str]:
        return [a for a in self.g.ages if a in CARD_AGES and a in self.p["adventurers"] and sum(self.left(a)) > 0]

    def top_element(self, age: str, sq: Square) -> str:
        """The board element a click on square `sq` reaches: the building on it, else the square."""
        b = self.lay(age).at(sq)
        if b is None:
            return f"sq-{age}-{sq[0]}-{sq[1]}"
        a = self.lay(age).anchor(b)
        return f"b-{age}-{a[0]}-{a[1]}"

    # -- build sites (7.1 steps 3-9) -----------------------------------------------------------

    def build_sites(self, age: str, btype: str, rank: int) -> Iterator[tuple[Square, int]]:
        """(anchor, surcharge) of every legal site of a new (btype, rank) building in `age`."""
        g = self.g
        kind = g.kind(btype, rank)
        if kind is None or not has_tile(self.st, btype, rank) or self.colour_count(btype) < kind.value:
            return
        if btype in MIL_REL and free_cubes(g, self.st, self.seat) < 1:
            return
        lay = self.lay(age)
        board = g.boards[age]
        for r in range(board.rows - kind.size + 1):
            for c in range(board.cols - kind.size + 1):
                sqs = footprint((r, c), kind.size)
                if any(s in lay.occ for s in sqs) or river_blocked(g, age, btype, rank, sqs):
                    continue
                if btype in MIL_REL:
                    adjacent = lay.domains_adjacent_to(sqs)
                    if len(adjacent) >= 2 or (adjacent and rank_violation(lay, adjacent[0], btype, rank)):
                        continue
                extra = surcharge(g, age, sqs, self.n)
                if self.payable(age, btype, kind.value, extra):
                    yield (r, c), extra

    def build_kinds(self, age: str) -> list[tuple[str, int]]:
        return [(k.type, k.rank) for k in self.g.kinds.values()
                if next(self.build_sites(age, k.type, k.rank), None) is not None]

    # -- upgrades (7.2 steps 2-8) -------------------------------------------------------------

    def upgrade_sites(self, age: str, x: str, rank: int) -> Iterator[tuple[Square, int, int]]:
        """(anchor, cost, surcharge) of every legal new tile for building `x` at `rank`."""
        g, lay = self.g, self.lay(age)
        xb = lay.blds[x]
        btype = xb["type"]
        if g.kind(btype, rank) is None or rank <= xb["rank"] or not has_tile(self.st, btype, rank):
            return
        size, old_size = g.size(btype, rank), g.size(btype, xb["rank"])
        cost = g.value(btype, rank) - g.value(btype, xb["rank"])
        if self.colour_count(btype) < cost:
            return
        old = set(lay.squares[x])
        ar, ac = lay.anchor(x)
        d = size - old_size
        for r in range(ar - d, ar + 1):
            for c in range(ac - d, ac + 1):
                sqs = footprint((r, c), size)
                if not on_board(g, age, sqs) or not old <= set(sqs):
                    continue
                if any(lay.occ.get(s, x) != x for s in sqs) or river_blocked(g, age, btype, rank, sqs):
                    continue
                if btype in MIL_REL and (upgrade_domain_violation(lay, x, sqs) or rank_violation(
                        lay, [b for b in lay.domain_of(x) if b != x], btype, rank)):
                    continue
                extra = surcharge(g, age, sqs, self.n)
                if self.payable(age, btype, cost, extra):
                    yield (r, c), cost, extra

    def upgradable(self, age: str) -> list[str]:
        lay = self.lay(age)
        out = []
        for b in sorted(lay.blds, key=lay.anchor):
            xb = lay.blds[b]
            if xb["type"] in MIL_REL and xb["owner"] != self.seat:
                continue
            if any(next(self.upgrade_sites(age, b, k), None) is not None
                   for k in range(xb["rank"] + 1, self.g.max_rank(xb["type"]) + 1)):
                out.append(b)
        return out

    # -- demolish, populate, restore ---------------------------------------------------------

    def demolishable(self, age: str) -> list[str]:
        g, lay = self.g, self.lay(age)
        if self.p["coins"] < g.demolish_coins or sum(self.left(age)) < g.demolish_cards:
            return []
        return [b for b in sorted(lay.blds, key=lay.anchor)
                if not lay.blds[b].get("printed") and lay.blds[b]["rank"] == 1
                and self.colour_count(lay.blds[b]["type"]) >= 1]

    def populate_max(self, x: str) -> int:
        xb = self.lay(REASON).blds[x]
        cap = self.g.kinds[f"civil_{xb['rank']}"].capacity
        return min(cap - len(xb["cubes"]), self.colour_count("civil"), free_cubes(self.g, self.st, self.seat),
                   sum(self.left(REASON)))

    def populatable(self) -> list[str]:
        if REASON not in self.p["adventurers"]:
            return []
        lay = self.lay(REASON)
        return [b for b in sorted(lay.blds, key=lay.anchor)
                if lay.blds[b]["type"] == "civil" and self.populate_max(b) >= 1]

    def restore_allowed(self, x: str) -> list[int]:
        """K-18 card counts this seat can pay for ruin `x` now (K-4 cube for a half restoration)."""
        xb = self.lay(REASON).blds[x]
        counts = restore_counts(self.g, xb)
        full = max(counts)
        room = min(self.colour_count(xb["type"]), sum(self.left(REASON)))
        cube = free_cubes(self.g, self.st, self.seat) >= 1
        return [k for k in counts if k <= room and (xb["restore_cube"] is not None or k == full or cube)]

    def restorable(self) -> list[str]:
        if REASON not in self.p["adventurers"]:
            return []
        lay = self.lay(REASON)
        return [b for b in sorted(lay.blds, key=lay.anchor)
                if lay.blds[b]["type"] in MIL_REL and lay.blds[b]["ruin"] and self.restore_allowed(b)]

    # -- which actions are open ----------------------------------------------------------------

    def actions(self) -> list[str]:
        g, p, st = self.g, self.p, self.st
        out = []
        if any(self.build_kinds(a) for a in self.card_ages()):
            out.append("build")
        if any(self.upgradable(a) for a in self.card_ages()):
            out.append("upgrade")
        if any(self.demolishable(a) for a in self.card_ages()):
            out.append("demolish")
        if self.populatable():
            out.append("populate")
        if self.restorable():
            out.append("restore")
        if p["coins"] >= g.travel_cost:
            out.append("travel")
        if st["phase"] == "exchange" and not p["exchanged"] and p["coins"] >= g.exchange_cost and self.hand:
            out.append("exchange")
        if (st["phase"] == "exchange" and st["options"]["holdem"] and not p["holdem_swapped"]
                and st["display"] and self.hand):
            out.append("swap")
        out.append("end")
        return out

    # -- the walk ----------------------------------------------------------------------------------

    def step(self, chosen: list[str]) -> Step:
        w = _Walk(chosen)
        try:
            opts = [Option(a, ACTIONS[a], None, Text("Actions")) for a in self.actions()]
            act = w.take(Text("What do you do?"), opts)
            assert act is not None
            return getattr(self, f"_{act.id}")(w)
        except _Ask as ask:
            return ask.step

    def _finish(self, w: _Walk, move: Move) -> Step:
        """The complete move, judged once more by the rules themselves."""
        try:
            movelib.check(self.g, self.st, self.seat, move)
        except IllegalMove as e:  # pragma: no cover - the filters above follow the same rules
            raise StepRefused(max(len(w.chosen) - 1, 0), Text("not a legal move: %(reason)s", reason=e.message), e.rule)
        return w.done(Step(Text("Ready to play"), [], move))

    def _age(self, w: _Walk, ages: list[str]) -> str:
        opts = [Option(a, Text("%(age)s", age=AGE_NAME[a]), f"age-{a}") for a in ages]
        o = w.take(Text("In which age?"), opts)
        assert o is not None
        return o.id

    def _cards(self, w: _Walk, move: Move, age: str, field: str, counts: list[int],
               allowed: Callable[[str], bool], colour: str | None = None, need: int = 0,
               shape: Callable[[Move], Move] = lambda m: m) -> Step:
        """Cards one at a time from the hand: any count in `counts`, each card `allowed`; with
        `colour`, at least `need` of that colour (the rest pays the terrain surcharge)."""
        pool = [c for c in self.hand if allowed(c)]
        picked: list[str] = []
        while True:
            n = len(picked)
            complete = n in counts
            move_now = self._legal(shape(dict(move, **{field: list(picked)}))) if complete else None
            opts: list[Option] = []
            if n < max(counts):
                slots = max(k for k in counts if k > n) - n
                still = max(0, need - sum(1 for c in picked if self.g.colour(c) == colour)) if colour else 0
                for c in pool:
                    if c in picked or (still >= slots and self.g.colour(c) != colour):
                        continue
                    opts.append(Option(c, card_words(self.g, c), f"card-{c}", CARDS))
            charge: list[tuple[Option, list[int]]] = []
            if move_now is not None and age:
                charge = self._charges(age, n)
                opts += [o for o, _ in charge]
            question = (Text("Choose card %(n)s of %(of)s", n=n + 1, of=max(counts)) if min(counts) == max(counts)
                        else Text("Choose a card (or play now)") if complete else Text("Choose a card"))
            if charge and not any(o.group == "Cards" for o in opts):
                question = Text("Play now, or choose which adventurer pays each card")
            o = w.take(question, opts, move_now)
            if o is None:
                return self._finish(w, move_now)  # type: ignore[arg-type]
            if o.group == "Cards":
                picked.append(o.id)
                continue
            advs = next(a for opt, a in charge if opt.id == o.id)
            return self._finish(w, dict(move_now, adventurers=advs))  # type: ignore[arg-type]

    def _legal(self, move: Move) -> Move | None:
        """`move` when the rules accept it (the last word on every offered move), else None."""
        try:
            movelib.check(self.g, self.st, self.seat, move)
        except IllegalMove:
            return None
        return move

    def _charges(self, age: str, n: int) -> list[tuple[Option, list[int]]]:
        """K-13 explicit charges: offered where both adventurers stand in `age`."""
        present = [i for i, a in enumerate(self.p["adventurers"]) if a == age]
        if len(present) < 2 or n == 0:
            return []
        left = self.left(age)
        out = []
        for combo in product(present, repeat=n):
            if all(combo.count(i) <= left[i] for i in present):
                # a statement of its own: the catalog misses a Text nested in another's arguments
                charges = [Text("card %(k)s to adventurer %(i)s", k=k + 1, i=i + 1) for k, i in enumerate(combo)]
                label = Text("charge %(charges)s", charges=_joined(charges))
                out.append((Option("by-" + "".join(map(str, combo)), label, None, Text("Adventurers (optional)")),
                            list(combo)))
        return out

    # -- one method per action -----------------------------------------------------------------

    def _build(self, w: _Walk) -> Step:
        age = self._age(w, [a for a in self.card_ages() if self.build_kinds(a)])
        kinds = self.build_kinds(age)
        opts = [Option(f"{t}_{r}", cost_words(t, NAMES[(t, r)], r, self.g.value(t, r), False), None, TYPE_GROUP[t])
                for t, r in kinds]
        o = w.take(Text("Which building?"), opts)
        assert o is not None
        btype, rank = o.id.rsplit("_", 1)[0], int(o.id.rsplit("_", 1)[1])
        sites = list(self.build_sites(age, btype, rank))
        opts = [Option(sq_id(*a), _surcharge(Text("anchor (north-west square) at %(at)s", at=at_words(a)), x),
                       f"sq-{age}-{a[0]}-{a[1]}") for a, x in sites]
        o = w.take(Text("Where? Click the north-west square of the %(building)s", building=NAMES[(btype, int(rank))]),
                   opts)
        assert o is not None
        anchor, extra = next((a, x) for a, x in sites if sq_id(*a) == o.id)
        cost = self.g.value(btype, rank)
        move = {"type": "build", "age": age, "building": btype, "rank": rank, "anchor": list(anchor)}
        return self._cards(w, move, age, "cards", [cost + extra], lambda c: True, btype, cost)

    def _upgrade(self, w: _Walk) -> Step:
        age = self._age(w, [a for a in self.card_ages() if self.upgradable(a)])
        lay = self.lay(age)
        xs = self.upgradable(age)
        opts = []
        for x in xs:
            a = lay.anchor(x)
            opts.append(Option(sq_id(*a), building_words(lay.blds[x], self.seat), f"b-{age}-{a[0]}-{a[1]}"))
        o = w.take(Text("Which building do you upgrade?"), opts)
        assert o is not None
        x = next(x for x in xs if sq_id(*lay.anchor(x)) == o.id)
        xb = lay.blds[x]
        ranks = [k for k in range(xb["rank"] + 1, self.g.max_rank(xb["type"]) + 1)
                 if next(self.upgrade_sites(age, x, k), None) is not None]
        opts = [Option(f"{xb['type']}_{k}", cost_words(xb["type"], NAMES[(xb["type"], k)], k, self.g.value(
            xb["type"], k) - self.g.value(xb["type"], xb["rank"]), True), None) for k in ranks]
        o = w.take(Text("Upgrade to which building?"), opts)
        assert o is not None
        rank = int(o.id.rsplit("_", 1)[1])
        sites = list(self.upgrade_sites(age, x, rank))
        opts = [Option(sq_id(*a), _surcharge(Text("new north-west square at %(at)s", at=at_words(a)), extra),
                       self.top_element(age, a)) for a, _, extra in sites]
        o = w.take(Text("Where does the larger tile go? Click its north-west square"), opts)
        assert o is not None
        anchor, cost, extra = next(s for s in sites if sq_id(*s[0]) == o.id)
        move = {"type": "upgrade", "age": age, "at": list(lay.anchor(x)), "rank": rank, "anchor": list(anchor)}
        return self._cards(w, move, age, "cards", [cost + extra], lambda c: True, xb["type"], cost)

    def _demolish(self, w: _Walk) -> Step:
        age = self._age(w, [a for a in self.card_ages() if self.demolishable(a)])
        lay = self.lay(age)
        xs = self.demolishable(age)
        opts = [Option(sq_id(*lay.anchor(x)), building_words(lay.blds[x], self.seat),
                       f"b-{age}-{lay.anchor(x)[0]}-{lay.anchor(x)[1]}") for x in xs]
        o = w.take(Text("Which building do you demolish?"), opts)
        assert o is not None
        x = next(x for x in xs if sq_id(*lay.anchor(x)) == o.id)
        colour = lay.blds[x]["type"]
        move = {"type": "demolish", "age": age, "at": list(lay.anchor(x))}
        return self._cards(w, move, age, "cards", [1], lambda c: self.g.colour(c) == colour, shape=_one_card)

    def _populate(self, w: _Walk) -> Step:
        lay = self.lay(REASON)
        xs = self.populatable()
        opts = [Option(sq_id(*lay.anchor(x)), Text("%(building)s, %(n)s cube(s) on it", building=building_words(
            lay.blds[x]), n=len(lay.blds[x]["cubes"])), f"b-reason-{lay.anchor(x)[0]}-{lay.anchor(x)[1]}") for x in xs]
        o = w.take(Text("Which civil building in Reason do you populate?"), opts)
        assert o is not None
        x = next(x for x in xs if sq_id(*lay.anchor(x)) == o.id)
        move = {"type": "populate", "at": list(lay.anchor(x))}
        return self._cards(w, move, REASON, "cards", list(range(1, self.populate_max(x) + 1)),
                           lambda c: self.g.colour(c) == "civil")

    def _restore(self, w: _Walk) -> Step:
        lay = self.lay(REASON)
        xs = self.restorable()
        opts = [Option(sq_id(*lay.anchor(x)), building_words(lay.blds[x]),
                       f"b-reason-{lay.anchor(x)[0]}-{lay.anchor(x)[1]}") for x in xs]
        o = w.take(Text("Which ruin in Reason do you restore?"), opts)
        assert o is not None
        x = next(x for x in xs if sq_id(*lay.anchor(x)) == o.id)
        colour = lay.blds[x]["type"]
        move = {"type": "restore", "at": list(lay.anchor(x))}
        return self._cards(w, move, REASON, "cards", self.restore_allowed(x), lambda c: self.g.colour(c) == colour)

    def _travel(self, w: _Walk) -> Step:
        advs = self.p["adventurers"]
        opts = [Option(f"a{i}", Text("adventurer %(i)s, now in %(age)s", i=i + 1, age=AGE_NAME[a]), f"adv-{self.seat}-{i}")
                for i, a in enumerate(advs)]
        o = w.take(Text("Which adventurer travels?"), opts)
        assert o is not None
        i = int(o.id[1:])
        to = self._age(w, [a for a in self.g.ages if a != advs[i]])
        return self._finish(w, {"type": "travel", "adventurer": i, "to": to})

    def _exchange(self, w: _Walk) -> Step:
        move: Move = {"type": "exchange_cards"}
        return self._cards(w, move, "", "discard", list(range(1, len(self.hand) + 1)), lambda c: True)

    def _swap(self, w: _Walk) -> Step:
        take: list[str] = []
        give: list[str] = []
        display = list(self.st["display"])
        while True:
            opts = []
            if not give:
                colour = self.g.colour(take[0]) if take else None
                opts += [Option(c, Text("take %(card)s from the display", card=card_words(self.g, c)), f"display-{c}",
                                TAKE)
                         for c in display if c not in take and (colour is None or self.g.colour(c) == colour)
                         and len(take) < len(self.hand)]
            if take and len(give) < len(take):
                opts += [Option(c, Text("give %(card)s to the display", card=card_words(self.g, c)), f"card-{c}", GIVE)
                         for c in self.hand if c not in give]
            complete = bool(take) and len(give) == len(take)
            move = {"type": "holdem_swap", "take": list(take), "give": list(give)} if complete else None
            question = (Text("Take a card of one colour from the display") if not take else
                        Text("Take another card of that colour, or give a card from your hand") if not give else
                        Text("Give card %(n)s of %(of)s from your hand", n=len(give) + 1, of=len(take)))
            o = w.take(question, opts, move)
            if o is None:
                return self._finish(w, move)  # type: ignore[arg-type]
            (take if o.group == "Take" else give).append(o.id)

    def _end(self, w: _Walk) -> Step:
        return self._finish(w, {"type": "end_turn"})

    # -- the inverse: a legal move as its path -----------------------------------------------------

    def path(self, move: Move) -> list[str]:
        t = move["type"]
        tail = ["by-" + "".join(map(str, move["adventurers"]))] if "adventurers" in move else []
        if t == "end_turn":
            return ["end"]
        if t == "travel":
            return ["travel", f"a{move['adventurer']}", move["to"]]
        if t == "exchange_cards":
            return ["exchange", *move["discard"]]
        if t == "holdem_swap":
            return ["swap", *move["take"], *move["give"]]
        if t == "build":
            return ["build", move["age"], f"{move['building']}_{move['rank']}", sq_id(*move["anchor"]),
                    *move["cards"], *tail]
        if t == "upgrade":
            lay = self.lay(move["age"])
            x = lay.at((move["at"][0], move["at"][1]))
            a = lay.anchor(x) if x is not None else move["at"]
            btype = lay.blds[x]["type"] if x is not None else "civil"
            return ["upgrade", move["age"], sq_id(*a), f"{btype}_{move['rank']}", sq_id(*move["anchor"]),
                    *move["cards"], *tail]
        if t == "demolish":
            return ["demolish", move["age"], self._anchor_id(move["age"], move["at"]), move["card"], *tail]
        if t in ("populate", "restore"):
            return [t, self._anchor_id(REASON, move["at"]), *move["cards"], *tail]
        raise ValueError(f"not a turn move: {t!r}")

    def _anchor_id(self, age: str, at: list[int]) -> str:
        lay = self.lay(age)
        x = lay.at((at[0], at[1]))
        return sq_id(*(lay.anchor(x) if x is not None else at))


def _one_card(move: Move) -> Move:
    """A demolish names its single card as `card` (RULES.md §7.3)."""
    out = {k: v for k, v in move.items() if k != "cards"}
    out["card"] = move["cards"][0]
    return out


def turn_steps(g: GameData, st: State, seat: int, chosen: list[str]) -> Step:
    if st["phase"] == "finished" or st["pending"] or seat != st["active_seat"]:
        raise StepRefused(0, Text("seat %(seat)s has no turn to play now", seat=seat))
    return TurnSteps(g, st, seat).step(list(chosen))


def turn_path(g: GameData, st: State, seat: int, move: Move) -> list[str]:
    return TurnSteps(g, st, seat).path(move)


# -- mid-action decisions (§11.2): listed choices, one step each, on the board ------------------

def decision_step(g: GameData, st: State, kind: str, move: Move) -> list[tuple[str, Option]]:
    """How one listed answer of a pending decision reads as a step (engine/base.py move_steps):
    a building or an anchor square on the board, or a player."""
    d = st["pending"][0]
    age = d.get("age", REASON)
    if kind == "choose_reduction":
        r, c = move["at"]
        lay = Layout.of(g, st, age)
        x = lay.at((r, c))
        words = building_words(lay.blds[x]) if x is not None else at_words(move["at"])
        owner = lay.blds[x].get("owner") if x is not None else None
        label = (Text("reduce the %(building)s (seat %(seat)s)", building=words, seat=owner) if owner is not None
                 else Text("reduce the %(building)s", building=words))
        return [(Text("Which building in %(age)s is reduced?", age=AGE_NAME[age]),
                 Option(sq_id(r, c), label, f"b-{age}-{r}-{c}"))]
    if kind == "place_reduced":
        r, c = move["anchor"]
        return [(Text("Where does the smaller tile go in %(age)s? Click its north-west square", age=AGE_NAME[age]),
                 Option(sq_id(r, c), Text("north-west square at %(at)s", at=at_words((r, c))),
                        f"anchor-{age}-{r}-{c}"))]
    s = move["seat"]
    return [(Text("Who keeps a cube on the printed hamlet?"),
             Option(f"s{s}", Text("the player in seat %(seat)s", seat=s), f"player-{s}"))]
