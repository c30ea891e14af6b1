"""The game page builds a move step by step over plain HTTP (no script): the board's offered
elements and the buttons beside it are links to `?kind=K&chosen=...`, each answered only from
`Referee.steps`; the path bar names the choices taken, "back" undoes one, "play" posts the move.
A path the rules no longer offer shows the referee's problem and nothing changes."""

from __future__ import annotations

import html
import re

import requests

from referee.web.present import mark_options, unmark
from tests.web.checks import same_picture
from tests.web.conftest import create, seat_session

LINK = re.compile(r'<a (?:class="option" )?href="([^"]+)"[^>]*data-next="([^"]*)"')
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
PLAY = re.compile(r'name="move" value="([^"]+)" class="play" id="play"')


def _links(page: str) -> list[tuple[str, str]]:
    return [(html.unescape(h), n) for h, n in LINK.findall(page)]


def test_a_move_built_by_links_and_played(web):
    created = create(web, "iron_age", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    svc = web.service
    prompt = svc.load(gid).prompts[0]
    me = seat_session(created["seats"][prompt.seat]["url"])
    page = me.get(f"{web.url}/g/{gid}", timeout=30).text
    first = svc.steps(gid, prompt.seat, prompt.kind, [])
    offered = {o["id"] for o in first["options"]}
    links = [(h, n) for h, n in _links(page) if "kind=" in h]
    assert links and {n for _, n in links} == offered  # exactly what the referee offers, no more
    on_board = {o["element"] for o in first["options"] if o["element"]}
    assert on_board and all(f'data-pick="{el}"' in page for el in on_board)  # highlighted on the board
    assert 'role="group"' in page  # the board's links reach screen readers
    # Follow the first offered link: the path bar names it, "back" returns to the start.
    href, path = links[0]
    nxt = me.get(web.url + href, timeout=30).text
    label = next(o["label"] for o in first["options"] if o["id"] == path)
    assert f'<span class="taken">{label}</span>' in html.unescape(nxt)
    assert f'data-path="{path}"' in nxt and 'id="step-back"' in nxt
    # Walk until the move is complete, always taking the first option, then play it.
    for _ in range(20):
        m = PLAY.search(nxt)
        if m:
            break
        href, path = [(h, n) for h, n in _links(nxt) if "kind=" in h][0]
        nxt = me.get(web.url + href, timeout=30).text
    else:
        raise AssertionError("no complete move after 20 steps")
    move = html.unescape(m.group(1))
    seq = svc.load(gid).seq
    r = me.post(f"{web.url}/g/{gid}/move", data={"csrf": CSRF.search(nxt).group(1), "seq": str(seq), "move": move},
                timeout=30, allow_redirects=False)
    assert r.status_code == 303 and svc.load(gid).seq == seq + 1


def test_a_refused_path_names_the_step_and_changes_nothing(web):
    created = create(web, "iron_age", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    prompt = web.service.load(gid).prompts[0]
    me = seat_session(created["seats"][prompt.seat]["url"])
    first = web.service.steps(gid, prompt.seat, prompt.kind, [])["options"][0]["id"]
    seq = web.service.load(gid).seq
    r = me.get(f"{web.url}/g/{gid}", params={"kind": prompt.kind, "chosen": f"{first},no-such-option"}, timeout=30)
    assert r.status_code == 200
    assert 'data-status="422"' in r.text and "step 2" in r.text  # the referee's problem, inline
    assert f'data-path="{first}"' in r.text  # the good part of the path is kept
    assert web.service.load(gid).seq == seq
    too_long = me.get(f"{web.url}/g/{gid}", params={"kind": prompt.kind, "chosen": ",".join(["x"] * 65)}, timeout=30)
    assert too_long.status_code == 400 and "chosen" in too_long.text


def test_spectators_and_other_seats_get_no_steps(web):
    created = create(web, "iron_age", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    prompt = web.service.load(gid).prompts[0]
    other = seat_session(created["seats"][1 - prompt.seat]["url"])
    for who, client in (("spectator", requests.Session()), ("other seat", other)):
        page = client.get(f"{web.url}/g/{gid}", params={"kind": prompt.kind}, timeout=30).text
        assert 'class="steps"' not in page and 'class="pick"' not in page, who
        assert "Waiting for" in page, who


def test_board_links_wrap_exactly_the_offered_elements():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img"><title>t</title>'
           '<g data-el="a"><title>A</title><g><rect x="0" y="0" width="1" height="1"/></g></g>'
           '<g data-el="b"><title>B</title><rect x="2" y="0" width="1" height="1"/></g>'
           '<g data-el="c"><title>C &amp; D</title></g></svg>')
    marked, found = mark_options(svg, {"a": ("/g/x?kind=k&chosen=1", "Take A", "1"), "c": ("/c", "C", "2"),
                                       "zz": ("/z", "missing", "3")})
    assert found == {"a", "c"}
    assert marked.count('class="pick"') == 2 and 'role="group"' in marked
    assert '<a href="/g/x?kind=k&amp;chosen=1" class="pick" aria-label="Take A" data-pick="a" data-next="1">' \
           '<g data-el="a"><title>A</title><g><rect x="0" y="0" width="1" height="1"/></g></g></a>' in marked
    assert unmark(marked) == unmark(svg)  # nothing else changed
    assert mark_options(svg, {}) == (svg, set())
    # the pages' leak checks compare a shown picture with a drawing by `same_picture`
    assert same_picture(marked, svg)
    for changed in (svg.replace('x="2"', 'x="3"'), svg.replace("C &amp; D", "C &amp; E"),
                    svg.replace("<title>t</title>", "<title>t</title><circle r='1'/>"), svg.replace('"b"', '"B"')):
        assert not same_picture(marked, changed), changed


def test_board_links_work_across_the_sections_of_a_board():
    """Issue 39: a board in sections (several SVGs): an offered element is found in whichever
    section draws it; each section holding a link becomes a group (its links reach screen
    readers), the others stay images; unmarked, the board is the game's drawing again."""
    from referee.engine import drawing
    die = drawing.symbol("die", 10, 10, '<rect width="10" height="10"/>')
    hand = drawing.section("hand", 200, 60, "Your hand", drawing.element("h1", "card 1", drawing.use("die", 0, 0, 44, 44)))
    shared = drawing.section("map", 360, 80, "The map", drawing.element("r1", "region 1", drawing.rect(0, 0, 50, 50))
                             + drawing.element("r2", "region 2", drawing.rect(60, 0, 50, 50)))
    quiet = drawing.section("scores", 300, 40, "Scores", drawing.text(0, 20, "Ada 3"))
    board = drawing.board("A board", "three sections", [hand, shared, quiet], "pic", die)
    marked, found = mark_options(board, {"h1": ("/h", "Play card 1", "1"), "r2": ("/r", "Go to region 2", "2")})
    assert found == {"h1", "r2"} and marked.count('class="pick"') == 2
    roles = re.findall(r'<svg [^>]*class="section" data-section="(\w+)"[^>]*role="(\w+)"', marked)
    assert roles == [("hand", "group"), ("map", "group"), ("scores", "img")]
    assert unmark(marked) == unmark(board) and same_picture(marked, board)
