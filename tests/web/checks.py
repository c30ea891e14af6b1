"""What the browser tests check on every page: the page shows exactly the seat's view, drawn
from it, and nothing hidden from that seat (checked against the true state)."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from referee.engine.naming import named
from referee.engine.replay import STATE_EVENTS, advance, initial
from referee.engine.wording import with_names
from referee.plumbing.i18n import translator
from referee.web.present import picture, unmarked
from tests.web.conftest import SVG, VIEW_JSON


def shown_view(page_html: str) -> dict:
    return json.loads(html.unescape(VIEW_JSON.search(page_html).group(1)))


def page_language(page_html: str) -> str:
    """The page's language (`<html lang="de">`), English when it says none."""
    m = re.search(r'<html lang="(\w+)"', page_html)
    return m.group(1) if m else "en"


def shown_svg(page_html: str) -> str:
    return SVG.search(page_html).group(1).strip()


SUMMARY = re.compile(r'<div class="summary" id="summary">(.*?)</div>', re.DOTALL)


class Drawn:
    """A picture as the game draws it: its SVG text, and its tree when a check needs one (parsing
    costs a third of drawing, and most checks find the page's picture equal as text)."""

    def __init__(self, svg: str):
        self.svg = svg
        self._tree: ET.Element | None = None

    @property
    def tree(self) -> ET.Element:
        if self._tree is None:
            self._tree = ET.fromstring(self.svg)
        return self._tree


_DRAWINGS: dict[tuple, Drawn] = {}


def position(loaded) -> tuple[str, str, int]:
    """Which game at which event: its id, its seed commitment (two tests' databases may hold
    games of one id) and the seq."""
    return loaded.game_id, loaded.created["seed_commitment"], loaded.seq


def drawing(loaded, viewer: int | None, lang: str = "en") -> Drawn:
    """The viewer's picture of the game's latest position, drawn from its view: the checks of one
    move ask for each viewer's several times (page, fragments, other seats' words), so the
    drawings of the latest position are kept."""
    key = (position(loaded), viewer, lang)
    if key not in _DRAWINGS:
        if not any(k[0] == key[0] for k in _DRAWINGS):
            _DRAWINGS.clear()  # a new position: the old drawings are not asked for again
        names = [s["name"] for s in loaded.created["seats"]]
        # as the page draws it (the game's picture, its ids named: referee.web.present.picture)
        _DRAWINGS[key] = Drawn(str(picture(loaded.rules, loaded.rules.view(loaded.state, viewer), viewer, names,
                                           translator(lang))))
    return _DRAWINGS[key]


# What the page adds to a drawn picture (referee.web.present.mark_options): each offered board
# element wrapped in a pick link, and the SVG (or each board section) holding one made a group.
PICK_OPEN = re.compile(r'<a href="[^"<>]*" class="pick" aria-label="[^"<>]*" data-pick="[^"<>]*" data-next="[^"<>]*">')
GROUP_ROLE = re.compile(r'^(<svg\b[^>]*?\brole=)"group"|(<svg\b[^>]*\bclass="section"[^>]*?\brole=)"group"')


def unmarked_text(shown: str) -> str | None:
    """The page's picture as text with its pick links and group roles taken off again (None when
    it is marked in some other way: the trees are compared then)."""
    text, opened = PICK_OPEN.subn("", shown)
    if text.count("</a>") != opened:
        return None
    return GROUP_ROLE.sub(lambda m: (m.group(1) or m.group(2)) + '"img"', text.replace("</a>", ""))


def same_picture(shown: str, drawn: str | ET.Element | Drawn) -> bool:
    """The page's picture is the game's drawing (the page only wraps offered elements in links).
    Equal as text once the links are taken off (the usual case, and the cheapest: every move
    compares every viewer's picture), else compared as trees, element by element (tag,
    attributes, text), as canonical XML would compare them."""
    if isinstance(drawn, str):
        drawn = Drawn(drawn)
    if isinstance(drawn, Drawn):
        if shown == drawn.svg.strip() or unmarked_text(shown) == drawn.svg.strip():
            return True
        drawn = drawn.tree
    return same_tree(unmarked(shown), drawn)


def same_tree(a: ET.Element, b: ET.Element) -> bool:
    return (a.tag == b.tag and a.attrib == b.attrib and (a.text or "") == (b.text or "")
            and (a.tail or "") == (b.tail or "") and len(a) == len(b) and all(map(same_tree, a, b)))


HAND_TEXT = re.compile(r"hand \((\d+)\): ([^<.]+)")


def hand_contents_shown(page: str) -> set[str]:
    """Every hand whose cards a Babel picture spells out ("hand (5): 2 sumerians, 3 hittites")."""
    return {m.group(2).strip() for m in HAND_TEXT.finditer(page)}


def hand_text(state: dict, seat: int) -> str:
    """A seat's true hand as the picture would spell it."""
    return ", ".join(f"{n} {p}" for p, n in state["players"][seat]["hand"].items() if n) or "empty"


def withheld_values(events: list[dict], viewer: int | None) -> list[str]:
    """Chance values a feed shows to someone they are withheld from (must be empty)."""
    bad = []
    for e in events:
        for rec in e["payload"].get("chance", []):
            vis = rec["visible_to"]
            if vis != "all" and (viewer is None or viewer not in vis) and rec["value"] is not None:
                bad.append(f"seq {e['seq']} {rec['label']}")
    return bad


def assert_page_shows_only_view(svc, game_id: str, viewer: int | None, page_html: str,
                                shown: dict | None = None, svg: str | None = None) -> dict:
    """The page's data is the rules' view for `viewer` of the true state, and its picture is drawn
    from that view alone; returns the view. (`shown` and `svg`: the page's view and picture when
    the caller has parsed them already.)"""
    loaded = svc.load(game_id)
    rules = loaded.rules
    names = [s["name"] for s in loaded.created["seats"]]
    view = shown if shown is not None else shown_view(page_html)
    assert view == json.loads(json.dumps(rules.view(loaded.state, viewer))), f"viewer {viewer}: view differs"
    lang = page_language(page_html)  # a German page draws the German picture
    tr = translator(lang)
    # drawn from the true view, which the shown view was just found equal to
    assert same_picture(svg if svg is not None else shown_svg(page_html), drawing(loaded, viewer, lang)), \
        f"viewer {viewer}: picture not drawn from the view"
    summary = SUMMARY.search(page_html)
    if summary:
        assert html.unescape(summary.group(1)) == named(with_names(rules.summary(view, viewer, tr).strip(), names, tr=tr), rules.id, tr), \
            f"viewer {viewer}: summary"
    return view


_NARRATED: dict[tuple, list[tuple[int, str]]] = {}


def narration(svc, loaded, seat: int | None) -> list[tuple[int, str]]:
    """(seq, narrated line) of every event as redacted for `seat`, at the game's latest position:
    each viewer's check reads every other seat's, so those of the latest position are kept."""
    key = (position(loaded), seat)
    if key not in _NARRATED:
        if not any(k[0] == key[0] for k in _NARRATED):
            _NARRATED.clear()  # a new position
        seen = svc.events_for(loaded.game_id, seat)
        _NARRATED[key] = list(zip((e["seq"] for e in seen), svc.narrated(loaded, seen, seat)))
    return _NARRATED[key]


def assert_history_redacted(svc, game_id: str, viewer: int | None, page_html: str) -> None:
    """Every history line the page shows (it holds one page of the history: the events listed in
    it) is narrated from the event as redacted for `viewer`; where a seat's own line names more
    (e.g. the cards it drew), that line is not on the viewer's page."""
    loaded = svc.load(game_id)
    mine = dict(narration(svc, loaded, viewer))  # with the viewer's views
    text = html.unescape(page_html)
    listed = {int(n) for n in re.findall(r'<li value="(\d+)"', page_html)}
    assert listed, "the page lists no event"
    for seq, line in mine.items():
        if seq in listed:
            assert line in text, f"event {seq} is listed but not as narrated for {viewer}"
    # every line of the viewer's narration, apart: a line without the separator is in one of them
    # exactly when it is in this (one search instead of one per event)
    all_mine = "\0".join(mine.values())
    for seat in range(loaded.seat_count()):
        if seat == viewer:
            continue
        for seq, theirs in narration(svc, loaded, seat):
            own = set(mine[seq].split("\n"))
            for line in theirs.split("\n"):  # a line only that seat's narration has must not show here
                if line not in own and (line not in all_mine if "\0" not in line
                                        else all(line not in m for m in mine.values())):
                    assert line not in text, f"seat {seat}'s line for event {seq} shown to {viewer}: {line!r}"


def replayed_view(rules, events: list[dict], k: int, viewer: int | None) -> dict[str, Any]:
    """Seat `viewer`'s view after event k, from a finished game's public export (seed revealed)."""
    seed = bytes.fromhex(next(e for e in events if e["type"] == "seed_revealed")["payload"]["seed"])
    created = events[0]["payload"]
    state = initial(rules, seed, len(created["seats"]), created["options"], created["position"]).state
    for e in events[1:k]:
        if e["type"] in STATE_EVENTS:
            state = advance(rules, seed, state, e["seq"], e["type"], e["seat"], e["payload"]).state
    return json.loads(json.dumps(rules.view(state, viewer)))
