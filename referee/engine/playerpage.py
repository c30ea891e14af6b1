"""Each game's player page (games/<id>/README.md, in German README.de.md) read as blocks, and
the sentence that defines a rule id, so a refusal can quote its rule in the reader's language.

The pages are data beside each game, like its glossary. A German page has the same structure
and the same rule ids as the English one; a game without one is shown in English. The web
layer renders the blocks as HTML (referee/web/rulebook.py); this module only reads them, so
the service can cite a rule without knowing about pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "games"
RULE_ID = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{0,3}-(?:[A-Z]{1,2})?\d+(?:\.\d+)*[a-z]?)(?![\w-]|\.\d)")
FILES = {"en": "README.md", "de": "README.de.md"}
MAX_RULE_TEXT = 200


@dataclass
class Block:
    tag: str                      # h1..h4, p, ul, ol, table, pre
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        return " ".join(self.lines)


def path(game: str, lang: str = "en") -> Path:
    return GAMES / game / FILES.get(lang, FILES["en"])


def page_lang(game: str, lang: str) -> str:
    """The language `game`'s player page is shown in to a reader of `lang`: theirs if the game
    has a page in it, else English."""
    return lang if lang in FILES and path(game, lang).exists() else "en"


@lru_cache(maxsize=None)
def source(game: str, lang: str = "en") -> str:
    """The Markdown of `game`'s player page in `page_lang(game, lang)` (read once per process)."""
    p = path(game, page_lang(game, lang))
    return p.read_text(encoding="utf-8") if p.exists() else f"# {game}\n\nNo player page yet."


def blocks(md: str) -> list[Block]:
    """A small Markdown subset as blocks: headings, paragraphs, lists, tables, code blocks."""
    out: list[Block] = []
    cur: Block | None = None
    in_code = False
    for line in md.splitlines():
        if in_code:
            if line.startswith("```"):
                in_code, cur = False, None
            else:
                cur.lines.append(line)
            continue
        if line.startswith("```"):
            cur = Block("pre")
            out.append(cur)
            in_code = True
            continue
        stripped = line.strip()
        heading = re.match(r"(#{1,4})\s+(.*)", line)
        kind = ("h" if heading else "table" if stripped.startswith("|") else
                "ul" if re.match(r"\s*[-*]\s+", line) else "ol" if re.match(r"\s*\d+\.\s+", line) else
                "blank" if not stripped else "text")
        if kind == "h":
            cur = None
            out.append(Block(f"h{len(heading.group(1))}", [heading.group(2)]))
        elif kind == "blank":
            cur = None
        elif kind in ("table", "ul", "ol"):
            if cur is None or cur.tag != kind:
                cur = Block(kind)
                out.append(cur)
            cur.lines.append(stripped)
        elif cur is not None and cur.tag in ("ul", "ol", "p"):
            cur.lines[-1] += " " + stripped  # a continuation line of a paragraph or list item
        else:
            cur = Block("p", [stripped])
            out.append(cur)
    return out


def units(bs: list[Block]) -> list[list[str]]:
    """Per block, the texts of its anchorable units: each list item or table row, else the block."""
    out = []
    for b in bs:
        if b.tag in ("ul", "ol"):
            out.append([re.sub(r"^([-*]|\d+\.)\s+", "", line) for line in b.lines])
        elif b.tag == "table":
            out.append([r for r in b.lines if not re.fullmatch(r"\|[\s:|-]+\|?", r)][1:])
        else:
            out.append([b.text()])
    return out


def _defines(text: str) -> re.Match | None:
    """The rule id a unit starts with (the unit that defines it), if any."""
    return RULE_ID.match(re.sub(r"^[\s*`|#(-]+", "", text))


def anchor_places(us: list[list[str]]) -> dict[tuple[int, int], list[str]]:
    """(block, unit) -> rule ids anchored there: the unit that starts with the id (defines
    it), else the id's first mention."""
    where: dict[str, tuple[int, int]] = {}
    for bi, texts in enumerate(us):
        for ui, text in enumerate(texts):
            m = _defines(text)
            if m:
                where.setdefault(m.group(1), (bi, ui))
    for bi, texts in enumerate(us):
        for ui, text in enumerate(texts):
            for rid in RULE_ID.findall(text):
                where.setdefault(rid, (bi, ui))
    places: dict[tuple[int, int], list[str]] = {}
    for rid, place in where.items():
        places.setdefault(place, []).append(rid)
    return places


def rule_ids(md: str) -> list[str]:
    """Every rule id a page anchors, in order of appearance."""
    places = anchor_places(units(blocks(md)))
    return [r for p in sorted(places) for r in places[p]]


def plain(md: str) -> str:
    """Inline Markdown as plain text: code, bold, italics and links keep only their words."""
    s = re.sub(r"\[([^\]]+)\]\([^)\s]+\)", r"\1", md)
    s = re.sub(r"`([^`]+)`", r"\1", s)
    s = re.sub(r"\*\*(.+?)\*\*", r"\1", s)
    s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", s)
    return re.sub(r"\s+", " ", s).strip()


# a sentence ends at . ! ? before a capital, but not after an abbreviation (e.g., z. B., d. h.)
_SENTENCE_END = re.compile(r"(?<=[.!?])(?<!\b[a-z]\.)(?<!e\.g\.)(?<!i\.e\.)(?<!z\. B\.)(?<!d\. h\.)(?<!u\. a\.)"
                           r"(?<!bzw\.)(?<!vgl\.)(?<!etc\.)\s+(?=[A-ZÄÖÜ„\"(])")


def _first_sentence(text: str) -> str:
    """The first sentence of `text`, at most MAX_RULE_TEXT characters, cut at a word with an
    ellipsis."""
    return _cap(_SENTENCE_END.split(text, maxsplit=1)[0])


def _cap(out: str) -> str:
    if len(out) > MAX_RULE_TEXT:
        out = out[: MAX_RULE_TEXT - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return out


def _definition(rid: str, md: str) -> str | None:
    """The plain first sentence of a unit's Markdown `md` that starts at `rid`: without the id,
    up to the next rule set in bold; a bold title ("**B-X1 Order of refusals.** A move is ...")
    is kept before the sentence."""
    nxt = re.search(r"\*\*" + RULE_ID.pattern, md[1:])
    md = md[: nxt.start() + 1] if nxt else md
    titled = re.match(r"\*\*" + re.escape(rid) + r"\s+([^*]+?)\*\*\s*(.*)", md)
    if titled:
        title, rest = plain(titled.group(1)), plain(titled.group(2))
        return _cap(f"{title} {_first_sentence(rest)}".strip() if rest else title)
    words = re.sub(r"^" + re.escape(rid) + r"(?![\w.-])[\s:.—-]*", "", plain(md)).strip()
    return _first_sentence(words) if words else None


@lru_cache(maxsize=None)
def rule_texts(game: str, lang: str = "en") -> dict[str, str]:
    """Rule id -> the first sentence of the text that defines it on the player page in
    `page_lang(game, lang)`, as plain text: the list item or table row that starts with the id
    (a row's cells joined by dashes), else the place where it is set in bold inside an item
    (`**IA-R13** Navy: ...`). An id the page only mentions has no text here."""
    found: dict[str, str] = {}
    for texts in units(blocks(source(game, lang))):
        for text in texts:
            m = _defines(text)
            if m and m.group(1) not in found:
                cells = [c.strip() for c in text.strip().strip("|").split("|")] if text.lstrip().startswith("|") else None
                lead = re.sub(r"^[\s`|#(-]+", "", " — ".join(c for c in cells if c) if cells else text)
                found[m.group(1)] = lead
            for b in re.finditer(r"\*\*" + RULE_ID.pattern, text):
                found.setdefault(b.group(1), text[b.start():])
    out = {}
    for rid, md in found.items():
        md = md if md.startswith("**") else re.sub(r"^\W*?(?=" + re.escape(rid) + ")", "", md)
        text = _definition(rid, md)
        if text:
            out[rid] = text
    return out


def rule_text(game: str, rule: str, lang: str = "en") -> str | None:
    """The sentence that defines `rule` on `game`'s player page in the reader's language (the
    English page's when the game has none in `lang`), or None when the page does not define it."""
    return rule_texts(game, lang).get(rule)
