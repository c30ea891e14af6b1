"""A game's player page (its README.md, or README.de.md for a German reader) as HTML, with an
anchor per rule id.

A deliberately small Markdown subset -- headings, paragraphs, lists, tables, code blocks and
inline code / bold / italics / links -- is enough for the player pages and keeps every byte
escaped: the text is escaped first, and only the markup this module writes is added.
Every rule id (B-17, B-R13, IA-4.3, ...) becomes a link to its anchor; the anchor sits on the
block that defines it (a block that starts with the id), else on its first mention. Reading
the page into blocks is engine/playerpage.py's (the service quotes rules from it too).
"""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup, escape

from referee.engine.playerpage import RULE_ID, anchor_places, blocks, source, units  # noqa: F401 - RULE_ID is this module's too

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


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


def _spans(ids: list[str]) -> str:
    return "".join(f'<span class="anchor" id="{r}"></span>' for r in ids)


def _slug(text: str) -> str:
    """A heading's anchor: "Züge" -> "zuege"."""
    low = text.lower().translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
    return re.sub(r"[^a-z0-9]+", "-", low).strip("-") or "section"


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def render(md: str, game: str) -> tuple[Markup, list[str]]:
    """The page's HTML and every rule id it anchors, in order of appearance."""
    bs = blocks(md)
    us = units(bs)
    places = anchor_places(us)
    html: list[str] = []
    for bi, b in enumerate(bs):
        lead = [_spans(places.get((bi, ui), [])) for ui in range(len(us[bi]))]
        if b.tag == "pre":
            html.append(f"<pre>{lead[0]}{escape(chr(10).join(b.lines))}</pre>")
        elif b.tag.startswith("h"):
            html.append(f'<{b.tag} id="{_slug(b.lines[0])}">{lead[0]}{_inline(b.lines[0], game)}</{b.tag}>')
        elif b.tag == "p":
            html.append(f"<p>{lead[0]}{_inline(b.text(), game)}</p>")
        elif b.tag in ("ul", "ol"):
            lis = "".join(f"<li>{lead[ui]}{_inline(item, game)}</li>" for ui, item in enumerate(us[bi]))
            html.append(f"<{b.tag}>{lis}</{b.tag}>")
        else:
            head = [r for r in b.lines if not re.fullmatch(r"\|[\s:|-]+\|?", r)][0]
            th = "".join(f"<th>{_inline(c, game)}</th>" for c in _cells(head))
            trs = "".join("<tr>" + "".join(f"<td>{lead[ui] if k == 0 else ''}{_inline(c, game)}</td>"
                                           for k, c in enumerate(_cells(row))) + "</tr>"
                          for ui, row in enumerate(us[bi]))
            # Focusable: a table wider than a phone scrolls sideways, which a keyboard must reach too.
            html.append(f'<div class="table-wrap" tabindex="0"><table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table></div>')
    ids = [places[p] for p in sorted(places)]
    return Markup("\n".join(html)), [r for group in ids for r in group]


@lru_cache(maxsize=None)
def player_page(game: str, lang: str = "en") -> tuple[Markup, tuple[str, ...]]:
    """The rendered player page of `game` for a reader of `lang` (the English one where the game
    has none in `lang`: `playerpage.page_lang` says which) and the rule ids it anchors; rendered
    once per process and language."""
    html, ids = render(source(game, lang), game)
    return html, tuple(ids)
