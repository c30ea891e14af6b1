"""The short text form for moves by mail (RULES.md §10), mapped 1:1 onto the JSON moves.

    travel X | settle X | build start | build yard S | migrate X Y |
    ability W I [yard S | target X] | end | finish | discard X X …

Case-insensitive, any whitespace between words; `end_turn` / `finish_first_turn` are accepted
as spelled in JSON, and settle/build/ability take an optional trailing `at L`.
"""

from __future__ import annotations

from typing import Callable

from referee.engine.contract import Move
from referee.plumbing.i18n import Text


SYNTAX = ("travel X | settle X | build start | build yard S | migrate X Y | "
          "ability W I [yard S | target X] | end | finish | discard X X ...")


class _Words:
    """The words of a move, consumed left to right with readable errors."""

    def __init__(self, words: list[str], peoples: tuple[str, ...], powers: tuple[str, ...]):
        self.words = words
        self.peoples = peoples
        self.powers = powers

    def take(self, what: str) -> str:
        """The next word; `what` (a `Text` noun, so the reason reads in the player's language)
        names it when it is missing."""
        if not self.words:
            raise ValueError(Text("missing %(what)s", what=what))
        return self.words.pop(0)

    def people(self, what: str = Text("people")) -> str:
        word = self.take(what)
        if word not in self.peoples:
            raise ValueError(Text("unknown %(what)s %(word)s; expected one of %(options)s",
                                  what=what, word=repr(word), options=", ".join(self.peoples)))
        return word

    def integer(self, what: str) -> int:
        word = self.take(what)
        if not (word.isascii() and word.isdigit()):
            raise ValueError(Text("%(what)s must be a whole number >= 0, not %(word)s", what=what, word=repr(word)))
        return int(word)

    def seat(self) -> int:
        value = self.integer(Text("yard"))
        if value not in (0, 1):
            raise ValueError(Text("yard must be 0 or 1"))
        return value

    def optional_at(self, move: Move) -> Move:
        if self.words and self.words[0] == "at":
            self.words.pop(0)
            move["at"] = self.people(Text("location"))
        return move

    def done(self, move: Move) -> Move:
        if self.words:
            raise ValueError(Text("unexpected %(words)s after %(type)s", words=repr(" ".join(self.words)),
                                  type=move["type"]))
        return move


def _build(w: _Words) -> Move:
    source = w.take(Text("build source (start or yard S)"))
    if source == "start":
        return w.optional_at({"type": "build", "source": "start"})
    if source == "yard":
        return w.optional_at({"type": "build", "source": "yard", "yard": w.seat()})
    raise ValueError(Text("build takes 'start' or 'yard S', not %(word)s", word=repr(source)))


def _ability(w: _Words) -> Move:
    power = w.take(Text("power"))
    if power not in w.powers:
        raise ValueError(Text("unknown power %(word)s; expected one of %(options)s", word=repr(power),
                              options=", ".join(w.powers)))
    move: Move = {"type": "ability", "power": power, "index": w.integer(Text("index"))}
    if w.words and w.words[0] == "yard":
        w.words.pop(0)
        move["yard"] = w.seat()
    elif w.words and w.words[0] == "target":
        w.words.pop(0)
        move["target"] = w.people(Text("target"))
    return w.optional_at(move)


def _discard(w: _Words) -> Move:
    cards = [w.people(Text("card"))]
    while w.words:
        cards.append(w.people(Text("card")))
    return {"type": "discard", "cards": cards}


PARSERS: dict[str, Callable[[_Words], Move]] = {
    "travel": lambda w: {"type": "travel", "people": w.people()},
    "settle": lambda w: w.optional_at({"type": "settle", "people": w.people()}),
    "build": _build,
    "migrate": lambda w: {"type": "migrate", "from": w.people(Text("location")), "to": w.people(Text("location"))},
    "ability": _ability,
    "end": lambda w: {"type": "end_turn"},
    "end_turn": lambda w: {"type": "end_turn"},
    "finish": lambda w: {"type": "finish_first_turn"},
    "finish_first_turn": lambda w: {"type": "finish_first_turn"},
    "discard": _discard,
}


def parse_move(text: str, peoples: tuple[str, ...], powers: tuple[str, ...]) -> Move:
    """The move a line of text names; ValueError with the reason and the syntax otherwise."""
    if not isinstance(text, str) or not text.split():
        raise ValueError(Text("empty move; write one of: %(syntax)s", syntax=SYNTAX))
    words = _Words(text.lower().split(), peoples, powers)
    verb = words.take(Text("move"))
    if verb not in PARSERS:
        raise ValueError(Text("unknown move %(word)s; write one of: %(syntax)s", word=repr(verb), syntax=SYNTAX))
    return words.done(PARSERS[verb](words))


def format_move(move: Move) -> str:
    """`move` in the text form; `parse_move(format_move(m)) == m` for every valid move."""
    t = move["type"]
    at = f" at {move['at']}" if "at" in move else ""
    if t == "end_turn":
        return "end"
    if t == "finish_first_turn":
        return "finish"
    if t == "travel":
        return f"travel {move['people']}"
    if t == "settle":
        return f"settle {move['people']}{at}"
    if t == "build":
        return ("build start" if move["source"] == "start" else f"build yard {move['yard']}") + at
    if t == "migrate":
        return f"migrate {move['from']} {move['to']}"
    if t == "discard":
        return "discard " + " ".join(move["cards"])
    if t == "ability":
        extra = f" yard {move['yard']}" if "yard" in move else f" target {move['target']}" if "target" in move else ""
        return f"ability {move['power']} {move['index']}{extra}{at}"
    raise ValueError(Text("unknown move type %(type)s", type=repr(t)))
