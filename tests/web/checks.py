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


_DRAWINGS: dict[tuple, tuple[str, ET.Element]] = {}


def position(loaded) -> tuple[str, str, int]:
    """Which game at which event: its id, its seed commitment (two tests' databases may hold
    games of one id) and the seq."""
    return loaded.game_id, loaded.created["seed_commitment"], loaded.seq


def drawing(loaded, viewer: int | None, lang: str = "en") -> tuple[str, ET.Element]:
    """The viewer's picture of the game's latest position, drawn from its view, and as a tree:
    the checks of one move ask for each viewer's several times (page, fragments, other seats'
    words), so the drawings of the latest position are kept."""
    key = (position(loaded), viewer, lang)
    if key not in _DRAWINGS:
        if not any(k[0] == key[0] for k in _DRAWINGS):
            _DRAWINGS.clear()  # a new position: the old drawings are not asked for again
        names = [s["name"] for s in loaded.created["seats"]]
        # as the page draws it (the game's picture, its ids named: referee.web.present.picture)
        svg = str(picture(loaded.rules, loaded.rules.view(loaded.state, viewer), viewer, names, translator(lang)))
        _DRAWINGS[key] = (svg, ET.fromstring(svg))
    return _DRAWINGS[key]


def same_picture(shown: str, drawn: str | ET.Element) -> bool:
    """The page's picture is the game's drawing (the page only wraps offered elements in links).
    Trees compared element by element (tag, attributes, text), as canonical XML would compare
    them, at a fraction of the cost of writing both out canonically: every move of the click
    tests compares every viewer's picture."""
    return same_tree(unmarked(shown), drawn if isinstance(drawn, ET.Element) else ET.fromstring(drawn))


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
    assert same_picture(svg if svg is not None else shown_svg(page_html), drawing(loaded, viewer, lang)[1]), \
        f"viewer {viewer}: picture not drawn from the view"
    summary = SUMMARY.search(page_html)
    if summary:
        assert html.unescape(summary.group(1)) == named(with_names(rules.summary(view, viewer, tr).strip(), names, tr=tr), rules.id, tr), \
            f"viewer {viewer}: summary"
    return view


def assert_history_redacted(svc, game_id: str, viewer: int | None, page_html: str) -> None:
    """Every history line the page shows (it holds one page of the history: the events listed in
    it) is narrated from the event as redacted for `viewer`; where a seat's own line names more
    (e.g. the cards it drew), that line is not on the viewer's page."""
    loaded = svc.load(game_id)
    seen = svc.events_for(game_id, viewer)
    mine = dict(zip((e["seq"] for e in seen), svc.narrated(loaded, seen, viewer)))  # with the viewer's views
    text = html.unescape(page_html)
    listed = {int(n) for n in re.findall(r'<li value="(\d+)"', page_html)}
    assert listed, "the page lists no event"
    for seq, line in mine.items():
        if seq in listed:
            assert line in text, f"event {seq} is listed but not as narrated for {viewer}"
    for seat in range(loaded.seat_count()):
        if seat == viewer:
            continue
        seen = svc.events_for(game_id, seat)
        for e, theirs in zip(seen, svc.narrated(loaded, seen, seat)):
            own = set(mine[e["seq"]].split("\n"))
            for line in theirs.split("\n"):  # a line only that seat's narration has must not show here
                if line not in own and all(line not in m for m in mine.values()):
                    assert line not in text, f"seat {seat}'s line for event {e['seq']} shown to {viewer}: {line!r}"


def replayed_view(rules, events: list[dict], k: int, viewer: int | None) -> dict[str, Any]:
    """Seat `viewer`'s view after event k, from a finished game's public export (seed revealed)."""
    seed = bytes.fromhex(next(e for e in events if e["type"] == "seed_revealed")["payload"]["seed"])
    created = events[0]["payload"]
    state = initial(rules, seed, len(created["seats"]), created["options"], created["position"]).state
    for e in events[1:k]:
        if e["type"] in STATE_EVENTS:
            state = advance(rules, seed, state, e["seq"], e["type"], e["seat"], e["payload"]).state
    return json.loads(json.dumps(rules.view(state, viewer)))
