"""Turning what the service serves (views, prompts, redacted events) into page text.

Only the contract's presentation hooks are used (through `referee.service.narration` for events),
so every registered game gets pages; a hook that is missing or fails gets a plain fallback
instead of breaking the page.
"""

from __future__ import annotations

import html
import json
import logging
import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from referee.plumbing.i18n import EN, Translator
from referee.engine.contract import Rules
from referee.engine.naming import named_svg

log = logging.getLogger(__name__)


def compact(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def move_text(rules: Rules, move: dict) -> str:
    """A move in the game's text form (what the move form accepts), else its JSON."""
    fmt = getattr(rules, "format_move", None)
    if fmt is not None:
        try:
            return fmt(move)
        except Exception:  # a hook under construction must not take the page down
            log.exception("format_move of %s failed", getattr(rules, "id", "?"))
    return compact(move)


def picture(rules: Rules, view: dict, seat: int | None, names: list[str] | None = None,
            tr: Translator = EN) -> Markup:
    """The game's SVG of `view`, players called by `names`, its words in `tr`'s language. The
    hook draws only from the view, and escapes its own text."""
    draw = getattr(rules, "picture", None)
    if draw is not None:
        try:
            return Markup(named_svg(draw(view, seat, names, tr), rules.id, tr))
        except Exception:  # shown as "no picture"; logged so the game's author sees it
            log.exception("picture of %s failed", getattr(rules, "id", "?"))
    return Markup('<p class="no-picture">No picture for this game yet: see the view data below.</p>')


def hook_text(rules: Rules, hook: str, *args: Any) -> str | None:
    """A text hook's answer (`summary`), or None when it is missing or fails."""
    fn = getattr(rules, hook, None)
    if fn is None:
        return None
    try:
        text = fn(*args)
    except Exception:
        log.exception("%s of %s failed", hook, getattr(rules, "id", "?"))
        return None
    return text.strip() if isinstance(text, str) and text.strip() else None


def facts_text(rules: Rules, view: dict, names: list[str], tr: Translator = EN) -> list[str]:
    """The facts every game shares (round, whose turn, scores) as sentences with names."""
    try:
        facts = rules.facts(view)
    except Exception:
        log.exception("facts of %s failed", getattr(rules, "id", "?"))
        return []
    out = []
    if facts.get("round") is not None:
        out.append(tr.gettext("Round %(round)s.", round=facts["round"]))
    active = facts.get("active_seat")
    if isinstance(active, int) and 0 <= active < len(names):
        out.append(tr.gettext("It is %(name)s's turn.", name=names[active]))
    scores = facts.get("scores") or []
    shown = [f"{names[i]} {s}" if s is not None else tr.gettext("%(name)s hidden", name=names[i])
             for i, s in enumerate(scores) if i < len(names)]
    if shown:
        out.append(tr.gettext("Scores: %(scores)s.", scores=", ".join(shown)))
    return out


def rule_link(game: str, rule: str | None, lang: str | None = None) -> Markup:
    """A rule id linked to its anchor on the game's rules page; a page in another language than
    English sends its reader to the rules page in that language (`lang`), whatever the browser's."""
    if not rule:
        return Markup("")
    also = f"&lang={quote(lang, safe='')}" if lang and lang != "en" else ""
    return Markup('<a class="rule" href="/rules/{g}?rule={q}{a}#{q}">{r}</a>').format(
        g=quote(game, safe=""), q=quote(rule, safe=""), a=also, r=rule)


# -- the board's clickable elements ------------------------------------------------------------

SVG_NS = "http://www.w3.org/2000/svg"


_G_TAG = re.compile(r"<(/?)g\b[^>]*?(/?)>")
_ROLE_IMG = re.compile(r'^(<svg\b[^>]*?)\brole="img"')
BOARD_START = '<div class="board"'
_SECTION = re.compile(r'<svg\b[^>]*\bclass="section"[^>]*>.*?</svg>', re.DOTALL)


def is_board(drawn: str) -> bool:
    """A picture in sections (engine/drawing.py `board`), rather than one scaled SVG."""
    return drawn.lstrip().startswith(BOARD_START)


def _links_are_groups(marked: str) -> str:
    """An img's children are hidden from screen readers; an SVG holding pick links is a group.
    A board's sections are each an SVG of their own: each one with a link becomes a group."""
    if not is_board(marked):
        return _ROLE_IMG.sub(r'\1role="group"', marked, count=1)
    return _SECTION.sub(lambda m: _ROLE_IMG.sub(r'\1role="group"', m.group(0), count=1)
                        if 'class="pick"' in m.group(0) else m.group(0), marked)


def mark_options(svg: str, links: dict[str, tuple[str, str, str]]) -> tuple[str, set[str]]:
    """The picture with each offered element (`data-el` in `links`: element id -> (href, label,
    the path after it))
    wrapped in a link, so a click (or Tab and Enter) takes that step without any script; returns
    it and the element ids found. A board in sections is scanned whole: an element is found in
    whichever section draws it. Elements are `<g data-el=...>` (engine/drawing.py); the
    matching `</g>` is found by counting nested groups (a string scan: pictures are large and
    this runs on every page). An element without its end is left as it was (its option is then
    a button beside the board)."""
    if not links:
        return svg, set()
    cuts: list[tuple[int, int, str]] = []
    found: set[str] = set()
    for el, (href, label, path) in links.items():
        start = svg.find(f"<g data-el={quoteattr(el)}")
        if start < 0:
            continue
        depth, end = 0, -1
        for m in _G_TAG.finditer(svg, start):
            if m.group(2):
                continue  # <g/>
            depth += -1 if m.group(1) else 1
            if depth == 0:
                end = m.end()
                break
        if end < 0 or any(a < end and start < b for a, b, _ in cuts):
            continue
        cuts.append((start, end, f'<a href={quoteattr(href)} class="pick" aria-label={quoteattr(_named_as_shown(svg[start:end], label))} '
                                 f'data-pick={quoteattr(el)} data-next={quoteattr(path)}>'))
        found.add(el)
    out, pos = [], 0
    for start, end, opening in sorted(cuts):
        out += [svg[pos:start], opening, svg[start:end], "</a>"]
        pos = end
    out.append(svg[pos:])
    marked = "".join(out)
    return (_links_are_groups(marked) if found else marked), found


def _named_as_shown(element: str, label: str) -> str:
    """A board link's accessible name: the option's words, after the element's own visible text
    when they do not contain it (WCAG 2.5.3, label in name: a speech user says what they see,
    e.g. an age's header)."""
    body = re.sub(r"<title[^>]*>.*?</title>", "", element, flags=re.S)
    shown = " ".join(html.unescape(t).strip() for t in re.findall(r">([^<>]+)<", body) if t.strip())
    if not shown or " ".join(shown.lower().split()) in " ".join(label.lower().split()):
        return label
    return f"{shown}: {label}"


def unmark(svg: str) -> str:
    """A marked picture as the game drew it, canonicalized (tests compare pictures with it)."""
    return ET.canonicalize(ET.tostring(unmarked(svg), encoding="unicode"))


def unmarked(svg: str) -> ET.Element:
    """A marked picture's tree as the game drew it: its pick links unwrapped, its role an image's
    (a board's: each section's)."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    for section in root.iter(f"{{{SVG_NS}}}svg"):
        if section.get("class") == "section" and section.get("role") == "group":
            section.set("role", "img")
    for parent in list(root.iter()):
        for i, child in enumerate(list(parent)):
            if child.tag == f"{{{SVG_NS}}}a" and child.get("class") == "pick":
                parent.remove(child)
                for j, inner in enumerate(list(child)):
                    parent.insert(i + j, inner)
    if root.tag == f"{{{SVG_NS}}}svg" and root.get("role") == "group":
        root.set("role", "img")
    return root
