"""The names people read for a game's component ids ("M14" -> "military card 14", "PH5" ->
"Philosopher tile 5", "temple_of_artemis" -> "Temple of Artemis"): one helper for every game,
so no page, mail, narration or step shows a code. Ids stay where they are ids (the API's JSON,
`data-el`, the text form); a picture's <title> keeps the id after the name, for players who type
moves.

The names come from the game's data, never from code: every entry of components.json with an
`id` and a name (`name`, `en`, `en_edition`; a snake_case id alone reads as its words), and the
generated ids' patterns in games/<id>/names.json (`{"ids": [{"match", "en", "de"}]}`, `{1}` the
first group, a number without leading zeros). German: the entry's `de`, else the glossary's term
(engine/glossary.py), else the English name."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from referee.engine.glossary import GAMES, term
from referee.plumbing.i18n import EN, Translator


@dataclass(frozen=True)
class _Pattern:
    match: re.Pattern
    en: str
    de: str | None
    short: dict[str, str]  # a picture's small boxes: a short name per language ("short_en", "short_de")


def _is_code(cid: str) -> bool:
    """An id people would not read as a word: digits, an underscore, or capitals ("LD")."""
    return bool(re.search(r"[0-9_]|[A-Z]{2}", cid))


def _walk(data: Any, out: dict[str, tuple[str, str | None]]) -> None:
    if isinstance(data, dict):
        cid = data.get("id")
        if isinstance(cid, str) and _is_code(cid):
            en = data.get("name") or data.get("en") or data.get("en_edition")
            if not isinstance(en, str) and re.fullmatch(r"[a-z]+(_[a-z]+)+", cid):
                en = cid.replace("_", " ")
            if isinstance(en, str):
                out.setdefault(cid, (en, data.get("de") if isinstance(data.get("de"), str) else None))
        for v in data.values():
            _walk(v, out)
    elif isinstance(data, list):
        for v in data:
            _walk(v, out)


@lru_cache(maxsize=None)
def _known(game: str) -> tuple[dict[str, tuple[str, str | None]], tuple[_Pattern, ...]]:
    exact: dict[str, tuple[str, str | None]] = {}
    path = GAMES / game / "components.json"
    if path.exists():
        _walk(json.loads(path.read_text(encoding="utf-8")), exact)
    patterns: list[_Pattern] = []
    names = GAMES / game / "names.json"
    if names.exists():
        for p in json.loads(names.read_text(encoding="utf-8"))["ids"]:
            patterns.append(_Pattern(re.compile(p["match"]), p["en"], p.get("de"),
                                     {k[6:]: v for k, v in p.items() if k.startswith("short_")}))
    return exact, tuple(patterns)


def _fill(template: str, m: re.Match) -> str:
    groups = [str(int(g)) if g is not None and g.isdigit() else (g or "") for g in m.groups()]
    return template.format("", *groups)


def name_of(game: str, cid: str, tr: Translator = EN, short: bool = False) -> str | None:
    """The name of component `cid` of `game` in `tr`'s language, or None for an id the game's
    data does not name; `short`: the short name its data gives for a picture's small boxes."""
    exact, patterns = _known(game)
    if cid in exact:
        en, de = exact[cid]
        if tr.lang == "de":
            return de or term(game, en, "de")
        return en
    for p in patterns:
        m = p.match.fullmatch(cid)
        if m:
            if short and (p.short.get(tr.lang) or p.short.get("en")):
                return _fill(p.short.get(tr.lang) or p.short["en"], m)
            return _fill(p.de if tr.lang == "de" and p.de else p.en, m)
    return None


@lru_cache(maxsize=None)
def id_pattern(game: str) -> re.Pattern:
    """Any component id of `game` as a whole word (the text audit looks for these too)."""
    exact, patterns = _known(game)
    parts = [re.escape(c) for c in sorted(exact, key=len, reverse=True)]
    parts += [p.match.pattern.strip("^$") for p in patterns]
    if not parts:
        return re.compile(r"(?!x)x")
    return re.compile(r"(?<![\w-])(?:" + "|".join(f"(?:{p})" for p in parts) + r")(?![\w-])")


def named(text: str, game: str, tr: Translator = EN, keep_id: bool = False, markup: bool = False,
          short: bool = False) -> str:
    """`text` with every component id of `game` replaced by its name ("name (id)" with
    `keep_id`, for a picture's <title>; escaped for XML with `markup`). An id its text already
    names in brackets, either way round ("I-15 (Temple of Hestia)", "M14 (military)", "Temple of
    Hestia (I-15)"), reads as the name once. A plain string's naming is remembered: the same
    prompt and event texts come back at every answer, and the game's whole id pattern is scanned
    for each (a move's answer named two such texts, ~10 us each). Only short strings are
    remembered (MEMO_CHARS): a text can quote what a client sent, and 8,192 long ones would hold
    megabytes."""
    if not text:
        return text
    if type(text) is str and len(text) <= MEMO_CHARS:
        return _named_once(text, game, tr, keep_id, markup, short)
    return _named(text, game, tr, keep_id, markup, short)


MEMO_CHARS = 400  # a prompt's or an event's text is far shorter


@lru_cache(maxsize=8192)
def _named_once(text: str, game: str, tr: Translator, keep_id: bool, markup: bool, short: bool) -> str:
    """`named` of a plain string (its result depends only on the arguments and the game's data;
    a translator is equal to another of its language)."""
    return _named(text, game, tr, keep_id, markup, short)


def _named(text: str, game: str, tr: Translator, keep_id: bool, markup: bool, short: bool) -> str:
    def one(m: re.Match) -> str:
        if m.group("bid") is not None:  # "(id)" right after a name
            name = name_of(game, m.group("bid"), tr, short)
            before = m.string[:m.start()].lower()
            if name is None or before.endswith(name.lower()) or before.endswith(escape(name).lower()):
                return m.group(0) if keep_id or name is None else ""
            shown = escape(name) if markup else name
            return f" ({shown} ({m.group('bid')}))" if keep_id else f" ({shown})"
        cid = m.group("cid")
        name = name_of(game, cid, tr, short)
        if name is None:
            return m.group(0)
        name = _unrepeated(m.string[:m.start()], name)
        name = escape(name) if markup else name
        rest = m.group("paren") or ""
        if m.group("inner") is not None and m.group("inner").lower() in name.lower():
            rest = ""
        return (f"{name} ({cid})" if keep_id else name) + rest
    return _with_brackets(game).sub(one, text)


def _unrepeated(before: str, name: str) -> str:
    """`name` without its first words where the text just said them ("on hometown space" +
    "hometown space 2" reads "on hometown space 2")."""
    words = name.split(" ")
    for k in range(len(words) - 1, 0, -1):
        if before.lower().endswith(" ".join(words[:k]).lower() + " "):
            return " ".join(words[k:])
    return name


@lru_cache(maxsize=None)
def _with_brackets(game: str) -> re.Pattern:
    ids = id_pattern(game).pattern
    return re.compile(f" \\((?P<bid>{ids})\\)|(?P<cid>{ids})(?P<paren> \\((?P<inner>[^()]+)\\))?")


_TITLE = re.compile(r"(<title(?:\s[^>]*)?>)(.*?)(</title>)", re.S)
_TEXT = re.compile(r">([^<>]+)<")


def named_svg(svg: str, game: str, tr: Translator = EN) -> str:
    """A picture with names in its visible text and "name (id)" in its <title>s; attributes
    (`data-el`, ids) stay as they are."""
    parts = re.split(r"(<title(?:\s[^>]*)?>.*?</title>)", svg, flags=re.S)
    out = []
    for part in parts:
        t = _TITLE.fullmatch(part)
        if t:
            out.append(t.group(1) + named(t.group(2), game, tr, keep_id=True, markup=True) + t.group(3))
        else:
            out.append(_TEXT.sub(lambda m: ">" + named(m.group(1), game, tr, markup=True, short=True) + "<", part))
    return "".join(out)
