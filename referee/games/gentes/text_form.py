"""The mail text form of a move (README "Text form"): `<type> key=value ...`.

Values are written in a relaxed JSON: bare words for ids and professions, numbers, `[a,b]`
lists and `{k:v}` objects, `null`/`true`/`false`; anything else in JSON quotes. Examples:

    take_tile tile=PH2 doubles=0 params={train:[priest,scholar]}
    tax_collector hourglasses=1 doubles=0
    pass

`parse_text(format_move(m)) == m` for every move; a plain JSON object is accepted too.
"""

from __future__ import annotations

import json
import re
from referee.engine.jsondata import json_move
from referee.plumbing.i18n import Text
from typing import Any

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_INT = re.compile(r"-?\d+")
_LITERALS = {"true": True, "false": False, "null": None}


def _word(s: str) -> str:
    return s if _BARE.fullmatch(s) and s not in _LITERALS else json.dumps(s)


def _value(v: Any) -> str:
    if v is None or type(v) is bool:
        return json.dumps(v)
    if type(v) is int:
        return str(v)
    if type(v) is str:
        return _word(v)
    if type(v) is list:
        return "[" + ",".join(_value(x) for x in v) + "]"
    if type(v) is dict:
        return "{" + ",".join(f"{_word(k)}:{_value(x)}" for k, x in v.items()) + "}"
    return json.dumps(v)


def format_move(move: dict[str, Any]) -> str:
    parts = [_word(str(move.get("type", "")))]
    parts += [f"{_word(k)}={_value(v)}" for k, v in move.items() if k != "type"]
    return " ".join(parts)


class _Parser:
    def __init__(self, text: str):
        self.s, self.i = text, 0

    def error(self, what: str) -> ValueError:
        """`what` (a `Text`) went wrong here; the text is quoted as the player wrote it."""
        return ValueError(Text("%(what)s at character %(at)s of %(text)s", what=what, at=self.i + 1, text=repr(self.s)))

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, ch: str) -> None:
        self.ws()
        if self.peek() != ch:
            raise self.error(Text("expected %(char)s", char=repr(ch)))
        self.i += 1

    def word(self) -> str:
        self.ws()
        if self.peek() == '"':
            try:
                val, end = json.JSONDecoder().raw_decode(self.s, self.i)
            except json.JSONDecodeError:
                raise self.error(Text("unterminated string")) from None
            self.i = end
            return val
        m = re.compile(r"-?[A-Za-z0-9_.\-]+").match(self.s, self.i)
        if not m:
            raise self.error(Text("expected a word"))
        self.i = m.end()
        return m.group()

    def value(self) -> Any:
        self.ws()
        ch = self.peek()
        if ch == "[":
            self.i += 1
            out = []
            self.ws()
            if self.peek() == "]":
                self.i += 1
                return out
            while True:
                out.append(self.value())
                self.ws()
                if self.peek() == ",":
                    self.i += 1
                    continue
                self.expect("]")
                return out
        if ch == "{":
            self.i += 1
            obj: dict[str, Any] = {}
            self.ws()
            if self.peek() == "}":
                self.i += 1
                return obj
            while True:
                key = self.word()
                self.expect(":")
                obj[key] = self.value()
                self.ws()
                if self.peek() == ",":
                    self.i += 1
                    continue
                self.expect("}")
                return obj
        quoted = ch == '"'
        w = self.word()
        if quoted:
            return w
        if w in _LITERALS:
            return _LITERALS[w]
        if _INT.fullmatch(w):
            return int(w)
        return w


def parse_text(text: str) -> dict[str, Any]:
    """The move written in `text` (first non-empty line); ValueError when it is not a move."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(Text("empty move text"))
    line = next(ln for ln in text.strip().splitlines() if ln.strip()).strip()
    move = json_move(line)
    if move is not None:
        return move
    p = _Parser(line)
    move: dict[str, Any] = {"type": p.word()}
    while True:
        p.ws()
        if p.i >= len(p.s):
            return move
        key = p.word()
        p.expect("=")
        move[key] = p.value()
