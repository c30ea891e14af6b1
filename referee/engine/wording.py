"""Words every game's narration and the service's sentences share: a seat's name and a list
joined the English way. One helper for all games, in the engine layer, so games never import
the service to say who did what."""

from __future__ import annotations

import re
from typing import Any

from functools import partial

from referee.engine.glossary import term
from referee.engine.naming import named
from referee.plumbing.i18n import EN, Text, Translator


def seat_number(seat: Any) -> Any:
    """The number people read for a seat: 1, 2, 3… (README, "Seat numbers"). The API, the log
    and the hooks' texts count from 0; every page, form, mail, join link's label and narration
    shows this number instead."""
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat


def seat_name(names: list[str], seat: Any, tr: Translator = EN) -> str:
    """The player's name for a seat; "the referee" for events without a seat."""
    if seat is None:
        return tr.gettext("the referee")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return tr.gettext("seat %(seat)s", seat=seat_number(seat))


def join_words(words: list[str], empty: str = "", tr: Translator = EN) -> str:
    """"a", "a and b", "a, b and c" (games' narrations use it too); "a, b und c" in German."""
    return tr.join(words, empty)


SEAT_REF = re.compile(r"\b([Ss]eat|[Pp]latz) (\d+)\b")


def with_names(text: str, names: list[str], numbered: bool = False, tr: Translator = EN) -> str:
    """A hook's text with "seat N" (N counted from 0, as hooks count) replaced by that player's
    name (the `summary` hook and prompt texts are given no names). `numbered` keeps the people's
    number beside it, "Bo (seat 2)", where the reader may address seats by number (mail
    commands); a seat without a name keeps its word with the people's number."""
    def name(m: re.Match) -> str:
        i = int(m.group(2))
        if i >= len(names):
            return f"{m.group(1)} {seat_number(i)}"
        return numbered_name(names, i, tr) if numbered else names[i]
    return SEAT_REF.sub(name, text)


def numbered_name(names: list[str], seat: int, tr: Translator = EN) -> str:
    """"Bo (seat 2)": a seat's player with the people's number of the seat (mails, where seats are
    addressed by number); "seat 2" for a seat without a name."""
    if 0 <= seat < len(names):
        return tr.gettext("%(name)s (seat %(seat)s)", name=names[seat], seat=seat_number(seat))
    return tr.gettext("seat %(seat)s", seat=seat_number(seat))


# The fields of an answer's JSON that people read (a prompt's text, a step's question, an
# option's label and group): their component ids become names (engine/naming.py).
READ_BY_PEOPLE = ("text", "question", "label", "group")
# The fields that hold moves (a prompt's choices and default, a step's complete move): ids
# only, sent back as they are, so never walked for words (a move's answer lists dozens).
MOVES = frozenset(("choices", "default", "move"))


def _reading(value: Text, shown: str) -> Text:
    """`value` reading `shown` in English (its ids named) and still translatable: a later reader's
    language renders its id and arguments again (a mail's answer in German)."""
    out = str.__new__(Text, shown)
    out.msgid, out.args, out.plural = value.msgid, value.args, value.plural
    return out


def localize(value: Any, tr: Translator, game: str) -> Any:
    """`value` (an answer's JSON: prompts, steps) with every engine `Text` in it written in
    `tr`'s language, a string argument through `game`'s glossary, and the component ids in the
    words people read named (ids stay in ids, moves and elements)."""
    if isinstance(value, Text):
        if tr.lang != EN.lang:
            return named(tr.text(value, partial(term, game)), game, tr)
        shown = named(str(value), game, tr)
        return value if shown == value else _reading(value, shown)
    if isinstance(value, dict):
        return {k: v if k in MOVES else named(v, game, tr) if k in READ_BY_PEOPLE and type(v) is str
                else localize(v, tr, game) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, tr, game) for v in value]
    return value
