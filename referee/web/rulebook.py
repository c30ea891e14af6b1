"""A game's player page (its README.md) as HTML, with an anchor per rule id.

A deliberately small Markdown subset -- headings, paragraphs, lists, tables, code blocks and
inline code / bold / italics / links -- is enough for the player pages and keeps every byte
escaped: the text is escaped first, and only the markup this module writes is added.
Every rule id (B-17, B-R13, IA-4.3, ...) becomes a link to its anchor; the anchor sits on the
block that defines it (a block that starts with the id), else on its first mention.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup, escape

RULE_ID = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{0,3}-(?:[A-Z]{1,2})?\d+(?:\.\d+)*[a-z]?)(?![\w-]|\.\d)")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


@dataclass
class Block:
    tag: str                      # h1..h4, p, ul, ol, table, pre
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        return " ".join(self.lines)


def _blocks(md: str) -> list[Block]:
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


def _inline(text: str, game: str) -> str:
    """Escaped text with the inline markup and rule-id links; code spans are set aside first
    (as placeholders), so bold or italics may contain them and nothing inside them is marked."""
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(f"<code>{escape(m.group(1))}</code>")
        return f"\x00{len(codes) - 1}\x00"

    s = str(escape(_CODE.sub(keep, text)))
    s = _LINK.sub(lambda m: _link(m.group(1), m.group(2)), s)
    s = _BOLD.sub(r"<strong>\1</strong>", s)
    s = _EM.sub(r"<em>\1</em>", s)
    s = RULE_ID.sub(lambda m: f'<a class="rule" href="#{m.group(1)}">{m.group(1)}</a>', s)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], s)


def _link(label: str, href: str) -> str:
    """Only web links, in-page anchors and the site's rules pages (`/rules/<id>`); a link to a
    file of the repository keeps its label."""
    if href.startswith(("https://", "http://", "#", "/rules/")):
        return f'<a href="{href}" rel="noreferrer">{label}</a>'
    return label


def _units(blocks: list[Block]) -> list[list[str]]:
    """Per block, the texts of its anchorable units: each list item or table row, else the block."""
    out = []
    for b in blocks:
        if b.tag in ("ul", "ol"):
            out.append([re.sub(r"^([-*]|\d+\.)\s+", "", line) for line in b.lines])
        elif b.tag == "table":
            out.append([r for r in b.lines if not re.fullmatch(r"\|[\s:|-]+\|?", r)][1:])
        else:
            out.append([b.text()])
    return out


def _anchor_places(units: list[list[str]]) -> dict[tuple[int, int], list[str]]:
    """(block, unit) -> rule ids anchored there: the unit that starts with the id (defines
    it), else the id's first mention."""
    where: dict[str, tuple[int, int]] = {}
    for bi, texts in enumerate(units):
        for ui, text in enumerate(texts):
            m = RULE_ID.match(re.sub(r"^[\s*`|#(-]+", "", text))
            if m:
                where.setdefault(m.group(1), (bi, ui))
    for bi, texts in enumerate(units):
        for ui, text in enumerate(texts):
            for rid in RULE_ID.findall(text):
                where.setdefault(rid, (bi, ui))
    places: dict[tuple[int, int], list[str]] = {}
    for rid, place in where.items():
        places.setdefault(place, []).append(rid)
    return places


def _spans(ids: list[str]) -> str:
    return "".join(f'<span class="anchor" id="{r}"></span>' for r in ids)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def render(md: str, game: str) -> tuple[Markup, list[str]]:
    """The page's HTML and every rule id it anchors, in order of appearance."""
    blocks = _blocks(md)
    units = _units(blocks)
    places = _anchor_places(units)
    html: list[str] = []
    for bi, b in enumerate(blocks):
        lead = [_spans(places.get((bi, ui), [])) for ui in range(len(units[bi]))]
        if b.tag == "pre":
            html.append(f"<pre>{lead[0]}{escape(chr(10).join(b.lines))}</pre>")
        elif b.tag.startswith("h"):
            html.append(f'<{b.tag} id="{_slug(b.lines[0])}">{lead[0]}{_inline(b.lines[0], game)}</{b.tag}>')
        elif b.tag == "p":
            html.append(f"<p>{lead[0]}{_inline(b.text(), game)}</p>")
        elif b.tag in ("ul", "ol"):
            lis = "".join(f"<li>{lead[ui]}{_inline(item, game)}</li>" for ui, item in enumerate(units[bi]))
            html.append(f"<{b.tag}>{lis}</{b.tag}>")
        else:
            head = [r for r in b.lines if not re.fullmatch(r"\|[\s:|-]+\|?", r)][0]
            th = "".join(f"<th>{_inline(c, game)}</th>" for c in _cells(head))
            trs = "".join("<tr>" + "".join(f"<td>{lead[ui] if k == 0 else ''}{_inline(c, game)}</td>"
                                           for k, c in enumerate(_cells(row))) + "</tr>"
                          for ui, row in enumerate(units[bi]))
            html.append(f'<div class="table-wrap"><table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table></div>')
    ids = [places[p] for p in sorted(places)]
    return Markup("\n".join(html)), [r for group in ids for r in group]


@lru_cache(maxsize=None)
def player_page(game: str) -> tuple[Markup, tuple[str, ...]]:
    """The rendered README.md of `game` (read once per process)."""
    path = Path(__file__).resolve().parent.parent / "games" / game / "README.md"
    md = path.read_text(encoding="utf-8") if path.exists() else f"# {game}\n\nNo player page yet."
    html, ids = render(md, game)
    return html, tuple(ids)
