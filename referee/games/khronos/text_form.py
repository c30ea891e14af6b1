"""The short text form of moves, for mail (README "Moves"); format_move and parse_text
round-trip: parse_text(format_move(m)) == m.

    exchange C01 M02                    swap take R03 give M01
    travel 1 reason                     end
    build might fortress 3 4 M01 M02 M03 M04 [by 0 0 1 1]
    upgrade faith 3 4 to 3 at 2 3 R01 R02 [by ...]
    demolish might 5 5 M07 [by 1]       populate 4 4 C01 C02 [by ...]      restore 4 4 M01 [by ...]
    reduce 3 4                          place 3 4                          keeper 2
"""

from __future__ import annotations

import re
from typing import Any

from referee.games.khronos.data import NAMES
from referee.games.khronos.state import Move
from referee.plumbing.i18n import Text

BY_NAME = {name: kind for kind, name in NAMES.items()}
AGES = ("might", "faith", "reason")
CARD = re.compile(r"^[a-z]\d+$")


def _sq(sq: list[int]) -> str:
    return f"{sq[0]} {sq[1]}"


def _tail(move: Move, cards: list[str]) -> str:
    out = " ".join(cards)
    if "adventurers" in move:
        out += " by " + " ".join(str(i) for i in move["adventurers"])
    return out


def format_move(move: Move) -> str:
    t = move["type"]
    if t == "exchange_cards":
        return "exchange " + " ".join(move["discard"])
    if t == "holdem_swap":
        return f"swap take {' '.join(move['take'])} give {' '.join(move['give'])}"
    if t == "travel":
        return f"travel {move['adventurer']} {move['to']}"
    if t == "build":
        name = NAMES[(move["building"], move["rank"])]
        return f"build {move['age']} {name} {_sq(move['anchor'])} {_tail(move, move['cards'])}"
    if t == "upgrade":
        return (f"upgrade {move['age']} {_sq(move['at'])} to {move['rank']} at {_sq(move['anchor'])} "
                f"{_tail(move, move['cards'])}")
    if t == "demolish":
        return f"demolish {move['age']} {_sq(move['at'])} {_tail(move, [move['card']])}"
    if t in ("populate", "restore"):
        return f"{t} {_sq(move['at'])} {_tail(move, move['cards'])}"
    if t == "end_turn":
        return "end"
    if t == "choose_reduction":
        return f"reduce {_sq(move['at'])}"
    if t == "place_reduced":
        return f"place {_sq(move['anchor'])}"
    if t == "choose_hamlet_keeper":
        return f"keeper {move['seat']}"
    raise ValueError(Text("unknown move type %(type)s", type=repr(t)))


class _Tokens:
    def __init__(self, text: str):
        self.items = text.lower().replace(",", " ").split()
        self.i = 0

    def more(self) -> bool:
        return self.i < len(self.items)

    def next(self, what: str) -> str:
        """The next word; `what` (a `Text` noun, so the reason reads in the player's language)
        names it when it is missing."""
        if not self.more():
            raise ValueError(Text("missing %(what)s", what=what))
        self.i += 1
        return self.items[self.i - 1]

    def int(self, what: str) -> int:
        tok = self.next(what)
        if not tok.isdigit():
            raise ValueError(Text("%(what)s must be a number, not %(word)s", what=what, word=repr(tok)))
        return int(tok)

    def square(self, what: str) -> list[int]:
        return [self.int(Text("%(what)s row", what=what)), self.int(Text("%(what)s column", what=what))]

    def word(self, expected: str) -> None:
        tok = self.next(repr(expected))
        if tok != expected:
            raise ValueError(Text("expected %(expected)s, not %(word)s", expected=repr(expected), word=repr(tok)))

    def age(self, allowed: tuple[str, ...] = AGES) -> str:
        tok = self.next(Text("age"))
        if tok not in allowed:
            raise ValueError(Text("age must be one of %(options)s, not %(word)s", options=", ".join(allowed), word=repr(tok)))
        return tok

    def cards(self, stop: str | None = None) -> list[str]:
        out = []
        if self.more() and self.items[self.i] == "cards":
            self.i += 1
        while self.more() and self.items[self.i] != stop and self.items[self.i] != "by":
            tok = self.next(Text("card"))
            if not CARD.match(tok):
                raise ValueError(Text("%(word)s is not a card id (like M01, R12, C03)", word=repr(tok)))
            out.append(tok.upper())
        if not out:
            raise ValueError(Text("name at least one card"))
        return out

    def by(self, move: Move) -> Move:
        if self.more() and self.items[self.i] == "by":
            self.i += 1
            advs = []
            while self.more():
                advs.append(self.int(Text("adventurer")))
            move["adventurers"] = advs
        return move

    def done(self, move: Move) -> Move:
        if self.more():
            raise ValueError(Text("unexpected %(words)s", words=repr(" ".join(self.items[self.i:]))))
        return move


def parse_text(text: str) -> Move:
    tk = _Tokens(text)
    verb = tk.next(Text("a move"))
    if verb in ("end", "end_turn", "pass"):
        return tk.done({"type": "end_turn"})
    if verb == "exchange":
        return tk.done({"type": "exchange_cards", "discard": tk.cards()})
    if verb == "swap":
        tk.word("take")
        take = tk.cards(stop="give")
        tk.word("give")
        return tk.done({"type": "holdem_swap", "take": take, "give": tk.cards()})
    if verb == "travel":
        adv = tk.int(Text("adventurer"))
        return tk.done({"type": "travel", "adventurer": adv, "to": tk.age()})
    if verb == "build":
        age = tk.age()
        name = tk.next(Text("building"))
        if name not in BY_NAME:
            raise ValueError(Text("unknown building %(word)s; say one of %(options)s", word=repr(name),
                                  options=", ".join(BY_NAME)))
        btype, rank = BY_NAME[name]
        anchor = tk.square(Text("anchor"))
        move: dict[str, Any] = {"type": "build", "age": age, "building": btype, "rank": rank, "anchor": anchor,
                                "cards": tk.cards()}
        return tk.done(tk.by(move))
    if verb == "upgrade":
        age = tk.age()
        at = tk.square(Text("building"))
        tk.word("to")
        tok = tk.next(Text("new rank"))
        rank = BY_NAME[tok][1] if tok in BY_NAME else int(tok) if tok.isdigit() else None
        if rank is None:
            raise ValueError(Text("new rank must be a number or a building name, not %(word)s", word=repr(tok)))
        tk.word("at")
        anchor = tk.square(Text("anchor"))
        move = {"type": "upgrade", "age": age, "at": at, "rank": rank, "anchor": anchor, "cards": tk.cards()}
        return tk.done(tk.by(move))
    if verb == "demolish":
        age = tk.age()
        at = tk.square(Text("building"))
        cards = tk.cards()
        if len(cards) != 1:
            raise ValueError(Text("demolishing takes exactly one card"))
        return tk.done(tk.by({"type": "demolish", "age": age, "at": at, "card": cards[0]}))
    if verb in ("populate", "restore"):
        at = tk.square(Text("building"))
        return tk.done(tk.by({"type": verb, "at": at, "cards": tk.cards()}))
    if verb == "reduce":
        return tk.done({"type": "choose_reduction", "at": tk.square(Text("building"))})
    if verb == "place":
        return tk.done({"type": "place_reduced", "anchor": tk.square(Text("anchor"))})
    if verb == "keeper":
        return tk.done({"type": "choose_hamlet_keeper", "seat": tk.int(Text("seat"))})
    raise ValueError(Text("unknown move %(word)s; try build, upgrade, demolish, populate, restore, travel, "
                          "exchange, swap, end, reduce, place or keeper", word=repr(verb)))
